"""Which units go when a power orders too few removals.

The rule of the UK rule book (III.3), as DATC 2.x read it: farthest first from the nearest
home supply centre, counted in moves by the most direct route — a fleet moves as a fleet;
an army may also be convoyed, each sea province a step. Ties: fleets before armies, then
by the full English name of the province, alphabetically.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterable
from functools import cache, lru_cache

from engine.units import Unit, UnitType, province_of
from engine.variant import ProvinceKind, Variant

_FAR = 10**6  # a unit that cannot reach any home centre goes first


@cache
def _army_graph(variant: Variant) -> dict[str, frozenset[str]]:
    """Army steps, plus steps across water (into and between sea provinces) for convoys."""
    seas = {c for c, p in variant.provinces.items() if p.kind is ProvinceKind.SEA}
    graph: dict[str, set[str]] = {
        c: set(variant.army_adjacency.get(c, ())) for c in variant.provinces
    }
    for loc, targets in variant.fleet_adjacency.items():
        here = province_of(loc)
        for target in targets:
            there = province_of(target)
            if here in seas or there in seas:
                graph[here].add(there)
    # Diplomacia: an army is carried from its territory into any sector off it, and ashore
    for code, near in variant.shores.items():
        graph[code].update(near)
    return {c: frozenset(s) for c, s in graph.items()}


@cache
def _fleet_graph(variant: Variant) -> dict[str, frozenset[str]]:
    return {loc: frozenset(targets) for loc, targets in variant.fleet_adjacency.items()}


def distance_home(variant: Variant, unit: Unit, homes: Collection[str]) -> int:
    """Moves from the unit to the nearest of ``homes`` (0 when it stands on one)."""
    if unit.province in homes:
        return 0
    away = _distances(variant, unit.type, unit.location)
    return min((away[home] for home in homes if home in away), default=_FAR)


@cache
def _distances(variant: Variant, unit_type: UnitType, start: str) -> dict[str, int]:
    """Moves from ``start`` to every province a unit of this type can reach from there (the
    nearest of its locations), found once per variant and start: every removal by civil
    disorder asks again."""
    graph = _army_graph(variant) if unit_type is UnitType.ARMY else _fleet_graph(variant)
    away = {province_of(start): 0}
    seen = {start}
    queue: deque[tuple[str, int]] = deque([(start, 0)])
    while queue:
        node, dist = queue.popleft()
        for nxt in graph.get(node, ()):
            if nxt in seen:
                continue
            seen.add(nxt)
            away.setdefault(province_of(nxt), dist + 1)
            queue.append((nxt, dist + 1))
    return away


# A unit's place in the order depends on its board, where it stands and its power's homes
# alone; an adjustment with removals asks it for every unit of every power owing one.
@lru_cache(maxsize=1 << 16)
def _removal_key(variant: Variant, unit: Unit, homes: Collection[str]) -> tuple[int, int, str]:
    fleet_first = 0 if unit.type is UnitType.FLEET else 1
    name = variant.provinces[unit.province].name
    return (-distance_home(variant, unit, homes), fleet_first, name)


def removal_order(variant: Variant, units: Iterable[Unit], homes: Collection[str]) -> list[Unit]:
    """The power's units in the order civil disorder removes them."""
    if not isinstance(homes, tuple | frozenset):
        homes = frozenset(homes)  # a key of the cache above
    return sorted(units, key=lambda unit: _removal_key(variant, unit, homes))
