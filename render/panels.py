"""Where the title and the legend go: over a part of the picture where they hide nothing a
player reads (a unit, a province's name, a supply centre, a port, an order), and never over
each other.

What is drawn is marked on a coarse mask (:class:`Occupancy`); a panel takes the first clear
place of its candidates: the corners in its order of preference, then along the edges, then
anywhere, nearest a corner first; a legend that fits nowhere is tried smaller. Only where
no place at any size is clear does it take the place that hides the least.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence

from PIL import Image, ImageDraw

from render.geometry import Box, Point
from render.pen import Graphic

# the mask's pixels per picture pixel: a quarter keeps a search over the whole picture cheap
_SCALE = 0.25
# the legend's sizes to try, as shares of its designed size
LEGEND_SCALES = (1.0, 0.85, 0.72)


class Occupancy:
    """What must stay visible: boxes and graphics, marked on a mask a quarter of the
    picture's size (255 = drawn) when a question needs it. Most panels find their corner
    clear of every box and every graphic's bounds, and the mask is never drawn."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self._boxes: list[Box] = []
        self._graphics: list[Graphic] = []
        self._mask: Image.Image | None = None

    def add_box(self, box: Box) -> None:
        self._boxes.append(box)
        if self._mask is not None:
            self._mark_box(ImageDraw.Draw(self._mask), box)

    def add_boxes(self, boxes: Iterable[Box]) -> None:
        for box in boxes:
            self.add_box(box)

    def add_graphic(self, graphic: Graphic) -> None:
        if graphic.ops:
            self._graphics.append(graphic)
            if self._mask is not None:
                graphic.trace(ImageDraw.Draw(self._mask), _SCALE)

    @staticmethod
    def _mark_box(draw: ImageDraw.ImageDraw, box: Box) -> None:
        x0, y0, x1, y1 = (v * _SCALE for v in box)
        draw.rectangle((math.floor(x0), math.floor(y0), math.ceil(x1), math.ceil(y1)), 255)

    @property
    def mask(self) -> Image.Image:
        if self._mask is None:
            size = (math.ceil(self.width * _SCALE) + 1, math.ceil(self.height * _SCALE) + 1)
            self._mask = Image.new("L", size, 0)
            draw = ImageDraw.Draw(self._mask)
            for box in self._boxes:
                self._mark_box(draw, box)
            for graphic in self._graphics:
                graphic.trace(draw, _SCALE)
        return self._mask

    def _cells(self, box: Box) -> tuple[int, int, int, int]:
        x0, y0, x1, y1 = box
        return (
            math.floor(x0 * _SCALE),
            math.floor(y0 * _SCALE),
            math.ceil(x1 * _SCALE),
            math.ceil(y1 * _SCALE),
        )

    def hidden(self, box: Box) -> int:
        """How many cells of what is drawn ``box`` would hide."""
        crop = self.mask.crop(self._cells(box))
        if crop.getbbox() is None:
            return 0
        return crop.width * crop.height - crop.histogram()[0]

    def clear(self, box: Box) -> bool:
        if self._mask is None and not self._meets_any(box):
            return True
        return self.mask.crop(self._cells(box)).getbbox() is None

    def _meets_any(self, box: Box) -> bool:
        """Whether ``box`` meets a box or a graphic's bounds (a graphic's bounds may hold
        nothing drawn where they meet it: then the mask decides)."""
        grown = (box[0] - 4, box[1] - 4, box[2] + 4, box[3] + 4)
        bounds = (tuple(g.box) for g in self._graphics)
        return any(_overlaps(grown, b) for b in (*self._boxes, *bounds))


def _overlaps(a: Sequence[float], b: Sequence[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def candidates(
    width: int, height: int, size: tuple[float, float], margin: float, corners: Sequence[int]
) -> Iterator[Point]:
    """Top-left points for a panel of ``size`` inside the picture: the ``corners`` (0 top
    left, 1 top right, 2 bottom left, 3 bottom right) in that order, then places along the
    edges, then anywhere, each nearest a corner first."""
    w, h = size
    left, top = margin, margin
    right, bottom = width - margin - w, height - margin - h
    if right < left or bottom < top:
        return
    spots = {0: (left, top), 1: (right, top), 2: (left, bottom), 3: (right, bottom)}
    yield from (spots[c] for c in corners)
    step = max(4.0, min(w, h) / 6)
    xs = _steps(left, right, step)
    ys = _steps(top, bottom, step)
    ends = [spots[c] for c in corners]

    def nearness(p: Point) -> float:
        return min(math.dist(p, e) for e in ends)

    edges = [(x, y) for x in xs for y in (top, bottom)] + [
        (x, y) for y in ys for x in (left, right)
    ]
    yield from sorted(edges, key=nearness)
    inside = [(x, y) for x in xs[1:-1] for y in ys[1:-1]]
    yield from sorted(inside, key=nearness)


def _steps(start: float, stop: float, step: float) -> list[float]:
    count = max(1, math.ceil((stop - start) / step))
    return [start + (stop - start) * i / count for i in range(count + 1)]


def place(
    occupancy: Occupancy,
    sizes: Sequence[tuple[float, float]],
    margin: float,
    corners: Sequence[int],
) -> tuple[int, Box]:
    """The size (its index in ``sizes``, largest first) and box of a panel: the first clear
    place at the largest size that has one; failing every size, the place at the first size
    that hides the least."""
    for index, size in enumerate(sizes):
        for x, y in candidates(occupancy.width, occupancy.height, size, margin, corners):
            box = (x, y, x + size[0], y + size[1])
            if occupancy.clear(box):
                return index, box
    w, h = sizes[0]
    spots = list(candidates(occupancy.width, occupancy.height, (w, h), margin, corners))
    if not spots:
        return 0, (margin, margin, margin + w, margin + h)

    def score(p: Point) -> int:
        return occupancy.hidden((p[0], p[1], p[0] + w, p[1] + h))

    x, y = min(spots, key=score)
    return 0, (x, y, x + w, y + h)
