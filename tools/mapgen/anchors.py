"""Points the renderer draws at: unit, label, supply centre, and a fleet spot per split coast."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from tools.mapgen import seeds as facts
from tools.mapgen.projection import Projection

Point = tuple[float, float]

# A unit counter is about 20 px across and a label about 12 px high: keep them this far apart.
LABEL_GAP = 23.0
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


def _grid(poly: shapely.Polygon, step: float) -> np.ndarray:
    x0, y0, x1, y1 = poly.bounds
    xs = np.arange(math.floor(x0) + step / 2, x1, step)
    ys = np.arange(math.floor(y0) + step / 2, y1, step)
    gx, gy = np.meshgrid(xs, ys)
    pts = np.column_stack([gx.ravel(), gy.ravel()])
    inside = shapely.contains_xy(poly, pts[:, 0], pts[:, 1])
    return pts[inside]


def _clearance(poly: BaseGeometry, pts: np.ndarray) -> np.ndarray:
    """Distance from each point to the outline (negative outside)."""
    boundary = poly.boundary
    shapely.prepare(boundary)
    d = shapely.distance(boundary, shapely.points(pts))
    inside = shapely.contains_xy(poly, pts[:, 0], pts[:, 1])
    return np.where(inside, d, -d)


def center_point(poly: BaseGeometry, city: Point) -> Point:
    """The city, pulled just inside its province if generalised coasts left it outside."""
    inner = poly.buffer(-CENTER_INSET)
    p = shapely.Point(city)
    if inner.contains(p) or inner.is_empty:
        return city
    q = shapely.shortest_line(inner, p).coords[0]
    return (q[0], q[1])


def unit_and_label(
    geom: BaseGeometry, center: Point | None, unit_hint: Point | None, label_hint: Point | None
) -> tuple[Point, Point]:
    """A roomy spot for a unit, and a spot for the label clear of it and of the centre dot."""
    poly = main_part(geom)
    step = max(1.0, min(4.0, math.sqrt(poly.area) / 40))
    pts = _grid(poly, step)
    if pts.size == 0:
        rp = poly.representative_point()
        pts = np.array([[rp.x, rp.y]])
    clear = _clearance(poly, pts)
    if center is not None:
        dc = np.hypot(pts[:, 0] - center[0], pts[:, 1] - center[1])
    else:
        dc = np.full(len(pts), np.inf)
    if unit_hint is not None:
        unit = unit_hint
    else:
        # Deep inside, but not on the centre dot; beyond 40 px more room adds nothing, so the
        # tie goes to the spot nearest the middle of the province.
        score = np.minimum(np.minimum(clear, 40.0), dc - CENTER_GAP)
        mid = shapely.maximum_inscribed_circle(poly, 0.5).coords[0]
        score = score - 0.01 * np.hypot(pts[:, 0] - mid[0], pts[:, 1] - mid[1])
        best = int(np.argmax(score))
        unit = (float(pts[best, 0]), float(pts[best, 1]))
    if label_hint is not None:
        return unit, label_hint
    for dx, dy in _LABEL_OFFSETS:
        cand = np.array([[unit[0] + dx, unit[1] + dy]])
        c = float(_clearance(poly, cand)[0])
        d_center = (
            math.hypot(cand[0, 0] - center[0], cand[0, 1] - center[1]) if center else math.inf
        )
        if c >= 9.0 and d_center >= CENTER_GAP:
            return unit, (float(cand[0, 0]), float(cand[0, 1]))
    du = np.hypot(pts[:, 0] - unit[0], pts[:, 1] - unit[1])
    score = np.minimum(clear, 12.0) - 0.02 * du
    score[(du < LABEL_GAP) | (dc < CENTER_GAP)] = -np.inf
    best = int(np.argmax(score))
    if not np.isfinite(score[best]):
        raise RuntimeError("no room for a label")
    return unit, (float(pts[best, 0]), float(pts[best, 1]))


def coast_point(
    province: BaseGeometry, seas: Sequence[BaseGeometry], hint: Point
) -> Point:
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
