"""The render benchmark: a full-board results map (34 units, 30 orders: moves, supports,
convoys, holds) drawn and encoded again and again; reports median/p90 time and PNG size."""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import replace

from engine.orders import Convoy, Hold, Move, Order, SupportHold, SupportMove
from engine.phase import Phase, PhaseKind, Season
from engine.position import Position
from engine.step import adjudicate
from engine.units import Unit, UnitType, province_of
from engine.variant import ProvinceKind, Variant, load_variant
from render import map_png

UNITS = 34
ORDERS = 30


def busy_position(rng: random.Random, variant: Variant) -> Position:
    """34 units on distinct provinces, a third of them fleets, every centre owned."""
    provinces = sorted(variant.provinces.values(), key=lambda p: p.code)
    rng.shuffle(provinces)
    units: dict[str, list[Unit]] = {p: [] for p in variant.powers}
    for province in provinces[:UNITS]:
        power = rng.choice(variant.powers)
        if province.kind is ProvinceKind.LAND or (
            province.kind is ProvinceKind.COAST and rng.random() < 0.6
        ):
            units[power].append(Unit(UnitType.ARMY, province.code))
        else:
            units[power].append(
                Unit(UnitType.FLEET, rng.choice(variant.fleet_locations(province.code)))
            )
    owned: dict[str, set[str]] = {p: set() for p in variant.powers}
    for centre in sorted(variant.supply_centers):
        owned[rng.choice(variant.powers)].add(centre)
    return Position(
        variant=variant,
        phase=Phase(1905, Season.FALL, PhaseKind.MOVEMENT),
        units={p: tuple(u) for p, u in units.items()},
        centers={p: frozenset(c) for p, c in owned.items()},
        homes={p: variant.power_info[p].homes for p in variant.powers},
    )


def busy_orders(rng: random.Random, position: Position) -> dict[str, list[Order]]:
    """Orders for 30 of the units: moves first, then supports of those moves, convoys, holds."""
    variant = position.variant
    placed = sorted(position.all_units(), key=lambda pu: pu[1].province)
    rng.shuffle(placed)
    orders: dict[str, list[Order]] = {p: [] for p in variant.powers}
    moves: dict[str, str] = {}
    chosen = placed[:ORDERS]
    for power, unit in chosen[: ORDERS // 2]:
        options = sorted(
            variant.army_adjacency.get(unit.location, ())
            if unit.type is UnitType.ARMY
            else variant.fleet_adjacency.get(unit.location, ())
        )
        if options:
            dest = rng.choice(options)
            moves[unit.province] = province_of(dest)
            orders[power].append(Move(unit, dest))
        else:
            orders[power].append(Hold(unit))
    armies = [u.province for _, u in position.all_units() if u.type is UnitType.ARMY]
    for power, unit in chosen[ORDERS // 2 :]:
        reach = variant.neighbours(unit.type, unit.location)
        supportable = sorted((s, d) for s, d in moves.items() if d in reach and s != unit.province)
        coast_armies = [a for a in armies if a in reach and a not in moves]
        if variant.provinces[unit.province].kind is ProvinceKind.SEA and coast_armies:
            army = rng.choice(coast_armies)
            coasts = sorted(
                p for p in reach if variant.provinces[p].kind is ProvinceKind.COAST and p != army
            )
            if coasts:
                orders[power].append(Convoy(unit, army, rng.choice(coasts)))
                continue
        if supportable:
            source, dest = rng.choice(supportable)
            orders[power].append(SupportMove(unit, source, dest))
        elif [p for p in reach if position.unit_in(p) is not None]:
            held = rng.choice(sorted(p for p in reach if position.unit_in(p) is not None))
            orders[power].append(SupportHold(unit, held))
        else:
            orders[power].append(Hold(unit))
    return orders


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--renders", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1901)
    parser.add_argument("--size", type=int, default=1200)
    parser.add_argument("--style", default="default")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    variant = load_variant()
    position = busy_position(rng, variant)
    orders = busy_orders(rng, position)
    resolution = adjudicate(position, orders)
    count = sum(len(o) for o in orders.values())

    def once() -> bytes:
        return map_png(
            position, orders=orders, results=resolution, style=args.style, size=args.size
        )

    png = once()  # the first render builds the cached board layers
    samples = []
    for _ in range(args.renders):
        start = time.perf_counter()
        once()
        samples.append(time.perf_counter() - start)
    # a deadline draws many games: each has its own ownership, so the tinted board is new
    fresh = []
    for _ in range(args.renders):
        other = replace(position, centers=_shuffled_centres(rng, position))
        start = time.perf_counter()
        map_png(other, orders=orders, results=resolution, style=args.style, size=args.size)
        fresh.append(time.perf_counter() - start)
    first_start = time.perf_counter()
    map_png(position, results=resolution, style=args.style, size=args.size + 2)
    cold = time.perf_counter() - first_start
    print(
        f"render benchmark: seed {args.seed}, full-board results map, {UNITS} units, "
        f"{count} orders, {args.size} px wide, style {args.style}, png {len(png) / 1024:.0f} KiB"
    )
    _report("same board", samples)
    _report("new owners", fresh)
    print(f"{'new size':<12} {1:>6} render   {cold * 1000:.0f} ms (draws the board layers)")


def _shuffled_centres(rng: random.Random, position: Position) -> dict[str, frozenset[str]]:
    owned: dict[str, set[str]] = {p: set() for p in position.variant.powers}
    for centre in sorted(position.variant.supply_centers):
        owned[rng.choice(position.variant.powers)].add(centre)
    return {p: frozenset(c) for p, c in owned.items()}


def _report(name: str, samples: Sequence[float]) -> None:
    ordered = sorted(samples)
    median = statistics.median(ordered) * 1000
    p90 = ordered[int(len(ordered) * 0.9)] * 1000
    print(f"{name:<12} {len(ordered):>6} renders  median {median:.1f} ms  p90 {p90:.1f} ms")


if __name__ == "__main__":
    main()
