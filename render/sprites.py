"""Small pre-drawn images pasted onto every map: supply-centre markers and province labels.

Each is drawn once per look and size, several times larger, and reduced with LANCZOS, so a
render pastes finished anti-aliased pixels instead of drawing shapes and text again.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from render.fonts import drawable, font
from render.styles import RGB

SUPERSAMPLE = 4


class Sprite(NamedTuple):
    """``image`` (RGBA) goes so that its pixel ``(cx, cy)`` lands on the anchor. ``rgb`` and
    ``mask`` are its colour and alpha apart, which paste onto an RGB canvas without a
    conversion each time."""

    image: Image.Image
    cx: float
    cy: float
    rgb: Image.Image
    mask: Image.Image

    def box_at(self, x: float, y: float) -> tuple[float, float, float, float]:
        return (
            x - self.cx,
            y - self.cy,
            x - self.cx + self.image.width,
            y - self.cy + self.image.height,
        )


def make_sprite(image: Image.Image, cx: float, cy: float) -> Sprite:
    return Sprite(image, cx, cy, image.convert("RGB"), image.getchannel("A"))


def paste(canvas: Image.Image, sprite: Sprite, x: float, y: float) -> None:
    canvas.paste(sprite.rgb, (round(x - sprite.cx), round(y - sprite.cy)), sprite.mask)


def reduce(image: Image.Image, factor: int) -> Image.Image:
    w = max(1, math.ceil(image.width / factor))
    h = max(1, math.ceil(image.height / factor))
    return image.resize((w, h), Image.Resampling.LANCZOS)


@lru_cache(maxsize=256)
def center_marker(fill: RGB, outline: RGB, dot: RGB, radius: float) -> Sprite:
    """A supply centre: a disc in its holder's colour with a dot in the middle."""
    k = SUPERSAMPLE
    half = math.ceil(radius + 2)
    size = 2 * half * k
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    c = size / 2
    r = radius * k
    ring = max(1.0, radius * 0.24) * k
    draw.ellipse((c - r, c - r, c + r, c + r), fill=(*outline, 255))
    inner = r - ring
    draw.ellipse((c - inner, c - inner, c + inner, c + inner), fill=(*fill, 255))
    d = r * 0.36
    draw.ellipse((c - d, c - d, c + d, c + d), fill=(*dot, 255))
    return make_sprite(reduce(image, k), half, half)


@lru_cache(maxsize=1024)
def label(text: str, pixels: int, fill: RGB, halo: RGB) -> Sprite:
    """A province label centred on its anchor, with a soft halo so it reads over lines."""
    k = 2
    face = font(pixels * k)
    text = drawable(text)
    left, top, right, bottom = face.getbbox(text)
    pad = 3 * k
    width = math.ceil(right - left) + 2 * pad
    height = math.ceil(bottom - top) + 2 * pad
    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    origin = (pad - left, pad - top)
    draw.text(
        origin, text, font=face, fill=(*halo, 150), stroke_width=2 * k, stroke_fill=(*halo, 150)
    )
    draw.text(origin, text, font=face, fill=(*fill, 255), stroke_width=1, stroke_fill=(*fill, 255))
    small = reduce(image, k)
    return make_sprite(small, small.width / 2, small.height / 2)
