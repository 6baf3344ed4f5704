"""Convoy routes: chains of fleet-held sea provinces that carry an army from coast to coast.

Routes are judged on provinces, not coasts: a fleet in a sea province carries an army from
any coastal province that touches that sea. Both the order checks (is a convoy possible at
all?) and the adjudicator (is it still possible with the fleets that survive?) use these.
"""

from __future__ import annotations

from functools import cache, lru_cache

from engine.units import province_of
from engine.variant import ProvinceKind, Variant


@cache
def seas_touching(variant: Variant) -> dict[str, frozenset[str]]:
    """Province -> the sea provinces a fleet could step to from it (any coast)."""
    seas = {c for c, p in variant.provinces.items() if p.kind is ProvinceKind.SEA}
    touching: dict[str, set[str]] = {code: set() for code in variant.provinces}
    for location, targets in variant.fleet_adjacency.items():
        touching[province_of(location)].update(t for t in targets if t in seas)
    # Diplomacia has no coasts to stand on: a territory touches the sectors off its shore
    for code, near in variant.shores.items():
        touching[code].update(n for n in near if n in seas)
    return {code: frozenset(found) for code, found in touching.items()}


@cache
def coastal(variant: Variant) -> frozenset[str]:
    """Where an army can stand and a convoy can land: every such area touching a sea. On a
    standard board these are the coastal provinces; on a Diplomacia board, the territories
    with a sector off their shore."""
    touching = seas_touching(variant)
    return frozenset(
        code for code, p in variant.provinces.items() if p.army_can_stand and touching[code]
    )


def route_exists(variant: Variant, fleets: frozenset[str], source: str, dest: str) -> bool:
    """Whether the fleets at sea in ``fleets`` link ``source`` to ``dest``."""
    board = variant.index
    return bool(_carried_from(variant, fleets, source) & board.seas_near[board.number[dest]])


# The list of legal orders asks of every army on the board whether it could be carried to
# each place a supporter reaches: the seas a chain reaches from one place are found once.
@lru_cache(maxsize=4096)
def _carried_from(variant: Variant, fleets: frozenset[str], source: str) -> int:
    board = variant.index
    return board.reached(_fleet_bits(variant, fleets), board.number[source])


@lru_cache(maxsize=64)
def _fleet_bits(variant: Variant, fleets: frozenset[str]) -> int:
    return variant.index.bits(fleets)


@lru_cache(maxsize=4096)
def needed_fleets(
    variant: Variant, fleets: frozenset[str], source: str, dest: str
) -> frozenset[str]:
    """Fleets on some chain from ``source`` to ``dest`` that has no shortcut.

    A fleet off every such chain is needed by no route, so its convoy order is illegal
    (DATC 4.E.1, 6.G.7, 6.G.19). A chain without shortcut is an induced path: no sea on it
    touches an earlier sea but its predecessor, nor the ends but where it must.
    """
    touching = seas_touching(variant)
    found: set[str] = set()

    def extend(path: list[str]) -> None:
        last = path[-1]
        if last in touching[dest]:
            found.update(path)
            return
        for step in touching[last] & fleets:
            chord = step in path or step in touching[source]
            if chord or any(step in touching[earlier] for earlier in path[:-1]):
                continue
            path.append(step)
            extend(path)
            path.pop()

    for first in touching[source] & fleets:
        extend([first])
    return frozenset(found)
