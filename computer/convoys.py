"""Convoys a computer may order: an army carried by a chain of its own fleets at sea to an
empty shore it cannot walk to.

On a board with coasts the fleets convoy the army all the way (``F NTH C A LON - NWY``); on a
Diplomacia board each fleet carries it one hop, from the army's territory or the previous
fleet's sector to the next sector or the landing (handbook 8.5). Which way a board takes is
the engine's answer: the orders of a voyage are checked, hop by hop first, and the kind the
engine accepts whole is the one given.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from engine import (
    Convoy,
    Move,
    Order,
    OrderError,
    Position,
    ProvinceKind,
    Unit,
    UnitType,
    Variant,
    check_order,
)
from engine.orders import ConvoyHop

LONGEST_CONVOY = 3


@dataclass(frozen=True)
class Voyage:
    """An army's move by sea and the orders of the fleets that carry it, the army's first."""

    army: Unit
    dest: str
    fleets: tuple[Unit, ...]
    orders: tuple[Order, ...]


@cache
def touches(variant: Variant, sector: str) -> frozenset[str]:
    """The areas a fleet in ``sector`` carries an army between: the provinces it reaches and,
    on a Diplomacia board, the territories on its shore."""
    return variant.shores.get(sector, frozenset()) | variant.neighbours(UnitType.FLEET, sector)


def voyages(position: Position, power: str, own: list[Unit]) -> Iterator[Voyage]:
    """Every army of ``own`` carried by a chain of own fleets at sea to an empty shore it cannot
    walk to, by the shortest chain to each shore; only voyages the engine accepts."""
    variant = position.variant
    provinces = variant.provinces
    fleets = {
        u.province: u
        for u in own
        if u.type is UnitType.FLEET and provinces[u.province].kind is ProvinceKind.SEA
    }
    if not fleets:
        return
    for army in own:
        if army.type is not UnitType.ARMY:
            continue
        walk = variant.neighbours(UnitType.ARMY, army.province) | {army.province}
        best: dict[str, tuple[Unit, ...]] = {}
        for chain in _chains(variant, fleets, army.province):
            for dest in sorted(touches(variant, chain[-1].province) - walk - position.closed):
                if provinces[dest].army_can_stand and position.unit_in(dest) is None:
                    best.setdefault(dest, chain)
        for dest, chain in sorted(best.items()):
            orders = _accepted(position, power, army, dest, chain)
            if orders:
                yield Voyage(army, dest, chain, orders)


def _chains(variant: Variant, fleets: dict[str, Unit], shore: str) -> Iterator[tuple[Unit, ...]]:
    """Chains of fleets from a sector touching ``shore`` onwards, shortest first, each fleet
    once."""
    frontier: list[tuple[Unit, ...]] = [
        (fleet,)
        for province, fleet in sorted(fleets.items())
        if shore in touches(variant, province)
    ]
    seen = {chain[0].province for chain in frontier}
    while frontier:
        yield from frontier
        following: list[tuple[Unit, ...]] = []
        for chain in frontier:
            if len(chain) >= LONGEST_CONVOY:
                continue
            near = variant.neighbours(UnitType.FLEET, chain[-1].location)
            for province in sorted(near & fleets.keys() - seen):
                seen.add(province)
                following.append((*chain, fleets[province]))
        frontier = following


def _accepted(
    position: Position, power: str, army: Unit, dest: str, chain: tuple[Unit, ...]
) -> tuple[Order, ...]:
    """The voyage's orders in the kind the engine accepts every one of (none if neither)."""
    stops = [army.province, *(f.province for f in chain), dest]
    hops: tuple[Order, ...] = (
        Move(army, dest),
        *(ConvoyHop(f, stops[i], stops[i + 2]) for i, f in enumerate(chain)),
    )
    whole: tuple[Order, ...] = (
        Move(army, dest, via_convoy=True),
        *(Convoy(f, army.province, dest) for f in chain),
    )
    for orders in (hops, whole):
        try:
            if all(check_order(position, power, o) == o for o in orders):
                return orders
        except OrderError:
            continue
    return ()
