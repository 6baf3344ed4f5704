"""A power's builds and removals.

Builds go where the values are highest, as the kind of unit that is worth more there (an
army where the valuable provinces lie by land, a fleet where they lie by sea), with a
leaning against a force of one kind only. Removals take the units standing where they are
worth least: the farthest from anything worth having. What is owed is the engine's answer,
account by account (on a Diplomacia board armies and fleets are two accounts, each built and
removed on its own).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from computer.movement import own_units
from computer.values import Values, province_values, stranded
from engine import (
    Build,
    Disband,
    Order,
    Position,
    ProvinceKind,
    Unit,
    UnitType,
    Variant,
    adjustment,
)

# A kind of unit that already makes most of the force is worth this much less to build
_SURPLUS = 0.7
# An army that could walk to nothing worth taking, with no fleet at sea free to carry it
_STRANDED = 0.2


def adjustment_orders(position: Position, power: str, rng: random.Random) -> list[Order]:
    values = province_values(position, power)
    units = own_units(position, power)

    def remove(own: Sequence[Unit]) -> Unit:
        return min(own, key=lambda u: (values.unit(u) * (1.0 + 0.05 * rng.random()), u.location))

    def build(options: Sequence[Unit], force: Sequence[Unit]) -> Unit:
        def worth(unit: Unit) -> float:
            value = values.of(unit.type, unit.province) * _balance(force, unit.type)
            if unit.type is UnitType.ARMY and not _carried(position, force, unit.province, values):
                value *= _STRANDED
            return value * (1.0 + 0.05 * rng.random())

        return max(options, key=lambda u: (worth(u), u.province, u.location))

    return settle(position, power, units, remove, build)


def settle(
    position: Position,
    power: str,
    units: Sequence[Unit],
    remove: Callable[[Sequence[Unit]], Unit],
    build: Callable[[Sequence[Unit], Sequence[Unit]], Unit],
) -> list[Order]:
    """Removals and builds account by account, as the engine says the power owes them (in
    Diplomacia armies against centres and fleets against ports, never traded): ``remove``
    picks one of an account's units, ``build`` one of the units that could be raised, given
    the force so far."""
    variant = position.variant
    force = list(units)
    orders: list[Order] = []
    for account in adjustment(position, power).accounts:
        own = [u for u in units if account.counts(u)]
        for _ in range(min(account.removals, len(own))):
            unit = remove(own)
            own.remove(unit)
            orders.append(Disband(unit))
        options = [
            u
            for site in account.sites
            if site not in position.closed
            for u in _raised(variant, site, account.unit_type)
        ]
        for _ in range(account.builds):
            taken = {o.unit.province for o in orders if isinstance(o, Build)}
            options = [u for u in options if u.province not in taken]
            if not options:
                break
            unit = build(options, force)
            force.append(unit)
            orders.append(Build(unit))
    return orders


def _raised(variant: Variant, site: str, kind: UnitType | None) -> list[Unit]:
    """The units of ``kind`` (any, when None) that could be raised at ``site``."""
    found: list[Unit] = []
    if kind is not UnitType.FLEET and variant.provinces[site].army_can_stand:
        found.append(Unit(UnitType.ARMY, site))
    if kind is not UnitType.ARMY:
        found.extend(Unit(UnitType.FLEET, location) for location in variant.fleet_locations(site))
    return found


def _carried(position: Position, units: Sequence[Unit], site: str, values: Values) -> bool:
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


def _balance(units: Sequence[Unit], kind: UnitType) -> float:
    same = sum(1 for u in units if u.type is kind)
    return _SURPLUS if units and 2 * same > len(units) else 1.0
