"""Ports (Diplomacia): the handbook's black upside-down triangle at each port of a sea
sector, and the port's name in small italics beside it where there is room.

The triangle is fixed, like a supply-centre marker: labels moved off a unit avoid it. The
name is placed after the units and labels, on the first side of the triangle where it lies
inside its sector and covers nothing else; a name that fits nowhere is left out, and the
triangle alone still says "port".
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from render.fonts import drawable, font
from render.geometry import Board, Box, Point
from render.labels import PlacedLabel, inside, overlap
from render.sprites import SUPERSAMPLE, Sprite, make_sprite, reduce
from render.styles import RGB, Style
from render.view import View

# the triangle's width at the designed look, in board pixels
_TRIANGLE = 11.0
_NAME_PIXELS = 10.0
# how far the letters lean: a shear of a fifth of their height
_SLANT = 0.2


@lru_cache(maxsize=64)
def port_marker(fill: RGB, casing: RGB, width: float) -> Sprite:
    """An upside-down triangle ``width`` pixels wide, in a thin casing so it reads on any
    power's colour; its anchor is the middle of the triangle."""
    k = SUPERSAMPLE
    height = width * math.sqrt(3) / 2
    pad = math.ceil(max(1.0, width * 0.12)) + 1
    w, h = math.ceil(width) + 2 * pad, math.ceil(height) + 2 * pad
    image = Image.new("RGBA", (w * k, h * k), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    left, top = pad * k, pad * k
    corners = [(left, top), (left + width * k, top), (left + width * k / 2, top + height * k)]
    edge = max(1.0, width * 0.12) * k
    draw.polygon(corners, fill=(*casing, 255), outline=(*casing, 255), width=round(2 * edge))
    draw.polygon(corners, fill=(*fill, 255))
    small = reduce(image, k)
    # the anchor sits a third of the way down: the triangle's centroid
    return make_sprite(small, pad + width / 2, pad + height / 3)


@lru_cache(maxsize=512)
def port_name(text: str, pixels: int, fill: RGB, halo: RGB) -> Sprite:
    """``text`` in italics (Pillow's own face, slanted), with a soft halo; anchored at its
    middle."""
    k = 2
    face = font(pixels * k)
    left, top, right, bottom = face.getbbox(text)
    pad = 3 * k
    height = math.ceil(bottom - top) + 2 * pad
    lean = math.ceil(_SLANT * height)
    width = math.ceil(right - left) + 2 * pad + lean
    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    origin = (pad - left, pad - top)
    draw.text(
        origin, text, font=face, fill=(*halo, 150), stroke_width=2 * k, stroke_fill=(*halo, 150)
    )
    draw.text(origin, text, font=face, fill=(*fill, 255))
    # each row moves right by the slant times its height above the baseline
    slanted = image.transform(
        image.size,
        Image.Transform.AFFINE,
        (1, _SLANT, -_SLANT * height, 0, 1, 0),
        resample=Image.Resampling.BICUBIC,
    )
    small = reduce(slanted, k)
    return make_sprite(small, small.width / 2, small.height / 2)


def port_markers(board: Board, view: View, style: Style) -> list[tuple[Sprite, Point]]:
    """A triangle at every port of the board in play."""
    sprite = port_marker(style.outline, style.panel, max(7.0, _TRIANGLE * view.feature))
    return [
        (sprite, view.pt(shape.port))
        for code, shape in sorted(board.provinces.items())
        if shape.port is not None and board.in_play(code)
    ]


def place_port_names(
    board: Board,
    view: View,
    style: Style,
    names: Mapping[str, str],
    taken: Sequence[Box],
    labels: Sequence[PlacedLabel],
) -> list[tuple[Sprite, Point]]:
    """Each port's name (``names``: sector -> port name) beside its triangle: right of it,
    left, below or above, the first spot inside the sector that meets none of the ``taken``
    boxes (units, markers), the labels or another name; none where no spot is clear."""
    pixels = max(7, round(_NAME_PIXELS * view.feature))
    gap = max(7.0, _TRIANGLE * view.feature) * 0.75
    blocked = [*taken, *(label.box for label in labels)]
    placed: list[tuple[Sprite, Point]] = []
    for code, shape in sorted(board.provinces.items()):
        name = names.get(code)
        if shape.port is None or name is None or not board.in_play(code):
            continue
        sprite = port_name(drawable(name), pixels, style.sea_text, style.sea)
        px, py = view.pt(shape.port)
        half_w, half_h = sprite.image.width / 2, sprite.image.height / 2
        # the letters, not the halo's padding, must clear what is there
        pad = 2.0 * view.feature
        spots = (
            (px + gap + half_w, py),
            (px - gap - half_w, py),
            (px, py + gap + half_h),
            (px, py - gap - half_h),
        )
        for x, y in spots:
            box = (x - half_w + pad, y - half_h + pad, x + half_w - pad, y + half_h - pad)
            if not inside(board, view, code, box):
                continue
            if any(overlap(box, other) > 0 for other in blocked):
                continue
            placed.append((sprite, (x, y)))
            blocked.append(box)
            break
    return placed
