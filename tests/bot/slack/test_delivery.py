"""The outbox on Slack: results with the map in the channel, DMs where players must act; a
failure goes back to the outbox and is retried, nothing is dropped and nothing is sent twice
(not even after a crash between a post and its record); a refusal is given up at once and
the game master told; what the bot lacks in a channel is said at `newgame`."""

from __future__ import annotations

import asyncio
from datetime import datetime

import pytest

from bot.frontends.slack import SlackFrontEnd
from bot.frontends.slack.runner import web_client
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


async def results_rows(table: SlackTable) -> list[OutboxMessage]:
    return [row for row in await table.rows(OutboxMessage) if row.target.get("channel") == GAME]


async def test_results_the_bot_may_not_post_are_reported_to_the_gm_at_once(
    started: SlackTable,
) -> None:
    started.slack.absent.add(GAME)
    await adjudicate(started)
    mark = len(started.slack.posts)
    assert await started.deliver() == 1  # the report to the game master, in the same round
    row = (await results_rows(started))[-1]
    assert (row.status, row.attempts, row.refusal) == (OutboxStatus.FAILED, 1, "channel")
    [report] = started.slack.received(GM, since=mark)
    assert "hague: a message did not arrive" in report.text
    assert "could not be delivered: I may not post in that channel" in report.text
    assert "`/invite @dipgm`" in report.text
    started.clock.advance(hours=8)
    assert await started.deliver() == 0
    assert started.slack.calls_to("chat.postMessage")[-1]["channel"] == started.slack.dm_of(GM)


async def test_press_to_a_dm_slack_refuses_is_reported_without_its_text(
    started: SlackTable,
) -> None:
    england = started.slack.dm_of(PLAYERS["ENGLAND"])
    started.slack.absent.add(england)
    await started.dm(PLAYERS["FRANCE"], "press england Meet me in the Channel")
    mark = len(started.slack.posts)
    await started.deliver()
    await started.deliver()
    [to_gm] = started.slack.received(GM, since=mark)
    [to_france] = started.slack.received(PLAYERS["FRANCE"], since=mark)
    assert "A press message for England could not be delivered" in to_gm.text
    assert "A press message you sent to England did not arrive" in to_france.text
    assert "Meet me" not in to_gm.text + to_france.text


async def test_newgame_says_when_the_bot_is_not_in_the_channel(table: SlackTable) -> None:
    table.slack.absent.add(GAME)
    table.slack.scopes.discard("files:write")
    await table.slash(GM, "newgame hague")
    said = "\n".join(p.text for p in table.slack.received(GM))
    assert "I am not in this channel" in said and "`/invite @dipgm`" in said
    assert "lacks the files:write scope" in said


async def test_a_crash_between_the_post_and_its_record_is_seen_once(
    started: SlackTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def crash(outbox: Deliveries, delivery_id: int) -> None:
        raise SystemExit("killed")

    mark = await adjudicate(started)
    monkeypatch.setattr(Deliveries, "delivered", crash)
    with pytest.raises(SystemExit):
        await started.deliver()
    monkeypatch.undo()
    assert [p.kind for p in started.slack.in_channel(GAME, since=mark)] == ["message", "file"]
    # Restarted: a new front end (nothing remembered) once the lease is over.
    started.clock.advance(minutes=3)
    restarted = SlackFrontEnd(started.service, web_client("xoxb-test", started.slack.api_url))
    await restarted.pump.deliver_due()
    assert [p.kind for p in started.slack.in_channel(GAME, since=mark)] == ["message", "file"]
    assert all(row.status is OutboxStatus.SENT for row in await results_rows(started))


async def test_long_press_arrives_whole(started: SlackTable) -> None:
    letter = " ".join(f"word{i:03d}" for i in range(437))  # 3,495 characters on one line
    await started.dm(PLAYERS["FRANCE"], f"press england {letter}")
    mark = len(started.slack.posts)
    await started.deliver()
    [press] = started.slack.received(PLAYERS["ENGLAND"], since=mark)
    shown = "".join(b["text"]["text"] for b in press.blocks if b["type"] == "section").replace(
        "\n", ""
    )
    assert letter.replace(" ", "") in shown.replace(" ", "")


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
