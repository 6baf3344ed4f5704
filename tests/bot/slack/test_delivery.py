"""The outbox on Slack: results with the map in the channel, DMs where players must act; a
failure goes back to the outbox and is retried, nothing is dropped and nothing is sent twice."""

from __future__ import annotations

import asyncio
from datetime import datetime

import pytest

from bot.frontends.slack.transport import SlackTransport
from bot.service import Delivery, Pump, SendError, Target, text
from bot.service.outbox import Deliveries, Doorbell
from bot.store import OutboxMessage, OutboxStatus
from tests.bot.slack.table import GAME, GM, PLAYERS, SlackTable


async def pending_results(table: SlackTable) -> list[OutboxMessage]:
    return [
        row
        for row in await table.rows(OutboxMessage)
        if row.status == OutboxStatus.PENDING and row.target.get("channel") == GAME
    ]


async def adjudicate(table: SlackTable) -> int:
    """Process the phase; the number of posts there were before."""
    mark = len(table.slack.posts)
    await table.slash(GM, "process")
    return mark


async def test_results_wait_in_the_outbox_until_the_bot_is_invited(started: SlackTable) -> None:
    started.slack.absent.add(GAME)
    mark = await adjudicate(started)
    assert await started.deliver() == 0
    [row] = await pending_results(started)
    assert (row.attempts, row.last_error) == (1, "slack error not_in_channel")
    started.slack.absent.clear()
    assert await started.deliver() == 0  # not due again yet: the outbox backs off
    started.clock.advance(seconds=31)
    assert await started.deliver() == 1
    assert [p.kind for p in started.slack.in_channel(GAME, since=mark)] == ["message", "file"]
    assert await pending_results(started) == []


async def test_a_failed_upload_is_retried_without_posting_twice(started: SlackTable) -> None:
    started.slack.fail("files.completeUploadExternal", "internal_error")
    mark = await adjudicate(started)
    assert await started.deliver() == 0
    assert [p.kind for p in started.slack.in_channel(GAME, since=mark)] == ["message"]
    started.clock.advance(minutes=1)
    assert await started.deliver() == 1
    assert [p.kind for p in started.slack.in_channel(GAME, since=mark)] == ["message", "file"]
    started.clock.advance(hours=1)
    assert await started.deliver() == 0


async def test_a_delivery_not_recorded_is_recorded_later_not_resent(
    started: SlackTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = Deliveries.delivered
    failures = [RuntimeError("database gone")]

    async def flaky(outbox: Deliveries, delivery_id: int) -> None:
        if failures:
            raise failures.pop()
        await real(outbox, delivery_id)

    monkeypatch.setattr(Deliveries, "delivered", flaky)
    mark = await adjudicate(started)
    assert await started.deliver() == 0
    started.clock.advance(minutes=3)  # the lease runs out: the message comes due again
    assert await started.deliver() == 1
    assert [p.kind for p in started.slack.in_channel(GAME, since=mark)] == ["message", "file"]
    assert await pending_results(started) == []


async def test_rate_limits_are_waited_out(started: SlackTable) -> None:
    started.slack.fail("chat.postMessage", "ratelimited", status=429, retry_after=0)
    mark = await adjudicate(started)
    assert await started.deliver() == 1
    assert [p.kind for p in started.slack.in_channel(GAME, since=mark)] == ["message", "file"]
    assert len(started.slack.calls_to("chat.postMessage")) >= 2


async def test_a_dm_is_opened_once_per_player(started: SlackTable) -> None:
    opened = [c["users"] for c in started.slack.calls_to("conversations.open")]
    assert sorted(opened) == sorted(PLAYERS.values())
    for user in PLAYERS.values():
        welcome = started.slack.received(user)
        assert any("you play" in p.text and p.kind == "message" for p in welcome)


async def test_an_outbox_message_with_no_address_stays_in_the_outbox(table: SlackTable) -> None:
    failed: list[tuple[int, str]] = []

    class Outbox:
        async def pending(self, platform: str) -> list[Delivery]:
            return [Delivery(7, Target("slack", "T1"), text("hello"), None)]

        async def delivered(self, delivery_id: int) -> None:
            raise AssertionError("nothing was delivered")

        async def failed(self, delivery_id: int, failure: SendError) -> bool:
            assert not failure.permanent, "it stays in the outbox"
            failed.append((delivery_id, failure.description))
            return False

        async def next_retry(self, platform: str) -> datetime | None:
            return None

    transport = SlackTransport(table.front.sender)
    pump = Pump("slack", transport, Outbox(), Doorbell(), table.clock)
    assert await pump.deliver_due() == 0
    assert failed == [(7, "ValueError")]
    assert table.slack.posts == []


async def test_the_pump_delivers_when_rung_and_stops(table: SlackTable) -> None:
    stop = asyncio.Event()
    loop = asyncio.create_task(table.front.pump.run(stop))
    await table.slash(GM, "newgame hague")
    for power, user in PLAYERS.items():
        await table.slash(user, f"join {power.lower()}")
    await table.slash(GM, "start")
    for _ in range(200):
        if len(table.slack.calls_to("conversations.open")) == len(PLAYERS):
            break
        await asyncio.sleep(0.02)
    assert len(table.slack.calls_to("conversations.open")) == len(PLAYERS)
    stop.set()
    await asyncio.wait_for(loop, timeout=5)
