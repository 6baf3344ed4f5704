"""Every order a computer player gives is one the rules allow: over positions reached by
random play in every variant the engine ships, in movement, retreats and adjustments."""

from __future__ import annotations

import pytest

from computer import choose_orders
from computer.match import opening, play
from computer.opponents import random_orders
from engine import OrderError, PhaseKind, Position, available_variants, check_order, load_variant


def _positions(variant: str, seed: int, years: int) -> list[Position]:
    start = opening(load_variant(variant))
    players = dict.fromkeys(start.variant.powers, random_orders)
    game = play(start, players, seed=seed, last_year=start.phase.year + years)
    return [step.position for step in game.steps] + [game.final]


@pytest.mark.parametrize("variant", available_variants())
@pytest.mark.parametrize("seed", [1, 2])
def test_every_order_is_legal_in_positions_of_random_play(variant: str, seed: int) -> None:
    years = 2 if variant == "diplomacia" else 4
    kinds: set[PhaseKind] = set()
    for position in _positions(variant, seed, years):
        kinds.add(position.phase.kind)
        for power in position.variant.powers:
            orders = choose_orders(position, power, seed=seed)
            for order in orders:
                try:
                    assert check_order(position, power, order) == order
                except OrderError as exc:
                    pytest.fail(f"{position.phase} {power}: {order} refused: {exc}")
            units = {o.unit for o in orders if hasattr(o, "unit")}
            assert len(units) == len(orders), f"two orders for one unit: {orders}"
            if position.phase.kind is PhaseKind.MOVEMENT and power not in position.neutral:
                assert len(orders) == len(position.units.get(power, ()))
    assert PhaseKind.MOVEMENT in kinds and PhaseKind.ADJUSTMENTS in kinds
