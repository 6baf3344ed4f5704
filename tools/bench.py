"""`make bench`: seeded, conflict-heavy phases through the engine; reports phases per second
and median/p90 time per phase for movement, retreat and adjustment steps."""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from functools import partial

from engine.orders import Convoy, Hold, Move, Order, SupportHold, SupportMove
from engine.phase import Phase, PhaseKind, Season
from engine.position import Position
from engine.step import adjudicate
from engine.units import Unit, UnitType, province_of
from engine.variant import ProvinceKind, Variant, load_variant

Orders = dict[str, list[Order]]


def random_position(rng: random.Random, variant: Variant) -> Position:
    """22-34 units spread over the board, about a third fleets, centres split among powers."""
    provinces = list(variant.provinces.values())
    rng.shuffle(provinces)
    count = rng.randint(22, 34)
    units: dict[str, list[Unit]] = {p: [] for p in variant.powers}
    for province in provinces[:count]:
        power = rng.choice(variant.powers)
        if province.kind is ProvinceKind.LAND or (
            province.kind is ProvinceKind.COAST and rng.random() < 0.5
        ):
            units[power].append(Unit(UnitType.ARMY, province.code))
        else:
            location = rng.choice(variant.fleet_locations(province.code))
            units[power].append(Unit(UnitType.FLEET, location))
    centres = sorted(variant.supply_centers)
    rng.shuffle(centres)
    owned: dict[str, set[str]] = {p: set() for p in variant.powers}
    for centre in centres:
        owned[rng.choice(variant.powers)].add(centre)
    return Position(
        variant=variant,
        phase=Phase(1905, rng.choice((Season.SPRING, Season.FALL)), PhaseKind.MOVEMENT),
        units={p: tuple(us) for p, us in units.items()},
        centers={p: frozenset(cs) for p, cs in owned.items()},
        homes={p: variant.power_info[p].homes for p in variant.powers},
    )


def _move_options(variant: Variant, unit: Unit) -> list[str]:
    if unit.type is UnitType.ARMY:
        return sorted(variant.army_adjacency.get(unit.location, ()))
    return sorted(variant.fleet_adjacency.get(unit.location, ()))


def random_orders(rng: random.Random, position: Position) -> Orders:
    """Every unit ordered: many moves into contested places, supports, convoys."""
    variant = position.variant
    placed = {u.province: (p, u) for p, u in position.all_units()}
    moves: dict[str, str] = {}
    orders: Orders = {p: [] for p in variant.powers}
    # first choose moves, so supports can aim at real ones
    for province, (_, unit) in placed.items():
        options = _move_options(variant, unit)
        if options and rng.random() < 0.55:
            moves[province] = rng.choice(options)
    for province, (power, unit) in placed.items():
        if province in moves:
            orders[power].append(Move(unit, moves[province]))
            continue
        roll = rng.random()
        reach = {province_of(loc) for loc in _move_options(variant, unit)}
        supportable = [
            (other, dest)
            for other, dest in moves.items()
            if province_of(dest) in reach and other != province
        ]
        holders = [p for p in reach if p in placed and p not in moves]
        if (
            unit.type is UnitType.FLEET
            and variant.provinces[province].kind is ProvinceKind.SEA
            and roll < 0.5
        ):
            armies = [
                p
                for p in reach
                if p in placed and placed[p][1].type is UnitType.ARMY and p not in moves
            ]
            coasts = [p for p in reach if variant.provinces[p].kind is ProvinceKind.COAST]
            if armies and len(coasts) > 1:
                army = rng.choice(armies)
                dest = rng.choice([c for c in coasts if c != army])
                orders[power].append(Convoy(unit, army, dest))
                army_power, army_unit = placed[army]
                orders[army_power].append(Move(army_unit, dest, via_convoy=True))
                continue
        if supportable and roll < 0.8:
            other, dest = rng.choice(supportable)
            orders[power].append(SupportMove(unit, other, province_of(dest)))
        elif holders and roll < 0.95:
            orders[power].append(SupportHold(unit, rng.choice(holders)))
        else:
            orders[power].append(Hold(unit))
    return orders


def _time(step: Callable[[], object]) -> float:
    start = time.perf_counter()
    step()
    return time.perf_counter() - start


def _report(name: str, samples: Sequence[float]) -> None:
    ordered = sorted(samples)
    median = statistics.median(ordered) * 1000
    p90 = ordered[int(len(ordered) * 0.9)] * 1000
    rate = len(ordered) / sum(ordered)
    print(
        f"{name:<12} {len(ordered):>6} phases  {rate:>9.0f} phases/s  "
        f"median {median:.3f} ms  p90 {p90:.3f} ms"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--phases", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1901)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    variant = load_variant()
    cases = []
    for _ in range(args.phases):
        position = random_position(rng, variant)
        cases.append((position, random_orders(rng, position)))
    for position, orders in cases[:50]:  # warm caches
        adjudicate(position, orders)
    movement, retreat, adjustment = [], [], []
    units = [sum(len(u) for u in p.units.values()) for p, _ in cases]
    for position, orders in cases:
        movement.append(_time(partial(adjudicate, position, orders)))
    for position, orders in cases:
        after = adjudicate(position, orders).position
        if after.phase.kind is PhaseKind.RETREATS:
            retreat.append(_time(partial(adjudicate, after, {})))
            after = adjudicate(after, {}).position
        if after.phase.kind is PhaseKind.ADJUSTMENTS:
            adjustment.append(_time(partial(adjudicate, after, {})))
    print(
        f"engine benchmark: seed {args.seed}, {len(cases)} movement phases of "
        f"{min(units)}-{max(units)} units (median {statistics.median(units):.0f}), "
        f"every unit ordered"
    )
    _report("movement", movement)
    _report("retreat", retreat)
    _report("adjustment", adjustment)


if __name__ == "__main__":
    main()
