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
from tools.scenarios import random_phases, report


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


if __name__ == "__main__":
    main()
