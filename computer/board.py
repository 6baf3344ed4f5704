"""The board as the computer player reads it: which provinces each kind of unit links, once
per variant."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

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
    seas = {c for c, p in variant.provinces.items() if p.kind is ProvinceKind.SEA}
    voyages: dict[str, set[str]] = {p: set(n) for p, n in variant.army_adjacency.items()}
    for province, near in fleet.items():
        for other in near:
            if province in seas or other in seas:
                voyages.setdefault(province, set()).add(other)
                voyages.setdefault(other, set()).add(province)
    if variant.rules.ruleset.hop_convoys:
        # convoys there go hop by hop, which this player does not order: armies walk
        voyages = {p: set(n) for p, n in variant.army_adjacency.items()}
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
