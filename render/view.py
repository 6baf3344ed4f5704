"""Which part of the board a picture shows, and at what scale.

Board coordinates are the geometry file's pixels, and the look (icon sizes, text, line
widths) is designed in them: on the whole board ``feature`` is simply the scale. On a crop
it grows more slowly than the zoom, so a small region gets larger provinces without giant
icons.
"""

from __future__ import annotations

from dataclasses import dataclass

from render.geometry import Board, Point

# the output width at which the title and legend have their designed size
UI_WIDTH = 1200
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

    @property
    def ui(self) -> float:
        """The scale of the title and legend, which follow the picture's width: a phone
        shrinks the whole picture, whatever part of the board it shows."""
        return max(0.6, self.width / UI_WIDTH)


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
        scale,
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
        scale / zoom**0.5,
        False,
    )
