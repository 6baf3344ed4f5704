"""Province abbreviations, placed at their label points unless a unit is drawn there.

The geometry gives each province a label point apart from its unit point, so most labels
never move; a dislodged unit drawn beside its province, or a fleet on a coast, can cover
one, and then the label tries the sides of its own unit before giving up.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from render.geometry import Board, Box
from render.sprites import label, paste
from render.styles import Style
from render.view import View

LABEL_PIXELS = 13.0


def _overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def draw_labels(
    canvas: Image.Image,
    board: Board,
    view: View,
    style: Style,
    obstacles: Sequence[Box],
) -> None:
    pixels = max(8, round(LABEL_PIXELS * view.feature))
    # the sprite's transparent padding may overlap an icon; its glyphs may not
    pad = 2.5 * view.feature
    gap = 2.0 * view.feature
    r = 13.0 * view.feature
    for code in sorted(board.provinces):
        shape = board.provinces[code]
        if shape.is_sea:
            sprite = label(code, pixels, style.sea_text, style.sea)
        else:
            sprite = label(code, pixels, style.land_text, style.land)
        x, y = view.pt(shape.label)
        hw = sprite.image.width / 2 - pad
        hh = sprite.image.height / 2 - pad
        if not (-hw < x < view.width + hw and -hh < y < view.height + hh):
            continue
        x0, y0, x1, y1 = x - hw - 3 * r, y - hh - 3 * r, x + hw + 3 * r, y + hh + 3 * r
        near = [o for o in obstacles if o[0] < x1 and o[2] > x0 and o[1] < y1 and o[3] > y0]
        if near and any(_overlap(o, (x - hw, y - hh, x + hw, y + hh)) > 0 for o in near):
            ux, uy = view.pt(shape.unit)
            candidates = [
                (x, y),
                (ux, uy + r + hh + gap),
                (ux, uy - r - hh - gap),
                (ux + r + hw + gap, uy),
                (ux - r - hw - gap, uy),
                (x, y + 2 * hh),
                (x, y - 2 * hh),
            ]
            scored = [
                (sum(_overlap(o, (cx - hw, cy - hh, cx + hw, cy + hh)) for o in near), i)
                for i, (cx, cy) in enumerate(candidates)
            ]
            x, y = candidates[min(scored)[1]]
        paste(canvas, sprite, x, y)
