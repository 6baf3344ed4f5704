"""Convoy routes: chains of sea provinces that carry an army from one coast to another.

Routes are judged on provinces, not coasts: a fleet in a sea province carries an army from
any coastal province that touches that sea.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import cache

from engine.units import province_of
from engine.variant import ProvinceKind, Variant


@cache
def sea_neighbours(variant: Variant) -> dict[str, frozenset[str]]:
    """For every province, the sea provinces a fleet route can step to from it."""
    seas = {c for c, p in variant.provinces.items() if p.kind is ProvinceKind.SEA}
    out: dict[str, set[str]] = {c: set() for c in variant.provinces}
    for loc, targets in variant.fleet_adjacency.items():
        here = province_of(loc)
        for target in targets:
            there = province_of(target)
            if there in seas:
                out[here].add(there)
    return {c: frozenset(s) for c, s in out.items()}


def route_exists(
    variant: Variant,
    origin: str,
    dest: str,
    fleets: Collection[str],
    usable: Callable[[str], bool] | None = None,
) -> bool:
    """Whether the sea provinces in ``fleets`` (those ``usable`` says may carry) link
    ``origin`` to ``dest``."""
    neighbours = sea_neighbours(variant)
    frontier = [s for s in neighbours[origin] if s in fleets and (usable is None or usable(s))]
    seen = set(frontier)
    while frontier:
        sea = frontier.pop()
        if dest in neighbours[sea] or sea in neighbours[dest]:
            return True
        for nxt in neighbours[sea]:
            if nxt not in seen and nxt in fleets and (usable is None or usable(nxt)):
                seen.add(nxt)
                frontier.append(nxt)
    return False


def needed_fleets(variant: Variant, origin: str, dest: str, fleets: Collection[str]) -> set[str]:
    """The fleets that lie on some shortest-possible route: a chain with no shortcut in it.

    A convoy order from any other fleet is not needed by any route, so it is illegal and
    shows no intent to convoy (DATC 4.E.1, 6.G.19).
    """
    neighbours = sea_neighbours(variant)
    start = [s for s in neighbours[origin] if s in fleets]
    found: set[str] = set()

    def touches(a: str, b: str) -> bool:
        return b in neighbours[a] or a in neighbours[b]

    def extend(path: list[str]) -> None:
        last = path[-1]
        if touches(last, dest):
            found.update(path)
            return
        for nxt in neighbours[last]:
            if nxt not in fleets or nxt in path or touches(origin, nxt):
                continue
            # a chord means a shorter chain exists: this one is not minimal
            if any(touches(nxt, earlier) for earlier in path[:-1]):
                continue
            if touches(nxt, dest) or len(path) < len(fleets):
                path.append(nxt)
                extend(path)
                path.pop()

    for sea in start:
        extend([sea])
    return found
