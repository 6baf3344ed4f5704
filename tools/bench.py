"""`make bench`: seeded, conflict-heavy phases through the engine; reports phases per second
and median/p90 time per phase for movement, retreat and adjustment steps."""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from functools import partial

from engine import Disband, Order, PhaseKind, Position, Retreat, adjudicate, load_variant
from tools.bench_render import diplomacia_board
from tools.scenarios import (
    diplomacia_movement_orders,
    diplomacia_other_orders,
    random_phases,
    report,
)


def _time(step: Callable[[], object]) -> float:
    start = time.perf_counter()
    step()
    return time.perf_counter() - start


def retreat_orders(rng: random.Random, position: Position) -> dict[str, list[Order]]:
    """A random retreat (or a disband) for every dislodged unit: some collide."""
    orders: dict[str, list[Order]] = {}
    for d in position.dislodged:
        choice: Order = Retreat(d.unit, rng.choice(d.retreats)) if d.retreats else Disband(d.unit)
        orders.setdefault(d.power, []).append(choice)
    return orders


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--phases", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1901)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    cases = random_phases(rng, load_variant(), args.phases)
    for position, orders in cases[:50]:  # warm caches
        adjudicate(position, orders)
    movement, retreat, adjustment = [], [], []
    units = [sum(len(u) for u in p.units.values()) for p, _ in cases]
    for position, orders in cases:
        movement.append(_time(partial(adjudicate, position, orders)))
    for position, orders in cases:
        after = adjudicate(position, orders).position
        if after.phase.kind is PhaseKind.RETREATS:
            retreats = retreat_orders(rng, after)
            retreat.append(_time(partial(adjudicate, after, retreats)))
            after = adjudicate(after, retreats).position
        if after.phase.kind is PhaseKind.ADJUSTMENTS:
            # no adjustment orders: missing builds are waived, removals by civil disorder
            adjustment.append(_time(partial(adjudicate, after, {})))
    print(
        f"engine benchmark: seed {args.seed}, {len(cases)} movement phases of "
        f"{min(units)}-{max(units)} units (median {statistics.median(units):.0f}), "
        "every unit ordered, half Spring and half Fall"
    )
    report("movement", movement)
    report("retreat", retreat)
    report("adjustment", adjustment)
    _diplomacia(rng)


def _diplomacia(rng: random.Random, games: int = 20, turns: int = 12) -> None:
    """Whole random Diplomacia games on the shipped board: every phase timed as adjudicated."""
    variant = diplomacia_board()
    times: dict[PhaseKind, list[float]] = {kind: [] for kind in PhaseKind}
    sizes: list[int] = []
    for _ in range(games):
        position = Position.initial(variant)
        while position.phase.year <= turns:
            kind = position.phase.kind
            if kind is PhaseKind.MOVEMENT:
                orders = diplomacia_movement_orders(rng, position)
                sizes.append(sum(len(u) for u in position.units.values()))
            else:
                orders = diplomacia_other_orders(rng, position)
            start = time.perf_counter()
            resolution = adjudicate(position, orders)
            times[kind].append(time.perf_counter() - start)
            if resolution.winners:
                break
            position = resolution.position
    print(
        f"Diplomacia ({variant.title}): {games} random games of {turns} turns, "
        f"{min(sizes)}-{max(sizes)} units a turn, every unit ordered"
    )
    report("turn", times[PhaseKind.MOVEMENT])
    report("retreat", times[PhaseKind.RETREATS])
    report("control evaluation", times[PhaseKind.ADJUSTMENTS])


if __name__ == "__main__":
    main()
