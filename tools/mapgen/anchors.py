"""Points the renderer draws at: unit, label, supply centre, and a fleet spot per split coast.

Everything drawn at these points has to stay legible on the whole board at its designed size
(1200 px wide, where one board pixel is one picture pixel and icons and text have their
designed sizes; smaller pictures and regional crops draw them no larger relative to the
board). So each province's label, unit icon (at its unit point and at each coast spot) and
supply-centre marker lies inside the province, clear of its border, and no two of them, in
this province or any other, overlap. Where a dislodged unit would be drawn (beside the unit,
down and to the right) is kept off labels, markers and other units where room allows.

The points are chosen together: every item gets a set of candidate spots that fit inside its
province, each with a cost (away from the province's middle, the city, or the coast it
stands for), and pairs of items that overlap cost a lot. A greedy start, most constrained
item first, is then improved one item at a time until no single move helps.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.geometry.base import BaseGeometry

from tools.mapgen import seeds as facts
from tools.mapgen.projection import Projection

Point = tuple[float, float]
Array = NDArray[np.float64]
Mask = NDArray[np.bool_]

# --- What the renderer draws, in board pixels at the designed scale.
# render/labels.py, render/sprites.py: labels are set at 13 px in Pillow's default font; a
# capital advances at most CHAR_WIDTH (NWG, the widest code, is 31.5 px wide) and stands
# CAP_HEIGHT tall; the renderer counts about LABEL_MARGIN of padding around the text.
CHAR_WIDTH = 10.5
CAP_HEIGHT = 9.0
LABEL_MARGIN = 0.75
# render/units.py: a badge is UNIT_SIZE across; the renderer keeps labels off its sprite,
# which adds 12 % of the size on every side.
UNIT_SIZE = 26.0
UNIT_HALF = math.ceil(UNIT_SIZE / 2 + UNIT_SIZE * 0.12)
# render/compose.py: a dislodged unit is drawn 0.88 as large, moved by (0.78, 0.62) icon
# sizes from its anchor, in a sprite with a 30 % margin.
DISLODGED_SHIFT = (UNIT_SIZE * 0.78, UNIT_SIZE * 0.62)
DISLODGED_HALF = math.ceil(UNIT_SIZE * 0.88 * (0.5 + 0.3))
# render/compose.py: a supply-centre marker is a disc of this radius.
MARKER_RADIUS = 6.0
# Every label, badge and marker keeps this far inside its province's outline.
BORDER_INSET = 1.0
# Coordinates are written to 0.1 px; boxes keep this much more room so rounding never
# makes two of them touch.
SLACK = 0.3
# A fleet on a split coast stands in its province or its sea, at most this far from the sea.
COAST_REACH = 10.0
# Up to this far from its city a marker may move to make room.
CENTER_MOVE = 14.0
# Beyond UNIT_ROOM more room around a unit adds nothing.
UNIT_ROOM = 24.0

# --- Costs. An overlap of two items always costs more than any other choice could save.
HARD = 1000.0
# a label or marker under a dislodged unit, an icon under one, two dislodged units
COVER_TEXT = 60.0
COVER_ICON = 15.0
COVER_DISLODGED = 4.0
# a dislodged unit drawn outside its province
DISLODGED_OUTSIDE = 6.0
# items within this gap of each other crowd
CROWD_GAP = 2.0
CROWD = 2.0

Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def label_half(code: str) -> tuple[float, float]:
    """Half the width and height of a label's text box."""
    return (len(code) * CHAR_WIDTH / 2 + LABEL_MARGIN, CAP_HEIGHT / 2 + LABEL_MARGIN)


def main_part(geom: BaseGeometry) -> shapely.Polygon:
    parts = list(shapely.get_parts(geom))
    return max(parts, key=lambda p: p.area)


def _grid(poly: BaseGeometry, step: float, bounds: Box | None = None) -> Array:
    x0, y0, x1, y1 = bounds or poly.bounds
    xs = np.arange(math.floor(x0) + step / 2, x1, step)
    ys = np.arange(math.floor(y0) + step / 2, y1, step)
    gx, gy = np.meshgrid(xs, ys)
    pts = np.column_stack([gx.ravel(), gy.ravel()])
    inside = np.asarray(shapely.contains_xy(poly, pts[:, 0], pts[:, 1]), dtype=bool)
    out: Array = pts[inside]
    return out


def _step(poly: BaseGeometry, finest: float, coarsest: float) -> float:
    return max(finest, min(coarsest, math.sqrt(poly.area) / 40))


def _clearance(poly: BaseGeometry, pts: Array) -> Array:
    """Distance from each point to the outline (negative outside)."""
    boundary = poly.boundary
    shapely.prepare(boundary)
    d = shapely.distance(boundary, shapely.points(pts))
    inside = np.asarray(shapely.contains_xy(poly, pts[:, 0], pts[:, 1]), dtype=bool)
    out: Array = np.where(inside, d, -d)
    return out


def _fits(area: BaseGeometry, pts: Array, half_w: float, half_h: float) -> Mask:
    """Whether a box of these half sizes around each point lies inside ``area``."""
    if len(pts) == 0:
        return np.zeros(0, dtype=bool)
    shapely.prepare(area)
    boxes = shapely.box(
        pts[:, 0] - half_w, pts[:, 1] - half_h, pts[:, 0] + half_w, pts[:, 1] + half_h
    )
    out: Mask = np.asarray(shapely.contains(area, boxes), dtype=bool)
    return out


def _dist(pts: Array, p: Point) -> Array:
    out: Array = np.hypot(pts[:, 0] - p[0], pts[:, 1] - p[1])
    return out


def _middle(poly: shapely.Polygon) -> Point:
    """The centroid, or the point of the province nearest to it when it falls outside."""
    c = poly.centroid
    if poly.contains(c):
        return (c.x, c.y)
    q = shapely.shortest_line(poly, c).coords[0]
    return (q[0], q[1])


@dataclass
class Item:
    """Something drawn at an anchor: ``kind`` is label, unit, coast or marker."""

    code: str
    kind: str
    name: str
    half: tuple[float, float]
    pts: Array
    cost: Array

    @property
    def dislodges(self) -> bool:
        """A unit standing here can be dislodged and drawn beside its anchor."""
        return self.kind in ("unit", "coast")

    @property
    def text(self) -> bool:
        return self.kind in ("label", "marker")


def _fixed(code: str, kind: str, name: str, half: tuple[float, float], p: Point) -> Item:
    return Item(code, kind, name, half, np.array([p], dtype=float), np.zeros(1))


def _unit_item(code: str, geom: BaseGeometry) -> Item:
    """Roomy spots near the middle; where a dislodged unit would stand should be inside too."""
    poly = main_part(geom)
    pts = _grid(poly, _step(poly, 1.0, 4.0))
    badge = UNIT_SIZE / 2 + BORDER_INSET + SLACK
    ok = _fits(poly, pts, badge, badge)
    clear = _clearance(geom, pts)
    cost = -np.minimum(clear, UNIT_ROOM) + 0.05 * _dist(pts, _middle(poly))
    gone = pts + np.array(DISLODGED_SHIFT)
    outside = ~np.asarray(shapely.contains_xy(geom, gone[:, 0], gone[:, 1]), dtype=bool)
    cost = cost + DISLODGED_OUTSIDE * outside
    if not ok.any():
        # Nothing fits: the roomiest spots, at the price of an overlap with the border.
        ok = clear >= clear.max() - 1.0
        cost = cost + HARD
    return Item(code, "unit", "unit", (UNIT_HALF + SLACK, UNIT_HALF + SLACK), pts[ok], cost[ok])


def _label_item(code: str, geom: BaseGeometry) -> Item:
    """Spots whose text box fits inside, the nearer the province's middle the better."""
    poly = main_part(geom)
    pts = _grid(poly, _step(poly, 1.0, 3.0))
    hw, hh = label_half(code)
    ok = _fits(poly, pts, hw + BORDER_INSET + SLACK, hh + BORDER_INSET + SLACK)
    roomy = _fits(poly, pts, hw + 4.0, hh + 4.0)
    cost = 0.12 * _dist(pts, _middle(poly)) - 2.0 * roomy
    if not ok.any():
        clear = _clearance(geom, pts)
        ok = clear >= clear.max() - 1.0
        cost = cost + HARD
    return Item(code, "label", "label", (hw + SLACK, hh + SLACK), pts[ok], cost[ok])


def _marker_item(code: str, geom: BaseGeometry, city: Point) -> Item:
    """The city, or a spot a few pixels away where the marker fits inside the province."""
    x, y = city
    box = (x - CENTER_MOVE, y - CENTER_MOVE, x + CENTER_MOVE + 0.5, y + CENTER_MOVE + 0.5)
    pts = _grid(geom, 0.5, box)
    pts = pts[_dist(pts, city) <= CENTER_MOVE]
    r = MARKER_RADIUS + BORDER_INSET + SLACK
    ok = _fits(geom, pts, r, r)
    cost = 1.5 * _dist(pts, city)
    if not ok.any():
        inner = geom.buffer(-r)
        p = shapely.Point(city)
        if inner.is_empty:
            q = main_part(geom).representative_point().coords[0]
        else:
            q = shapely.shortest_line(inner, p).coords[0]
        return _fixed(code, "marker", "center", (MARKER_RADIUS + SLACK,) * 2, (q[0], q[1]))
    return Item(code, "marker", "center", (MARKER_RADIUS + SLACK,) * 2, pts[ok], cost[ok])


def _coast_item(
    code: str,
    name: str,
    province: BaseGeometry,
    seas: Sequence[BaseGeometry],
    foreign: Sequence[BaseGeometry],
    hint: Point,
) -> Item:
    """Spots by the shore with ``seas`` near ``hint``: the middle in the province or those
    seas and nearer to them than to the province's ``foreign`` seas, the badge clear of the
    foreign seas and, where it can be, over nothing but the province and its seas."""
    own = shapely.union_all(list(seas))
    shore = shapely.intersection(province.boundary, own.boundary)
    if shore.is_empty:
        raise RuntimeError(f"{code}/{name} has no shore with its seas")
    on_shore = shapely.shortest_line(shore, shapely.Point(hint)).coords[0]
    reach = 40.0
    x, y = on_shore
    area = shapely.union_all([province, own])
    pts = _grid(area, 1.0, (x - reach, y - reach, x + reach, y + reach))
    badge = UNIT_SIZE / 2 + BORDER_INSET + SLACK
    near = shapely.distance(own, shapely.points(pts))
    ok = near <= COAST_REACH
    boxes = shapely.box(pts[:, 0] - badge, pts[:, 1] - badge, pts[:, 0] + badge, pts[:, 1] + badge)
    if foreign:
        other = shapely.union_all(list(foreign))
        far = shapely.distance(other, shapely.points(pts))
        ok &= (far > near + 1.0) & ~np.asarray(shapely.intersects(other, boxes), dtype=bool)
    covered = _fits(area, pts, badge, badge)
    in_land = np.asarray(shapely.contains_xy(province, pts[:, 0], pts[:, 1]), dtype=bool)
    cost = 0.3 * _dist(pts, (x, y)) + 1.5 * ~in_land + 8.0 * ~covered
    if not ok.any():
        raise RuntimeError(f"no room for a fleet on {code}/{name}")
    return Item(code, "coast", name, (UNIT_HALF + SLACK, UNIT_HALF + SLACK), pts[ok], cost[ok])


def _overlap(p: Array, hp: tuple[float, float], q: Point, hq: tuple[float, float]) -> Mask:
    out: Mask = (np.abs(p[:, 0] - q[0]) < hp[0] + hq[0]) & (np.abs(p[:, 1] - q[1]) < hp[1] + hq[1])
    return out


_GONE = (float(DISLODGED_HALF), float(DISLODGED_HALF))
_SHIFT = np.array(DISLODGED_SHIFT)


def _pair_cost(a: Item, pa: Array, b: Item, pb: Point) -> Array:
    """The cost of ``a`` at each of ``pa`` with ``b`` at ``pb``."""
    cost = np.zeros(len(pa))
    same = a.code == b.code
    # Only one unit stands in a province: its anchors never show icons together.
    apart = not (same and a.dislodges and b.dislodges)
    if apart:
        cost += HARD * _overlap(pa, a.half, pb, b.half)
        grown = (a.half[0] + CROWD_GAP, a.half[1] + CROWD_GAP)
        cost += CROWD * _overlap(pa, grown, pb, b.half)
    shifted_b = (pb[0] + _SHIFT[0], pb[1] + _SHIFT[1])
    if a.dislodges and not (same and a.name == b.name):
        weight = COVER_TEXT if b.text else COVER_ICON
        cost += weight * _overlap(pa + _SHIFT, _GONE, pb, b.half)
    if b.dislodges and not (same and a.name == b.name):
        weight = COVER_TEXT if a.text else COVER_ICON
        cost += weight * _overlap(pa, a.half, shifted_b, _GONE)
    if a.dislodges and b.dislodges and not same:
        cost += COVER_DISLODGED * _overlap(pa + _SHIFT, _GONE, shifted_b, _GONE)
    if same and {a.kind, b.kind} == {"label", "unit"}:
        # a label belongs near its unit
        cost += 0.1 * np.maximum(0.0, _dist(pa, pb) - 32.0)
    return cost


def _reach(item: Item) -> Box:
    m = DISLODGED_SHIFT[0] + DISLODGED_HALF + 2 * UNIT_HALF + CROWD_GAP
    x0, y0 = item.pts.min(axis=0)
    x1, y1 = item.pts.max(axis=0)
    return (x0 - m, y0 - m, x1 + m, y1 + m)


def arrange(items: Sequence[Item]) -> list[Point]:
    """A spot for every item: a greedy start, then single moves while any lowers the cost."""
    n = len(items)
    reach = [_reach(it) for it in items]
    near: list[list[int]] = [[] for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            a, b = reach[i], reach[j]
            if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                near[i].append(j)
                near[j].append(i)
    chosen: list[int | None] = [None] * n

    def costs(i: int) -> Array:
        it = items[i]
        total = it.cost.copy()
        for j in near[i]:
            k = chosen[j]
            if k is not None:
                q = items[j].pts[k]
                total += _pair_cost(it, it.pts, items[j], (float(q[0]), float(q[1])))
        return total

    order = sorted(range(n), key=lambda i: (len(items[i].pts), items[i].code, items[i].name))
    for i in order:
        chosen[i] = int(np.argmin(costs(i)))
    for _ in range(100):
        moved = False
        for i in order:
            c = costs(i)
            k = int(np.argmin(c))
            current = chosen[i]
            assert current is not None
            if c[k] < c[current] - 1e-9:
                chosen[i] = k
                moved = True
        if not moved:
            break
    out: list[Point] = []
    for it, k in zip(items, chosen, strict=True):
        assert k is not None
        out.append((float(it.pts[k][0]), float(it.pts[k][1])))
    return out


@dataclass
class Anchors:
    label: dict[str, Point]
    unit: dict[str, Point]
    center: dict[str, Point]
    coasts: dict[str, dict[str, Point]]


def place(
    geoms: Mapping[str, BaseGeometry],
    cities: Mapping[str, Point],
    coasts: Mapping[str, Mapping[str, tuple[Sequence[str], Sequence[str], Point]]],
    unit_hints: Mapping[str, Point],
    label_hints: Mapping[str, Point],
) -> Anchors:
    """Every anchor of every province. ``coasts`` maps a province to its coasts, each with
    the seas that coast uses, the province's other seas, and a point near its shore."""
    items: list[Item] = []
    for code in sorted(geoms):
        geom = geoms[code]
        if code in unit_hints:
            u = (UNIT_HALF + SLACK, UNIT_HALF + SLACK)
            items.append(_fixed(code, "unit", "unit", u, unit_hints[code]))
        else:
            items.append(_unit_item(code, geom))
        if code in label_hints:
            hw, hh = label_half(code)
            items.append(_fixed(code, "label", "label", (hw + SLACK, hh + SLACK), label_hints[code]))
        else:
            items.append(_label_item(code, geom))
        if code in cities:
            items.append(_marker_item(code, geom, cities[code]))
        for name, (own, other, hint) in sorted(coasts.get(code, {}).items()):
            items.append(
                _coast_item(
                    code,
                    name,
                    geom,
                    [geoms[s] for s in own],
                    [geoms[s] for s in other],
                    hint,
                )
            )
    spots = arrange(items)
    out = Anchors({}, {}, {}, {})
    for it, p in zip(items, spots, strict=True):
        if it.kind == "label":
            out.label[it.code] = p
        elif it.kind == "unit":
            out.unit[it.code] = p
        elif it.kind == "marker":
            out.center[it.code] = p
        else:
            out.coasts.setdefault(it.code, {})[it.name] = p
    return out


def projected(proj: Projection, places: Mapping[str, facts.Place]) -> dict[str, Point]:
    return {code: proj.point(lon, lat) for code, (_name, lon, lat) in places.items()}
