"""Points the renderer draws at: unit, label, supply centre, and a fleet spot per split coast.

Everything drawn at these points has to stay legible on the whole board at its designed size
(1200 px wide, where a board pixel is a picture pixel; smaller pictures and regional crops
draw icons and text no larger relative to the board). So no two of the labels, unit badges (at
the unit point and at each coast spot) and supply-centre markers overlap, in one province or
across two; labels and markers lie inside their province, and so do badges wherever the
province has room for one beside its label and marker (elsewhere a badge crosses the border
as little as it can). Where a dislodged unit would be drawn (down and to the right of its
anchor) is kept off labels, markers and other units where room allows.

The points are chosen together: every item gets candidate spots, each with a cost (for
leaving the province's middle, the city or the coast it stands for, or crossing the border),
and two items that overlap cost far more than any of that. A greedy start, most constrained
item first, is improved by moving one item while that helps, then two at once, or a
province's label, unit and marker at once, where overlaps remain.
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
# render/units.py: a unit's badge is UNIT_SIZE across (a fleet's disc; an army's rounded
# square is a little smaller). Its sprite adds 12 % of the size on every side; the renderer
# moves a label that meets the sprite, so labels keep off it where room allows.
UNIT_SIZE = 26.0
UNIT_HALF = UNIT_SIZE / 2
ARMY_HALF = UNIT_HALF * 0.9
UNIT_SPRITE_HALF = math.ceil(UNIT_SIZE / 2 + UNIT_SIZE * 0.12)
# render/compose.py: a dislodged unit is drawn 0.88 as large, moved by (0.78, 0.62) icon
# sizes from its anchor, inside a red ring reaching 0.68 of its size from its middle, in a
# sprite with a 30 % margin.
DISLODGED_SHIFT = (UNIT_SIZE * 0.78, UNIT_SIZE * 0.62)
DISLODGED_HALF = UNIT_SIZE * 0.88 * 0.68
DISLODGED_SPRITE_HALF = math.ceil(UNIT_SIZE * 0.88 * (0.5 + 0.3))
# render/compose.py: a supply-centre marker is a disc of this radius.
MARKER_RADIUS = 6.0
# Every label, badge and marker keeps this far inside its province's outline, and this far
# from every other one.
BORDER_INSET = 1.0
ITEM_GAP = 1.0
# Coordinates are written to 0.1 px; boxes keep this much more room so rounding never
# makes two of them touch.
SLACK = 0.3
# A fleet on a split coast stands in its province or its sea, at most this far from the sea.
COAST_REACH = 10.0
# Up to this far from its city a marker may move to make room.
CENTER_MOVE = 40.0
# A badge that cannot lie wholly inside its province keeps its middle this far inside.
UNIT_MIN_CLEARANCE = 6.0
# Beyond UNIT_ROOM more room around a unit adds nothing.
UNIT_ROOM = 24.0

# --- Costs. An overlap of two items always costs more than any other choice could save.
HARD = 1000.0
# a label or marker under a dislodged unit, an icon under one, two dislodged units
COVER_TEXT = 150.0
COVER_ICON = 15.0
COVER_DISLODGED = 4.0
# a badge crossing its province's border, and more per pixel it reaches across
PROTRUDE = 400.0
PROTRUDE_PX = 50.0
# a dislodged unit drawn outside its province
DISLODGED_OUTSIDE = 6.0
# a label on a unit's sprite, where the renderer would move it aside whenever that unit is
# drawn (more than a badge crossing a border costs), or on a dislodged unit's sprite
LABEL_ON_SPRITE = 500.0
LABEL_ON_DISLODGED = 30.0
# items within this gap of each other crowd
CROWD_GAP = 3.0
CROWD = 1.5
# how many of one item's best spots a move of two items at once tries
PAIR_TRIES = 200
# two items that cost this much together are worth moving together
WORTH_A_PAIR_MOVE = 10.0
# and how many spots of a province's marker a move of its label, unit and marker tries
MARKER_TRIES = 30

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


def _badge_fits(area: BaseGeometry, pts: Array, clear: Array, kind: str) -> Mask:
    """Whether a unit's badge at each point lies inside ``area`` with BORDER_INSET to spare:
    a fleet's disc in a sea, an army's square inland, either on a coast."""
    out: Mask = np.ones(len(pts), dtype=bool)
    if kind != "land":
        out &= clear >= UNIT_HALF + BORDER_INSET + SLACK
    if kind != "sea":
        square = ARMY_HALF + BORDER_INSET + SLACK
        out &= _fits(area, pts, square, square)
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
    # spots where the item crosses its province's border
    strays: Mask | None = None

    @property
    def dislodges(self) -> bool:
        """A unit standing here can be dislodged and drawn beside its anchor."""
        return self.kind in ("unit", "coast")

    @property
    def text(self) -> bool:
        return self.kind in ("label", "marker")


def _fixed(code: str, kind: str, name: str, half: tuple[float, float], p: Point) -> Item:
    return Item(code, kind, name, half, np.array([p], dtype=float), np.zeros(1))


def _unit_item(code: str, geom: BaseGeometry, kind: str) -> Item:
    """Roomy spots near the middle, the badge inside the province. Where the province has
    no room for a badge beside its label and marker, the badge may cross the border, at a
    price and more per pixel, its middle at least UNIT_MIN_CLEARANCE inside. Where a
    dislodged unit would stand had better be inside too."""
    poly = main_part(geom)
    pts = _grid(poly, _step(poly, 1.0, 4.0))
    clear = _clearance(geom, pts)
    ok = clear >= UNIT_MIN_CLEARANCE + SLACK
    inside = _badge_fits(poly, pts, clear, kind)
    short = np.maximum(0.0, (UNIT_HALF if kind == "sea" else ARMY_HALF) + BORDER_INSET - clear)
    cost = -np.minimum(clear, UNIT_ROOM) + 0.05 * _dist(pts, _middle(poly))
    cost = cost + np.where(inside, 0.0, PROTRUDE + PROTRUDE_PX * short)
    gone = pts + np.array(DISLODGED_SHIFT)
    outside = ~np.asarray(shapely.contains_xy(geom, gone[:, 0], gone[:, 1]), dtype=bool)
    cost = cost + DISLODGED_OUTSIDE * outside
    return Item(code, "unit", "unit", (UNIT_HALF, UNIT_HALF), pts[ok], cost[ok], ~inside[ok])


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
    return Item(code, "label", "label", (hw, hh), pts[ok], cost[ok])


def _marker_item(code: str, geom: BaseGeometry, city: Point) -> Item:
    """The city, or the nearest spot within CENTER_MOVE where the marker fits inside the
    province (and clears the other items)."""
    x, y = city
    box = (x - CENTER_MOVE, y - CENTER_MOVE, x + CENTER_MOVE + 0.5, y + CENTER_MOVE + 0.5)
    pts = _grid(geom, 0.5, box)
    pts = pts[_dist(pts, city) <= CENTER_MOVE]
    r = MARKER_RADIUS + BORDER_INSET + SLACK
    ok = _fits(geom, pts, r, r)
    cost = 6.0 * _dist(pts, city)
    if not ok.any():
        inner = geom.buffer(-r)
        p = shapely.Point(city)
        if inner.is_empty:
            q = main_part(geom).representative_point().coords[0]
        else:
            q = shapely.shortest_line(inner, p).coords[0]
        return _fixed(code, "marker", "center", (MARKER_RADIUS, MARKER_RADIUS), (q[0], q[1]))
    return Item(code, "marker", "center", (MARKER_RADIUS, MARKER_RADIUS), pts[ok], cost[ok])


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
    return Item(code, "coast", name, (UNIT_HALF, UNIT_HALF), pts[ok], cost[ok])


_GONE = DISLODGED_HALF + ITEM_GAP + 2 * SLACK
_GAP = ITEM_GAP + 2 * SLACK
_SPRITE = UNIT_SPRITE_HALF - UNIT_HALF


def _covered(item: Item, ax: Array, ay: Array) -> Array:
    """What a dislodged unit costs at these distances from ``item``."""
    hx, hy = item.half
    if not item.text:
        out: Array = COVER_ICON * ((ax < _GONE + hx) & (ay < _GONE + hy))
        return out
    out = COVER_TEXT * ((ax < _GONE + hx) & (ay < _GONE + hy))
    if item.kind == "label":
        out += LABEL_ON_DISLODGED * (
            (ax < DISLODGED_SPRITE_HALF + hx) & (ay < DISLODGED_SPRITE_HALF + hy)
        )
    return out


def _pair_cost(a: Item, pa: Array, b: Item, pb: Point) -> Array:
    """The cost of ``a`` at each of ``pa`` with ``b`` at ``pb``."""
    dx = pa[:, 0] - pb[0]
    dy = pa[:, 1] - pb[1]
    ax, ay = np.abs(dx), np.abs(dy)
    wx, wy = a.half[0] + b.half[0], a.half[1] + b.half[1]
    cost = np.zeros(len(pa))
    same = a.code == b.code
    # Only one unit stands in a province: its anchors never show icons together.
    if not (same and a.dislodges and b.dislodges):
        cost += HARD * ((ax < wx + _GAP) & (ay < wy + _GAP))
        cost += CROWD * ((ax < wx + CROWD_GAP) & (ay < wy + CROWD_GAP))
        if {a.kind, b.kind} in ({"label", "unit"}, {"label", "coast"}):
            cost += LABEL_ON_SPRITE * ((ax < wx + _SPRITE) & (ay < wy + _SPRITE))
    sx, sy = DISLODGED_SHIFT
    if a.dislodges and not (same and a.name == b.name):
        cost += _covered(b, np.abs(dx + sx), np.abs(dy + sy))
    if b.dislodges and not (same and a.name == b.name):
        cost += _covered(a, np.abs(dx - sx), np.abs(dy - sy))
    if a.dislodges and b.dislodges and not same:
        # both shifted alike
        cost += COVER_DISLODGED * ((ax < 2 * _GONE) & (ay < 2 * _GONE))
    if same and {a.kind, b.kind} == {"label", "unit"}:
        # a label belongs near its unit
        cost += 0.3 * np.maximum(0.0, np.hypot(dx, dy) - 32.0)
    return cost


def _spread(pts: Array, cost: Array, spacing: float, count: int) -> list[int]:
    """Up to ``count`` of the cheapest spots, the cheapest of each ``spacing`` square."""
    by_cost = np.argsort(cost, kind="stable")
    cells = np.floor(pts[by_cost] / spacing).astype(np.int64)
    _, first = np.unique(cells, axis=0, return_index=True)
    out: list[int] = by_cost[np.sort(first)][:count].tolist()
    return out


def _reach(item: Item) -> Box:
    m = DISLODGED_SHIFT[0] + DISLODGED_HALF + 2 * UNIT_SPRITE_HALF + CROWD_GAP
    x0, y0 = item.pts.min(axis=0)
    x1, y1 = item.pts.max(axis=0)
    return (x0 - m, y0 - m, x1 + m, y1 + m)


def arrange(items: Sequence[Item]) -> list[Point]:
    """A spot for every item: a greedy start, then single moves while any lowers the cost,
    and joint moves of two items, or of a province's label, unit and marker, where they
    still overlap.

    ``total[i]`` holds the cost of each spot of item ``i`` given where the others are, and
    is kept up to date as items move.
    """
    n = len(items)
    reach = [_reach(it) for it in items]
    near: list[list[int]] = [[] for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            a, b = reach[i], reach[j]
            if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                near[i].append(j)
                near[j].append(i)
    chosen: list[int] = [-1] * n
    total = [it.cost.copy() for it in items]
    # how often anything near each item moved, so a joint move that failed is tried again
    # only once something around it has changed
    stamp = [0] * n
    tried: dict[tuple[int, ...], tuple[int, ...]] = {}

    def fresh(group: Sequence[int]) -> bool:
        key = tuple(group)
        now = tuple(stamp[g] for g in group)
        if tried.get(key) == now:
            return False
        tried[key] = now
        return True

    def spot(j: int, k: int) -> Point:
        q = items[j].pts[k]
        return (float(q[0]), float(q[1]))

    def pair(i: int, j: int, k: int) -> Array:
        """The cost of each spot of ``i`` with ``j`` at its spot ``k``."""
        return _pair_cost(items[i], items[i].pts, items[j], spot(j, k))

    def move(j: int, k: int) -> None:
        old = chosen[j]
        if old == k:
            return
        for i in near[j]:
            if old >= 0:
                total[i] -= pair(i, j, old)
            total[i] += pair(i, j, k)
            stamp[i] += 1
        stamp[j] += 1
        chosen[j] = k

    def without(i: int, others: Sequence[int]) -> Array:
        out = total[i].copy()
        for j in others:
            if j in near[i]:
                out -= pair(i, j, chosen[j])
        return out

    def joint(i: int, j: int, k: int, m: int) -> float:
        """What ``i`` at ``k`` and ``j`` at ``m`` cost together."""
        return float(_pair_cost(items[i], items[i].pts[[k]], items[j], spot(j, m))[0])

    def stray(i: int) -> bool:
        out = items[i].strays
        return out is not None and bool(out[chosen[i]])

    def settle() -> None:
        for _ in range(100):
            moved = False
            for i in order:
                k = int(np.argmin(total[i]))
                if total[i][k] < total[i][chosen[i]] - 1e-6:
                    move(i, k)
                    moved = True
            if not moved:
                return

    def pair_move(i: int, j: int) -> bool:
        """The best spots for ``i`` and ``j`` together, the others staying put."""
        ci, cj = without(i, [j]), without(j, [i])
        best = (ci[chosen[i]] + cj[chosen[j]] + joint(i, j, chosen[i], chosen[j]), -1, -1)
        for k in np.argsort(ci, kind="stable")[:PAIR_TRIES].tolist():
            cost = cj + _pair_cost(items[j], items[j].pts, items[i], spot(i, k))
            m = int(np.argmin(cost))
            if ci[k] + cost[m] < best[0] - 1e-6:
                best = (ci[k] + cost[m], k, m)
        if best[1] < 0:
            return False
        move(i, best[1])
        move(j, best[2])
        return True

    def province_move(label: int, unit: int, marker: int) -> bool:
        """The best spots for a province's label, unit and marker together."""
        group = [label, unit, marker]
        cl, cu, cm = (without(g, group) for g in group)
        lab, uni, mar = items[label], items[unit], items[marker]
        best = (
            cm[chosen[marker]]
            + cu[chosen[unit]]
            + cl[chosen[label]]
            + joint(unit, marker, chosen[unit], chosen[marker])
            + joint(label, marker, chosen[label], chosen[marker])
            + joint(label, unit, chosen[label], chosen[unit]),
            -1,
            -1,
            -1,
        )
        for m in _spread(mar.pts, cm, 2.0, MARKER_TRIES):
            cu_m = cu + pair(unit, marker, m)
            cl_m = cl + pair(label, marker, m)
            if cm[m] + cu_m.min() + cl_m.min() >= best[0]:
                continue
            for u in _spread(uni.pts, cu_m, 1.5, PAIR_TRIES // 2):
                cost = cl_m + _pair_cost(lab, lab.pts, uni, spot(unit, u))
                lb = int(np.argmin(cost))
                value = float(cm[m] + cu_m[u] + cost[lb])
                if value < best[0] - 1e-6:
                    best = (value, m, u, lb)
        if best[1] < 0:
            return False
        move(marker, best[1])
        move(unit, best[2])
        move(label, best[3])
        return True

    order = sorted(range(n), key=lambda i: (len(items[i].pts), items[i].code, items[i].name))
    for i in order:
        move(i, int(np.argmin(total[i])))
    settle()
    by_code: dict[str, dict[str, int]] = {}
    for i, it in enumerate(items):
        by_code.setdefault(it.code, {})[it.name] = i
    for _ in range(20):
        improved = False
        for i in order:
            for j in near[i]:
                if j < i or joint(i, j, chosen[i], chosen[j]) < WORTH_A_PAIR_MOVE:
                    continue
                if fresh([i, j]) and (pair_move(i, j) or pair_move(j, i)):
                    improved = True
                    settle()
        for own in by_code.values():
            group = [own["label"], own["unit"]] + ([own["center"]] if "center" in own else [])
            unit = own["unit"]
            clash = any(
                joint(a, b, chosen[a], chosen[b]) >= HARD for a in group for b in group if a < b
            )
            if not (clash or stray(unit)) or not fresh(group):
                continue
            # The province's own items first, then its unit with each item in the way of a
            # spot inside.
            if len(group) == 3:
                moved = province_move(*group)
            else:
                moved = pair_move(group[0], unit) or pair_move(unit, group[0])
            inside = ~items[unit].strays if items[unit].strays is not None else None
            for j in near[unit]:
                if not stray(unit) or inside is None:
                    break
                if not (pair(unit, j, chosen[j])[inside] >= HARD).any():
                    continue
                moved = pair_move(unit, j) or pair_move(j, unit) or moved
            if moved:
                improved = True
                settle()
        if not improved:
            break
    return [spot(i, chosen[i]) for i in range(n)]


@dataclass
class Anchors:
    label: dict[str, Point]
    unit: dict[str, Point]
    center: dict[str, Point]
    coasts: dict[str, dict[str, Point]]


def place(
    geoms: Mapping[str, BaseGeometry],
    kinds: Mapping[str, str],
    cities: Mapping[str, Point],
    coasts: Mapping[str, Mapping[str, tuple[Sequence[str], Sequence[str], Point]]],
    unit_hints: Mapping[str, Point],
    label_hints: Mapping[str, Point],
) -> Anchors:
    """Every anchor of every province (``kinds``: land, coast or sea). ``coasts`` maps a
    province to its coasts, each with the seas that coast uses, the province's other seas,
    and a point near its shore; ``unit_hints`` and ``label_hints`` are hand placements."""
    items: list[Item] = []
    for code in sorted(geoms):
        geom = geoms[code]
        if code in unit_hints:
            u = (UNIT_HALF, UNIT_HALF)
            items.append(_fixed(code, "unit", "unit", u, unit_hints[code]))
        else:
            items.append(_unit_item(code, geom, kinds[code]))
        if code in label_hints:
            hw, hh = label_half(code)
            items.append(_fixed(code, "label", "label", (hw, hh), label_hints[code]))
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
