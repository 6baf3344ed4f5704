"""Army and fleet icons: a badge in the power's colour (a rounded square for an army, a disc
for a fleet, so the two differ by shape as well as by glyph) carrying a cannon or a warship.

A dislodged unit's badge sits on a jagged burst in the failure colour: spiky and filled, so
it never reads as the thin round ring of a hold, whatever the power's colour.

Glyphs are drawn from our own outlines in a unit square (the badge spans -1..1), at four
times the size, and reduced, once per power, kind and size.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engine import UnitType
from render.sprites import SUPERSAMPLE, Sprite, make_sprite, reduce
from render.styles import RGB, Style

Pt = tuple[float, float]

# the badge's width at the designed look, in output pixels
UNIT_SIZE = 26.0
# the dislodged mark: BURST_POINTS spikes reaching BURST_OUTER of the badge's size from its
# middle, their notches BURST_INNER; its white casing adds BURST_CASING of the size
BURST_POINTS = 8
BURST_OUTER = 0.8
BURST_INNER = 0.54
BURST_CASING = 0.06


def _bar(a: Pt, b: Pt, width_a: float, width_b: float) -> list[Pt]:
    """A quadrilateral along a-b, ``width_a`` wide at a and ``width_b`` at b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    return [
        (a[0] + nx * width_a / 2, a[1] + ny * width_a / 2),
        (b[0] + nx * width_b / 2, b[1] + ny * width_b / 2),
        (b[0] - nx * width_b / 2, b[1] - ny * width_b / 2),
        (a[0] - nx * width_a / 2, a[1] - ny * width_a / 2),
    ]


def _rect(x0: float, y0: float, x1: float, y1: float) -> list[Pt]:
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


# (kind, points or centre+radius); "hole" shapes are painted in the badge colour
_CANNON: Sequence[tuple[str, Sequence[float]]] = (
    ("poly", [c for p in _bar((-0.05, 0.30), (-0.80, 0.62), 0.20, 0.16) for c in p]),
    ("poly", [c for p in _bar((-0.62, 0.20), (0.66, -0.40), 0.36, 0.24) for c in p]),
    ("poly", [c for p in _bar((0.58, -0.36), (0.76, -0.44), 0.32, 0.32) for c in p]),
    ("disc", (-0.62, 0.20, 0.19)),
    ("disc", (-0.10, 0.30, 0.40)),
    ("hole", (-0.10, 0.30, 0.13)),
)

_SHIP: Sequence[tuple[str, Sequence[float]]] = (
    ("poly", [-0.88, 0.10, 0.90, 0.10, 0.66, 0.46, -0.70, 0.46]),
    ("poly", [c for p in _rect(-0.56, -0.14, 0.40, 0.12) for c in p]),
    ("poly", [c for p in _rect(-0.30, -0.40, 0.08, -0.12) for c in p]),
    ("poly", [c for p in _rect(-0.52, -0.36, -0.36, -0.12) for c in p]),
    ("poly", [c for p in _rect(-0.14, -0.66, -0.08, -0.38) for c in p]),
    ("poly", [c for p in _bar((0.30, -0.02), (0.76, -0.16), 0.10, 0.08) for c in p]),
    ("poly", [c for p in _bar((-0.50, -0.02), (-0.84, -0.12), 0.10, 0.08) for c in p]),
)


def burst(c: float, outer: float, inner: float, points: int = BURST_POINTS) -> list[Pt]:
    """A star around (c, c): ``points`` spikes of radius ``outer``, notches at ``inner``, one
    spike straight up."""
    corners: list[Pt] = []
    for k in range(2 * points):
        radius = outer if k % 2 == 0 else inner
        angle = math.pi * k / points - math.pi / 2
        corners.append((c + radius * math.cos(angle), c + radius * math.sin(angle)))
    return corners


def _paint(
    draw: ImageDraw.ImageDraw,
    shapes: Sequence[tuple[str, Sequence[float]]],
    c: float,
    r: float,
    ink: RGB,
    badge: RGB,
) -> None:
    for kind, data in shapes:
        if kind == "poly":
            points = [(c + data[i] * r, c + data[i + 1] * r) for i in range(0, len(data), 2)]
            draw.polygon(points, fill=(*ink, 255))
        else:
            x, y, radius = data
            colour = ink if kind == "disc" else badge
            draw.ellipse(
                (
                    c + (x - radius) * r,
                    c + (y - radius) * r,
                    c + (x + radius) * r,
                    c + (y + radius) * r,
                ),
                fill=(*colour, 255),
            )


@lru_cache(maxsize=512)
def unit_icon(
    style: Style, power: str, unit_type: UnitType, size: float, *, marked: bool = False
) -> Sprite:
    """The icon of a unit ``size`` pixels wide. ``marked`` (a dislodged unit) stands on a
    burst in the failure colour."""
    k = SUPERSAMPLE
    colour = style.colour(power)
    outline = style.outline
    margin = size * (BURST_OUTER + BURST_CASING - 0.5 + 0.04 if marked else 0.12)
    half = math.ceil(size / 2 + margin)
    full = 2 * half * k
    image = Image.new("RGBA", (full, full), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    c = full / 2
    r = size / 2 * k
    edge = max(1.0, size * 0.075) * k
    if marked:
        casing = size * BURST_CASING * k
        outer, inner = size * BURST_OUTER * k, size * BURST_INNER * k
        draw.polygon(burst(c, outer + casing, inner + casing), fill=(*style.failure_casing, 255))
        draw.polygon(burst(c, outer, inner), fill=(*style.failure, 255))
        # a thin white line between burst and badge keeps the badge's outline readable
        draw.ellipse(
            (c - r - edge, c - r - edge, c + r + edge, c + r + edge),
            fill=(*style.failure_casing, 255),
        )
    if unit_type is UnitType.ARMY:
        s = r * 0.9
        draw.rounded_rectangle((c - s, c - s, c + s, c + s), radius=s * 0.32, fill=(*outline, 255))
        s -= edge
        draw.rounded_rectangle((c - s, c - s, c + s, c + s), radius=s * 0.28, fill=(*colour, 255))
        _paint(draw, _CANNON, c, s * 0.86, style.glyph(power), colour)
    else:
        draw.ellipse((c - r, c - r, c + r, c + r), fill=(*outline, 255))
        inner = r - edge
        draw.ellipse((c - inner, c - inner, c + inner, c + inner), fill=(*colour, 255))
        _paint(draw, _SHIP, c, inner * 0.78, style.glyph(power), colour)
    small = reduce(image, k)
    return make_sprite(small, small.width / 2, small.height / 2)


def faded(sprite: Sprite, opacity: float) -> Sprite:
    image = sprite.image.copy()
    image.putalpha(image.getchannel("A").point([round(v * opacity) for v in range(256)]))
    return make_sprite(image, sprite.cx, sprite.cy)
