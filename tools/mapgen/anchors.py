"""Points the renderer draws at: unit, label, supply centre, and a fleet spot per split coast."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.geometry.base import BaseGeometry

from tools.mapgen import seeds as facts
from tools.mapgen.projection import Projection

Point = tuple[float, float]
Array = NDArray[np.float64]

# Room the renderer needs: a unit counter about 22 x 20 px, a three-letter label about
# 28 x 13 px, a supply-centre dot or a fleet on a split coast about 10 px. Label and unit
# points stay at least LABEL_GAP apart.
UNIT_HALF = (11.0, 10.0)
LABEL_HALF = (14.0, 6.5)
DOT_HALF = 5.0
LABEL_GAP = 23.0
LABEL_CLEARANCE = 8.0
UNIT_ROOM = 24.0
# Supply-centre dots stay this far inside their province, and units and labels this far from them.
CENTER_INSET = 4.0
CENTER_GAP = 13.0
# Fleets on a split coast sit this far inside the coast they use.
COAST_INSET = 7.0
# Where the label goes relative to the unit, in order of preference (below first, as on boards).
_LABEL_OFFSETS = [
    (0.0, 24.0),
    (0.0, -24.0),
    (26.0, 6.0),
    (-26.0, 6.0),
    (19.0, 19.0),
    (-19.0, 19.0),
    (19.0, -19.0),
    (-19.0, -19.0),
    (0.0, 30.0),
    (0.0, -30.0),
    (32.0, 0.0),
    (-32.0, 0.0),
]


def main_part(geom: BaseGeometry) -> shapely.Polygon:
    parts = list(shapely.get_parts(geom))
    return max(parts, key=lambda p: p.area)


def _grid(poly: shapely.Polygon, step: float) -> Array:
    x0, y0, x1, y1 = poly.bounds
    xs = np.arange(math.floor(x0) + step / 2, x1, step)
    ys = np.arange(math.floor(y0) + step / 2, y1, step)
    gx, gy = np.meshgrid(xs, ys)
    pts = np.column_stack([gx.ravel(), gy.ravel()])
    inside = np.asarray(shapely.contains_xy(poly, pts[:, 0], pts[:, 1]), dtype=bool)
    out: Array = pts[inside]
    return out


def _clearance(poly: BaseGeometry, pts: Array) -> Array:
    """Distance from each point to the outline (negative outside)."""
    boundary = poly.boundary
    shapely.prepare(boundary)
    d = shapely.distance(boundary, shapely.points(pts))
    inside = np.asarray(shapely.contains_xy(poly, pts[:, 0], pts[:, 1]), dtype=bool)
    out: Array = np.where(inside, d, -d)
    return out


def center_point(poly: BaseGeometry, city: Point) -> Point:
    """The city, pulled just inside its province if generalised coasts left it outside."""
    inner = poly.buffer(-CENTER_INSET)
    p = shapely.Point(city)
    if inner.contains(p) or inner.is_empty:
        return city
    q = shapely.shortest_line(inner, p).coords[0]
    return (q[0], q[1])


def unit_points(
    geoms: Mapping[str, BaseGeometry],
    centers: Mapping[str, Point],
    obstacles: Sequence[Point],
    fixed: Mapping[str, Point],
) -> dict[str, Point]:
    """A roomy spot per province for a unit counter, clear of dots and of other counters.

    Small provinces choose first: in Scotland or the Low Countries two neighbours' best
    spots can be a counter's width apart.
    """
    blocked: list[Box] = [_box(p, DOT_HALF, DOT_HALF) for p in obstacles]
    blocked += [_box(p, *UNIT_HALF) for p in fixed.values()]
    out: dict[str, Point] = dict(fixed)
    for code in sorted(geoms, key=lambda c: (main_part(geoms[c]).area, c)):
        if code in fixed:
            continue
        poly = main_part(geoms[code])
        step = max(1.0, min(4.0, math.sqrt(poly.area) / 40))
        pts = _grid(poly, step)
        if pts.size == 0:
            rp = poly.representative_point()
            pts = np.array([[rp.x, rp.y]])
        clear = _clearance(poly, pts)
        dc = _dist(pts, centers.get(code))
        # Beyond UNIT_ROOM more room adds nothing, so among roomy spots the one nearest the
        # middle wins (the deepest point of a long province can be at one end of it).
        score = np.minimum(np.minimum(clear, UNIT_ROOM), dc - CENTER_GAP)
        mid = poly.centroid
        score = score - 0.05 * np.hypot(pts[:, 0] - mid.x, pts[:, 1] - mid.y)
        chosen = None
        for i in np.argsort(-score, kind="stable").tolist():
            p = (float(pts[i, 0]), float(pts[i, 1]))
            if not _overlaps(_box(p, *UNIT_HALF), blocked):
                chosen = p
                break
        if chosen is None:
            best = int(np.argmax(score))
            chosen = (float(pts[best, 0]), float(pts[best, 1]))
        out[code] = chosen
        blocked.append(_box(chosen, *UNIT_HALF))
    return out


def _dist(pts: Array, p: Point | None) -> Array:
    if p is None:
        return np.full(len(pts), np.inf)
    return np.hypot(pts[:, 0] - p[0], pts[:, 1] - p[1])


Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def _box(p: Point, half_w: float, half_h: float) -> Box:
    return (p[0] - half_w, p[1] - half_h, p[0] + half_w, p[1] + half_h)


def _overlaps(a: Box, boxes: Sequence[Box]) -> bool:
    return any(a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3] for b in boxes)


def label_points(
    geoms: Mapping[str, BaseGeometry],
    units: Mapping[str, Point],
    obstacles: Sequence[Point],
    fixed: Mapping[str, Point],
) -> dict[str, Point]:
    """A label spot per province, inside it, off every unit counter, dot and other label.

    Small provinces choose first, since they have the fewest good spots.
    """
    blocked: list[Box] = [_box(u, UNIT_HALF[0], UNIT_HALF[1]) for u in units.values()]
    blocked += [_box(p, DOT_HALF, DOT_HALF) for p in obstacles]
    blocked += [_box(p, LABEL_HALF[0], LABEL_HALF[1]) for p in fixed.values()]
    out: dict[str, Point] = dict(fixed)
    for code in sorted(geoms, key=lambda c: (main_part(geoms[c]).area, c)):
        if code in fixed:
            continue
        poly = main_part(geoms[code])
        unit = units[code]
        cands = np.array([[unit[0] + dx, unit[1] + dy] for dx, dy in _LABEL_OFFSETS])
        step = max(1.0, min(3.0, math.sqrt(poly.area) / 40))
        grid = _grid(poly, step)
        if grid.size:
            far = _dist(grid, unit) >= LABEL_GAP
            grid = grid[far][np.argsort(_dist(grid[far], unit), kind="stable")]
            cands = np.vstack([cands, grid])
        clear = _clearance(poly, cands)
        # Best: the whole text box (plus a margin) inside the province; else a centre with
        # some room around it.
        shapely.prepare(poly)
        half_w, half_h = LABEL_HALF[0] + 2, LABEL_HALF[1] + 2
        boxes = shapely.box(
            cands[:, 0] - half_w, cands[:, 1] - half_h, cands[:, 0] + half_w, cands[:, 1] + half_h
        )
        fits = np.asarray(shapely.contains(poly, boxes), dtype=bool)
        passes = [fits, clear >= LABEL_CLEARANCE, clear >= LABEL_CLEARANCE / 2]
        chosen: Point | None = None
        for ok in passes:
            for (x, y), good in zip(cands.tolist(), ok.tolist(), strict=True):
                if good and not _overlaps(_box((x, y), *LABEL_HALF), blocked):
                    chosen = (x, y)
                    break
            if chosen is not None:
                break
        if chosen is None:
            # Nothing is free: take the roomiest spot away from the unit and accept a clash.
            score = np.where(_dist(cands, unit) >= LABEL_GAP, clear, -np.inf)
            best = int(np.argmax(score))
            if not np.isfinite(score[best]) or score[best] <= 0:
                raise RuntimeError(f"no room for the label of {code}")
            chosen = (float(cands[best, 0]), float(cands[best, 1]))
        out[code] = chosen
        blocked.append(_box(chosen, *LABEL_HALF))
    return out


def coast_point(province: BaseGeometry, seas: Sequence[BaseGeometry], hint: Point) -> Point:
    """A spot just inside ``province`` on its shore with ``seas``, nearest to ``hint``."""
    shore = shapely.intersection(province.boundary, shapely.union_all(list(seas)).boundary)
    if shore.is_empty:
        raise RuntimeError("coast has no shore with its seas")
    on_shore = shapely.Point(shapely.shortest_line(shore, shapely.Point(hint)).coords[0])
    inner = province.buffer(-COAST_INSET)
    q = shapely.shortest_line(inner, on_shore).coords[0]
    return (q[0], q[1])


def projected(proj: Projection, places: Mapping[str, facts.Place]) -> dict[str, Point]:
    return {code: proj.point(lon, lat) for code, (_name, lon, lat) in places.items()}
