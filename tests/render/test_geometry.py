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


# --- Legibility: labels, unit icons and supply-centre markers never collide.
#
# Sizes are board pixels at the designed scale (the whole board drawn 1200 px wide, where the
# renderer's ``feature`` is 1). They mirror the renderer; smaller pictures round the font up
# by at most a few per cent, and regional crops draw everything smaller relative to the board.
#
# render/labels.py and render/sprites.py: a label is set at LABEL_PIXELS, in Pillow's default
# font, three capitals whose advance is at most CHAR_WIDTH each (NWG, the widest code, is
# 31.5 px) and CAP_HEIGHT tall; draw_labels treats the text plus about half a pixel of
# padding as the label's box.
LABEL_PIXELS = 13.0
CHAR_WIDTH = 10.5
CAP_HEIGHT = 9.0
LABEL_MARGIN = 0.75
# render/units.py: a unit's badge is UNIT_SIZE across (a fleet's disc; an army's square is a
# little smaller) and its sprite adds UNIT_MARGIN of that on every side; the renderer moves a
# label off that sprite box.
UNIT_SIZE = 26.0
UNIT_MARGIN = 0.12
# render/compose.py: a dislodged unit is drawn DISLODGED_SIZE as large, shifted by
# DISLODGED_SHIFT icon sizes from its anchor, inside a red ring DISLODGED_RING of its size
# from its middle; its sprite's margin is DISLODGED_MARGIN.
DISLODGED_SHIFT = (0.78, 0.62)
DISLODGED_SIZE = 0.88
DISLODGED_RING = 0.68
DISLODGED_MARGIN = 0.3
# render/compose.py: a supply-centre marker is a disc of this radius.
MARKER_RADIUS = 6.0
# Every box keeps this far inside its province (a land border is drawn 1.4 px wide).
BORDER_INSET = 1.0

Box = tuple[float, float, float, float]


def _box(p: Sequence[float], half_w: float, half_h: float) -> Box:
    return (p[0] - half_w, p[1] - half_h, p[0] + half_w, p[1] + half_h)


def _grow(b: Box, d: float) -> Box:
    return (b[0] - d, b[1] - d, b[2] + d, b[3] + d)


def _meet(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _segment_meets_box(a: Sequence[float], b: Sequence[float], box: Box) -> bool:
    """Whether segment a-b has a point strictly inside ``box`` (Liang-Barsky clipping)."""
    x0, y0, x1, y1 = box
    dx, dy = b[0] - a[0], b[1] - a[1]
    lo, hi = 0.0, 1.0
    for p, q in ((-dx, a[0] - x0), (dx, x1 - a[0]), (-dy, a[1] - y0), (dy, y1 - a[1])):
        if p == 0:
            if q <= 0:
                return False
        elif p < 0:
            lo = max(lo, q / p)
        else:
            hi = min(hi, q / p)
        if lo >= hi:
            return False
    return True


def _box_inside(box: Box, shells: Sequence[Ring], holes: Sequence[Ring]) -> bool:
    """Whether ``box`` lies in the area: its corners inside and no outline crossing it."""
    x0, y0, x1, y1 = box
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    if not all(in_area(c, shells, holes) for c in corners):
        return False
    for ring in [*shells, *holes]:
        n = len(ring)
        for i in range(n):
            if _segment_meets_box(ring[i], ring[(i + 1) % n], box):
                return False
    return True


def _box_covered(box: Box, areas: Sequence[dict[str, Any]], step: float = 1.0) -> bool:
    """Whether every point of a grid over ``box`` lies in one of ``areas``."""
    nx = max(1, math.ceil((box[2] - box[0]) / step))
    ny = max(1, math.ceil((box[3] - box[1]) / step))
    for i in range(nx + 1):
        for j in range(ny + 1):
            p = (box[0] + (box[2] - box[0]) * i / nx, box[1] + (box[3] - box[1]) * j / ny)
            if not any(in_province(p, a) for a in areas):
                return False
    return True


def _own_seas(variant: Variant, code: str, coast: str) -> set[str]:
    return {
        loc
        for loc in variant.fleet_adjacency[f"{code}/{coast}"]
        if variant.provinces[loc].kind is ProvinceKind.SEA
    }


def label_half(code: str) -> tuple[float, float]:
    return (len(code) * CHAR_WIDTH / 2 + LABEL_MARGIN, CAP_HEIGHT / 2 + LABEL_MARGIN)


def unit_sprite_half(size: float = UNIT_SIZE, margin: float = UNIT_MARGIN) -> float:
    return math.ceil(size / 2 + size * margin)


def drawn_items(data: dict[str, Any]) -> list[tuple[str, str, str, Box]]:
    """(province, what, anchor, box) for everything drawn at an anchor: the label, the unit's
    icon at its anchor and at each coast, where a dislodged unit from each of those goes, and
    the supply-centre marker. Icons count their sprite box, the box the renderer keeps
    labels off."""
    unit = unit_sprite_half()
    small = UNIT_SIZE * DISLODGED_SIZE
    gone = unit_sprite_half(small, DISLODGED_MARGIN)
    shift = (UNIT_SIZE * DISLODGED_SHIFT[0], UNIT_SIZE * DISLODGED_SHIFT[1])
    out: list[tuple[str, str, str, Box]] = []
    for code, entry in sorted(data["provinces"].items()):
        out.append((code, "label", "label", _box(entry["label"], *label_half(code))))
        spots = {"unit": entry["unit"], **entry.get("coasts", {})}
        for name, (x, y) in spots.items():
            out.append((code, "icon", name, _box((x, y), unit, unit)))
            out.append((code, "dislodged", name, _box((x + shift[0], y + shift[1]), gone, gone)))
        if "center" in entry:
            r = MARKER_RADIUS
            out.append((code, "marker", "center", _box(entry["center"], r, r)))
    return out


def _drawn_together(a: tuple[str, str, str, Box], b: tuple[str, str, str, Box]) -> bool:
    """Whether the two can be on one map at once and must stay apart."""
    if a[0] != b[0]:
        return True
    kinds = {a[1], b[1]}
    if kinds <= {"icon", "dislodged"}:
        # One unit stands in a province, and one more dislodged beside it; a dislodged unit
        # is drawn half over the unit that took its place at the same anchor, by design.
        return kinds == {"icon", "dislodged"} and a[2] != b[2]
    return True


def collisions(data: dict[str, Any]) -> list[str]:
    """Every pair of drawn items whose boxes meet."""
    items = drawn_items(data)
    found = []
    for i, a in enumerate(items):
        for b in items[i + 1 :]:
            if _meet(a[3], b[3]) and _drawn_together(a, b):
                found.append(f"{a[0]} {a[1]} {a[2]} / {b[0]} {b[1]} {b[2]}")
    return found


def strays(data: dict[str, Any], variant: Variant) -> list[str]:
    """Labels, icons (their badges) and markers not inside their province, and fleet icons
    on a coast not inside the province and that coast's seas; a dislodged unit's middle
    not inside the province or the seas next to its coast."""
    provinces = data["provinces"]
    found = []
    badge = UNIT_SIZE / 2 + BORDER_INSET
    shift = (UNIT_SIZE * DISLODGED_SHIFT[0], UNIT_SIZE * DISLODGED_SHIFT[1])
    for code, entry in sorted(provinces.items()):
        shells, holes = entry["polygons"], entry.get("holes", [])
        hw, hh = label_half(code)
        if not _box_inside(_box(entry["label"], hw + BORDER_INSET, hh + BORDER_INSET), shells, holes):
            found.append(f"{code} label")
        if not _box_inside(_box(entry["unit"], badge, badge), shells, holes):
            found.append(f"{code} icon")
        if "center" in entry:
            r = MARKER_RADIUS + BORDER_INSET
            if not _box_inside(_box(entry["center"], r, r), shells, holes):
                found.append(f"{code} marker")
        for coast, spot in entry.get("coasts", {}).items():
            areas = [entry, *(provinces[s] for s in sorted(_own_seas(variant, code, coast)))]
            if not _box_covered(_box(spot, badge, badge), areas):
                found.append(f"{code} icon {coast}")
        spots = {"unit": entry["unit"], **entry.get("coasts", {})}
        for name, (x, y) in spots.items():
            areas = [entry]
            if name != "unit":
                areas += [provinces[s] for s in sorted(_own_seas(variant, code, name))]
            if not any(in_province((x + shift[0], y + shift[1]), a) for a in areas):
                found.append(f"{code} dislodged {name}")
    return found
