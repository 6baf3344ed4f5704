"""Paint country groups on a fine raster and grow provinces from their seeds.

Growing on a raster (rather than cutting vectors) makes every province one connected piece
whose borders follow real coasts and, where a group stands alone, real frontiers; inside a
group the borders fall halfway between neighbouring seeds.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from numpy.typing import NDArray
from PIL import Image, ImageDraw
from scipy import ndimage  # type: ignore[import-untyped]
from skimage import measure
from skimage.segmentation import watershed

from tools.mapgen.board import Board
from tools.mapgen.projection import Projection
from tools.mapgen.source import Country

# Raster pixels per board pixel. Three keeps Danish and Greek straits open and costs ~12 Mpx.
OVERSAMPLE = 3
# A seed may sit this far (raster pixels) off the land or water it belongs to, e.g. a port
# city that the coastline generalisation put in the sea; it is moved to the nearest good pixel.
SEED_SNAP = 24
# Connected bits smaller than this (raster pixels) are merged into their neighbours: islets and
# skerries too small to draw, and one-pixel nicks that would only add vertices.
MIN_PIECE = 60

# Frontiers that were also 1901 province borders are ridges the growing has to climb; one
# costs as much as this many raster pixels of distance, so borders snap onto them when the
# seeds on either side would put the border within about that distance anyway.
RIDGE_HEIGHT = 2.0
RIDGE_HALF_WIDTH = 1
COMPACTNESS = 0.01

WATER = 0
OFFBOARD_GROUP = 255

Labels = NDArray[np.int32]


@dataclass(frozen=True)
class Grown:
    labels: Labels  # raster of indices into ``names``
    names: tuple[str, ...]  # index 0 is unused
    groups: NDArray[np.uint8]  # raster of group indices (WATER, 1.., OFFBOARD_GROUP)
    group_names: tuple[str, ...]  # index i -> group name for group value i + 1


def _raster_xy(
    proj: Projection, lon: NDArray[np.float64], lat: NDArray[np.float64]
) -> NDArray[np.float64]:
    x, y = proj.forward(lon, lat)
    return np.column_stack([x * OVERSAMPLE, y * OVERSAMPLE])


def _rings(
    geom: shapely.Geometry,
) -> Iterable[tuple[NDArray[np.float64], list[NDArray[np.float64]]]]:
    for poly in shapely.get_parts(geom):
        if poly.geom_type != "Polygon" or poly.is_empty:
            continue
        yield (
            np.asarray(poly.exterior.coords),
            [np.asarray(r.coords) for r in poly.interiors],
        )


def _size(board: Board) -> tuple[int, int]:
    """(width, height) of the fine raster the provinces are grown on."""
    return (board.width * OVERSAMPLE, board.height * OVERSAMPLE)


def _draw_lonlat_polygon(
    draw: ImageDraw.ImageDraw,
    proj: Projection,
    size: tuple[int, int],
    ring: NDArray[np.float64],
    value: int,
) -> None:
    xy = _raster_xy(proj, ring[:, 0], ring[:, 1])
    # Fully off-canvas parts add nothing but cost time.
    if xy[:, 0].max() < -10 or xy[:, 1].max() < -10:
        return
    width, height = size
    if xy[:, 0].min() > width + 10 or xy[:, 1].min() > height + 10:
        return
    draw.polygon([(float(a), float(b)) for a, b in xy], fill=value)


def _paint(
    countries: Sequence[Country],
    proj: Projection,
    size: tuple[int, int],
    value_of: Mapping[str, int],
    default: int,
) -> NDArray[np.uint8]:
    image = Image.new("L", size, WATER)
    draw = ImageDraw.Draw(image)
    # Largest first, so enclaves (San Marino, the Vatican) land on top of their hosts.
    for country in sorted(countries, key=lambda c: (-c.shape.area, c.code)):
        value = value_of.get(country.code, default)
        if value == WATER:
            continue
        # Lines of latitude and the window's edges curve under the projection.
        shape = shapely.segmentize(country.shape, 0.2)
        for shell, holes in _rings(shape):
            _draw_lonlat_polygon(draw, proj, size, shell, value)
            for hole in holes:
                _draw_lonlat_polygon(draw, proj, size, hole, WATER)
    return np.asarray(image, dtype=np.uint8).copy()


def paint_groups(countries: Sequence[Country], proj: Projection, board: Board) -> NDArray[np.uint8]:
    """Group index per raster pixel: 0 water, i + 1 for GROUPS' i-th group, 255 other land."""
    facts = board.facts
    group_of = {code: i + 1 for i, members in enumerate(facts.GROUPS.values()) for code in members}
    return _paint(countries, proj, _size(board), group_of, OFFBOARD_GROUP)


def paint_ridges(
    countries: Sequence[Country], proj: Projection, board: Board
) -> NDArray[np.float32]:
    """Cost of crossing each pixel while growing: high along the frontiers in RIDGES."""
    facts = board.facts
    involved = sorted({code for pair in facts.RIDGES for code in pair})
    value_of = {code: i + 1 for i, code in enumerate(involved)}
    land = _paint(countries, proj, _size(board), value_of, WATER)
    ridge = np.zeros(land.shape, dtype=bool)
    for a, b in facts.RIDGES:
        va, vb = value_of[a], value_of[b]
        for first, second in ((land[:, :-1], land[:, 1:]), (land[:-1, :], land[1:, :])):
            meet = ((first == va) & (second == vb)) | ((first == vb) & (second == va))
            if first.shape[1] != land.shape[1]:
                ridge[:, :-1] |= meet
                ridge[:, 1:] |= meet
            else:
                ridge[:-1, :] |= meet
                ridge[1:, :] |= meet
    ridge = ndimage.binary_dilation(ridge, iterations=RIDGE_HALF_WIDTH)
    return np.where(ridge, np.float32(RIDGE_HEIGHT), np.float32(0.0))


def _mask_of_polygon(
    proj: Projection, size: tuple[int, int], outline: Sequence[tuple[float, float]]
) -> NDArray[np.bool_]:
    image = Image.new("1", size, 0)
    ring = np.asarray(shapely.segmentize(shapely.LinearRing(outline), 0.05).coords)
    _draw_lonlat_polygon(ImageDraw.Draw(image), proj, size, ring, 1)
    return np.asarray(image, dtype=bool)


def _mask_of_line(
    proj: Projection, size: tuple[int, int], line: Sequence[tuple[float, float]], width: float
) -> NDArray[np.bool_]:
    image = Image.new("1", size, 0)
    lon = np.array([p[0] for p in line])
    lat = np.array([p[1] for p in line])
    xy = _raster_xy(proj, lon, lat)
    ImageDraw.Draw(image).line(
        [(float(a), float(b)) for a, b in xy],
        fill=1,
        width=round(width * OVERSAMPLE),
        joint="curve",
    )
    return np.asarray(image, dtype=bool)


def apply_history(groups: NDArray[np.uint8], proj: Projection, board: Board) -> None:
    """Move land that changed hands, bridge the straits the board closes, and cut the
    channels it keeps open."""
    facts = board.facts
    size = _size(board)
    index = {name: i + 1 for i, name in enumerate(facts.GROUPS)}
    for source, target, _why, outline in facts.OVERRIDES:
        mask = _mask_of_polygon(proj, size, outline)
        groups[mask & (groups == index[source])] = index[target]
    for group, _name, line, width in facts.BRIDGES:
        # Only water becomes bridge: the shores keep their own country.
        mask = _mask_of_line(proj, size, line, width) & (groups == WATER)
        groups[mask] = index[group]
    for _name, line, width in facts.CHANNELS:
        # A strait narrower than a few pixels would close up on the raster.
        groups[_mask_of_line(proj, size, line, width)] = WATER


def _snap(allowed: NDArray[np.bool_], x: float, y: float, what: str) -> tuple[int, int]:
    h, w = allowed.shape
    col, row = round(x * OVERSAMPLE), round(y * OVERSAMPLE)
    if 0 <= row < h and 0 <= col < w and allowed[row, col]:
        return row, col
    r0, r1 = max(row - SEED_SNAP, 0), min(row + SEED_SNAP + 1, h)
    c0, c1 = max(col - SEED_SNAP, 0), min(col + SEED_SNAP + 1, w)
    window = allowed[r0:r1, c0:c1]
    rows, cols = np.nonzero(window)
    if rows.size == 0:
        raise ValueError(f"seed {what} is not near the right kind of ground")
    d2 = (rows + r0 - row) ** 2 + (cols + c0 - col) ** 2
    best = int(np.argmin(d2))
    return int(rows[best] + r0), int(cols[best] + c0)


def _grow(
    mask: NDArray[np.bool_], markers: Labels, cost: NDArray[np.float32] | None = None
) -> Labels:
    """Compact watershed: nearest seed wins, moving only through the mask and over ``cost``."""
    rows, cols = np.nonzero(mask)
    r0, r1, c0, c1 = rows.min(), rows.max() + 1, cols.min(), cols.max() + 1
    sub_mask = mask[r0:r1, c0:c1]
    sub_markers = markers[r0:r1, c0:c1]
    out = np.zeros(mask.shape, dtype=np.int32)
    if len(np.unique(sub_markers[sub_markers > 0])) == 1:
        # One label: a flood fill of the pieces that hold a seed does the same, much faster.
        pieces, _ = ndimage.label(sub_mask)
        keep = np.unique(pieces[(sub_markers > 0) & sub_mask])
        label = int(sub_markers[sub_markers > 0][0])
        out[r0:r1, c0:c1] = np.where(np.isin(pieces, keep[keep > 0]), label, 0)
        return out
    image = np.zeros(sub_mask.shape, dtype=np.float32) if cost is None else cost[r0:r1, c0:c1]
    grown = watershed(  # type: ignore[no-untyped-call]
        image, sub_markers, mask=sub_mask, compactness=COMPACTNESS
    )
    out[r0:r1, c0:c1] = grown
    return out


def grow(
    groups: NDArray[np.uint8],
    proj: Projection,
    sea_codes: frozenset[str],
    board: Board,
    cost: NDArray[np.float32] | None = None,
) -> Grown:
    facts = board.facts
    provinces = sorted(facts.SEEDS)
    impassable = (facts.IMPASSABLE,) if facts.IMPASSABLE else ()
    names = ("", *provinces, *impassable, facts.OFF_LAND, facts.OFF_WATER)
    index = {name: i for i, name in enumerate(names)}
    group_names = tuple(facts.GROUPS)
    land = (groups != WATER) & (groups != OFFBOARD_GROUP)
    water = groups == WATER
    markers = np.zeros(groups.shape, dtype=np.int32)
    seen_groups: set[int] = set()
    for code in provinces:
        allowed = water if code in sea_codes else land
        placed = 0
        for name, lon, lat in facts.SEEDS[code]:
            x, y = proj.point(lon, lat)
            if not (0 <= x < board.width and 0 <= y < board.height):
                continue
            row, col = _snap(allowed, x, y, f"{code} {name}")
            markers[row, col] = index[code]
            seen_groups.add(int(groups[row, col]))
            placed += 1
        if not placed:
            raise ValueError(f"no seed of {code} lies on the board")
    for name, lon, lat in facts.OFFBOARD_LAND_SEEDS:
        x, y = proj.point(lon, lat)
        if 0 <= x < board.width and 0 <= y < board.height:
            row, col = _snap(land, x, y, f"off-board {name}")
            markers[row, col] = index[facts.OFF_LAND]
    labels = np.zeros(groups.shape, dtype=np.int32)
    for g in sorted(seen_groups):
        if g == WATER:
            continue
        mask = groups == g
        labels[mask] = _grow(mask, np.where(mask, markers, 0), cost)[mask]
    for g_name, label in facts.WHOLE_GROUP_LABEL.items():
        labels[groups == group_names.index(g_name) + 1] = index[label]
    labels[water] = _grow(water, np.where(water, markers, 0))[water]
    labels[(labels == 0) & water] = index[facts.OFF_WATER]
    labels[(labels == 0) | (labels == index[facts.OFF_LAND])] = index[facts.OFF_LAND]
    return Grown(labels, names, groups, group_names)


def merge_small_pieces(labels: Labels, min_piece: int = MIN_PIECE) -> None:
    """Give every connected piece under ``min_piece`` pixels to the label around it."""
    pieces = measure.label(labels, background=-1, connectivity=1)  # type: ignore[no-untyped-call]
    sizes = np.bincount(pieces.ravel())
    small = sizes[pieces] < min_piece
    if not small.any():
        return
    # Nearest kept pixel decides; a piece inside one neighbour takes that neighbour's label.
    _, (rows, cols) = ndimage.distance_transform_edt(small, return_indices=True)
    labels[small] = labels[rows[small], cols[small]]


def remove_pinches(labels: Labels, max_rounds: int = 20) -> None:
    """Break every diagonal-only contact of one label (a 2x2 block ``a b / c a``).

    Traced outlines then never touch themselves at a point, so every ring is simple and
    shared borders are plain chains of edges.
    """
    for _ in range(max_rounds):
        nw, ne = labels[:-1, :-1], labels[:-1, 1:]
        sw, se = labels[1:, :-1], labels[1:, 1:]
        main = (nw == se) & (nw != ne) & (nw != sw)
        anti = (ne == sw) & (ne != nw) & (ne != se)
        if not (main.any() or anti.any()):
            return
        rows, cols = np.nonzero(main)
        # Join the diagonal through the top-right pixel.
        labels[rows, cols + 1] = labels[rows, cols]
        rows, cols = np.nonzero(anti & ~main)
        labels[rows, cols] = labels[rows, cols + 1]
    raise RuntimeError("diagonal contacts did not settle")
