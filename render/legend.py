"""The title (which phase, orders or results) and the legend (each power's colour, supply
centres and units), drawn in boxes over the quietest corners of the board."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.phase import PhaseKind, Season
from engine.position import Position
from render.fonts import draw_text, font, text_width
from render.geometry import Board, Box, Point
from render.styles import Style
from render.view import View

_SEASONS = {Season.SPRING: "Spring", Season.FALL: "Fall", Season.WINTER: "Winter"}
_KINDS = {PhaseKind.MOVEMENT: "", PhaseKind.RETREATS: " retreats", PhaseKind.ADJUSTMENTS: ""}


def title_text(position: Position, *, orders: bool, results: bool) -> str:
    """``Fall 1902 — results``, ``Spring 1901 — orders``, ``Fall 1902 retreats``."""
    phase = position.phase
    text = f"{_SEASONS[phase.season]} {phase.year}{_KINDS[phase.kind]}"
    if results:
        return f"{text} — results"
    if orders:
        return f"{text} — orders"
    return text


def _panel(canvas: Image.Image, box: Box, style: Style, view: View) -> ImageDraw.ImageDraw:
    """A translucent rounded box, so the board still shows faintly under it."""
    x0, y0 = math.floor(box[0]), math.floor(box[1])
    x1, y1 = math.ceil(box[2]), math.ceil(box[3])
    patch = Image.new("RGBA", (x1 - x0 + 1, y1 - y0 + 1), (0, 0, 0, 0))
    ImageDraw.Draw(patch).rounded_rectangle(
        (box[0] - x0, box[1] - y0, box[2] - x0, box[3] - y0),
        radius=round(6 * view.ui),
        fill=(*style.panel, 222),
        outline=(*style.outline, 200),
        width=max(1, round(view.ui)),
    )
    canvas.paste(patch, (x0, y0), patch)
    return ImageDraw.Draw(canvas)


def draw_title(canvas: Image.Image, text: str, style: Style, view: View) -> Box:
    f = view.ui
    face = font(round(20 * f))
    pad = 8 * f
    ascent, descent = face.getmetrics()
    box = (
        6 * f,
        6 * f,
        6 * f + text_width(text, face) + 2 * pad,
        6 * f + ascent + descent + 1.4 * pad,
    )
    draw = _panel(canvas, box, style, view)
    draw_text(draw, (box[0] + pad, box[1] + pad * 0.7), text, face, style.panel_text)
    return box


def _legend_size(position: Position, f: float) -> tuple[float, float, float]:
    names = tuple(position.variant.power_info[p].name for p in position.variant.powers)
    return _measure(names, f)


@lru_cache(maxsize=64)
def _measure(names: tuple[str, ...], f: float) -> tuple[float, float, float]:
    face = font(round(13 * f))
    name_w = max(face.getlength(n) for n in names)
    row = 19 * f
    width = 10 * f + 14 * f + 8 * f + name_w + 12 * f + 2 * 40 * f + 8 * f
    height = 8 * f + row * (len(names) + 1) + 4 * f
    return width, height, name_w


def legend_box(
    board: Board, view: View, position: Position, avoid: Iterable[Box], anchors: Sequence[Point]
) -> Box:
    """The corner where the legend hides the fewest places of the board."""
    f = view.ui
    width, height, _ = _legend_size(position, f)
    m = 6 * f
    right, bottom = view.width - m - width, view.height - m - height
    corners = [(right, bottom), (m, bottom), (right, m), (m, m)]
    best: tuple[float, int] | None = None
    blocked = list(avoid)
    for index, (x, y) in enumerate(corners):
        box = (x, y, x + width, y + height)
        if any(_overlaps(box, b) for b in blocked):
            continue
        hidden = sum(1 for ax, ay in anchors if box[0] <= ax <= box[2] and box[1] <= ay <= box[3])
        if best is None or (hidden, index) < best:
            best = (hidden, index)
    x, y = corners[best[1] if best is not None else 0]
    return (x, y, x + width, y + height)


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def draw_legend(
    canvas: Image.Image, box: Box, position: Position, style: Style, view: View
) -> None:
    f = view.ui
    face = font(round(13 * f))
    head = font(round(11 * f))
    _, _, name_w = _legend_size(position, f)
    draw = _panel(canvas, box, style, view)
    row = 19 * f
    x = box[0] + 10 * f
    name_x = x + 14 * f + 8 * f
    sc_x = name_x + name_w + 12 * f + 40 * f
    unit_x = sc_x + 40 * f
    y = box[1] + 8 * f
    muted = tuple(round(c * 0.55 + 255 * 0.45) for c in style.panel_text)
    for text, right in (("centres", sc_x), ("units", unit_x)):
        draw.text((right, y + row * 0.5), text, font=head, fill=muted, anchor="rm")
    y += row
    for power in position.variant.powers:
        info = position.variant.power_info[power]
        centres = len(position.centers.get(power, ()))
        units = len(position.units.get(power, ()))
        s = 12 * f
        top = y + (row - s) / 2
        draw.rectangle(
            (x, top, x + s, top + s),
            fill=style.colour(power),
            outline=style.outline,
            width=max(1, round(f)),
        )
        mid = y + row * 0.5
        draw.text((name_x, mid), info.name, font=face, fill=style.panel_text, anchor="lm")
        draw.text((sc_x, mid), str(centres), font=face, fill=style.panel_text, anchor="rm")
        draw.text((unit_x, mid), str(units), font=face, fill=style.panel_text, anchor="rm")
        y += row
