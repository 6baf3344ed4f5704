"""The outbox pump on Discord: every message sent once, where its target says; failures go
back to the outbox and are retried, never dropped and never sent twice."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any, cast

import discord
import pytest

from bot.frontends.discord.embeds import render
from bot.frontends.discord.sending import Outgoing
from bot.frontends.discord.transport import DiscordTransport, describe_failure
from bot.frontends.discord.workspaces import Workspaces
from bot.service import Delivery, Line, Message, Pump, Section, SendError, Target, text
from bot.service.outbox import Doorbell
from tests.bot.discord.standins import FakeHTTPResponse, Recorder, StandInChannel, forbidden
from tests.bot.discord.table import GUILD, OTHER_GUILD, FakeDirectory, StandInClient

CHANNEL = 555
USER = 777
NOW = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


class FakeOutbox:
    """The service's side of the outbox: due messages, and what became of each."""

    __slots__ = ("delivered_ids", "due", "fail_delivered", "failures")

    def __init__(self, *deliveries: Delivery) -> None:
        self.due = list(deliveries)
        self.delivered_ids: list[int] = []
        self.failures: list[tuple[int, str]] = []
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
        assert not failure.permanent, "a failed delivery is retried, never dropped"
        self.failures.append((delivery_id, failure.description))
        return False

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
    client.get_partial_messageable(CHANNEL).fail = forbidden(50013, "Missing Permissions")
    assert await outbox.deliver_due() == 0
    assert service.failures == [(1, "Forbidden: HTTP 403, Discord code 50013")]
    assert service.delivered_ids == []
    client.get_partial_messageable(CHANNEL).fail = None
    assert await outbox.deliver_due() == 1
    assert [s.kind for s in client.recorder.sent] == ["channel"]


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
