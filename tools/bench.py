"""`make bench`: seeded, conflict-heavy phases through the engine; reports phases per second
and median/p90 time per phase for movement, retreat and adjustment steps, and the full board
(a unit on every one of the 34 centres, every unit ordered) that issue 12 sets a target for.
Records the targeted medians in the `make bench` table (tools/bench_table.py)."""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from functools import partial

from engine import (
    Disband,
    Order,
    Phase,
    PhaseKind,
    Position,
    ProvinceKind,
    Retreat,
    Season,
    Unit,
    UnitType,
    Variant,
    adjudicate,
    load_variant,
)
from tools import bench_table
from tools.bench_render import diplomacia_board
from tools.scenarios import (
    diplomacia_movement_orders,
    diplomacia_other_orders,
    random_centres,
    random_orders,
    random_phases,
    report,
)

# issue 12's targets for the adjudicator, in milliseconds (medians)
FULL_BOARD_TARGET = 0.15
RETREAT_TARGET = 0.05
ADJUSTMENT_TARGET = 0.05


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
    full = _full_board(rng, load_variant(), max(args.phases // 3, 100))
    print("full board: a unit on every supply centre (34 units), every unit ordered")
    report("movement", full)
    _record("engine: movement phase, full board (34 units), median", full, FULL_BOARD_TARGET)
    _record("engine: retreat phase, median", retreat, RETREAT_TARGET)
    _record("engine: adjustment phase, median", adjustment, ADJUSTMENT_TARGET)
    _diplomacia(rng)


def _record(figure: str, samples: Sequence[float], target: float) -> None:
    median = statistics.median(samples) * 1000
    bench_table.record(figure, f"{median:.3f} ms", f"< {target} ms", median < target)


def full_board(rng: random.Random, variant: Variant) -> Position:
    """A Fall movement phase with a unit of a random power on every supply centre (34 on the
    standard board, the most there can be), a fleet on about half the coastal ones."""
    units: dict[str, list[Unit]] = {p: [] for p in variant.powers}
    for centre in sorted(variant.supply_centers):
        province = variant.provinces[centre]
        if province.kind is ProvinceKind.COAST and rng.random() < 0.5:
            unit = Unit(UnitType.FLEET, rng.choice(variant.fleet_locations(centre)))
        else:
            unit = Unit(UnitType.ARMY, centre)
        units[rng.choice(variant.powers)].append(unit)
    return Position(
        variant=variant,
        phase=Phase(1905, Season.FALL, PhaseKind.MOVEMENT),
        units={p: tuple(us) for p, us in units.items()},
        centers=random_centres(rng, variant),
        homes={p: variant.power_info[p].homes for p in variant.powers},
    )


def _full_board(rng: random.Random, variant: Variant, count: int) -> list[float]:
    """Seconds per full-board movement phase, every unit ordered (moves, supports, convoys)."""
    cases = []
    for _ in range(count):
        position = full_board(rng, variant)
        cases.append((position, random_orders(rng, position)))
    for position, orders in cases[:20]:  # warm caches
        adjudicate(position, orders)
    return [_time(partial(adjudicate, position, orders)) for position, orders in cases]


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
