"""Messages that cannot be delivered are never lost without a word: a refusal is given up at
once, the game master (and the writer of press) is told what did not arrive and why without
a word of what it said, a report that fails is never reported endlessly, `history
undelivered` lists them to those allowed to see them; the bot's permissions in the channel
are checked at `newgame` and `start`; and a message taken again after a crash between its
post and its record is seen once."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import select

from bot.service import Actor, Need, Place, Refusal, Request, SendError
from bot.service.outbox import Deliveries
from bot.store import OutboxMessage, OutboxStatus
from tests.bot.service.harness import Table, open_table
from tests.bot.service.test_pump import StandInTransport, pump_of

SECRET = "Let us take Munich together"
DMS_CLOSED = SendError("Forbidden: HTTP 403, Discord code 50007", refusal=Refusal.DMS)
NOT_IN_CHANNEL = SendError("slack error not_in_channel", refusal=Refusal.CHANNEL)


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table("sqlite", tmp_path) as table:
        yield table


async def say(table: Table, user: str, text: str, *, dm: bool = True, channel: str = "game") -> str:
    """What ``user`` is answered, written in their DM or in ``channel``, as text."""
    place = Place(None, is_dm=True) if dm else Place(channel, is_dm=False)
    replies = await table.service.handle(
        Request(Actor("console", "local", user, user), place, text)
    )
    return "\n".join(reply.message.plain_text() for reply in replies)


async def rows(table: Table) -> list[OutboxMessage]:
    async with table.sessions() as session:
        return list(await session.scalars(select(OutboxMessage).order_by(OutboxMessage.id)))


async def started(table: Table) -> StandInTransport:
    """hague started (its welcomes printed by the console), then a platform of its own."""
    await table.seven_players()
    return StandInTransport(size=1)


async def test_press_to_a_player_who_closed_dms_is_reported_to_gm_and_sender(
    table: Table,
) -> None:
    transport = await started(table)
    pump = pump_of(table, transport, "console")
    transport.refusing["dm:bob@local"] = DMS_CLOSED
    assert "Sent to England" in await say(table, "alice", f"press england {SECRET}")
    await pump.deliver_due()
    [press] = [r for r in await rows(table) if r.target.get("user_id") == "bob"][-1:]
    # Refused for good: given up on the first try, not retried twelve times.
    assert (press.status, press.attempts, press.refusal) == (OutboxStatus.FAILED, 1, "dms")
    await pump.deliver_due()
    [to_gm] = transport.to("dm:gm@local")
    assert "hague: a message did not arrive" in to_gm
    assert "A press message for bob could not be delivered: they do not accept direct " in to_gm
    assert "Discord code 50007" in to_gm
    [to_alice] = transport.to("dm:alice@local")
    assert "A press message you sent to England did not arrive" in to_alice
    assert "The game master has been told." in to_alice
    # Nothing it said, and nobody else told.
    assert all(SECRET not in words for _, words in transport.sent)
    assert {where for where, _ in transport.sent} == {"dm:gm@local", "dm:alice@local"}


async def test_results_the_channel_refuses_are_reported_to_the_gm_once(table: Table) -> None:
    transport = await started(table)
    pump = pump_of(table, transport, "console")
    transport.refusing["#game"] = NOT_IN_CHANNEL
    await say(table, "gm", "process", dm=False)
    await pump.deliver_due()
    await pump.deliver_due()
    [to_gm] = transport.to("dm:gm@local")
    assert "The message “hague: Spring 1901" in to_gm
    assert "for the game's channel could not be delivered: I may not post in that channel" in (
        to_gm
    )
    table.clock.now += timedelta(days=1)
    await pump.deliver_due()
    assert len(transport.to("dm:gm@local")) == 1
    assert [r.attempts for r in await rows(table) if r.status is OutboxStatus.FAILED] == [1]


async def test_a_report_that_fails_is_not_reported_endlessly(table: Table) -> None:
    transport = await started(table)
    pump = pump_of(table, transport, "console")
    # Nothing reaches anyone: bob's DMs, the game master's, and the channel all refuse.
    transport.refusing["dm:bob@local"] = DMS_CLOSED
    transport.refusing["dm:gm@local"] = DMS_CLOSED
    transport.refusing["#game"] = NOT_IN_CHANNEL
    transport.refusing["dm:alice@local"] = DMS_CLOSED
    await say(table, "alice", f"press england {SECRET}")
    for _ in range(5):
        await pump.deliver_due()
        table.clock.now += timedelta(hours=2)
    kinds = [(r.target.get("user_id") or "#game", r.status) for r in await rows(table)][-4:]
    # The press; the game master's report, and the writer's; the channel's word that the
    # game master cannot be reached. Then nothing more.
    assert kinds == [
        ("bob", OutboxStatus.FAILED),
        ("gm", OutboxStatus.FAILED),
        ("alice", OutboxStatus.FAILED),
        ("#game", OutboxStatus.FAILED),
    ]
    assert await pump.next_retry() is None


async def test_when_the_gms_own_dm_fails_the_channel_is_told_without_its_content(
    table: Table,
) -> None:
    transport = await started(table)
    pump = pump_of(table, transport, "console")
    transport.refusing["dm:gm@local"] = DMS_CLOSED
    await say(table, "carol", f"report {SECRET}")
    await pump.deliver_due()
    await pump.deliver_due()
    [in_channel] = transport.to("#game")
    assert "hague: the game master could not be reached" in in_channel
    assert "A direct message to the game master could not be delivered" in in_channel
    assert SECRET not in in_channel and "carol" not in in_channel and "note" not in in_channel
    # The writer of the note learns it did not arrive.
    [to_carol] = transport.to("dm:carol@local")
    assert "A note for the game master you sent to the game master did not arrive" in to_carol


async def test_history_lists_what_did_not_arrive_to_those_allowed(table: Table) -> None:
    transport = await started(table)
    pump = pump_of(table, transport, "console")
    transport.refusing["dm:bob@local"] = DMS_CLOSED
    await say(table, "alice", f"press england {SECRET}")
    await pump.deliver_due()
    gm = await say(table, "gm", "history undelivered", dm=False)
    assert "hague: messages that did not arrive" in gm
    assert "Mon 5 Jan 2026 09:00 UTC: a press message for bob: they do not accept direct" in gm
    assert "a press message for England: they do not" in await say(
        table, "alice", "history undelivered"
    )
    assert "a press message for you: they do not" in await say(table, "bob", "history undelivered")
    carol = await say(table, "carol", "history undelivered")
    assert "Every message for you (and the game's channel) has been delivered." in carol
    assert SECRET not in gm


async def test_the_channel_is_checked_at_newgame_and_start(table: Table) -> None:
    transport = StandInTransport(size=1)
    pump_of(table, transport, "console")
    transport.missing = (Need.SEND, Need.ATTACH)
    created = await say(table, "gm", "newgame hague", dm=False)
    assert "New game: hague" in created
    assert "hague: I cannot post in this channel" in created
    assert "I cannot post everything in this channel" in created
    assert "Please grant it before `start`" in created
    for user, power in (("alice", "france"), ("bob", "england"), ("carol", "germany")):
        await say(table, user, f"join {power}", dm=False)
    begun = await say(table, "gm", "start", dm=False)
    assert "hague has begun" in begun
    assert "each message this channel does not get is reported to the game master" in begun
    transport.missing = ()
    elsewhere = await say(table, "gm", "newgame other", dm=False, channel="other")
    assert "New game: other" in elsewhere and "cannot post" not in elsewhere


async def test_a_crash_between_the_post_and_its_record_is_seen_once(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    transport = await started(table)
    pump = pump_of(table, transport, "console")
    await say(table, "gm", "process", dm=False)

    async def crash(outbox: Deliveries, message_id: int) -> None:
        raise SystemExit("killed")

    # The platform accepts the post; the worker dies before the outbox records it.
    monkeypatch.setattr(Deliveries, "delivered", crash)
    with pytest.raises(SystemExit):
        await pump.deliver_due()
    monkeypatch.undo()
    assert len(transport.to("#game")) == 1
    # A new worker (nothing remembered) after the lease: the message is due again, and the
    # platform says its part is already there.
    table.clock.now += timedelta(minutes=3)
    restarted = table.new_service().pump("console", transport)
    assert await restarted.deliver_due() >= 1
    assert len(transport.to("#game")) == 1
    assert all(r.status is OutboxStatus.SENT for r in await rows(table))
    # Without a platform that can tell, it would be posted twice.
    transport.forgetful = True
    await say(table, "gm", "process", dm=False)
    monkeypatch.setattr(Deliveries, "delivered", crash)
    with pytest.raises(SystemExit):
        await restarted.deliver_due()
    monkeypatch.undo()
    table.clock.now += timedelta(minutes=3)
    await table.new_service().pump("console", transport).deliver_due()
    assert len(transport.to("#game")) == 3


async def test_history_names_what_is_still_being_tried(table: Table) -> None:
    transport = await started(table)
    pump = pump_of(table, transport, "console")
    transport.refusing["#game"] = SendError("slack error ratelimited: try later")
    await say(table, "gm", "process", dm=False)
    await pump.deliver_due()
    table.clock.now += timedelta(hours=1)
    await pump.deliver_due()
    gm = await say(table, "gm", "history undelivered", dm=False)
    assert "Every message of this game has been delivered." not in gm
    assert "None was given up; these are still being tried." in gm
    assert "Still being tried" in gm
    assert "Mon 5 Jan 2026 09:00 UTC: the message “hague: Spring 1901" in gm
    assert "for the game's channel: 2 tries failed (slack error ratelimited: try later); " in gm
    assert "the next try in " in gm
    # a player sees those for the channel too
    assert "Still being tried" in await say(table, "carol", "history undelivered")
