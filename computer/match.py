"""Whole games between players that choose orders by themselves: each phase every power's
orders are chosen, the engine adjudicates them, until a seat wins or the last year is over."""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from engine import Order, Position, Resolution, Variant, adjudicate


class Chooser(Protocol):
    """Orders for ``power`` in ``position`` (:func:`computer.choose_orders` is one)."""

    def __call__(self, position: Position, power: str, *, seed: int) -> list[Order]: ...


@dataclass(frozen=True)
class Step:
    """One adjudicated phase: the position, everyone's orders, what came of them, and the
    seconds each power's player spent choosing its orders."""

    position: Position
    orders: Mapping[str, tuple[Order, ...]]
    resolution: Resolution
    thinking: Mapping[str, float]


@dataclass(frozen=True)
class Game:
    steps: tuple[Step, ...]
    final: Position
    winners: tuple[str, ...]


def opening(variant: Variant) -> Position:
    """The first position, with a variant's fixed sides seated together (World War I)."""
    return Position.initial(variant, seats=variant.rules.sides)


def play(start: Position, players: Mapping[str, Chooser], *, seed: int, last_year: int) -> Game:
    """Play from ``start`` until a seat wins or ``last_year`` (a turn on a Diplomacia board)
    is over; a power without a player gives no orders (it holds, as in civil disorder)."""
    steps: list[Step] = []
    position = start
    while position.phase.year <= last_year:
        orders: dict[str, tuple[Order, ...]] = {}
        thinking: dict[str, float] = {}
        for power in position.variant.powers:
            if power in players:
                began = time.perf_counter()
                orders[power] = tuple(players[power](position, power, seed=seed))
                thinking[power] = time.perf_counter() - began
        resolution = adjudicate(position, orders)
        steps.append(Step(position, orders, resolution, thinking))
        position = resolution.position
        if resolution.winners:
            return Game(tuple(steps), position, resolution.winners)
    return Game(tuple(steps), position, ())
