"""Province abbreviations, placed at their label points unless a unit is drawn there.

The geometry gives each province a label point apart from its unit point, so most labels
never move. A unit drawn elsewhere (one dislodged beside its province, a fleet on a coast)
can stand on a label: then the label moves to the nearest spot clear of every unit icon,
inside its own province if there is room, and clear of centre markers and other labels if
it can. A unit icon never hides a label.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PIL import Image

from render.base import index_raster, slots
from render.geometry import Board, Box, Point, Shape
from render.sprites import Sprite, label, paste
from render.styles import Style
from render.view import View

LABEL_PIXELS = 13.0
# how far (in label heights) a covered label may look for a clear spot, and in how many
# directions on each step out
_REACH = 7
_DIRECTIONS = 16


@dataclass(frozen=True, slots=True)
class PlacedLabel:
    """A label's sprite, where it goes, and the box its letters (with their halo) take."""

    code: str
    sprite: Sprite
    at: Point
    box: Box


def overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _sprite(code: str, shape: Shape, style: Style, view: View) -> Sprite:
    pixels = max(8, round(LABEL_PIXELS * view.feature))
    if shape.is_sea:
        return label(code, pixels, style.sea_text, style.sea)
    return label(code, pixels, style.land_text, style.land)


def _half(sprite: Sprite, view: View) -> tuple[float, float]:
    # the sprite's transparent padding may overlap an icon; its letters may not
    pad = 2.5 * view.feature
    return sprite.image.width / 2 - pad, sprite.image.height / 2 - pad


def _box(at: Point, half: tuple[float, float]) -> Box:
    return (at[0] - half[0], at[1] - half[1], at[0] + half[0], at[1] + half[1])


def designed_boxes(board: Board, view: View, style: Style) -> dict[str, Box]:
    """Each label's box at its own label point, for the provinces in play the view shows
    (a province out of play is drawn without its name)."""
    found: dict[str, Box] = {}
    for code in sorted(board.provinces):
        if not board.in_play(code):
            continue
        shape = board.provinces[code]
        box = _box(view.pt(shape.label), _half(_sprite(code, shape, style, view), view))
        if box[2] > 0 and box[0] < view.width and box[3] > 0 and box[1] < view.height:
            found[code] = box
    return found


class _Province:
    """Whether points of the picture lie in one province (read from the index raster)."""

    def __init__(self, board: Board, view: View, code: str) -> None:
        self.raster = index_raster(board, view)
        self.slot = slots(board).provinces[code]

    def holds(self, box: Box) -> bool:
        x0, y0, x1, y1 = box
        points = ((x0, y0), (x1, y0), (x0, y1), (x1, y1), ((x0 + x1) / 2, (y0 + y1) / 2))
        width, height = self.raster.size
        for x, y in points:
            px, py = math.floor(x), math.floor(y)
            if not (0 <= px < width and 0 <= py < height):
                return False
            if self.raster.getpixel((px, py)) != self.slot:
                return False
        return True


def inside(board: Board, view: View, code: str, box: Box) -> bool:
    """Whether ``box`` (output pixels) lies in province ``code``: its corners and middle."""
    return _Province(board, view, code).holds(box)


class _Grid:
    """Boxes filed by the cells of a coarse grid they meet, so a label is compared with the
    few near it rather than with every unit and mark of a busy board."""

    _CELL = 64.0

    def __init__(self, boxes: Sequence[Box]) -> None:
        self.cells: dict[tuple[int, int], list[Box]] = {}
        for box in boxes:
            for cell in self._cells(box):
                self.cells.setdefault(cell, []).append(box)

    def _cells(self, box: Box) -> Iterable[tuple[int, int]]:
        c = self._CELL
        for gx in range(math.floor(box[0] / c), math.floor(box[2] / c) + 1):
            for gy in range(math.floor(box[1] / c), math.floor(box[3] / c) + 1):
                yield gx, gy

    def near(self, box: Box) -> list[Box]:
        found: dict[int, Box] = {}
        for cell in self._cells(box):
            for other in self.cells.get(cell, ()):
                found[id(other)] = other
        return list(found.values())


def _candidates(at: Point, step: float) -> list[Point]:
    """Spots around ``at``, nearest first: rings ``step`` apart, ``_DIRECTIONS`` on each."""
    spots = [at]
    for ring in range(1, _REACH * 2 + 1):
        radius = ring * step
        for k in range(_DIRECTIONS):
            angle = 2 * math.pi * k / _DIRECTIONS
            spots.append((at[0] + radius * math.cos(angle), at[1] + radius * math.sin(angle)))
    return spots


def _meets(box: Box, boxes: Iterable[Box]) -> float:
    return sum(overlap(box, b) for b in boxes)


def place_labels(
    board: Board,
    view: View,
    style: Style,
    units: Sequence[Box],
    marks: Sequence[Box] = (),
) -> list[PlacedLabel]:
    """Where each label of the view goes. ``units`` are the boxes of the unit icons drawn,
    which a label never meets while a spot within reach is clear of them; ``marks`` (centre
    markers) a moved label avoids when it can."""
    designed = designed_boxes(board, view, style)
    boxes: dict[str, Box] = dict(designed)
    placed: list[PlacedLabel] = []
    grid = _Grid(units)
    for code in sorted(designed):
        shape = board.provinces[code]
        sprite = _sprite(code, shape, style, view)
        half = _half(sprite, view)
        at = view.pt(shape.label)
        if _meets(designed[code], grid.near(designed[code])) > 0:
            others = [b for c, b in boxes.items() if c != code]
            at = _clear_spot(board, view, code, at, half, units, [*marks, *others])
            boxes[code] = _box(at, half)
        placed.append(PlacedLabel(code, sprite, at, boxes[code]))
    return placed


def _clear_spot(
    board: Board,
    view: View,
    code: str,
    at: Point,
    half: tuple[float, float],
    units: Sequence[Box],
    others: Sequence[Box],
) -> Point:
    """The nearest spot to ``at`` clear of the units: best inside the province and clear of
    the other marks, then inside it, then clear of the marks; failing all, the spot the
    units cover least."""
    province = _Province(board, view, code)
    # only what lies within reach can meet a candidate: a small board crowds many labels
    reach = _REACH * 2 * half[1] + max(half)
    around = _box(at, (reach + half[0], reach + half[1]))
    near_units = [u for u in units if overlap(u, around)]
    near_others = [b for b in others if overlap(b, around)]
    best: dict[int, Point] = {}
    fallback: tuple[float, Point] | None = None
    for spot in _candidates(at, half[1]):
        box = _box(spot, half)
        covered = _meets(box, near_units)
        if covered > 0:
            if fallback is None or covered < fallback[0]:
                fallback = (covered, spot)
            continue
        inside = province.holds(box)
        clear = _meets(box, near_others) == 0
        rank = 0 if inside and clear else 1 if inside else 2 if clear else 3
        best.setdefault(rank, spot)
        if rank == 0:
            break
    if best:
        return best[min(best)]
    return fallback[1] if fallback is not None else at


def draw_labels(canvas: Image.Image, placed: Iterable[PlacedLabel]) -> None:
    for item in placed:
        paste(canvas, item.sprite, *item.at)
