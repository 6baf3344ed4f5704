"""Which part of the board a picture shows, and at what scale.

Board coordinates are the geometry file's pixels; a view maps them to output pixels. Icons,
text and line widths follow ``feature``, which grows more slowly than the zoom, so a crop
of a small region gets larger provinces without giant icons.
"""

from __future__ import annotations

from dataclasses import dataclass

from render.geometry import Board, Point

# the geometry's width: at this output width a feature scale of 1 is the designed look
DESIGN_WIDTH = 1200
MIN_SIZE = 200
MAX_SIZE = 4800


@dataclass(frozen=True, slots=True)
class View:
    x0: float
    y0: float
    scale: float
    width: int
    height: int
    feature: float
    full_board: bool

    def pt(self, p: Point) -> Point:
        return ((p[0] - self.x0) * self.scale, (p[1] - self.y0) * self.scale)

    def px(self, design_pixels: float) -> float:
        """A length given at the designed look, in this view's output pixels."""
        return design_pixels * self.feature


def check_size(size: int) -> int:
    if not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"size must be a width in pixels from {MIN_SIZE} to {MAX_SIZE}")
    return size


def board_view(board: Board, size: int) -> View:
    scale = size / board.width
    return View(
        0.0,
        0.0,
        scale,
        size,
        round(board.height * scale),
        size / DESIGN_WIDTH,
        True,
    )


def crop_view(board: Board, box: tuple[float, float, float, float], size: int) -> View:
    """A view of ``box`` (board coordinates, already padded and clamped) ``size`` pixels wide."""
    x0, y0, x1, y1 = box
    scale = size / (x1 - x0)
    zoom = board.width / (x1 - x0)
    return View(
        x0,
        y0,
        scale,
        size,
        max(1, round((y1 - y0) * scale)),
        size / DESIGN_WIDTH * zoom**0.5,
        False,
    )
