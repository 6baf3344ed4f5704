"""The computers' searches have worker processes of their own: a game's deadline is worked
out while every one of them is busy, and at a higher priority than theirs."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import AsyncIterator
from concurrent.futures import Executor
from datetime import timedelta
from pathlib import Path

import pytest

from bot.service import GameService, Workers
from bot.workers import worker_processes
from tests.bot.service.harness import Table, open_table, said

# How long a stand-in search waits for its release before giving up (a guard, never reached).
RELEASE_WAIT_SECONDS = 120.0


def search_until_released(release: str) -> str:
    """A computer's search that holds its worker process until ``release`` exists."""
    deadline = time.monotonic() + RELEASE_WAIT_SECONDS
    while not Path(release).exists():
        if time.monotonic() > deadline:
            return "never released"
        time.sleep(0.02)
    return "released"


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    """A two-player game without computers, its first deadline passed."""
    async with open_table("sqlite", tmp_path) as table:
        await table.play(
            """
            gm> /dip newgame hague reminders=off
            carol> /dip join france
            dave> /dip join germany
            gm> /dip start
            """
        )
        table.fresh()
        table.clock.now += timedelta(hours=49)
        yield table


def served_by(table: Table, workers: Workers) -> GameService:
    return GameService(
        table.sessions,
        clock=table.clock,
        renderer=table.renderer,
        animator=table.animator,
        map_size=300,
        workers=workers,
    )


def occupy(computers: Executor, count: int, release: Path) -> list[asyncio.Future[str]]:
    loop = asyncio.get_running_loop()
    return [
        loop.run_in_executor(computers, search_until_released, str(release)) for _ in range(count)
    ]


async def test_a_deadline_is_adjudicated_while_every_computer_is_searching(
    table: Table, tmp_path: Path
) -> None:
    release = tmp_path / "release"
    with worker_processes(1) as workers:
        assert workers.computers is not None
        searches = occupy(workers.computers, workers.count, release)
        try:
            # waits for nothing but its own work: behind the searches it would wait forever
            assert await asyncio.wait_for(served_by(table, workers).process_due(), 60) == 1
            assert not any(search.done() for search in searches), "the searches still run"
            lines = await table.play("clock +1m")
            assert said(lines, "#game").count("hague: Spring 1901 — results") == 1
        finally:
            release.touch()
        assert await asyncio.gather(*searches) == ["released"] * workers.count


def test_the_computers_yield_the_processors_to_the_deadlines() -> None:
    if not hasattr(os, "nice"):
        pytest.skip("no process priorities here")
    with worker_processes(1) as workers:
        assert workers.computers is not None
        deadlines = workers.pool.submit(os.nice, 0).result()
        computers = workers.computers.submit(os.nice, 0).result()
        assert computers > deadlines > os.nice(0)
