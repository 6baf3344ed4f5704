"""The board as the computer player reads it: which provinces each kind of unit links, once
per variant."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from engine import Position, Unit, UnitType, Variant


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

    def links(self, unit_type: UnitType) -> Mapping[str, tuple[str, ...]]:
        return self.army_links if unit_type is UnitType.ARMY else self.fleet_links

    def ground(self, unit_type: UnitType) -> frozenset[str]:
        return self.army_ground if unit_type is UnitType.ARMY else self.fleet_ground


@cache
def board_of(variant: Variant) -> Board:
    fleet: dict[str, set[str]] = {}
    for location in variant.fleet_adjacency:
        province = location.split("/")[0]
        fleet.setdefault(province, set()).update(
            variant.neighbours(UnitType.FLEET, location) - {province}
        )
    return Board(
        variant=variant,
        army_links={p: tuple(sorted(n)) for p, n in variant.army_adjacency.items()},
        fleet_links={p: tuple(sorted(n)) for p, n in fleet.items()},
        army_ground=frozenset(c for c, p in variant.provinces.items() if p.army_can_stand),
        fleet_ground=frozenset(fleet),
    )


def reachable(position: Position, unit: Unit) -> frozenset[str]:
    """The provinces ``unit`` could move to in one step (no convoy), closed ones left out."""
    near = position.variant.neighbours(unit.type, unit.location) - {unit.province}
    return near - position.closed
