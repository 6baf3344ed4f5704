"""The board geometry (render/data/standard_map.json) agrees with the engine's map.

Adjacency is measured here from the polygons themselves (edges two provinces' outlines have in
common), not read from the list the generator stored, so wrong polygons fail this test.
Standard library and engine only: the generator's heavy packages are not needed.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from engine.units import province_of
from engine.variant import ProvinceKind, Variant, load_variant

Point = tuple[float, float]
Ring = Sequence[Sequence[float]]
Pair = tuple[str, str]

# Shorter shared borders than this (board pixels) do not make two provinces neighbours.
MIN_BORDER = 3.0
# A fleet spot on a split coast may lie in its sea or this close to it.
COAST_REACH = 12.0
LABEL_GAP = 22.0


@cache
def board() -> dict[str, Any]:
    # Read by path: importing the render package would pull in Pillow.
    path = Path(__file__).resolve().parents[2] / "render" / "data" / "standard_map.json"
    text = path.read_text(encoding="ascii")
    data: dict[str, Any] = json.loads(text)
    return data


@pytest.fixture(scope="module")
def variant() -> Variant:
    return load_variant()


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


def game_pairs(v: Variant) -> set[Pair]:
    pairs: set[Pair] = set()
    for table in (v.army_adjacency, v.fleet_adjacency):
        for src, targets in table.items():
            for dst in targets:
                a, b = province_of(src), province_of(dst)
                if a != b:
                    pairs.add((a, b) if a < b else (b, a))
    return pairs


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


def in_province(p: Point, entry: dict[str, Any]) -> bool:
    return in_area(p, entry["polygons"], entry.get("holes", []))


def distance_to_rings(p: Point, rings: Iterable[Ring]) -> float:
    best = math.inf
    px, py = p
    for ring in rings:
        n = len(ring)
        for i in range(n):
            ax, ay = ring[i][0], ring[i][1]
            bx, by = ring[(i + 1) % n][0], ring[(i + 1) % n][1]
            dx, dy = bx - ax, by - ay
            t = 0.0 if dx == dy == 0 else ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)
            t = min(1.0, max(0.0, t))
            best = min(best, math.hypot(px - ax - t * dx, py - ay - t * dy))
    return best


def distance_to_province(p: Point, entry: dict[str, Any]) -> float:
    return 0.0 if in_province(p, entry) else distance_to_rings(p, entry["polygons"])


def test_header() -> None:
    data = board()
    assert data["format"] == 1
    assert (data["width"], data["height"]) == (1200, 1050)
    assert {"natural_earth", "projection", "generator"} <= set(data["inputs"])


def test_every_province_has_shape_and_anchors(variant: Variant) -> None:
    provinces = board()["provinces"]
    assert set(provinces) == set(variant.provinces)
    for code, entry in provinces.items():
        info = variant.provinces[code]
        assert entry["kind"] == info.kind.value, code
        assert entry["polygons"], code
        assert all(len(ring) >= 3 for ring in outline_rings(entry)), code
        assert len(entry["label"]) == 2 and len(entry["unit"]) == 2, code
        assert ("center" in entry) == info.supply_center, code
        assert set(entry.get("coasts", {})) == set(info.coasts), code


def test_adjacency_measured_from_polygons_is_the_games(variant: Variant) -> None:
    provinces = board()["provinces"]
    borders = shared_borders({code: outline_rings(e) for code, e in provinces.items()})
    measured = {pair for pair, length in borders.items() if length >= MIN_BORDER}
    wanted = game_pairs(variant)
    assert sorted(wanted - measured) == [], "neighbours in the game without a border"
    assert sorted(measured - wanted) == [], "a border between provinces that are not neighbours"
    # Not even a short stretch of border between provinces the game keeps apart.
    assert sorted(pair for pair in borders if pair not in wanted) == []
    assert {tuple(p) for p in board()["adjacency"]} == measured
    assert board()["adjacency"] == sorted(board()["adjacency"])


def test_known_tricky_places(variant: Variant) -> None:
    borders = shared_borders({c: outline_rings(e) for c, e in board()["provinces"].items()})

    def touch(a: str, b: str) -> bool:
        return borders.get((a, b) if a < b else (b, a), 0.0) >= MIN_BORDER

    assert touch("DEN", "SWE") and touch("DEN", "KIE")
    assert not touch("SKA", "BAL") and not touch("DEN", "BER")
    assert touch("CON", "BLA") and touch("CON", "AEG") and not touch("BLA", "AEG")
    assert not touch("GRE", "EAS") and not touch("MOS", "ARM")
    assert touch("MAO", "WES") and not touch("SPA", "NAF")


def test_units_and_labels_lie_inside_and_apart() -> None:
    for code, entry in board()["provinces"].items():
        unit, label = tuple(entry["unit"]), tuple(entry["label"])
        assert in_province(unit, entry), code
        assert in_province(label, entry), code
        assert math.dist(unit, label) >= LABEL_GAP, code


def test_supply_centres_lie_inside(variant: Variant) -> None:
    provinces = board()["provinces"]
    for code in variant.supply_centers:
        assert in_province(tuple(provinces[code]["center"]), provinces[code]), code


def test_split_coasts_face_their_own_seas(variant: Variant) -> None:
    provinces = board()["provinces"]
    for code, info in variant.provinces.items():
        if not info.coasts:
            continue
        seas_of = {
            coast: {
                loc
                for loc in variant.fleet_adjacency[f"{code}/{coast}"]
                if variant.provinces[loc].kind is ProvinceKind.SEA
            }
            for coast in info.coasts
        }
        for coast, spot in provinces[code]["coasts"].items():
            p = (spot[0], spot[1])
            others = set().union(*(s for c, s in seas_of.items() if c != coast))
            own = (seas_of[coast] - others) or seas_of[coast]
            foreign = others - seas_of[coast]
            near = min(distance_to_province(p, provinces[s]) for s in own)
            assert in_province(p, provinces[code]) or near == 0.0, (code, coast)
            assert near <= COAST_REACH, (code, coast, near)
            if foreign:
                far = min(distance_to_province(p, provinces[s]) for s in foreign)
                assert near < far, (code, coast)


def test_regions_tile_the_board() -> None:
    """Sample points across the image: each lies in exactly one region."""
    data = board()
    regions: list[tuple[list[Ring], list[Ring]]] = [
        (e["polygons"], e.get("holes", [])) for e in data["provinces"].values()
    ]
    regions += [(e["polygons"], []) for e in data["impassable"].values()]
    regions += [([ring], []) for ring in data["offboard_land"] + data["offboard_water"]]
    boxes = []
    for shells, _holes in regions:
        xs = [p[0] for r in shells for p in r]
        ys = [p[1] for r in shells for p in r]
        boxes.append((min(xs), min(ys), max(xs), max(ys)))
    width, height = data["width"], data["height"]
    for gy in range(20):
        for gx in range(24):
            p = (gx * width / 24 + 13.37, gy * height / 20 + 11.53)
            hits = [
                i
                for i, (shells, holes) in enumerate(regions)
                if boxes[i][0] <= p[0] <= boxes[i][2]
                and boxes[i][1] <= p[1] <= boxes[i][3]
                and in_area(p, shells, holes)
            ]
            assert len(hits) == 1, (p, hits)
    for shells, holes in regions:
        for ring in [*shells, *holes]:
            for x, y in ring:
                assert 0 <= x <= width and 0 <= y <= height
