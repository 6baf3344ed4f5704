"""The board as the computer player reads it: which provinces each kind of unit links, once
per variant."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from computer.convoys import touches
from engine import Position, ProvinceKind, Unit, UnitType, Variant


@dataclass(frozen=True)
class Board:
    """Province-level links for armies and for fleets (a fleet's coasts merged), and where
    each kind of unit may stand."""

    variant: Variant
    # sorted, so sums over neighbours come out the same in every process
    army_links: Mapping[str, tuple[str, ...]]
    fleet_links: Mapping[str, tuple[str, ...]]
    army_ground: frozenset[str]
    fleet_ground: frozenset[str]
    # armies' links with the seas added, where a convoy may carry them: how far an army is
    # from a province across the water
    army_voyages: Mapping[str, tuple[str, ...]]

    def links(self, unit_type: UnitType) -> Mapping[str, tuple[str, ...]]:
        return self.army_links if unit_type is UnitType.ARMY else self.fleet_links

    def ground(self, unit_type: UnitType) -> frozenset[str]:
        return self.army_ground if unit_type is UnitType.ARMY else self.fleet_ground

    def travels(self, unit_type: UnitType) -> Mapping[str, tuple[str, ...]]:
        """The links a unit of this kind travels by over several turns (armies by sea too)."""
        return self.army_voyages if unit_type is UnitType.ARMY else self.fleet_links


@cache
def board_of(variant: Variant) -> Board:
    fleet: dict[str, set[str]] = {}
    for location in variant.fleet_adjacency:
        province = location.split("/")[0]
        fleet.setdefault(province, set()).update(
            variant.neighbours(UnitType.FLEET, location) - {province}
        )
    seas = sorted(c for c, p in variant.provinces.items() if p.kind is ProvinceKind.SEA)
    # an army goes by sea where fleets carry it: between a sector and what it touches (its
    # neighbours, and on a Diplomacia board the territories on its shore)
    voyages: dict[str, set[str]] = {p: set(n) for p, n in variant.army_adjacency.items()}
    for sea in seas:
        for other in touches(variant, sea):
            voyages.setdefault(sea, set()).add(other)
            voyages.setdefault(other, set()).add(sea)
    return Board(
        variant=variant,
        army_voyages={p: tuple(sorted(n)) for p, n in voyages.items()},
        army_links={p: tuple(sorted(n)) for p, n in variant.army_adjacency.items()},
        fleet_links={p: tuple(sorted(n)) for p, n in fleet.items()},
        army_ground=frozenset(c for c, p in variant.provinces.items() if p.army_can_stand),
        fleet_ground=frozenset(fleet),
    )


def reachable(position: Position, unit: Unit) -> frozenset[str]:
    """The provinces ``unit`` could move to in one step (no convoy), closed ones left out."""
    near = position.variant.neighbours(unit.type, unit.location) - {unit.province}
    return near - position.closed


def seizable(variant: Variant, army: Unit) -> tuple[str, ...]:
    """Diplomacia: the sectors whose ports lie off the territory of ``army`` (none for a fleet,
    nor on a board without ports)."""
    if army.type is not UnitType.ARMY:
        return ()
    return _ports_off(variant).get(army.province, ())


@cache
def _ports_off(variant: Variant) -> dict[str, tuple[str, ...]]:
    found: dict[str, list[str]] = {}
    for sector in sorted(variant.ports):
        shore = variant.provinces[sector].port_off
        if shore is not None:
            found.setdefault(shore, []).append(sector)
    return {p: tuple(s) for p, s in found.items()}
