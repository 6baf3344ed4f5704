"""A power's builds and removals.

Builds go where the values are highest, as the kind of unit that is worth more there (an
army where the valuable provinces lie by land, a fleet where they lie by sea), with a
leaning against a force of one kind only. Removals take the units standing where they are
worth least: the farthest from anything worth having. On a Diplomacia board armies and
fleets are two accounts, each built and removed on its own.
"""

from __future__ import annotations

import random

from computer.values import Values, province_values, stranded
from engine import (
    Build,
    Disband,
    Order,
    Position,
    ProvinceKind,
    Unit,
    UnitType,
    build_site,
    power_accounts,
)

# A kind of unit that already makes most of the force is worth this much less to build
_SURPLUS = 0.7
# An army that could walk to nothing worth taking, with no fleet at sea free to carry it
_STRANDED = 0.2


def adjustment_orders(position: Position, power: str, rng: random.Random) -> list[Order]:
    values = province_values(position, power)
    if position.variant.rules.ruleset.two_accounts:
        return _accounts(position, power, values, rng)
    units = sorted(position.units.get(power, ()), key=lambda u: u.location)
    delta = len(position.centers.get(power, ())) - len(units)
    if delta < 0:
        return _removals(list(units), -delta, values, rng)
    if delta > 0:
        return _builds(position, power, delta, values, rng)
    return []


def _builds(
    position: Position, power: str, count: int, values: Values, rng: random.Random
) -> list[Order]:
    variant = position.variant
    owned = position.centers.get(power, frozenset())
    sites = [
        h
        for h in position.homes.get(power, ())
        if h in owned and position.unit_in(h) is None and h not in position.closed
    ]
    units = sorted(position.units.get(power, ()), key=lambda u: u.location)
    orders: list[Order] = []
    for _ in range(count):
        options: list[tuple[float, str, Unit]] = []
        for site in sites:
            candidates = (
                [Unit(UnitType.ARMY, site)] if variant.provinces[site].army_can_stand else []
            )
            candidates.extend(Unit(UnitType.FLEET, loc) for loc in variant.fleet_locations(site))
            for unit in candidates:
                worth = values.of(unit.type, site) * _balance(units, unit.type)
                if unit.type is UnitType.ARMY and not _carried(position, units, site, values):
                    worth *= _STRANDED
                options.append((worth * (1.0 + 0.05 * rng.random()), site, unit))
        if not options:
            break
        _, site, unit = max(options, key=lambda o: (o[0], o[1], o[2].location))
        orders.append(Build(unit))
        units.append(unit)
        sites.remove(site)
    return orders


def _carried(position: Position, units: list[Unit], site: str, values: Values) -> bool:
    """Whether an army built at ``site`` can walk to something worth taking, or there are
    more fleets at sea than armies that cannot."""
    variant = position.variant
    if not stranded(variant, site, values.targets):
        return True
    at_sea = sum(
        1
        for u in units
        if u.type is UnitType.FLEET and variant.provinces[u.province].kind is ProvinceKind.SEA
    )
    waiting = sum(
        1
        for u in units
        if u.type is UnitType.ARMY and stranded(variant, u.province, values.targets)
    )
    return waiting < at_sea


def _balance(units: list[Unit], kind: UnitType) -> float:
    same = sum(1 for u in units if u.type is kind)
    return _SURPLUS if units and 2 * same > len(units) else 1.0


def _removals(units: list[Unit], count: int, values: Values, rng: random.Random) -> list[Order]:
    ranked = sorted(units, key=lambda u: (values.unit(u) * (1.0 + 0.05 * rng.random()), u.location))
    return [Disband(u) for u in ranked[:count]]


def _accounts(position: Position, power: str, values: Values, rng: random.Random) -> list[Order]:
    """Diplomacia: armies against centres, fleets against ports, never traded."""
    have = power_accounts(position, power)
    units = sorted(position.units.get(power, ()), key=lambda u: u.location)
    orders: list[Order] = []
    for kind in (UnitType.ARMY, UnitType.FLEET):
        owed = have.owed(kind)
        if owed < 0:
            own = [u for u in units if u.type is kind]
            orders.extend(_removals(own, -owed, values, rng))
        elif owed > 0:
            sites = sorted(
                build_site(position, power, kind),
                key=lambda s: (-values.of(kind, s) * (1.0 + 0.05 * rng.random()), s),
            )
            orders.extend(Build(Unit(kind, site)) for site in sites[:owed])
    return orders
