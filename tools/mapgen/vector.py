"""Raster labels -> polygons that tile the board exactly, then simplified together.

Outlines run along pixel edges, so two neighbours' outlines are the same chain of points;
vertices are kept wherever three labels meet, which makes the set of polygons a proper
coverage that GEOS can simplify without opening gaps or overlaps between neighbours.
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np
import shapely
from numpy.typing import NDArray

from tools.mapgen.raster import Labels

# Directions of travel on the pixel-corner grid (x right, y down); the label is on the right.
_DX = np.array([1, 0, -1, 0], dtype=np.int64)  # E S W N
_DY = np.array([0, 1, 0, -1], dtype=np.int64)


def _directed_edges(labels: Labels) -> tuple[NDArray[np.int64], ...]:
    """Every boundary edge between two different labels, once for each side.

    Returns start x, start y, direction and label arrays.
    """
    h, w = labels.shape
    pad = np.full((h + 2, w + 2), -1, dtype=np.int32)
    pad[1:-1, 1:-1] = labels
    xs: list[NDArray[np.int64]] = []
    ys: list[NDArray[np.int64]] = []
    ds: list[NDArray[np.int64]] = []
    ls: list[NDArray[np.int64]] = []

    def add(x: NDArray[np.int64], y: NDArray[np.int64], d: int, lab: NDArray[np.int32]) -> None:
        keep = lab >= 0
        xs.append(x[keep].astype(np.int64))
        ys.append(y[keep].astype(np.int64))
        ds.append(np.full(int(keep.sum()), d, dtype=np.int64))
        ls.append(lab[keep].astype(np.int64))

    # Horizontal edges at y = i between pixel rows i - 1 (up) and i (down).
    up, down = pad[:-1, 1:-1], pad[1:, 1:-1]
    i, j = np.nonzero(up != down)
    add(j, i, 0, down[i, j])  # eastward, the lower pixel on the right
    add(j + 1, i, 2, up[i, j])  # westward, the upper pixel on the right
    # Vertical edges at x = j between pixel columns j - 1 (left) and j (right).
    left, right = pad[1:-1, :-1], pad[1:-1, 1:]
    i, j = np.nonzero(left != right)
    add(j, i, 1, left[i, j])  # southward, the left pixel on the right
    add(j, i + 1, 3, right[i, j])  # northward, the right pixel on the right
    return np.concatenate(xs), np.concatenate(ys), np.concatenate(ds), np.concatenate(ls)


def trace(labels: Labels) -> dict[int, list[NDArray[np.float64]]]:
    """Closed rings per label, in pixel-corner coordinates, without repeated end point.

    Shells come out with positive shoelace area in these y-down coordinates, holes negative.
    Needs a label raster without diagonal-only contacts (see ``remove_pinches``).
    """
    h, w = labels.shape
    x, y, d, lab = _directed_edges(labels)
    stride = w + 1
    start_key = (y * stride + x) * 4 + d
    order = np.argsort(start_key, kind="stable")
    keys_sorted = start_key[order]
    end_x, end_y = x + _DX[d], y + _DY[d]
    end_vertex = end_y * stride + end_x
    # Without pinches exactly one edge of the same label leaves each vertex it enters.
    nxt = np.full(x.size, -1, dtype=np.int64)
    for turn in (1, 0, 3):
        nd = (d + turn) % 4
        key = end_vertex * 4 + nd
        pos = np.searchsorted(keys_sorted, key)
        pos = np.minimum(pos, keys_sorted.size - 1)
        cand = order[pos]
        ok = (keys_sorted[pos] == key) & (lab[cand] == lab) & (nxt < 0)
        nxt[ok] = cand[ok]
    if (nxt < 0).any():
        raise RuntimeError("open outline: the label raster still has diagonal contacts")
    # A vertex is kept where the outline turns or where three or more labels meet.
    pad = np.full((h + 2, w + 2), -1, dtype=np.int32)
    pad[1:-1, 1:-1] = labels
    around = np.stack(
        [pad[end_y, end_x], pad[end_y, end_x + 1], pad[end_y + 1, end_x], pad[end_y + 1, end_x + 1]]
    )
    around.sort(axis=0)
    junction = (np.diff(around, axis=0) != 0).sum(axis=0) >= 2
    keep = (d[nxt] != d) | junction
    del around, pad, junction
    visited = bytearray(x.size)
    rings: dict[int, list[NDArray[np.float64]]] = defaultdict(list)
    nxt_list = nxt.tolist()
    keep_list = keep.tolist()
    ex, ey = end_x.tolist(), end_y.tolist()
    lab_list = lab.tolist()
    for e0 in range(x.size):
        if visited[e0]:
            continue
        pts: list[tuple[int, int]] = []
        e = e0
        while True:
            visited[e] = 1
            if keep_list[e]:
                pts.append((ex[e], ey[e]))
            e = nxt_list[e]
            if e == e0:
                break
        rings[lab_list[e0]].append(np.asarray(pts, dtype=np.float64))
    return dict(rings)


def _area2(ring: NDArray[np.float64]) -> float:
    xr, yr = ring[:, 0], ring[:, 1]
    return float(np.dot(xr, np.roll(yr, -1)) - np.dot(np.roll(xr, -1), yr))


def assemble(rings: list[NDArray[np.float64]], scale: float) -> shapely.Geometry:
    """One label's rings -> (Multi)Polygon, holes given to the smallest shell around them."""
    shells = [r for r in rings if _area2(r) > 0]
    holes = [r for r in rings if _area2(r) < 0]
    shell_polys = [shapely.Polygon(s / scale) for s in shells]
    owned: list[list[NDArray[np.float64]]] = [[] for _ in shells]
    if holes:
        areas = np.array([p.area for p in shell_polys])
        shapely.prepare(shell_polys)
        for hole in holes:
            # Rings of one label never share a point, so a hole's vertex is strictly inside
            # every shell around it; the smallest such shell owns it.
            hx, hy = hole[0] / scale
            inside = [k for k, p in enumerate(shell_polys) if shapely.contains_xy(p, hx, hy)]
            if not inside:
                raise RuntimeError("a hole lies in no shell")
            owner = min(inside, key=lambda k: areas[k])
            owned[owner].append(hole)
    polys = [
        shapely.Polygon(s / scale, [h[::-1] / scale for h in hs])
        for s, hs in zip(shells, owned, strict=True)
    ]
    return polys[0] if len(polys) == 1 else shapely.MultiPolygon(polys)
