"""Exactly once, nothing lost: concurrent adjudication, crashes half-way, restarts and
deliveries that never finished."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from bot.service import SendError
from bot.service.game_service import GameService
from bot.service.outbox import Deliveries
from bot.store import (
    DELIVERY_LEASE,
    Game,
    OutboxMessage,
    OutboxStatus,
    Phase,
    PhaseStatus,
    Store,
    create_engine,
    create_sessionmaker,
)
from tests.bot.service.harness import FakeRenderer, Table, open_table, said
from tests.bot.store.support import BACKENDS


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table(request.param, tmp_path) as table:
        await table.seven_players()
        await table.play(
            """
            carol@dm> order A PAR - BUR; A MAR - SPA
            dave@dm> order A MUN - RUH
            """
        )
        yield table


async def first_phase(table: Table) -> Phase:
    async with table.sessions() as session:
        phase = await session.scalar(select(Phase).order_by(Phase.id))
        assert phase is not None
        return phase


async def results_messages(table: Table) -> list[OutboxMessage]:
    async with table.sessions() as session:
        rows = await session.scalars(
            select(OutboxMessage).where(OutboxMessage.dedupe_key.like("%:results"))
        )
        return list(rows)


async def order_texts(table: Table, phase_id: int) -> list[str]:
    async with table.sessions() as session:
        return [o.canonical_text or "" for o in await Store(session).orders_of_phase(phase_id)]


def renderer(table: Table) -> FakeRenderer:
    assert isinstance(table.renderer, FakeRenderer)
    return table.renderer


async def test_two_workers_adjudicate_a_phase_once(table: Table) -> None:
    phase = await first_phase(table)
    other = table.new_service()
    outcomes = await asyncio.gather(
        table.service.process_phase(phase.id), other.process_phase(phase.id)
    )
    assert sorted(outcomes) == [False, True]
    assert len(await results_messages(table)) == 1
    assert len([c for c in renderer(table).calls if c["results"] is not None]) == 1
    lines = await table.play("clock +1m")
    assert said(lines, "#game").count("hague: Spring 1901 — results") == 1


async def test_two_sweeps_at_the_deadline_adjudicate_once(table: Table) -> None:
    table.clock.now += timedelta(days=2)
    other = table.new_service()
    done = await asyncio.gather(table.service.process_due(), other.process_due())
    assert sorted(done) == [0, 1]
    assert len(await results_messages(table)) == 1


async def test_a_crash_half_way_leaves_the_phase_open_with_its_orders(table: Table) -> None:
    phase = await first_phase(table)
    before = await order_texts(table, phase.id)
    renderer(table).fail = RuntimeError("renderer fell over")
    lines = await table.play("clock +48h")
    failed = "hague: Spring 1901 could not be adjudicated: drawing the results map failed"
    (told,) = said(lines, "#game")
    assert told.startswith(f"{failed} (RuntimeError). Its orders are kept;")
    async with table.sessions() as session:
        again = await session.get(Phase, phase.id)
        assert again is not None
        assert (again.status, again.results, again.version) == (
            PhaseStatus.OPEN,
            None,
            phase.version,
        )
        assert await session.scalar(select(Phase).where(Phase.id != phase.id)) is None
    assert await order_texts(table, phase.id) == before
    assert await results_messages(table) == []
    lines = await table.play("gm> /dip process")
    assert len(lines) == 1 and lines[0].startswith(f"[only:gm#game] {failed}")

    renderer(table).fail = None
    # the game master's try counted: the next comes two minutes after it
    lines = await table.play("clock +2m")
    assert said(lines, "#game").count("hague: Spring 1901 — results") == 1
    assert "A PAR - BUR  ✓ moved" in said(lines, "#game")
    lines = await table.play("clock +1m")
    assert not said(lines, "#game"), "delivered once"


async def test_a_crash_while_queueing_announcements_loses_nothing(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    phase = await first_phase(table)
    real = Store.enqueue

    async def broken(self: Store, key: str, **kwargs: Any) -> OutboxMessage:
        if key.endswith(":results"):
            raise ConnectionError("database went away")
        return await real(self, key, **kwargs)

    monkeypatch.setattr(Store, "enqueue", broken)
    assert await table.service.process_due() == 0
    table.clock.now += timedelta(days=2)
    assert await table.service.process_due() == 0
    async with table.sessions() as session:
        again = await session.get(Phase, phase.id)
        assert again is not None and again.status == PhaseStatus.OPEN
    async with table.sessions() as session:
        (failing,) = await Store(session, table.clock).failing_adjudications()
        assert failing.reason == "the database failed (ConnectionError)"
    monkeypatch.setattr(Store, "enqueue", real)
    assert await table.service.process_due() == 0, "not before its next try"
    table.clock.now += timedelta(minutes=1)
    assert await table.service.process_due() == 1
    lines = await table.play("clock +1m")
    assert said(lines, "#game").count("hague: Spring 1901 — results") == 1


async def test_a_restart_catches_the_deadline_it_slept_through(table: Table) -> None:
    table.clock.now += timedelta(days=3)
    restarted = table.new_service()
    assert await restarted.next_wakeup() == table.clock.now - timedelta(days=1)
    assert await restarted.process_due() == 1
    assert [m.status for m in await results_messages(table)] == [OutboxStatus.PENDING]


def outbox(table: Table) -> Deliveries:
    """The outbox as a pump sees it."""
    return Deliveries(table.sessions, table.clock)


async def test_a_delivery_that_never_finished_is_sent_again(table: Table) -> None:
    await table.service.process_due()
    phase = await first_phase(table)
    assert await table.service.process_phase(phase.id) is True
    taken = await outbox(table).pending("console")
    assert [d.message.title for d in taken] == ["hague: Spring 1901 — results"]
    assert taken[0].image is not None
    # The deliverer dies before reporting: nobody else may take the message for a while...
    assert await outbox(table).pending("console") == []
    # ...then it is due again, and delivered.
    table.clock.now += DELIVERY_LEASE + timedelta(seconds=1)
    again = await outbox(table).pending("console")
    assert [d.id for d in again] == [taken[0].id]
    await outbox(table).delivered(again[0].id)
    table.clock.now += DELIVERY_LEASE * 2
    assert await outbox(table).pending("console") == []


async def test_a_failed_delivery_is_retried_later(table: Table) -> None:
    phase = await first_phase(table)
    await table.service.process_phase(phase.id)
    (delivery,) = await outbox(table).pending("console")
    assert await outbox(table).failed(delivery.id, SendError("channel not found")) is False
    # The console's pump sleeps until then.
    wake = await table.console.pump.next_retry()
    assert wake == table.clock.now + timedelta(seconds=30)
    table.clock.now = wake
    assert [d.id for d in await outbox(table).pending("console")] == [delivery.id]


async def test_other_platforms_messages_are_left_for_their_front_end(table: Table) -> None:
    phase = await first_phase(table)
    await table.service.process_phase(phase.id)
    assert await outbox(table).pending("slack") == []
    assert await outbox(table).next_retry("slack") is None
    assert len(await outbox(table).pending("console")) == 1


async def test_an_order_racing_the_adjudication_is_refused(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    phase = await first_phase(table)
    # The adjudication comes from another worker: a process with connections of its own.
    other = create_engine(table.sessions.kw["bind"].url)
    worker = GameService(
        create_sessionmaker(other),
        clock=table.clock,
        renderer=table.renderer,
        animator=table.animator,
        map_size=300,
    )
    real = Store.record_orders

    async def after_the_claim(self: Store, *args: Any, **kwargs: Any) -> Any:
        await worker.process_phase(phase.id)
        return await real(self, *args, **kwargs)

    monkeypatch.setattr(Store, "record_orders", after_the_claim)
    try:
        lines = await table.play("carol@dm> order F BRE - MAO")
    finally:
        await other.dispose()
    assert lines[0] == (
        "[dm:carol] Too late: the phase was adjudicated while your command was on its way, so "
        "nothing was changed. `status` shows the new phase."
    )
    monkeypatch.setattr(Store, "record_orders", real)
    assert "F BRE - MAO" not in await order_texts(table, phase.id)
    async with table.sessions() as session:
        game = await session.scalar(select(Game))
        assert game is not None
