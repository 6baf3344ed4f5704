"""The routes convoyed armies take, for drawing: through the convoying fleets of the standard
game, or hop by hop through the fleets of a Diplomacia board."""

from __future__ import annotations

from collections.abc import Sequence

from engine import UnitType, Variant
from engine.orders import ConvoyHop


def convoy_chain(variant: Variant, army: str, dest: str, fleets: Sequence[str]) -> list[str] | None:
    """The shortest chain of convoying fleets from the army's province to its destination."""
    frontier = [[army]]
    visited = {army}
    while frontier:
        grown: list[list[str]] = []
        for chain in frontier:
            here = chain[-1]
            near = variant.neighbours(UnitType.FLEET, here) if here != army else None
            if near is not None and dest in near:
                return chain[1:]
            for fleet in fleets:
                if fleet in visited:
                    continue
                if here in variant.neighbours(UnitType.FLEET, fleet):
                    visited.add(fleet)
                    grown.append([*chain, fleet])
        frontier = grown
    return None


def hop_chains(hops: Sequence[ConvoyHop]) -> dict[tuple[str, str], list[str]]:
    """(army's territory, landing territory) -> the fleets' sectors, in order, of the
    shortest chain of hops from one to the other (Diplomacia: each hop carries from its
    ``source``, the army's territory or the previous fleet's sector, to its ``dest``, the
    next fleet's sector or where the army lands)."""
    from_source: dict[str, list[ConvoyHop]] = {}
    for hop in hops:
        from_source.setdefault(hop.source, []).append(hop)
    fleets = {hop.unit.province for hop in hops}
    chains: dict[tuple[str, str], list[str]] = {}
    for start in sorted(set(from_source) - fleets):
        frontier: list[list[ConvoyHop]] = [[hop] for hop in from_source[start]]
        seen = {start}
        while frontier:
            grown: list[list[ConvoyHop]] = []
            for chain in frontier:
                last = chain[-1]
                sector = last.unit.province
                if last.dest not in fleets:
                    chains.setdefault((start, last.dest), [h.unit.province for h in chain])
                    continue
                if sector in seen:
                    continue
                seen.add(sector)
                grown += [
                    [*chain, hop]
                    for hop in from_source.get(sector, ())
                    if hop.unit.province == last.dest
                ]
            frontier = grown
    return chains
