"""Every order a computer player gives is one the rules allow: over positions reached by
random play in every variant the engine ships, in movement, retreats and adjustments.

The positions come from games where some powers order at random and the others are computer
players, DumbBot's rules where they apply (random play alone seldom dislodges anybody, so it
would reach few retreats). The searching levels are given a small budget: the orders come
from the same search, sooner."""

from __future__ import annotations

from functools import cache, partial

import pytest

from computer import Budget, Level, choose_orders
from computer.match import Chooser, opening, play
from computer.opponents import random_orders
from engine import OrderError, PhaseKind, Position, available_variants, check_order, load_variant

SMALL = Budget(simulations=40, samples=2, candidates=4)
_EASY: Chooser = partial(choose_orders, level="easy")


@cache
def _positions(variant: str, seed: int, years: int) -> list[Position]:
    start = opening(load_variant(variant))
    players: dict[str, Chooser] = {
        power: random_orders if (index + seed) % 2 else _EASY
        for index, power in enumerate(start.variant.powers)
    }
    game = play(start, players, seed=seed, last_year=start.phase.year + years)
    return [step.position for step in game.steps] + [game.final]


@pytest.mark.parametrize("level", ["easy", "hard"])
@pytest.mark.parametrize("variant", available_variants())
def test_every_order_is_legal_in_positions_of_random_play(variant: str, level: Level) -> None:
    years = 3 if variant == "diplomacia" else 5
    kinds: set[PhaseKind] = set()
    seed = 0
    while seed < 3 or (kinds != set(PhaseKind) and seed < 8):
        seed += 1
        _check_every_power(_positions(variant, seed, years), seed, kinds, level)
    assert kinds == set(PhaseKind)


def _check_every_power(
    positions: list[Position], seed: int, kinds: set[PhaseKind], level: Level
) -> None:
    for position in positions:
        kinds.add(position.phase.kind)
        for power in position.variant.powers:
            orders = choose_orders(position, power, seed=seed, level=level, budget=SMALL)
            for order in orders:
                try:
                    assert check_order(position, power, order) == order
                except OrderError as exc:
                    pytest.fail(f"{position.phase} {power}: {order} refused: {exc}")
            units = {o.unit for o in orders if hasattr(o, "unit")}
            assert len(units) == len(orders), f"two orders for one unit: {orders}"
            if position.phase.kind is PhaseKind.MOVEMENT and power not in position.neutral:
                assert len(orders) == len(position.units.get(power, ()))
