"""A Discord server for tests: the game service on a fresh database and a fake clock, the
real client, command tree, buttons, menus and outbox pump of the Discord front end, and
stand-ins for everything that would reach Discord.

    async with discord_table(tmp_path) as table:
        sent = await table.slash("master", "newgame", name="hague")
        assert sent[0].public
"""

from __future__ import annotations

import io
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, cast

import discord
from discord import app_commands
from sqlalchemy import func, select

from bot.frontends.discord.bot import DYNAMIC_ITEMS, DipClient
from bot.service import GameService
from bot.store import Order, create_engine, create_sessionmaker, migrate
from engine import Position
from tests.bot.discord.standins import (
    BOT_ID,
    Recorder,
    Sent,
    StandInChannel,
    StandInInteraction,
    StandInMessage,
    StandInUser,
    command_data,
    component_data,
    interaction_payload,
    message_payload,
    snowflake,
    user_payload,
)
from tests.bot.service.harness import FakeAnimator
from tests.bot.store.support import fresh_database

START = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
PNG = b"\x89PNG\r\n\x1a\n"
GUILD = 700_000_000_000_000_001
OTHER_GUILD = 700_000_000_000_000_002
GAME_CHANNEL = 700_000_000_000_000_101
OTHER_CHANNEL = 700_000_000_000_000_102
APPLICATION = 700_000_000_000_000_999
SEVEN = ("alice", "bob", "carol", "dave", "eve", "frank", "grace")
POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")
PLAYER = discord.Permissions(view_channel=True, send_messages=True, use_application_commands=True)
MANAGER = PLAYER | discord.Permissions(manage_guild=True)


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


def fake_map(
    position: Position,
    *,
    orders: Any = None,
    results: Any = None,
    size: int = 1200,
    region: str | None = None,
    style: str = "default",
    players: Any = None,
) -> bytes:
    return PNG + f"{position.phase}:{region}".encode()


class FakeDirectory:
    """Which servers the bot is on, and their members."""

    __slots__ = ("members",)

    def __init__(self) -> None:
        self.members: dict[int, set[int]] = {GUILD: set()}

    def guild_ids(self) -> list[int]:
        return list(self.members)

    async def is_member(self, guild_id: int, user_id: int) -> bool:
        return user_id in self.members.get(guild_id, set())


class StandInClient:
    """What the outbox transport uses of discord.Client."""

    __slots__ = ("channels", "dms", "recorder", "user")

    def __init__(self, recorder: Recorder) -> None:
        self.recorder = recorder
        self.channels: dict[int, StandInChannel] = {}
        self.dms: dict[int, StandInChannel] = {}
        self.user = discord.Object(BOT_ID)

    def get_partial_messageable(
        self, id: int, *, guild_id: int | None = None, type: Any = None
    ) -> StandInChannel:
        return self.channels.setdefault(id, StandInChannel(id, self.recorder, None))

    def get_channel(self, id: int, /) -> StandInChannel:
        return self.get_partial_messageable(id)

    async def create_dm(self, user: discord.abc.Snowflake) -> StandInChannel:
        return self.dm_channel(user.id)

    def dm_channel(self, user_id: int) -> StandInChannel:
        channel = StandInChannel(snowflake(), self.recorder, frozenset({user_id}))
        return self.dms.setdefault(user_id, channel)


class DiscordTable:
    def __init__(self, service: GameService, clock: Clock, sessions: Any) -> None:
        self.service = service
        self.clock = clock
        self.sessions = sessions
        self.recorder = Recorder()
        self.users: dict[str, StandInUser] = {}
        self.directory = FakeDirectory()
        self.discord = StandInClient(self.recorder)
        self.client = DipClient(
            service,
            out=io.StringIO(),
            directory=self.directory,
            sends_through=cast(discord.Client, self.discord),
        )
        group = self.client.tree.get_command("dip")
        assert isinstance(group, app_commands.Group)
        self.group = group

    @property
    def sent(self) -> list[Sent]:
        return self.recorder.sent

    def user(self, name: str, *, guilds: Sequence[int] = (GUILD,)) -> StandInUser:
        if name not in self.users:
            self.users[name] = StandInUser(user_payload(name, snowflake()), self.recorder)
            for guild in guilds:
                self.directory.members.setdefault(guild, set()).add(self.users[name].id)
        return self.users[name]

    def _interaction(
        self,
        name: str,
        kind: discord.InteractionType,
        data: dict[str, Any],
        *,
        channel: int,
        guild: int | None,
        admin: bool,
        message_ephemeral: bool = False,
    ) -> StandInInteraction:
        user = self.user(name)
        payload = interaction_payload(
            kind,
            data,
            user=user_payload(user.name, user.id),
            guild_id=guild,
            channel_id=channel,
            permissions=MANAGER if admin else PLAYER,
            application_id=APPLICATION,
        )
        return StandInInteraction(
            payload, self.client, user, self.recorder, message_ephemeral=message_ephemeral
        )

    async def slash(
        self,
        name: str,
        sub: str,
        /,
        *,
        channel: int = GAME_CHANNEL,
        guild: int | None = GUILD,
        admin: bool = False,
        under: str | None = None,
        **options: Any,
    ) -> list[Sent]:
        """`/dip <sub>` typed by ``name`` (``under``: another group, `/club <sub>`): what was
        sent meanwhile."""
        mark = len(self.sent)
        group = self.group if under is None else self.client.tree.get_command(under)
        assert isinstance(group, app_commands.Group), f"/{under} is no group"
        interaction = self._interaction(
            name,
            discord.InteractionType.application_command,
            command_data(group, sub, options),
            channel=channel,
            guild=guild,
            admin=admin,
        )
        await self.client.tree._call(cast(discord.Interaction, interaction))
        assert interaction.original.state in ("sent", "deleted"), "left thinking"
        return self.recorder.since(mark)

    async def complete(
        self,
        name: str,
        sub: str,
        option: str,
        typed: str,
        /,
        *,
        channel: int = GAME_CHANNEL,
        **others: Any,
    ) -> list[str]:
        """The autocomplete suggestions for ``option`` of `/dip <sub>` as ``typed``."""
        mark = len(self.sent)
        interaction = self._interaction(
            name,
            discord.InteractionType.autocomplete,
            command_data(self.group, sub, {**others, option: typed}, focused=option),
            channel=channel,
            guild=GUILD,
            admin=False,
        )
        await self.client.tree._call(cast(discord.Interaction, interaction))
        (answer,) = self.recorder.since(mark)
        assert answer.kind == "autocomplete"
        return [choice.value for choice in answer.choices]

    async def dm(self, name: str, text: str, *, mentions: Sequence[StandInUser] = ()) -> list[Sent]:
        """``name`` writes ``text`` to the bot in their DM (``mentions``: the users Discord
        resolved in it, each written ``<@id>``)."""
        mark = len(self.sent)
        user = self.user(name)
        channel = self.discord.dm_channel(user.id)
        message = StandInMessage(
            message_payload(text, user_payload(user.name, user.id), channel.id),
            user,
            channel,
            mentions,
        )
        await self.client.on_message(cast(discord.Message, message))
        return self.recorder.since(mark)

    async def press(self, name: str, message: Sent, label: str) -> list[Sent]:
        """``name`` clicks a button under a message."""
        custom_id = message.buttons()[label]
        base = discord.ui.Button[discord.ui.View](label=label, custom_id=custom_id)
        return await self.use(name, message, base, component_data(custom_id))

    async def choose(self, name: str, menus: Sent, label: str) -> list[Sent]:
        """``name`` picks the option ``label`` in the order menus."""
        (menu,) = [i for i in _items(menus) if isinstance(i, discord.ui.Select)]
        values = [o.value for o in menu.options if o.label == label]
        assert values, f"{label!r} is not among {[o.label for o in menu.options]}"
        base = discord.ui.Select[discord.ui.View](custom_id=menu.custom_id, options=menu.options)
        return await self.use(name, menus, base, component_data(menu.custom_id, values=values))

    async def click(self, name: str, menus: Sent, label: str) -> list[Sent]:
        """``name`` clicks a button of the order menus."""
        return await self.press(name, menus, label)

    async def use(
        self, name: str, message: Sent, base: discord.ui.Item[Any], data: dict[str, Any]
    ) -> list[Sent]:
        """``name`` uses a component of a message as Discord delivers it: by its custom id
        alone, to the items the client registers at start (all a restarted bot has), as
        discord.py's ViewStore does with them."""
        mark = len(self.sent)
        interaction = self._interaction(
            name,
            discord.InteractionType.component,
            data,
            channel=message.channel_id or GAME_CHANNEL,
            guild=None if message.kind == "dm" else GUILD,
            admin=False,
            message_ephemeral=not message.public,
        )
        as_discord = cast(discord.Interaction, interaction)
        answered = False
        for factory in DYNAMIC_ITEMS:
            match = factory.__discord_ui_compiled_template__.fullmatch(data["custom_id"])
            if match is None:
                continue
            answered = True
            item = await factory.from_custom_id(as_discord, base, match)
            item._refresh_state(as_discord, data)
            if await item.interaction_check(as_discord):
                await item.callback(as_discord)
        assert answered, f"no item answers {data['custom_id']!r}: 'This interaction failed'"
        return self.recorder.since(mark)

    @asynccontextmanager
    async def restarted(self) -> AsyncIterator[DipClient]:
        """The bot restarted: a new client, with nothing of the old one's memory."""
        before = self.client
        self.client = DipClient(
            self.service,
            out=io.StringIO(),
            directory=self.directory,
            sends_through=cast(discord.Client, self.discord),
        )
        try:
            async with self.client:
                yield self.client
        finally:
            self.client = before

    async def deliver(self) -> list[Sent]:
        """Run the outbox pump once: what it sent."""
        mark = len(self.sent)
        await self.client.pump.deliver_due()
        return self.recorder.since(mark)

    async def advance(self, **delta: float) -> list[Sent]:
        """Time passes: what falls due is adjudicated, and the outbox delivered."""
        mark = len(self.sent)
        self.clock.now += timedelta(**delta)
        await self.service.process_due()
        await self.client.pump.deliver_due()
        return self.recorder.since(mark)

    async def order_rows(self) -> int:
        async with self.sessions() as session:
            return int(await session.scalar(select(func.count()).select_from(Order)) or 0)

    async def seven_players(self, *, start: bool = True) -> None:
        """`hague` in the game channel, created by gm; the seven join in power order."""
        await self.slash("master", "newgame", name="hague")
        for user, power in zip(SEVEN, POWERS, strict=True):
            await self.slash(user, "join", powers=power)
        if start:
            await self.slash("master", "gm start")
        await self.deliver()


@asynccontextmanager
async def discord_table(tmp_path: Path, backend: str = "sqlite") -> AsyncIterator[DiscordTable]:
    async with fresh_database(backend, tmp_path) as url:
        await migrate.upgrade(url)
        engine = create_engine(url)
        try:
            clock = Clock()
            sessions = create_sessionmaker(engine)
            service = GameService(
                sessions, clock=clock, renderer=fake_map, animator=FakeAnimator(), map_size=300
            )
            table = DiscordTable(service, clock, sessions)
            # Entering sets the client up on the running loop; it never connects.
            async with table.client:
                yield table
        finally:
            await engine.dispose()


def _items(message: Sent) -> list[discord.ui.Item[Any]]:
    """The components under a message, unwrapped from the items that read their ids."""
    assert message.view is not None, "no components under this message"
    return [getattr(i, "item", i) for i in message.view.children]


def texts(sent: Sequence[Sent]) -> str:
    return "\n".join(s.text() for s in sent)
