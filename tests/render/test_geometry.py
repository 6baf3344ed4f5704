"""The board geometry (render/data/standard_map.json) agrees with the engine's map.

Adjacency is measured here from the polygons themselves (edges two provinces' outlines have in
common), not read from the list the generator stored, so wrong polygons fail this test.
Standard library and engine only: the generator's heavy packages are not needed.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from engine import Variant, available_variants, load_variant
from engine.units import province_of
from engine.variant import ProvinceKind
from render.pieces import DISLODGED_SHIFTS
from tests.render.outlines import Pair, Point, Ring, in_area, outline_rings, shared_borders

# Shorter shared borders than this (board pixels) do not make two provinces neighbours.
MIN_BORDER = 3.0
# A fleet spot on a split coast may lie in its sea or this close to it.
COAST_REACH = 12.0


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


def game_pairs(v: Variant) -> set[Pair]:
    pairs: set[Pair] = set()
    for table in (v.army_adjacency, v.fleet_adjacency):
        for src, targets in table.items():
            for dst in targets:
                a, b = province_of(src), province_of(dst)
                if a != b:
                    pairs.add((a, b) if a < b else (b, a))
    return pairs


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


# Map-file boards carry their own geometry (tests/render/test_diplomacia_map.py measures it).
@pytest.mark.parametrize(
    "name", [name for name in available_variants() if load_variant(name).geometry is None]
)
def test_every_variants_borders_are_its_adjacency(name: str) -> None:
    """A variant drawn on another board (an overlay) keeps that board's borders less the
    provinces it takes away; each link it adds where no border is (the Black Sea to the
    Aegean) is one of its declared ``added_links``, drawn as a passage, never hidden."""
    v = load_variant(name)
    # the one geometry file: a variant drawn on another board needs that board measured here
    assert (v.base or v.name) == "standard", f"{name} is drawn on a board this test lacks"
    borders = shared_borders({c: outline_rings(e) for c, e in board()["provinces"].items()})
    kept = {
        pair
        for pair, length in borders.items()
        if length >= MIN_BORDER and not set(pair) & set(v.out_of_play)
    }
    wanted = game_pairs(v)
    assert sorted(wanted - kept - v.added_links) == [], "a link with neither border nor passage"
    assert sorted(kept - wanted) == [], "a border between provinces that are not neighbours"
    assert sorted(v.added_links & set(borders)) == [], "an added link where a border is"
    assert v.added_links <= wanted


def test_the_overlays_declare_the_black_sea_aegean_passage() -> None:
    for name in ("1961-6", "1961-5", "1961-4", "1961-3"):
        assert load_variant(name).added_links == {("AEG", "BLA")}, name
    assert load_variant("ww1").added_links == frozenset()


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
    # how far apart the boxes below keep them at least
    gap = UNIT_SIZE / 2 + CAP_HEIGHT / 2 + LABEL_MARGIN + ITEM_GAP
    for code, entry in board()["provinces"].items():
        unit, label = tuple(entry["unit"]), tuple(entry["label"])
        assert in_province(unit, entry), code
        assert in_province(label, entry), code
        assert math.dist(unit, label) >= gap, code


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


# --- Legibility: labels, unit icons and supply-centre markers stay clear of one another.
#
# Sizes are board pixels at the designed scale (the whole board drawn 1200 px wide, where the
# renderer's ``feature`` is 1); they mirror the renderer. Smaller pictures round the font up
# by at most a few per cent, and regional crops draw everything smaller relative to the board.
#
# render/labels.py, render/sprites.py: a label is set at LABEL_PIXELS in Pillow's default
# font; its capitals advance at most CHAR_WIDTH each (NWG, the widest code, is 31.5 px wide)
# and stand CAP_HEIGHT tall; draw_labels counts about LABEL_MARGIN of padding around them.
LABEL_PIXELS = 13.0
CHAR_WIDTH = 10.5
CAP_HEIGHT = 9.0
LABEL_MARGIN = 0.75
# render/units.py: a unit's badge is UNIT_SIZE across: a fleet's disc, or an army's rounded
# square ARMY_SHARE as wide. Its sprite adds UNIT_MARGIN of the size on every side, and
# render/labels.py moves a label that meets a unit's sprite aside.
UNIT_SIZE = 26.0
ARMY_SHARE = 0.9
UNIT_MARGIN = 0.12
# render/compose.py: a dislodged unit is drawn DISLODGED_SIZE as large, on a burst reaching
# DISLODGED_RING of its size from its middle (render/units.py), at the first of
# DISLODGED_SHIFTS (icon sizes from its anchor) that covers no label or centre marker;
# a supply-centre marker is a disc of MARKER_RADIUS.
DISLODGED_SIZE = 0.88
DISLODGED_RING = 0.86
MARKER_RADIUS = 6.0
# Boxes keep at least ITEM_GAP apart, and BORDER_INSET inside their province (a land border
# is drawn 1.4 px wide).
ITEM_GAP = 1.0
BORDER_INSET = 1.0
# Provinces too small for a unit's badge beside their label (and marker): there the badge may
# cross the border, its middle at least UNIT_MIN_CLEARANCE inside. The list is exact: a
# province that gains the room must leave it.
CROWDED = frozenset(
    {
        *("ALB", "APU", "BEL", "BRE", "CLY", "CON", "DEN"),
        *("EDI", "HOL", "LVP", "NAP", "PIC", "WAL", "YOR"),
    }
)
UNIT_MIN_CLEARANCE = 6.0
# A dislodged unit is drawn beside its anchor; it covers no label or marker but these
# (province it is dislodged from, what it covers), which have no spot clear of them all (the
# spot chosen covers the least).
# The renderer moves a covered label aside (tests/render/test_labels.py).
DISLODGED_OVER = frozenset({("LVP", "LVP label"), ("LVP", "WAL label"), ("NWY", "NWY label")})

Box = tuple[float, float, float, float]
Item = tuple[str, str, str, Box]  # province, what, which anchor, box


def _box(p: Sequence[float], half_w: float, half_h: float) -> Box:
    return (p[0] - half_w, p[1] - half_h, p[0] + half_w, p[1] + half_h)


def _near(a: Box, b: Box, gap: float) -> bool:
    """Whether the boxes come closer than ``gap`` (they overlap for any gap)."""
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


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


def _outline_meets_box(entry: dict[str, Any], box: Box) -> bool:
    for ring in outline_rings(entry):
        n = len(ring)
        if any(_segment_meets_box(ring[i], ring[(i + 1) % n], box) for i in range(n)):
            return True
    return False


def _corners(box: Box) -> list[Point]:
    return [(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])]


def box_inside(box: Box, entry: dict[str, Any]) -> bool:
    """Whether ``box`` lies in the province: its corners inside, no outline crossing it."""
    return all(in_province(c, entry) for c in _corners(box)) and not _outline_meets_box(entry, box)


def box_meets(box: Box, entry: dict[str, Any]) -> bool:
    """Whether ``box`` and the province have a point in common."""
    return any(in_province(c, entry) for c in _corners(box)) or _outline_meets_box(entry, box)


def badge_inside(p: Point, entry: dict[str, Any]) -> bool:
    """Whether a unit's badge at ``p`` lies inside the province with BORDER_INSET to spare:
    a fleet's disc in a sea, an army's square inland, either on a coast."""
    if not in_province(p, entry):
        return False
    disc = UNIT_SIZE / 2 + BORDER_INSET
    if entry["kind"] != "land" and distance_to_rings(p, outline_rings(entry)) < disc:
        return False
    square = UNIT_SIZE / 2 * ARMY_SHARE + BORDER_INSET
    return entry["kind"] == "sea" or box_inside(_box(p, square, square), entry)


def label_half(code: str) -> tuple[float, float]:
    return (len(code) * CHAR_WIDTH / 2 + LABEL_MARGIN, CAP_HEIGHT / 2 + LABEL_MARGIN)


def _fixed_items(data: dict[str, Any]) -> list[Item]:
    """Each province's label and supply-centre marker."""
    out: list[Item] = []
    for code, entry in sorted(data["provinces"].items()):
        out.append((code, "label", "label", _box(entry["label"], *label_half(code))))
        if "center" in entry:
            out.append((code, "marker", "center", _box(entry["center"], *(MARKER_RADIUS,) * 2)))
    return out


def _area(a: Box, b: Box) -> float:
    w, h = min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _dislodged_box(spot: Sequence[float], fixed: list[Item]) -> Box:
    """Where the burst of a unit dislodged from ``spot`` goes: the first shift that covers
    the least of the labels and markers."""
    ring = UNIT_SIZE * DISLODGED_SIZE * DISLODGED_RING
    boxes = [
        _box((spot[0] + UNIT_SIZE * dx, spot[1] + UNIT_SIZE * dy), ring, ring)
        for dx, dy in DISLODGED_SHIFTS
    ]
    return min(boxes, key=lambda b: sum(_area(b, f[3]) for f in fixed))


def drawn_items(data: dict[str, Any]) -> list[Item]:
    """Everything drawn at an anchor: each province's label, its supply-centre marker, its
    unit's badge at the unit point and at each coast, and the burst of a unit dislodged from
    each of those."""
    half = UNIT_SIZE / 2
    fixed = _fixed_items(data)
    out: list[Item] = list(fixed)
    for code, entry in sorted(data["provinces"].items()):
        for name, (x, y) in {"unit": entry["unit"], **entry.get("coasts", {})}.items():
            out.append((code, "icon", name, _box((x, y), half, half)))
            out.append((code, "dislodged", name, _dislodged_box((x, y), fixed)))
    return out


def _together(a: Item, b: Item) -> bool:
    """Whether the two can be on one map: one unit stands in a province, at one of its
    anchors, and one more may be dislodged beside it (half over the unit that took its
    place, by design)."""
    if a[0] != b[0] or "label" in (a[1], b[1]) or "marker" in (a[1], b[1]):
        return True
    return {a[1], b[1]} == {"icon", "dislodged"} and a[2] != b[2]


def overlaps(data: dict[str, Any]) -> list[str]:
    """Labels, badges and markers closer than ITEM_GAP to one another."""
    items = [i for i in drawn_items(data) if i[1] != "dislodged"]
    return [
        f"{a[0]} {a[1]} {a[2]} / {b[0]} {b[1]} {b[2]}"
        for n, a in enumerate(items)
        for b in items[n + 1 :]
        if _near(a[3], b[3], ITEM_GAP) and _together(a, b)
    ]


def covered_by_dislodged(data: dict[str, Any]) -> set[tuple[str, str]]:
    """(province, label or marker) pairs where a unit dislodged from the province would be
    drawn over that label or marker."""
    items = drawn_items(data)
    rings = [i for i in items if i[1] == "dislodged"]
    text = [i for i in items if i[1] in ("label", "marker")]
    return {(r[0], f"{t[0]} {t[1]}") for r in rings for t in text if _area(r[3], t[3]) > 0}


def outside(data: dict[str, Any]) -> list[str]:
    """Labels and markers not inside their province with BORDER_INSET to spare."""
    found = []
    for code, entry in sorted(data["provinces"].items()):
        hw, hh = label_half(code)
        if not box_inside(_box(entry["label"], hw + BORDER_INSET, hh + BORDER_INSET), entry):
            found.append(f"{code} label")
        r = MARKER_RADIUS + BORDER_INSET
        if "center" in entry and not box_inside(_box(entry["center"], r, r), entry):
            found.append(f"{code} marker")
    return found


def stray_units(data: dict[str, Any]) -> set[str]:
    """Provinces whose unit's badge crosses their border."""
    return {
        code
        for code, entry in data["provinces"].items()
        if not badge_inside((entry["unit"][0], entry["unit"][1]), entry)
    }


def fleets_in_foreign_seas(data: dict[str, Any], v: Variant) -> list[str]:
    """Fleets on a split coast whose badge reaches a sea only the province's other coasts
    use."""
    provinces = data["provinces"]
    found = []
    for code, entry in sorted(provinces.items()):
        for coast, spot in sorted(entry.get("coasts", {}).items()):
            seas = {
                c: {p for p in v.fleet_adjacency[f"{code}/{c}"] if p in provinces}
                for c in v.provinces[code].coasts
            }
            foreign = {
                s
                for c, ss in seas.items()
                if c != coast
                for s in ss
                if provinces[s]["kind"] == "sea"
            } - seas[coast]
            badge = _box(spot, UNIT_SIZE / 2, UNIT_SIZE / 2)
            found += [
                f"{code}/{coast} {s}" for s in sorted(foreign) if box_meets(badge, provinces[s])
            ]
    return found


def test_labels_units_and_centres_do_not_overlap() -> None:
    assert overlaps(board()) == []


def test_labels_and_centres_lie_inside() -> None:
    assert outside(board()) == []


def test_unit_badges_lie_inside() -> None:
    provinces = board()["provinces"]
    assert sorted(stray_units(board()) - CROWDED) == []
    assert sorted(CROWDED - stray_units(board())) == [], "room now: take these off CROWDED"
    for code in sorted(CROWDED):
        unit = (provinces[code]["unit"][0], provinces[code]["unit"][1])
        assert in_province(unit, provinces[code]), code
        clearance = distance_to_rings(unit, outline_rings(provinces[code]))
        assert clearance >= UNIT_MIN_CLEARANCE, (code, clearance)


def labels_on_unit_sprites(data: dict[str, Any]) -> list[str]:
    """Labels the renderer would move aside whenever a unit stands at some anchor."""
    half = math.ceil(UNIT_SIZE / 2 + UNIT_SIZE * UNIT_MARGIN)
    provinces = data["provinces"]
    sprites = [
        (code, name, _box(p, half, half))
        for code, entry in sorted(provinces.items())
        for name, p in {"unit": entry["unit"], **entry.get("coasts", {})}.items()
    ]
    found = []
    for code, entry in sorted(provinces.items()):
        label = _box(entry["label"], *label_half(code))
        found += [f"{code} label / {c} {n}" for c, n, box in sprites if _near(label, box, 0.0)]
    return found


def test_labels_stay_off_unit_sprites() -> None:
    assert labels_on_unit_sprites(board()) == []


def test_fleets_on_split_coasts_stay_off_the_other_seas(variant: Variant) -> None:
    assert fleets_in_foreign_seas(board(), variant) == []


def test_dislodged_units_leave_labels_and_centres_readable() -> None:
    assert sorted(covered_by_dislodged(board()) - DISLODGED_OVER) == []
    assert sorted(DISLODGED_OVER - covered_by_dislodged(board())) == []
