"""A computer player's orders depend on the position, the power and the seed, nothing else."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from computer import LEVELS, Budget, choose_orders, dumbbot_orders
from computer.match import opening, play
from engine import Position, format_order, load_variant


def test_the_same_seed_gives_the_same_orders_and_the_same_game() -> None:
    start = opening(load_variant("standard"))
    players = dict.fromkeys(start.variant.powers, choose_orders)
    first = play(start, players, seed=7, last_year=1903)
    again = play(start, players, seed=7, last_year=1903)
    assert [s.orders for s in first.steps] == [s.orders for s in again.steps]
    assert first.final == again.final


def test_a_position_read_back_from_json_gives_the_same_orders() -> None:
    start = Position.initial()
    copy = Position.from_json(start.to_json())
    for power in start.variant.powers:
        assert choose_orders(start, power, seed=3) == choose_orders(copy, power, seed=3)


def test_another_seed_may_choose_otherwise() -> None:
    start = Position.initial()
    powers = start.variant.powers
    chosen = {
        tuple(format_order(o) for p in powers for o in choose_orders(start, p, seed=s))
        for s in range(8)
    }
    assert len(chosen) > 1


def test_a_power_with_nothing_to_order_gets_no_orders() -> None:
    start = opening(load_variant("ww1"))
    assert choose_orders(start, "ITALY", seed=1) == []  # neutral until 1914
    assert choose_orders(start, "NOWHERE", seed=1) == []


def test_every_level_gives_the_same_orders_for_the_same_seed() -> None:
    start = opening(load_variant("standard"))
    game = play(start, dict.fromkeys(start.variant.powers, dumbbot_orders), seed=4, last_year=1903)
    position = game.final
    for level in LEVELS:
        first = [choose_orders(position, p, seed=9, level=level) for p in position.variant.powers]
        again = [choose_orders(position, p, seed=9, level=level) for p in position.variant.powers]
        assert first == again, level


def test_a_search_cut_by_its_budget_still_gives_the_same_orders() -> None:
    """The budget counts adjudications, not seconds: a small one stops the search early, at
    the same point every time."""
    position = Position.initial()
    small = Budget(simulations=30, samples=3, candidates=4)
    chosen = {tuple(choose_orders(position, "GERMANY", seed=2, budget=small)) for _ in range(3)}
    assert len(chosen) == 1


@pytest.mark.parametrize("variant", ["standard", "diplomacia"])
def test_every_process_gives_the_same_orders(variant: str) -> None:
    """Worker processes hash strings each their own way: the orders must not depend on it
    (on a Diplomacia board, with its seizures, convoys hop by hop and two accounts)."""
    script = (
        "from computer import choose_orders\n"
        "from computer.match import opening, play\n"
        "from computer.player import value_orders\n"
        "from engine import load_variant, format_order\n"
        f"start = opening(load_variant({variant!r}))\n"
        "game = play(start, dict.fromkeys(start.variant.powers, value_orders), seed=2,"
        " last_year=start.phase.year + 3)\n"
        "p = game.final\n"
        "print([[format_order(o) for o in choose_orders(p, w, seed=5)]"
        " for w in p.variant.powers])\n"
    )
    answers = {
        subprocess.run(
            [sys.executable, "-c", script],
            env={**os.environ, "PYTHONHASHSEED": str(hash_seed)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for hash_seed in (1, 2, 3)
    }
    assert len(answers) == 1, answers
