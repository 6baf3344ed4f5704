"""The board as small integers, for the adjudicator: every province gets a number once per
variant, and what a phase asks of the map (where can an army step, which seas link two coasts)
becomes a look-up in a tuple indexed by that number.

Built once per variant (:attr:`engine.variant.Variant.index`): a phase only numbers its units.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.convoys import seas_touching
from engine.units import Unit, UnitType, province_of

if TYPE_CHECKING:
    from engine.variant import Variant


@dataclass(frozen=True, slots=True)
class BoardIndex:
    # province number -> its code
    codes: tuple[str, ...]
    # a province code, or a location with its coast (``STP/SC``) -> the province's number
    number: Mapping[str, int]
    # province -> the provinces an army steps to (empty where no army stands)
    army_steps: tuple[frozenset[int], ...]
    # province -> whether it is a sea (only fleets at sea carry a convoy)
    sea: tuple[bool, ...]
    # province -> the sea provinces it touches, as a bit set (bit ``p`` is province ``p``):
    # a convoy route is a walk over these bits
    seas_near: tuple[int, ...]
    # every unit that can stand on the board -> the locations it steps to (order checks)
    steps: Mapping[Unit, frozenset[str]]
    # every unit that can stand on the board -> the provinces it could move into, on any
    # coast: where it may support (order checks)
    reach: Mapping[Unit, frozenset[str]]
    # unit type -> location -> the unit of that type standing there (a unit that moves is
    # looked up here, not made anew)
    units: Mapping[UnitType, Mapping[str, Unit]]
    # every unit that can stand on the board -> (location, its province) of each step, in
    # the order of the locations: where it might retreat
    retreat_steps: Mapping[Unit, tuple[tuple[str, str], ...]]

    @classmethod
    def of(cls, variant: Variant) -> BoardIndex:
        codes = tuple(sorted(variant.provinces))
        number = {code: i for i, code in enumerate(codes)}
        for location in variant.fleet_adjacency:
            number[location] = number[province_of(location)]
        touching = seas_touching(variant)
        steps = _steps(variant)
        return cls(
            codes=codes,
            number=number,
            army_steps=tuple(
                frozenset(number[t] for t in variant.army_adjacency.get(code, ())) for code in codes
            ),
            sea=tuple(not variant.provinces[code].army_can_stand for code in codes),
            seas_near=tuple(sum(1 << number[s] for s in touching[code]) for code in codes),
            steps=steps,
            reach={unit: variant.neighbours(unit[0], unit[1]) for unit in steps},
            units={
                UnitType.ARMY: {
                    code: Unit(UnitType.ARMY, code)
                    for code, province in variant.provinces.items()
                    if province.army_can_stand
                },
                UnitType.FLEET: {loc: Unit(UnitType.FLEET, loc) for loc in variant.fleet_adjacency},
            },
            retreat_steps={
                unit: tuple((loc, province_of(loc)) for loc in sorted(near))
                for unit, near in steps.items()
            },
        )

    def linked(self, fleets: int, source: int, dest: int) -> bool:
        """Whether the seas in the bit set ``fleets`` (those holding a convoying fleet) chain
        from ``source`` to ``dest``."""
        near = self.seas_near
        goal = near[dest]
        reached = frontier = near[source] & fleets
        while frontier:
            if frontier & goal:
                return True
            step = 0
            while frontier:
                low = frontier & -frontier  # one sea of the frontier at a time
                step |= near[low.bit_length() - 1]
                frontier ^= low
            frontier = step & fleets & ~reached
            reached |= frontier
        return False

    def reached(self, fleets: int, source: int) -> int:
        """The seas in the bit set ``fleets`` that chain from ``source``: every one a convoy
        from there could pass, found once for all the places it could land."""
        near = self.seas_near
        reached = frontier = near[source] & fleets
        while frontier:
            step = 0
            while frontier:
                low = frontier & -frontier
                step |= near[low.bit_length() - 1]
                frontier ^= low
            frontier = step & fleets & ~reached
            reached |= frontier
        return reached

    def bits(self, provinces: Iterable[str]) -> int:
        """The bit set of these province codes."""
        number = self.number
        return sum(1 << number[code] for code in set(provinces))


def _steps(variant: Variant) -> dict[Unit, frozenset[str]]:
    steps = {Unit(UnitType.ARMY, code): near for code, near in variant.army_adjacency.items()}
    steps.update((Unit(UnitType.FLEET, loc), near) for loc, near in variant.fleet_adjacency.items())
    return steps
