"""A stopping bot's deadline run (`GameService.wind_down`): no phase is begun after it, the
phases in hand finish, and it waits no longer than its bound."""

from __future__ import annotations

import asyncio
import threading
from datetime import timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import select

from bot.store import Phase, PhaseStatus
from engine import Position
from tests.bot.service.harness import FakeRenderer, Table, open_table


class GatedRenderer(FakeRenderer):
    """Draws a results map only once the gate opens (the test holds a run half-way)."""

    def __init__(self) -> None:
        super().__init__()
        self.entered = threading.Event()
        self.gate = threading.Event()
        self.gate.set()

    def __call__(self, position: Position, **options: Any) -> bytes:
        if options.get("results") is not None:
            self.entered.set()
            self.gate.wait(timeout=30)
        return super().__call__(position, **options)


async def statuses(table: Table) -> list[PhaseStatus]:
    async with table.sessions() as session:
        return list(await session.scalars(select(Phase.status).order_by(Phase.id)))


async def test_no_phase_is_begun_after_winding_down(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players()
        table.clock.now += timedelta(days=3)
        assert await table.service.wind_down()
        assert await table.service.process_due() == 0
        assert await statuses(table) == [PhaseStatus.OPEN]
        # The next start takes it.
        assert await table.new_service().process_due() == 1
        assert await statuses(table) == [PhaseStatus.ADJUDICATED, PhaseStatus.OPEN]


async def test_a_phase_in_hand_finishes_within_the_bound(tmp_path: Path) -> None:
    renderer = GatedRenderer()
    async with open_table("sqlite", tmp_path, renderer=renderer) as table:
        await table.seven_players()
        table.clock.now += timedelta(days=3)
        renderer.gate.clear()
        run = asyncio.create_task(table.service.process_due())
        await asyncio.to_thread(renderer.entered.wait, 10)
        assert not await table.service.wind_down(within=0.1), "the run is held half-way"
        renderer.gate.set()
        assert await table.service.wind_down(within=10)
        assert run.done() and run.result() == 1
        assert await statuses(table) == [PhaseStatus.ADJUDICATED, PhaseStatus.OPEN]
