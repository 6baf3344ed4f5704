"""How well computers play (`bot_level=easy|normal|hard`), and where they think: their orders
are chosen in the service's worker processes, off the event loop, the same as without them."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

import computer
from bot.frontends.console import Console
from bot.service import Workers
from bot.service.game_service import GameService
from bot.service.turn.computer_turns import computer_seed
from bot.store import Game, Phase, PhaseStatus, Store
from engine import Position, format_order
from tests.bot.service.harness import Table, open_table, said
from tests.bot.service.test_computer_players import COMPUTERS, open_orders


async def _game_and_phase(table: Table) -> tuple[Game, Phase]:
    async with table.sessions() as session:
        phase = await session.scalar(select(Phase).where(Phase.status == PhaseStatus.OPEN))
        assert phase is not None
        game = await Store(session).get_game(phase.game_id)
        assert game is not None
        return game, phase


async def _expected(table: Table, level: computer.Level) -> dict[str, list[str]]:
    """What each computer's orders are at ``level`` with the seed the game gives it."""
    game, phase = await _game_and_phase(table)
    position = Position.from_json(phase.position)
    return {
        power: [
            format_order(o)
            for o in computer.choose_orders(
                position, power, seed=computer_seed(game, phase.name, power), level=level
            )
        ]
        for power in COMPUTERS
    }


@pytest.mark.parametrize("level", ["easy", "hard"])
async def test_the_game_master_chooses_how_well_computers_play(
    tmp_path: Path, level: computer.Level
) -> None:
    async with open_table("sqlite", tmp_path) as table:
        lines = await table.play(
            f"""
            gm> /dip newgame hague bots=all bot_level={level} reminders=off
            alice> /dip join france
            gm> /dip start
            """
        )
        assert f"Computer players play {level}" in "\n".join(said(lines, "#game"))
        found = await open_orders(table)
        expected = await _expected(table, level)
        assert {p: sorted(o) for p, o in found.items()} == {
            p: sorted(o) for p, o in expected.items()
        }


async def test_easy_computers_play_dumbbots_rules(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.play(
            """
            gm> /dip newgame hague bots=all bot_level=easy reminders=off
            alice> /dip join france
            gm> /dip start
            """
        )
        game, phase = await _game_and_phase(table)
        position = Position.from_json(phase.position)
        seed = computer_seed(game, phase.name, "RUSSIA")
        dumbbot = [format_order(o) for o in computer.dumbbot_orders(position, "RUSSIA", seed=seed)]
        assert sorted((await open_orders(table))["RUSSIA"]) == sorted(dumbbot)


async def test_the_level_is_changed_in_settings_and_a_wrong_one_refused(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        lines = await table.play("gm> /dip newgame hague bots=all bot_level=genius")
        assert said(lines, "only:gm#game") == [
            "bot_level=genius: write bot_level=easy, normal or hard."
        ]
        await table.play("gm> /dip newgame hague bots=all")
        lines = await table.play("gm> /dip settings bot_level=hard")
        assert any("Computer players play hard" in line for line in lines)


class _Recording(ProcessPoolExecutor):
    """A real pool of spawned processes that notes what it was given to do."""

    def __init__(self) -> None:
        super().__init__(1, mp_context=multiprocessing.get_context("spawn"))
        self.jobs: list[str] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.jobs.append(getattr(fn, "__name__", repr(fn)))
        return super().submit(fn, *args, **kwargs)


async def test_computers_choose_their_orders_in_the_worker_processes(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        pool, deadlines = _Recording(), _Recording()
        try:
            table.service = GameService(
                table.sessions,
                clock=table.clock,
                renderer=table.renderer,
                animator=table.animator,
                map_size=table.map_size,
                workers=Workers(deadlines, 1, computers=pool),
            )
            table.console = Console(table.service, table.out, table.map_dir, admins=())
            await table.play(
                """
                gm> /dip newgame hague bots=all reminders=off
                alice> /dip join france
                gm> /dip start
                """
            )
            # in the computers' own processes: a deadline never queues behind them
            assert (pool.jobs, deadlines.jobs) == (["orders_of_seats"], [])
            expected = await _expected(table, "normal")
            found = await open_orders(table)
            assert {p: sorted(o) for p, o in found.items()} == {
                p: sorted(o) for p, o in expected.items()
            }
        finally:
            pool.shutdown()
            deadlines.shutdown()
