"""Many games due at once: phases worked on together, adjudicated and drawn by worker
processes, shared between workers, each exactly once."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import select, text

from bot.service import Workers
from bot.service.game_service import GameService
from bot.service.turn.adjudication import Adjudicator
from bot.service.turn.resolving import Work
from bot.store import (
    Game,
    OutboxMessage,
    Phase,
    PhaseStatus,
    Store,
    create_engine,
    create_sessionmaker,
)
from tests.bot.service.harness import Table, open_table, said
from tests.bot.store.support import BACKENDS

GAMES = ("hague", "leiden", "delft", "gouda")


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    """Four two-player games, each in its own channel, due at the same moment."""
    async with open_table(request.param, tmp_path) as table:
        for game in GAMES:
            await table.play(
                f"""
                gm#{game}> /dip newgame {game}
                carol#{game}> /dip join france
                dave#{game}> /dip join germany
                gm#{game}> /dip start
                """
            )
        table.fresh()
        yield table


def worker(table: Table, sessions: object | None = None, *, processes: int = 2) -> GameService:
    """Another worker with workers of its own (threads stand in for processes here)."""
    return GameService(
        table.sessions if sessions is None else sessions,  # type: ignore[arg-type]
        clock=table.clock,
        renderer=table.renderer,
        animator=table.animator,
        map_size=300,
        workers=Workers(ThreadPoolExecutor(processes), processes),
    )


async def adjudicated(table: Table) -> Counter[str]:
    async with table.sessions() as session:
        return Counter(
            await session.scalars(
                select(Game.name)
                .join(Phase, Phase.game_id == Game.id)
                .where(Phase.status == PhaseStatus.ADJUDICATED)
            )
        )


async def results_keys(table: Table) -> list[str]:
    async with table.sessions() as session:
        return list(
            await session.scalars(
                select(OutboxMessage.dedupe_key).where(OutboxMessage.dedupe_key.like("%:results"))
            )
        )


async def test_games_due_together_are_each_announced_once(table: Table) -> None:
    table.clock.now += timedelta(hours=49)
    assert await worker(table).process_due() == len(GAMES)
    lines = await table.play("clock +1m")
    for game in GAMES:
        assert said(lines, f"#{game}").count(f"{game}: Spring 1901 — results") == 1
    assert await adjudicated(table) == Counter(GAMES)


async def test_two_workers_share_the_due_games_each_once(table: Table) -> None:
    # The second worker is a process of its own: connections of its own.
    other = create_engine(table.sessions.kw["bind"].url)
    try:
        first, second = worker(table), worker(table, create_sessionmaker(other))
        table.clock.now += timedelta(hours=49)
        done = await asyncio.gather(first.process_due(), second.process_due())
        assert sum(done) == len(GAMES)
        assert await first.process_due() == 0
    finally:
        await other.dispose()
    assert await adjudicated(table) == Counter(GAMES)
    keys = await results_keys(table)
    assert len(keys) == len(set(keys)) == len(GAMES)
    lines = await table.play("clock +1m")
    for game in GAMES:
        assert said(lines, f"#{game}").count(f"{game}: Spring 1901 — results") == 1


async def test_an_order_stored_while_the_map_was_drawn_ahead_counts(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    if table.sessions.kw["bind"].dialect.name != "sqlite":
        pytest.skip("only SQLite works a phase out ahead of its transaction")
    await table.play("carol@dm> order game hague A PAR - BUR")
    real = Adjudicator._work_ahead

    async def then_an_order(self: Adjudicator, phase_id: int) -> Work | None:
        work = await real(self, phase_id)
        async with table.sessions.begin() as session:
            store = Store(session, table.clock)
            phase = await store.get_phase(phase_id)
            game = None if phase is None else await store.get_game(phase.game_id)
            if phase is not None and game is not None and game.name == "hague":
                await store.record_order(
                    phase.id,
                    "FRANCE",
                    "PAR",
                    "A PAR - PIC",
                    canonical_text="A PAR - PIC",
                    submitted_by="carol",
                )
        return work

    monkeypatch.setattr(Adjudicator, "_work_ahead", then_an_order)
    table.clock.now += timedelta(hours=49)
    assert await worker(table).process_due() == len(GAMES)
    lines = await table.play("clock +1m")
    results = "\n".join(said(lines, "#hague"))
    assert "A PAR - PIC  ✓ moved" in results
    assert "BUR" not in results


async def test_a_worker_does_the_others_first_while_phases_are_held(table: Table) -> None:
    if table.sessions.kw["bind"].dialect.name == "sqlite":
        pytest.skip("SQLite has no row locks: one writer at a time")
    table.clock.now += timedelta(hours=49)
    busy = GAMES[:3]
    async with table.sessions() as session:
        held = list(
            await session.scalars(
                select(Phase.id).join(Game, Game.id == Phase.game_id).where(Game.name.in_(busy))
            )
        )
    # Another worker holds the first three due phases: more than this one works on at once.
    one = worker(table, processes=1)
    holder = create_engine(table.sessions.kw["bind"].url)
    try:
        async with holder.connect() as connection:
            transaction = await connection.begin()
            await connection.execute(
                text("SELECT id FROM phases WHERE id = ANY(:ids) FOR UPDATE"), {"ids": held}
            )
            running = asyncio.create_task(one.process_due())
            for _ in range(200):
                if await adjudicated(table):
                    break
                await asyncio.sleep(0.05)
            assert await adjudicated(table) == Counter(GAMES[3:])
            assert not running.done()
            await transaction.commit()
        assert await running == len(GAMES)
    finally:
        await holder.dispose()
    assert await adjudicated(table) == Counter(GAMES)
