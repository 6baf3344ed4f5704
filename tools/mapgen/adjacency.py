"""Which provinces share a border, measured on the finished polygons; and the game's own list.

Only the standard library and the engine are used here, so the same measurement can be
repeated anywhere the data file is read.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence

from engine.units import province_of
from engine.variant import Variant

Ring = Sequence[Sequence[float]]
Pair = tuple[str, str]

# A border shorter than this (board pixels) is a meeting at a point, not something a player
# could read as "these two touch".
MIN_BORDER = 3.0


def shared_borders(rings_by_name: Mapping[str, Iterable[Ring]]) -> dict[Pair, float]:
    """Length of border each pair of names shares: edges present in both outlines."""
    owners: dict[tuple[tuple[float, float], tuple[float, float]], set[str]] = defaultdict(set)
    for name, rings in rings_by_name.items():
        for ring in rings:
            pts = [(float(p[0]), float(p[1])) for p in ring]
            for a, b in zip(pts, pts[1:] + pts[:1], strict=True):
                if a != b:
                    owners[(a, b) if a < b else (b, a)].add(name)
    lengths: dict[Pair, float] = defaultdict(float)
    for (a, b), names in owners.items():
        if len(names) < 2:
            continue
        ordered = sorted(names)
        for i, n1 in enumerate(ordered):
            for n2 in ordered[i + 1 :]:
                lengths[(n1, n2)] += math.dist(a, b)
    return dict(lengths)


def measured(rings_by_name: Mapping[str, Iterable[Ring]]) -> set[Pair]:
    return {pair for pair, length in shared_borders(rings_by_name).items() if length >= MIN_BORDER}


def game_adjacency(variant: Variant) -> set[Pair]:
    """Pairs of provinces a unit can move between in one step, coasts ignored."""
    pairs: set[Pair] = set()
    for table in (variant.army_adjacency, variant.fleet_adjacency):
        for src, targets in table.items():
            a = province_of(src)
            for dst in targets:
                b = province_of(dst)
                if a != b:
                    pairs.add((a, b) if a < b else (b, a))
    return pairs
