"""Province outlines as polygon rings (the board files' geometry), measured with the standard
library alone: what the map tests check boards with, whatever drew them."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

Point = tuple[float, float]
Ring = Sequence[Sequence[float]]
Pair = tuple[str, str]


def outline_rings(entry: dict[str, Any]) -> list[Ring]:
    return [*entry["polygons"], *entry.get("holes", [])]


def shared_borders(rings_by_name: dict[str, list[Ring]]) -> dict[Pair, float]:
    owners: dict[tuple[Point, Point], set[str]] = defaultdict(set)
    for name, rings in rings_by_name.items():
        for ring in rings:
            pts = [(float(p[0]), float(p[1])) for p in ring]
            for a, b in zip(pts, pts[1:] + pts[:1], strict=True):
                if a != b:
                    owners[(a, b) if a < b else (b, a)].add(name)
    lengths: dict[Pair, float] = defaultdict(float)
    for (a, b), names in owners.items():
        ordered = sorted(names)
        for i, first in enumerate(ordered):
            for second in ordered[i + 1 :]:
                lengths[(first, second)] += math.dist(a, b)
    return dict(lengths)


def in_ring(p: Point, ring: Ring) -> bool:
    x, y = p
    inside = False
    n = len(ring)
    for i in range(n):
        x1, y1 = ring[i][0], ring[i][1]
        x2, y2 = ring[(i + 1) % n][0], ring[(i + 1) % n][1]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def in_area(p: Point, shells: Iterable[Ring], holes: Iterable[Ring] = ()) -> bool:
    return any(in_ring(p, r) for r in shells) and not any(in_ring(p, h) for h in holes)
