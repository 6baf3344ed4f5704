"""The outbox pump on Discord: every message sent once, where its target says; failures go
back to the outbox and are retried, never dropped and never sent twice (not even after a
crash between a post and its record); a refusal is given up at once and the game master
told; what the bot lacks in the channel is said at `newgame`."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any, cast

import discord
import pytest

from bot.frontends.discord.embeds import render
from bot.frontends.discord.sending import Outgoing
from bot.frontends.discord.transport import DiscordTransport, describe_failure
from bot.frontends.discord.workspaces import Workspaces
from bot.service import (
    Delivery,
    Line,
    Message,
    Pump,
    Refusal,
    Section,
    SendError,
    Target,
    text,
)
from bot.service.outbox import Deliveries, Doorbell
from tests.bot.discord.standins import FakeHTTPResponse, Recorder, StandInChannel, forbidden
from tests.bot.discord.table import (
    GAME_CHANNEL,
    GUILD,
    OTHER_GUILD,
    DiscordTable,
    FakeDirectory,
    StandInClient,
    texts,
)

CHANNEL = 555
USER = 777
NOW = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


class FakeOutbox:
    """The service's side of the outbox: due messages, and what became of each."""

    __slots__ = ("delivered_ids", "due", "fail_delivered", "failures", "refusals")

    def __init__(self, *deliveries: Delivery) -> None:
        self.due = list(deliveries)
        self.delivered_ids: list[int] = []
        self.failures: list[tuple[int, str]] = []
        self.refusals: list[Refusal | None] = []
        self.fail_delivered = False

    async def pending(self, platform: str) -> list[Delivery]:
        assert platform == "discord"
        return list(self.due)

    async def delivered(self, delivery_id: int) -> None:
        if self.fail_delivered:
            raise OSError("database unavailable")
        self.delivered_ids.append(delivery_id)
        self.due = [d for d in self.due if d.id != delivery_id]

    async def failed(self, delivery_id: int, failure: SendError) -> bool:
        self.failures.append((delivery_id, failure.description))
        self.refusals.append(failure.refusal)
        if failure.permanent:
            self.due = [d for d in self.due if d.id != delivery_id]
        return failure.permanent

    async def next_retry(self, platform: str) -> datetime | None:
        assert platform == "discord"
        return None


def channel(delivery_id: int, message: Message) -> Delivery:
    return Delivery(delivery_id, Target("discord", str(GUILD), channel=str(CHANNEL)), message, None)


def dm(delivery_id: int, message: Message, workspace: str = str(GUILD)) -> Delivery:
    return Delivery(delivery_id, Target("discord", workspace, user_id=str(USER)), message, None)


def setup(
    *deliveries: Delivery, directory: FakeDirectory | None = None, doorbell: Doorbell | None = None
) -> tuple[FakeOutbox, StandInClient, Pump[Outgoing], Workspaces]:
    service = FakeOutbox(*deliveries)
    client = StandInClient(Recorder())
    workspaces = Workspaces(directory or FakeDirectory())
    transport = DiscordTransport(cast(discord.Client, client), workspaces)
    pump = Pump("discord", transport, service, doorbell or Doorbell(), lambda: NOW)
    return service, client, pump, workspaces


def long_message() -> Message:
    lines = tuple(Line(f"A X{i:03d} - Y{i:03d}  ✓ moved", code=True) for i in range(40))
    return Message(title="long", sections=tuple(Section(f"S{n}", lines) for n in range(40)))


async def test_channel_and_dm_messages_go_where_their_target_says() -> None:
    service, client, outbox, _ = setup(channel(1, text("to the table")), dm(2, text("to you")))
    assert await outbox.deliver_due() == 2
    first, second = client.recorder.sent
    assert first.kind == "channel" and first.channel_id == CHANNEL and first.public
    assert second.kind == "dm" and second.only(USER)
    assert service.delivered_ids == [1, 2]
    assert await outbox.deliver_due() == 0
    assert len(client.recorder.sent) == 2


async def test_a_failed_send_is_retried_later_and_sent_once() -> None:
    service, client, outbox, _ = setup(channel(1, text("results")))
    client.get_partial_messageable(CHANNEL).fail = discord.DiscordServerError(
        FakeHTTPResponse(503, "Unavailable"), "down"
    )
    assert await outbox.deliver_due() == 0
    assert service.failures == [(1, "DiscordServerError: HTTP 503, Discord code 0")]
    assert service.refusals == [None]
    assert service.delivered_ids == []
    client.get_partial_messageable(CHANNEL).fail = None
    assert await outbox.deliver_due() == 1
    assert [s.kind for s in client.recorder.sent] == ["channel"]


async def test_refusals_are_given_up_at_once() -> None:
    service, client, outbox, _ = setup(channel(1, text("results")), dm(2, text("welcome")))
    client.get_partial_messageable(CHANNEL).fail = forbidden(50013, "Missing Permissions")
    client.dm_channel(USER).fail = forbidden(50007)
    assert await outbox.deliver_due() == 0
    assert service.failures == [
        (1, "Forbidden: HTTP 403, Discord code 50013"),
        (2, "Forbidden: HTTP 403, Discord code 50007"),
    ]
    assert service.refusals == [Refusal.CHANNEL, Refusal.DMS]
    assert await outbox.deliver_due() == 0
    assert len(service.failures) == 2 and client.recorder.sent == []


class FlakyChannel(StandInChannel):
    """A channel whose n-th send fails as Discord does when it is down."""

    __slots__ = ("calls", "fail_on")

    def __init__(self, recorder: Recorder, fail_on: int) -> None:
        super().__init__(CHANNEL, recorder, None)
        self.calls = 0
        self.fail_on = fail_on

    async def send(self, *args: Any, **kwargs: Any) -> None:
        self.calls += 1
        if self.calls == self.fail_on:
            raise discord.DiscordServerError(FakeHTTPResponse(503, "Unavailable"), "down")
        await super().send(*args, **kwargs)


async def test_a_message_in_several_parts_resumes_where_it_failed() -> None:
    service, client, outbox, _ = setup(channel(1, long_message()))
    parts = len(render(long_message()))
    assert parts >= 3
    client.channels[CHANNEL] = FlakyChannel(client.recorder, fail_on=2)
    assert await outbox.deliver_due() == 0
    assert len(client.recorder.sent) == 1
    assert service.failures == [(1, "DiscordServerError: HTTP 503, Discord code 0")]
    assert await outbox.deliver_due() == 1
    sent = client.recorder.sent
    assert len(sent) == parts
    assert [p.embeds[0].title for p in sent].count("long") == 1
    assert sent[-1].buttons() == {}


async def test_recording_the_delivery_failing_does_not_send_it_again(
    caplog: pytest.LogCaptureFixture,
) -> None:
    service, client, outbox, _ = setup(channel(1, text("results")))
    service.fail_delivered = True
    assert await outbox.deliver_due() == 0
    assert "recording outbox message 1 as delivered failed: OSError" in caplog.text
    assert len(client.recorder.sent) == 1 and service.delivered_ids == []
    service.fail_delivered = False
    assert await outbox.deliver_due() == 1
    assert len(client.recorder.sent) == 1 and service.delivered_ids == [1]


async def test_a_dm_from_a_game_tells_which_server_the_players_dms_are_about() -> None:
    directory = FakeDirectory()
    directory.members = {GUILD: {USER}, OTHER_GUILD: {USER}}
    delivery = dm(1, text("you play France"), workspace=str(OTHER_GUILD))
    _, _, outbox, workspaces = setup(delivery, directory=directory)
    assert await workspaces.of(USER) is None
    await outbox.deliver_due()
    assert await workspaces.of(USER) == str(OTHER_GUILD)


async def test_the_loop_delivers_when_rung_and_stops_when_told() -> None:
    doorbell = Doorbell()
    service, _, outbox, _ = setup(doorbell=doorbell)
    stop = asyncio.Event()
    running = asyncio.create_task(outbox.run(stop))
    await asyncio.sleep(0)
    service.due.append(channel(1, text("results")))
    doorbell.ring()
    for _ in range(50):
        if service.delivered_ids:
            break
        await asyncio.sleep(0.01)
    assert service.delivered_ids == [1]
    stop.set()
    await asyncio.wait_for(running, 1)


def test_a_failure_is_described_without_what_was_sent() -> None:
    assert describe_failure(forbidden()) == "Forbidden: HTTP 403, Discord code 50007"
    assert describe_failure(ValueError("A PAR - BUR")) == "ValueError"


# On a server, through the whole front end ---------------------------------------------------


async def test_the_gm_is_told_of_a_welcome_a_closed_dm_refused(table: DiscordTable) -> None:
    await table.seven_players(start=False)
    bob = table.user("bob")
    table.discord.dm_channel(bob.id).fail = forbidden(50007)
    await table.slash("master", "gm start")
    sent = await table.deliver()
    master = table.user("master")
    [report] = [s for s in sent if s.only(master.id) and "did not arrive" in s.text()]
    assert "The welcome with their power, units and how to order for Bob" in report.text()
    assert "Cannot send" not in report.text() and "Discord code 50007" in report.text()
    assert "Privacy Settings" in report.text()
    assert not any(s.only(bob.id) for s in sent)


async def test_newgame_says_what_the_bot_lacks_in_the_channel(table: DiscordTable) -> None:
    game = table.discord.get_channel(GAME_CHANNEL)
    game.granted = discord.Permissions(view_channel=True, send_messages=True)
    sent = await table.slash("master", "newgame", name="hague")
    said = texts(sent)
    assert "New game: hague" in said
    assert "I lack Embed Links, Attach Files and Read Message History in this channel" in said


async def test_a_crash_between_the_post_and_its_record_is_seen_once(
    table: DiscordTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    await table.seven_players()
    await table.slash("master", "gm process")

    async def crash(outbox: Deliveries, delivery_id: int) -> None:
        raise SystemExit("killed")

    mark = len(table.sent)
    monkeypatch.setattr(Deliveries, "delivered", crash)
    with pytest.raises(SystemExit):
        await table.deliver()
    monkeypatch.undo()
    posted = [s for s in table.sent[mark:] if s.kind == "channel"]
    assert len(posted) == 1 and posted[0].nonce is not None
    assert (posted[0].embeds[-1].footer.text or "").startswith("dipgm #")
    # Restarted: a new transport and pump (nothing remembered), once the lease is over.
    table.clock.now += timedelta(minutes=3)
    transport = DiscordTransport(cast(discord.Client, table.discord))
    await table.service.pump("discord", transport).deliver_due()
    assert [s for s in table.sent[mark:] if s.kind == "channel"] == posted


async def test_long_press_arrives_whole(table: DiscordTable) -> None:
    await table.seven_players()
    letter = " ".join(f"word{i:03d}" for i in range(437))  # 3,495 characters
    await table.slash("alice", "press", to="england", message=letter)
    sent = await table.deliver()
    bob = table.user("bob")
    shown = texts([s for s in sent if s.only(bob.id)])
    # Split between fields (each under a blank name), every word whole.
    pieces = shown.split("\n\u200b\n")
    assert " ".join(p.strip() for p in pieces[1:]) == letter
    assert all(len(p) <= 1024 for p in pieces)
