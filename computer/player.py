"""The computer player: orders for one power in any phase of any variant the engine knows, at
one of three levels of play."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal

from computer.adjustments import adjustment_orders
from computer.dumbbot import dumbbot_orders, dumbbot_plays
from computer.movement import movement_orders
from computer.retreats import retreat_orders
from computer.search import Budget, search_orders
from engine import (
    Disband,
    Hold,
    Order,
    OrderError,
    PhaseKind,
    Position,
    Retreat,
    check_order,
)

Level = Literal["easy", "normal", "hard"]
LEVELS: tuple[Level, ...] = ("easy", "normal", "hard")


def level_of(name: str) -> Level:
    """The level called ``name``; a name no level has is refused."""
    for level in LEVELS:
        if level == name:
            return level
    raise ValueError(f"{name!r} is not a level of play: {', '.join(LEVELS)}")


# normal searches with a smaller budget than hard: a third of the adjudications
NORMAL_BUDGET = Budget(simulations=240, samples=6, candidates=8)
HARD_BUDGET = Budget()


def choose_orders(
    position: Position,
    power: str,
    *,
    seed: int,
    level: Level = "hard",
    budget: Budget | None = None,
) -> list[Order]:
    """The orders of ``power`` for ``position``'s phase: one for every unit in a movement
    phase, its retreats, or its builds and removals, on any variant the engine knows. Every
    order is one the engine accepts; the same position, power, seed, level and budget give the
    same orders; a power with nothing to order gets none.

    ``easy`` plays DumbBot's rules; ``normal`` and ``hard`` search their movement orders with
    the engine (``budget`` overrides the level's), hard with the larger budget."""
    if power not in position.variant.power_info or power in position.neutral:
        return []
    if level == "easy" and dumbbot_plays(position.variant.rules):
        chosen = dumbbot_orders(position, power, seed=seed)
        return [order for order in (_legal(position, power, o) for o in chosen) if order]
    rng = random.Random(f"{seed}:{position.phase}:{power}")
    if position.phase.kind is PhaseKind.MOVEMENT and level != "easy":
        chosen = search_orders(position, power, rng, budget or _BUDGETS[level])
    else:
        chosen = _value_player(position, power, rng)
    return [order for order in (_legal(position, power, o) for o in chosen) if order is not None]


def value_orders(position: Position, power: str, *, seed: int) -> list[Order]:
    """The value player's orders alone, in every phase (the yardstick where DumbBot's rules do
    not carry over, as on a Diplomacia board)."""
    if power not in position.variant.power_info or power in position.neutral:
        return []
    rng = random.Random(f"{seed}:{position.phase}:{power}")
    chosen = _value_player(position, power, rng)
    return [order for order in (_legal(position, power, o) for o in chosen) if order is not None]


def _value_player(position: Position, power: str, rng: random.Random) -> list[Order]:
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return movement_orders(position, power, rng)
    if kind is PhaseKind.RETREATS:
        return retreat_orders(position, power, rng)
    return adjustment_orders(position, power, rng)


_BUDGETS: dict[Level, Budget] = {"normal": NORMAL_BUDGET, "hard": HARD_BUDGET}


def orders_of_seats(
    position: Position, seeds: Sequence[tuple[str, int]], level: Level
) -> dict[str, list[Order]]:
    """Orders for each ``(power, seed)`` in one call: a game's computers as one job for a
    worker process (the position crosses to it once)."""
    return {power: choose_orders(position, power, seed=seed, level=level) for power, seed in seeds}


def _legal(position: Position, power: str, order: Order) -> Order | None:
    """The order as the engine accepts it; a plan the rules refuse falls back to what the
    unit does without orders (it holds, a retreat disbands, a build is not made)."""
    try:
        return check_order(position, power, order)
    except OrderError:
        pass
    if isinstance(order, Retreat):
        return Disband(order.unit)
    if position.phase.kind is PhaseKind.MOVEMENT and not isinstance(order, Hold):
        return Hold(order.unit)  # type: ignore[union-attr]
    return None
