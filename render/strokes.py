"""The marks orders are drawn with: arrows, dashed and dotted lines, rings, crosses, a plus.

Every line gets a pale casing under it, so it reads on sea, land and borders alike.
Sizes are given at the designed look and scaled by the view's feature scale.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from render.pen import RGBA, Graphic, Pt, dashes, length, point_along, trim
from render.styles import RGB, Style

CASING: RGBA = (255, 255, 255, 170)


def rgba(colour: RGB, alpha: int = 255) -> RGBA:
    return (colour[0], colour[1], colour[2], alpha)


class Strokes:
    def __init__(self, style: Style, feature: float, icon: float) -> None:
        self.style = style
        self.f = feature
        self.r = icon / 2
        self.width = max(1.4, 3.2 * feature)

    def arrow(
        self,
        g: Graphic,
        path: Sequence[Pt],
        ink: RGB,
        *,
        dotted: bool = False,
        dashed: bool = False,
        broken: bool = False,
    ) -> None:
        """A line along ``path`` with a head at its end; dotted for a convoyed move, dashed
        (and thinner) for a support, in long dashes as wide as a move's for a port
        seizure."""
        f = self.f
        total = length(path)
        head = min(max(7.0, 13.0 * f), total * 0.6)
        tip = path[-1]
        _, (dx, dy) = point_along(path, total)
        base = (tip[0] - dx * head, tip[1] - dy * head)
        shaft = trim(path, 0, head * 0.8)
        nx, ny = -dy, dx
        half = max(4.0, 5.8 * f)
        wide = half + 1.8 * f
        g.polygon(
            [
                (tip[0] + dx * 1.6 * f, tip[1] + dy * 1.6 * f),
                (base[0] + nx * wide, base[1] + ny * wide),
                (base[0] - nx * wide, base[1] - ny * wide),
            ],
            CASING,
        )
        if dotted:
            self.dotted(g, shaft, ink, self.width * 1.05)
        elif dashed:
            self.dashed(g, shaft, ink, self.width * 0.72)
        elif broken:
            pieces = dashes(shaft, 12.0 * f, 5.0 * f)
            for piece in pieces:
                g.line(piece, CASING, self.width + 2.4 * f, caps=False)
            for piece in pieces:
                g.line(piece, rgba(ink), self.width, caps=False)
        else:
            g.line(shaft, CASING, self.width + 2.4 * f)
            g.line(shaft, rgba(ink), self.width)
        g.polygon(
            [
                tip,
                (base[0] + nx * half, base[1] + ny * half),
                (base[0] - nx * half, base[1] - ny * half),
            ],
            rgba(ink),
        )

    def dashed(self, g: Graphic, path: Sequence[Pt], ink: RGB, width: float) -> None:
        pieces = dashes(path, 7.0 * self.f, 4.5 * self.f)
        for piece in pieces:
            g.line(piece, CASING, width + 2.2 * self.f, caps=False)
        for piece in pieces:
            g.line(piece, rgba(ink), width, caps=False)

    def dotted(self, g: Graphic, path: Sequence[Pt], ink: RGB, width: float) -> None:
        total = length(path)
        count = max(1, int(total / max(4.0, width * 2.3)))
        spots = [point_along(path, total * i / count)[0] for i in range(count + 1)]
        self._spots(g, spots, width * 0.5 + 0.2 * self.f, ink)

    def dotted_ring(self, g: Graphic, centre: Pt, radius: float, ink: RGB) -> None:
        count = max(10, int(2 * math.pi * radius / max(4.0, 6.0 * self.f)))
        spots = [
            (
                centre[0] + radius * math.cos(2 * math.pi * k / count),
                centre[1] + radius * math.sin(2 * math.pi * k / count),
            )
            for k in range(count)
        ]
        self._spots(g, spots, max(1.2, 1.7 * self.f), ink)

    def _spots(self, g: Graphic, spots: Sequence[Pt], radius: float, ink: RGB) -> None:
        for spot in spots:
            g.disc(spot, radius + 0.9 * self.f, CASING)
        for spot in spots:
            g.disc(spot, radius, rgba(ink))

    def ring(self, g: Graphic, centre: Pt, radius: float, ink: RGB) -> None:
        g.ring(centre, radius, CASING, self.width + 2.2 * self.f)
        g.ring(centre, radius, rgba(ink), self.width * 0.85)

    def dot(self, g: Graphic, centre: Pt, ink: RGB) -> None:
        g.disc(centre, self.width * 0.9, CASING)
        g.disc(centre, self.width * 0.62, rgba(ink))

    def cross(self, g: Graphic, centre: Pt, size: float) -> None:
        """The failure mark: an X ``size`` wide."""
        s = size / 2
        x, y = centre
        w = max(1.5, 3.0 * self.f)
        arms = [((x - s, y - s), (x + s, y + s)), ((x - s, y + s), (x + s, y - s))]
        for a, b in arms:
            g.line([a, b], rgba(self.style.failure_casing), w + 2.6 * self.f)
        for a, b in arms:
            g.line([a, b], rgba(self.style.failure), w)

    def plus(self, g: Graphic, centre: Pt, ink: RGB) -> None:
        """The build mark: a white plus on a disc of the power's ink."""
        s = self.r * 0.62
        x, y = centre
        white = rgba((255, 255, 255))
        g.disc(centre, s + 1.6 * self.f, rgba(self.style.outline))
        g.disc(centre, s + 0.4 * self.f, white)
        g.disc(centre, s - 0.8 * self.f, rgba(ink))
        w = max(1.2, 2.4 * self.f)
        g.line([(x - s * 0.55, y), (x + s * 0.55, y)], white, w, caps=False)
        g.line([(x, y - s * 0.55), (x, y + s * 0.55)], white, w, caps=False)
