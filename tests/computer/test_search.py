"""The searching player: a budget too small for any search still gives every unit a legal
order; the search finds what a lone policy misses; DumbBot plays by its rules."""

from __future__ import annotations

import random

from computer import Budget, choose_orders, dumbbot_orders
from computer.dumbbot import choose
from computer.match import opening, play
from engine import Hold, Move, Phase, PhaseKind, Position, Unit, check_order, load_variant


def test_a_tiny_budget_still_answers_with_a_legal_order_for_every_unit() -> None:
    start = opening(load_variant("standard"))
    game = play(start, dict.fromkeys(start.variant.powers, dumbbot_orders), seed=3, last_year=1904)
    positions = [s.position for s in game.steps if s.position.phase.kind is PhaseKind.MOVEMENT]
    for budget in (Budget(simulations=0), Budget(simulations=1, samples=1, candidates=1)):
        for position in positions[-2:]:
            for power in position.variant.powers:
                orders = choose_orders(position, power, seed=1, budget=budget)
                assert len(orders) == len(position.units.get(power, ()))
                for order in orders:
                    assert check_order(position, power, order) == order


def test_a_wall_clock_stop_gives_legal_orders_too() -> None:
    position = Position.initial()
    orders = choose_orders(position, "TURKEY", seed=1, budget=Budget(seconds=0.0))
    assert len(orders) == 3


def test_the_search_takes_a_centre_left_open() -> None:
    """Germany's army next to an empty Holland in the Fall walks in: worth a centre."""
    start = Position.initial()
    position = start.evolve(
        units={**start.units, "GERMANY": (Unit.parse("A RUH"),)}, phase=Phase.parse("F1901M")
    )
    orders = choose_orders(position, "GERMANY", seed=1)
    assert any(isinstance(o, Move) and o.dest in ("HOL", "BEL") for o in orders), orders


def test_dumbbots_choice_rule_takes_only_near_alternatives() -> None:
    ranked = [(1000.0, "best"), (500.0, "far behind")]
    assert {choose(ranked, random.Random(s)) for s in range(200)} == {"best"}
    close = [(1000.0, "best"), (990.0, "close")]
    assert {choose(close, random.Random(s)) for s in range(200)} == {"best", "close"}


def test_dumbbot_gives_every_unit_an_order_that_the_rules_allow() -> None:
    position = Position.initial()
    for power in position.variant.powers:
        orders = dumbbot_orders(position, power, seed=5)
        assert len(orders) == len(position.units[power])
        for order in orders:
            assert check_order(position, power, order) == order
    assert dumbbot_orders(position, "RUSSIA", seed=5) == dumbbot_orders(position, "RUSSIA", seed=5)
    assert not all(isinstance(o, Hold) for o in dumbbot_orders(position, "FRANCE", seed=5))
