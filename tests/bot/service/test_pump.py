"""The outbox pump with a stand-in transport, on the real outbox: every message sent once and
every part of it once; failures retried with back-off (or when the platform asked) or given
up and reported; woken by the service's doorbell and by its own next retry, never by a poll;
each platform's messages left to that platform's pump."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable, Sequence
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import select

from bot.service import (
    Access,
    Actor,
    Delivery,
    Message,
    Need,
    Place,
    Pump,
    Request,
    SendError,
    Target,
)
from bot.service.outbox.doorbell import Doorbell
from bot.store import OutboxMessage, OutboxStatus, Platform, Store
from tests.bot.service.harness import Table, open_table
from tests.bot.store.support import BACKENDS

SECRET = "A PAR - BUR"


class StandInTransport:
    """A platform whose messages come in ``size`` parts, recording each part sent where it
    went; ``failing`` maps a part to the exception its next send raises, ``refusing`` a
    place to the exception every send there raises. Each part is marked with its outbox id,
    and the platform can be asked what is already there (unless ``forgetful``)."""

    def __init__(self, size: int = 2) -> None:
        self.size = size
        self.sent: list[tuple[str, str]] = []
        self.marks: list[tuple[str, int, int]] = []
        self.failing: dict[str, Exception] = {}
        self.refusing: dict[str, Exception] = {}
        self.missing: tuple[Need, ...] = ()
        self.forgetful = False

    def parts(self, delivery: Delivery) -> list[tuple[int, int, str]]:
        text = delivery.message.plain_text()
        return [(delivery.id, n, f"{text} {n}/{self.size}") for n in range(1, self.size + 1)]

    async def post(self, channel: str, part: tuple[int, int, str]) -> None:
        self._send(f"#{channel}", part)

    async def dm(self, user_id: str, workspace: str, part: tuple[int, int, str]) -> None:
        self._send(f"dm:{user_id}@{workspace}", part)

    async def posted(self, delivery: Delivery, parts: Sequence[tuple[int, int, str]]) -> int:
        if self.forgetful:
            return 0
        where = where_of(delivery.target)
        there = {
            number
            for place, outbox, number in self.marks
            if (place, outbox) == (where, delivery.id)
        }
        found = 0
        while found + 1 in there:
            found += 1
        return found

    async def access(self, channel: str) -> Access:
        return Access(self.missing)

    def _send(self, where: str, part: tuple[int, int, str]) -> None:
        outbox, number, words = part
        refusal = self.refusing.get(where)
        if refusal is not None:
            raise refusal
        failure = self.failing.pop(words, None)
        if failure is not None:
            raise failure
        self.sent.append((where, words))
        self.marks.append((where, outbox, number))

    def to(self, where: str) -> list[str]:
        return [words for place, words in self.sent if place == where]


def where_of(target: Target) -> str:
    if target.user_id is not None:
        return f"dm:{target.user_id}@{target.workspace}"
    return f"#{target.channel}"


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table(request.param, tmp_path) as table:
        yield table


async def queue(
    table: Table, title: str, platform: str = "slack", *, user: str | None = None
) -> int:
    """A message queued as the service queues one: to #game, or to ``user``'s DMs."""
    target = Target(platform, "W1", channel=None if user else "game", user_id=user)
    message = Message(title=title)
    async with table.sessions.begin() as session:
        row = await Store(session, table.clock).enqueue(
            f"test:{platform}:{title}",
            platform=Platform(platform),
            target={"kind": "dm" if user else "channel", **target.to_json()},
            payload=message.to_json(),
        )
        return row.id


async def row(table: Table, message_id: int) -> OutboxMessage:
    async with table.sessions() as session:
        found = await session.scalar(select(OutboxMessage).where(OutboxMessage.id == message_id))
        assert found is not None
        return found


def pump_of(
    table: Table, transport: StandInTransport, platform: str = "slack"
) -> Pump[tuple[int, int, str]]:
    return table.service.pump(platform, transport)


async def eventually(check: Callable[[], bool], what: str) -> None:
    for _ in range(250):
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"never happened: {what}")


async def test_a_message_is_delivered_once_every_part_once(table: Table) -> None:
    transport = StandInTransport()
    pump = pump_of(table, transport)
    results = await queue(table, "results")
    welcome = await queue(table, "welcome", user="U1")
    assert await pump.deliver_due() == 2
    assert transport.sent == [
        ("#game", "results 1/2"),
        ("#game", "results 2/2"),
        ("dm:U1@W1", "welcome 1/2"),
        ("dm:U1@W1", "welcome 2/2"),
    ]
    assert (await row(table, results)).status is OutboxStatus.SENT
    assert (await row(table, welcome)).status is OutboxStatus.SENT
    table.clock.now += timedelta(hours=2)
    assert await pump.deliver_due() == 0
    assert len(transport.sent) == 4


async def test_a_failure_half_way_resends_only_the_missing_part(table: Table) -> None:
    transport = StandInTransport(size=3)
    pump = pump_of(table, transport)
    results = await queue(table, "results")
    transport.failing["results 2/3"] = SendError("slack error internal_error")
    assert await pump.deliver_due() == 0
    assert transport.sent == [("#game", "results 1/3")]
    failed = await row(table, results)
    assert (failed.status, failed.attempts) == (OutboxStatus.PENDING, 1)
    assert failed.last_error == "slack error internal_error"
    table.clock.now += timedelta(seconds=30)
    assert await pump.deliver_due() == 1
    assert [part for _, part in transport.sent] == ["results 1/3", "results 2/3", "results 3/3"]


async def test_a_delivery_not_recorded_is_recorded_later_not_resent(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    transport = StandInTransport()
    pump = pump_of(table, transport)
    results = await queue(table, "results")
    real = Store.mark_sent

    async def broken(store: Store, message_id: int) -> None:
        raise ConnectionError("database went away")

    monkeypatch.setattr(Store, "mark_sent", broken)
    assert await pump.deliver_due() == 0
    monkeypatch.setattr(Store, "mark_sent", real)
    assert len(transport.sent) == 2
    # The lease runs out: due again, recorded, not sent again.
    table.clock.now += timedelta(minutes=3)
    assert await pump.deliver_due() == 1
    assert len(transport.sent) == 2
    assert (await row(table, results)).status is OutboxStatus.SENT


async def test_failures_are_retried_with_a_growing_delay_then_delivered(table: Table) -> None:
    transport = StandInTransport(size=1)
    pump = pump_of(table, transport)
    results = await queue(table, "results")
    start = table.clock.now
    for attempt, delay in enumerate((30, 60, 120), start=1):
        transport.failing["results 1/1"] = SendError("slack error not_in_channel")
        assert await pump.deliver_due() == 0
        assert (await row(table, results)).attempts == attempt
        assert await pump.next_retry() == table.clock.now + timedelta(seconds=delay)
        table.clock.now += timedelta(seconds=delay - 1)
        assert await pump.deliver_due() == 0, "not due again yet"
        table.clock.now += timedelta(seconds=1)
    assert table.clock.now == start + timedelta(seconds=210)
    assert await pump.deliver_due() == 1
    assert transport.sent == [("#game", "results 1/1")]
    assert await pump.next_retry() is None


async def test_the_platforms_wait_is_honoured(table: Table) -> None:
    transport = StandInTransport(size=1)
    pump = pump_of(table, transport)
    await queue(table, "results")
    transport.failing["results 1/1"] = SendError("ratelimited", retry_after=timedelta(seconds=7))
    assert await pump.deliver_due() == 0
    assert await pump.next_retry() == table.clock.now + timedelta(seconds=7)
    table.clock.now += timedelta(seconds=7)
    assert await pump.deliver_due() == 1


async def test_a_permanent_failure_is_given_up_and_reported(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    transport = StandInTransport()
    pump = pump_of(table, transport)
    results = await queue(table, SECRET)
    transport.failing[f"{SECRET} 1/2"] = SendError("channel_not_found", permanent=True)
    with caplog.at_level(logging.ERROR):
        assert await pump.deliver_due() == 0
    given_up = await row(table, results)
    assert (given_up.status, given_up.last_error) == (OutboxStatus.FAILED, "channel_not_found")
    (report,) = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert report.getMessage() == (
        f"outbox message {results} (slack) was given up, it will not be sent: channel_not_found"
    )
    assert SECRET not in caplog.text
    table.clock.now += timedelta(days=1)
    assert await pump.deliver_due() == 0
    assert transport.sent == []
    assert await pump.next_retry() is None


async def test_a_failure_to_be_retried_is_reported_without_the_text(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    transport = StandInTransport()
    pump = pump_of(table, transport)
    results = await queue(table, SECRET)
    # An exception of the platform's own, whose text quotes what was sent.
    transport.failing[f"{SECRET} 1/2"] = RuntimeError(f"could not send {SECRET}")
    with caplog.at_level(logging.ERROR):
        assert await pump.deliver_due() == 0
    assert (await row(table, results)).last_error == "RuntimeError"
    assert (
        f"outbox message {results} (slack) was not delivered and will be tried again: RuntimeError"
    ) in caplog.text
    assert SECRET not in caplog.text


async def test_the_pump_is_woken_by_the_doorbell_not_by_a_poll(table: Table) -> None:
    transport = StandInTransport(size=1)
    pump = pump_of(table, transport)
    stop = asyncio.Event()
    running = asyncio.create_task(pump.run(stop))
    try:
        await pump.settled()
        # Queued behind the service's back: nothing rings, so nothing goes out.
        await queue(table, "unannounced")
        await asyncio.sleep(0.5)
        assert transport.sent == []
        # Any run of the alarm clock rings (the sweep at the latest).
        await table.service.process_due()
        await asyncio.wait_for(pump.settled(), timeout=10)
        assert transport.sent == [("#game", "unannounced 1/1")]
    finally:
        stop.set()
        await asyncio.wait_for(running, timeout=10)


async def test_a_command_that_queues_messages_rings(table: Table) -> None:
    transport = StandInTransport(size=1)
    pump = pump_of(table, transport, "console")
    stop = asyncio.Event()
    running = asyncio.create_task(pump.run(stop))
    try:
        await pump.settled()
        await table.seven_players(start=False)
        await asyncio.wait_for(pump.settled(), timeout=10)
        sent = len(transport.sent)
        gm = Actor("console", "local", "gm", "gm")
        await table.service.handle(Request(gm, Place("game", is_dm=False), "start"))
        await asyncio.wait_for(pump.settled(), timeout=10)
        welcomes = [where for where, _ in transport.sent[sent:] if where.startswith("dm:")]
        assert len(welcomes) == 7
    finally:
        stop.set()
        await asyncio.wait_for(running, timeout=10)


async def test_only_a_command_that_queued_a_message_rings(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    await table.seven_players(start=False)
    rings: list[str] = []
    monkeypatch.setattr(Doorbell, "ring", lambda doorbell: rings.append("ring"))
    gm = Actor("console", "local", "gm", "gm")
    await table.service.handle(Request(gm, Place("game", is_dm=False), "status"))
    assert rings == []
    await table.service.handle(Request(gm, Place("game", is_dm=False), "start"))
    assert rings == ["ring"]


async def test_between_rings_the_pump_wakes_for_its_next_retry(table: Table) -> None:
    transport = StandInTransport(size=1)
    pump = pump_of(table, transport)
    results = await queue(table, "results")
    transport.failing["results 1/1"] = SendError("busy", retry_after=timedelta(seconds=0.3))
    stop = asyncio.Event()
    running = asyncio.create_task(pump.run(stop))
    try:
        for _ in range(250):
            if (await row(table, results)).attempts == 1:
                break
            await asyncio.sleep(0.02)
        assert transport.sent == []
        table.clock.now += timedelta(seconds=1)
        # No ring: the pump's own timer brings it back.
        await eventually(lambda: bool(transport.sent), "the retry")
        assert transport.sent == [("#game", "results 1/1")]
    finally:
        stop.set()
        await asyncio.wait_for(running, timeout=10)


async def test_each_platforms_messages_go_to_its_own_pump(table: Table) -> None:
    to_slack, to_discord = StandInTransport(size=1), StandInTransport(size=1)
    slack, discord = pump_of(table, to_slack, "slack"), pump_of(table, to_discord, "discord")
    await queue(table, "for slack", "slack")
    await queue(table, "for discord", "discord", user="D1")
    assert await slack.deliver_due() == 1
    assert await discord.deliver_due() == 1
    assert to_slack.sent == [("#game", "for slack 1/1")]
    assert to_discord.sent == [("dm:D1@W1", "for discord 1/1")]
    assert await slack.deliver_due() == await discord.deliver_due() == 0


class StuckTransport(StandInTransport):
    """A platform that never answers a post to #stuck."""

    async def post(self, channel: str, part: tuple[int, int, str]) -> None:
        if channel == "stuck":
            await asyncio.Event().wait()
        await super().post(channel, part)


async def test_a_stopping_pump_delivers_what_is_queued_first(table: Table) -> None:
    transport = StandInTransport()
    pump = pump_of(table, transport)
    stop = asyncio.Event()
    running = asyncio.create_task(pump.run(stop))
    await pump.settled()
    results = await queue(table, "results")
    assert await pump.stop(running, stop, within=10)
    assert running.done()
    assert transport.to("#game") == ["results 1/2", "results 2/2"]
    assert (await row(table, results)).status is OutboxStatus.SENT


async def test_a_stopping_pump_waits_no_longer_than_its_bound(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    transport = StuckTransport()
    pump = pump_of(table, transport)
    stop = asyncio.Event()
    running = asyncio.create_task(pump.run(stop))
    await pump.settled()
    target = Target("slack", "W1", channel="stuck")
    async with table.sessions.begin() as session:
        stuck = await Store(session, table.clock).enqueue(
            "test:stuck",
            platform=Platform.SLACK,
            target={"kind": "channel", **target.to_json()},
            payload=Message(title="stuck").to_json(),
        )
    assert not await pump.stop(running, stop, within=0.2)
    assert running.done()
    assert "the slack outbox was not emptied within 0.2 s" in caplog.text
    # Left for the next start, which finds it due when its lease ends.
    assert (await row(table, stuck.id)).status is OutboxStatus.PENDING
