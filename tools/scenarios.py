"""Seeded random boards and orders for the benchmarks: busy, conflict-heavy, reproducible."""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence

from engine import (
    Convoy,
    Hold,
    Move,
    Order,
    Phase,
    PhaseKind,
    Position,
    Season,
    SupportHold,
    SupportMove,
    Unit,
    UnitType,
    Variant,
)
from engine.orders import Build, ConvoyHop, Disband, Retreat, Seize, SupportSeize
from engine.units import province_of
from engine.variant import ProvinceKind

Orders = dict[str, list[Order]]


def random_position(
    rng: random.Random, variant: Variant, count: int | None = None, season: Season | None = None
) -> Position:
    """``count`` units (default 22-34) spread over the board, about a third fleets, every
    centre owned by someone; a Spring or Fall movement phase."""
    provinces = sorted(variant.provinces.values(), key=lambda p: p.code)
    rng.shuffle(provinces)
    count = rng.randint(22, 34) if count is None else count
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
    season = rng.choice((Season.SPRING, Season.FALL)) if season is None else season
    return Position(
        variant=variant,
        phase=Phase(1905, season, PhaseKind.MOVEMENT),
        units={p: tuple(us) for p, us in units.items()},
        centers=random_centres(rng, variant),
        homes={p: variant.power_info[p].homes for p in variant.powers},
    )


def random_centres(rng: random.Random, variant: Variant) -> dict[str, frozenset[str]]:
    """Every supply centre given to a power at random."""
    owned: dict[str, set[str]] = {p: set() for p in variant.powers}
    for centre in sorted(variant.supply_centers):
        owned[rng.choice(variant.powers)].add(centre)
    return {p: frozenset(cs) for p, cs in owned.items()}


def _move_options(variant: Variant, unit: Unit) -> list[str]:
    if unit.type is UnitType.ARMY:
        return sorted(variant.army_adjacency.get(unit.location, ()))
    return sorted(variant.fleet_adjacency.get(unit.location, ()))


def random_orders(rng: random.Random, position: Position, limit: int | None = None) -> Orders:
    """Every unit ordered once (or the first ``limit``): many moves into contested places,
    supports, convoys. The same ``rng`` state gives the same orders in any process."""
    variant = position.variant
    placed = {u.province: (p, u) for p, u in position.all_units()}
    if limit is not None:
        placed = dict(list(placed.items())[:limit])
    moves: dict[str, str] = {}
    orders: Orders = {p: [] for p in variant.powers}
    # first choose moves, so supports can aim at real ones
    for province, (_, unit) in placed.items():
        options = _move_options(variant, unit)
        if options and rng.random() < 0.55:
            moves[province] = rng.choice(options)
    ordered: set[str] = set()  # units given their order (an army's may come with a convoy's)
    for province, (power, unit) in placed.items():
        if province in ordered:
            continue
        ordered.add(province)
        if province in moves:
            orders[power].append(Move(unit, moves[province]))
            continue
        roll = rng.random()
        # sorted: a set's order changes from one process to the next
        reach = sorted({province_of(loc) for loc in _move_options(variant, unit)})
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
                if p in placed
                and placed[p][1].type is UnitType.ARMY
                and p not in moves
                and p not in ordered
            ]
            coasts = [p for p in reach if variant.provinces[p].kind is ProvinceKind.COAST]
            if armies and len(coasts) > 1:
                army = rng.choice(armies)
                dest = rng.choice([c for c in coasts if c != army])
                orders[power].append(Convoy(unit, army, dest))
                army_power, army_unit = placed[army]
                orders[army_power].append(Move(army_unit, dest, via_convoy=True))
                ordered.add(army)
                continue
        if supportable and roll < 0.8:
            other, dest = rng.choice(supportable)
            orders[power].append(SupportMove(unit, other, province_of(dest)))
        elif holders and roll < 0.95:
            orders[power].append(SupportHold(unit, rng.choice(holders)))
        else:
            orders[power].append(Hold(unit))
    return orders


def random_phases(
    rng: random.Random, variant: Variant, count: int
) -> list[tuple[Position, Orders]]:
    """``count`` busy movement phases, every unit ordered."""
    cases = []
    for _ in range(count):
        position = random_position(rng, variant)
        cases.append((position, random_orders(rng, position)))
    return cases


def report(name: str, samples: Sequence[float], what: str = "phases") -> None:
    """One line: how many, how many per second, median and p90 in milliseconds."""
    ordered = sorted(samples)
    median = statistics.median(ordered) * 1000
    p90 = ordered[int(len(ordered) * 0.9)] * 1000
    rate = len(ordered) / sum(ordered)
    print(
        f"{name:<12} {len(ordered):>6} {what:<7} {rate:>9.0f}/s  "
        f"median {median:.3f} ms  p90 {p90:.3f} ms"
    )


def diplomacia_movement_orders(rng: random.Random, position: Position) -> dict[str, list[Order]]:
    """A Diplomacia movement phase with every unit ordered: moves, port seizures, supports
    of both, convoy hops carrying an army ashore."""
    v = position.variant
    placed = {u.province: (p, u) for p, u in position.all_units()}
    moves: dict[str, str] = {}
    seizures: dict[str, str] = {}
    for area, (_, unit) in placed.items():
        roll = rng.random()
        near = sorted(v.neighbours(unit.type, unit.location))
        ports = [s for s in v.shores.get(area, ()) if v.provinces[s].port_off == area]
        if unit.type is UnitType.ARMY and ports and roll < 0.25:
            seizures[area] = rng.choice(ports)
        elif near and roll < 0.7:
            moves[area] = rng.choice(near)
    orders: dict[str, list[Order]] = {p: [] for p in v.powers}
    for area, (power, unit) in placed.items():
        if area in seizures:
            orders[power].append(Seize(unit, seizures[area]))
            continue
        if area in moves:
            orders[power].append(Move(unit, moves[area]))
            continue
        reach = v.neighbours(unit.type, unit.location)
        backed = [(a, d) for a, d in moves.items() if d in reach and a != area]
        seized = [(a, s) for a, s in seizures.items() if s in reach]
        roll = rng.random()
        if unit.type is UnitType.FLEET and seized and roll < 0.3:
            army, sector = rng.choice(seized)
            orders[power].append(SupportSeize(unit, army, sector))
        elif unit.type is UnitType.FLEET and roll < 0.5:
            shore = sorted(v.shores.get(area, ()))
            armies = [a for a in shore if a in placed and a not in seizures]
            landings = [a for a in shore if a not in armies]
            if armies and landings:
                army, landing = rng.choice(armies), rng.choice(landings)
                orders[power].append(ConvoyHop(unit, army, landing))
                army_power, army_unit = placed[army]
                orders[army_power] = [
                    o for o in orders[army_power] if getattr(o, "unit", None) != army_unit
                ]
                orders[army_power].append(Move(army_unit, landing))
                moves[army] = landing
            else:
                orders[power].append(Hold(unit))
        elif backed and roll < 0.8:
            other, dest = rng.choice(backed)
            orders[power].append(SupportMove(unit, other, dest))
        elif roll < 0.9 and any(a in placed for a in reach):
            orders[power].append(SupportHold(unit, rng.choice([a for a in reach if a in placed])))
        else:
            orders[power].append(Hold(unit))
    return orders


def diplomacia_other_orders(rng: random.Random, position: Position) -> dict[str, list[Order]]:
    """Random retreats, or builds in both accounts wherever the power controls a free site."""
    orders: dict[str, list[Order]] = {}
    if position.phase.kind is PhaseKind.RETREATS:
        for d in position.dislodged:
            pick: Order = Retreat(d.unit, rng.choice(d.retreats)) if d.retreats else Disband(d.unit)
            orders.setdefault(d.power, []).append(pick)
        return orders
    v = position.variant
    occupied = {u.province for _, u in position.all_units()}
    for power in v.powers:
        for area in sorted(position.controlled(power) - occupied):
            kind = v.provinces[area].kind
            if kind is ProvinceKind.SEA and area in v.ports and rng.random() < 0.7:
                orders.setdefault(power, []).append(Build(Unit(UnitType.FLEET, area)))
            elif area in position.homes[power] and area in v.supply_centers:
                orders.setdefault(power, []).append(Build(Unit(UnitType.ARMY, area)))
    return orders
