"""A game table on Slack for tests: the game service on a fresh database, the Slack front end
on a fake Web API, and people who type slash commands, write DMs, click and fill in modals,
every request signed and dispatched through slack_bolt as Slack would send it.

    async with slack_table(tmp_path) as table:
        await table.slash(GM, "newgame hague")
        assert "hague" in table.slack.in_channel(GAME)[0].text
"""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from slack_bolt.response import BoltResponse
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.frontends.slack import SlackFrontEnd
from bot.frontends.slack.modal import SELECT_ACTION
from bot.frontends.slack.runner import web_client
from bot.service import GameService
from bot.store import create_engine, create_sessionmaker, migrate
from tests.bot.service.harness import FakeAnimator, FakeRenderer
from tests.bot.slack import signed
from tests.bot.slack.fake_slack import FakeSlack
from tests.bot.store.support import FakeClock, fresh_database

START = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
GAME = "C0GAME0001"
ELSEWHERE = "C0RANDOM01"
GM = "U0GMASTER1"
ADMIN = "U0ADMIN001"
STRANGER = "U0STRANGR1"
PLAYERS = {
    "AUSTRIA": "U0AUSTRIA1",
    "ENGLAND": "U0ENGLAND1",
    "FRANCE": "U0FRANCE01",
    "GERMANY": "U0GERMANY1",
    "ITALY": "U0ITALY001",
    "RUSSIA": "U0RUSSIA01",
    "TURKEY": "U0TURKEY01",
}


class SlackTable:
    def __init__(
        self,
        front: SlackFrontEnd,
        slack: FakeSlack,
        service: GameService,
        clock: FakeClock,
        sessions: async_sessionmaker[AsyncSession],
    ) -> None:
        self.front = front
        self.sessions = sessions
        self.slack = slack
        self.service = service
        self.clock = clock
        self._ids = itertools.count(1)

    async def dispatch(self, body: str, content_type: str, **signing: Any) -> BoltResponse:
        """One signed request through slack_bolt, then the work it started."""
        response = await self.front.app.async_dispatch(
            signed.bolt_request(body, content_type, **signing)
        )
        await self.front.settle()
        return response

    async def slash(
        self, user: str, text: str, *, channel: str = GAME, trigger: str = ""
    ) -> BoltResponse:
        response_url = self.slack.response_url(user, channel)
        body = signed.slash_body(user, text, channel, trigger=trigger, response_url=response_url)
        return await self.dispatch(body, signed.FORM)

    async def dm(self, user: str, text: str, *, event_id: str | None = None) -> BoltResponse:
        event = {"user": user, "text": text, "channel": self.slack.dm_of(user)}
        body = signed.event_body(event, "event_message_im", event_id or f"Ev{next(self._ids):08d}")
        return await self.dispatch(body, signed.JSON)

    async def open_home(self, user: str) -> dict[str, Any]:
        event = {"user": user, "channel": self.slack.dm_of(user)}
        body = signed.event_body(event, "event_app_home_opened", f"Ev{next(self._ids):08d}")
        await self.dispatch(body, signed.JSON)
        return self.slack.views[user][-1]

    async def click(
        self,
        user: str,
        value: str,
        *,
        channel: str = GAME,
        action_id: str = "dip:cmd:0",
        trigger: str = "",
    ) -> BoltResponse:
        data = signed.as_user(signed.payload("block_actions"), user)
        data["channel"]["id"] = channel
        data["container"]["channel_id"] = channel
        data["actions"][0].update(action_id=action_id, value=value)
        if trigger:
            data["trigger_id"] = trigger
        return await self.dispatch(signed.interactive_body(data), signed.FORM)

    async def enter_orders(self, user: str, *, channel: str = GAME) -> dict[str, Any] | None:
        """Click "Enter orders"; the modal that opened, if one did."""
        trigger = f"trigger-{next(self._ids)}"
        await self.click(
            user, "order", channel=channel, action_id="dip:enter_orders", trigger=trigger
        )
        opened = self.slack.views.get(trigger)
        return opened[-1] if opened else None

    async def submit(
        self, user: str, view: Mapping[str, Any], picks: Mapping[str, str]
    ) -> BoltResponse:
        """Submit the modal with an order picked for some units (by the menus' labels)."""
        values: dict[str, Any] = {}
        for block in view["blocks"]:
            unit = block["label"]["text"]
            chosen = picks.get(unit)
            option = (
                None
                if chosen is None
                else {
                    "text": {"type": "plain_text", "text": chosen, "emoji": False},
                    "value": chosen,
                }
            )
            values[block["block_id"]] = {
                SELECT_ACTION: {"type": block["element"]["type"], "selected_option": option}
            }
        data = signed.as_user(signed.payload("view_submission"), user)
        data["view"].update(
            blocks=view["blocks"],
            private_metadata=view["private_metadata"],
            state={"values": values},
        )
        return await self.dispatch(signed.interactive_body(data), signed.FORM)

    async def rows(self, model: type[Any]) -> list[Any]:
        """Every row of a table, to check what was (not) written."""
        async with self.sessions() as session:
            return list(await session.scalars(select(model)))

    async def deliver(self) -> int:
        """What the outbox pump does at its next round."""
        return await self.front.pump.deliver_due()

    async def seven_players(self) -> None:
        """`hague` in the game channel, made by GM, joined by the seven, started and its
        welcome DMs delivered."""
        await self.slash(GM, "newgame hague")
        for power, user in PLAYERS.items():
            await self.slash(user, f"join {power.lower()}")
        await self.slash(GM, "start")
        await self.deliver()


def add_people(slack: FakeSlack) -> None:
    slack.add_user(GM, "Gamemaster")
    slack.add_user(ADMIN, "Ada Admin", admin=True)
    slack.add_user(STRANGER, "Stranger")
    for power, user in PLAYERS.items():
        slack.add_user(user, power.title())


@asynccontextmanager
async def game_service(
    tmp_path: Path, backend: str = "sqlite"
) -> AsyncIterator[tuple[GameService, FakeClock, async_sessionmaker[AsyncSession]]]:
    """The game service on a fresh database (SQLite unless ``backend`` says otherwise), with a
    fake clock and a fast renderer."""
    async with fresh_database(backend, tmp_path) as url:
        await migrate.upgrade(url)
        engine = create_engine(url)
        try:
            clock = FakeClock(START)
            sessions = create_sessionmaker(engine)
            service = GameService(
                sessions,
                clock=clock,
                renderer=FakeRenderer(),
                animator=FakeAnimator(),
                map_size=300,
            )
            yield service, clock, sessions
        finally:
            await engine.dispose()


@asynccontextmanager
async def slack_table(tmp_path: Path, backend: str = "sqlite") -> AsyncIterator[SlackTable]:
    async with FakeSlack() as slack, game_service(tmp_path, backend) as (service, clock, sessions):
        add_people(slack)
        front = SlackFrontEnd(
            service,
            web_client("xoxb-test", slack.api_url),
            signing_secret=signed.SECRET,
        )
        yield SlackTable(front, slack, service, clock, sessions)
        await front.settle()
