"""Anti-aliased vector drawing for the parts of a map that change every turn.

A :class:`Graphic` collects shapes in output pixels, then draws them as coverage masks just
big enough to hold them, twice as large, reduces the masks and paints its colours through
them. Small masks keep this cheap, and a graphic can be faded (a failed order) in one go.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

Pt = tuple[float, float]
RGBA = tuple[int, int, int, int]

_K = 2


@dataclass(slots=True)
class _Op:
    kind: str
    points: Sequence[Pt]
    fill: RGBA
    width: float = 0.0
    caps: bool = True


def _fade_table(opacity: float) -> list[int]:
    return [round(v * opacity) for v in range(256)]


@dataclass(slots=True)
class Graphic:
    ops: list[_Op] = field(default_factory=list)
    box: list[float] = field(default_factory=lambda: [math.inf, math.inf, -math.inf, -math.inf])

    def _grow(self, points: Sequence[Pt], margin: float) -> None:
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        box = self.box
        box[0] = min(box[0], min(xs) - margin)
        box[1] = min(box[1], min(ys) - margin)
        box[2] = max(box[2], max(xs) + margin)
        box[3] = max(box[3], max(ys) + margin)

    def line(self, points: Sequence[Pt], fill: RGBA, width: float, *, caps: bool = True) -> None:
        """A polyline; ``caps`` rounds its ends (Pillow's own ends are square)."""
        if len(points) < 2:
            return
        self.ops.append(_Op("line", tuple(points), fill, width, caps))
        self._grow(points, width)

    def polygon(self, points: Sequence[Pt], fill: RGBA) -> None:
        self.ops.append(_Op("polygon", tuple(points), fill))
        self._grow(points, 1)

    def disc(self, centre: Pt, radius: float, fill: RGBA) -> None:
        x, y = centre
        corners = ((x - radius, y - radius), (x + radius, y + radius))
        self.ops.append(_Op("disc", corners, fill))
        self._grow(corners, 1)

    def ring(self, centre: Pt, radius: float, fill: RGBA, width: float) -> None:
        x, y = centre
        corners = ((x - radius, y - radius), (x + radius, y + radius))
        self.ops.append(_Op("ring", corners, fill, width))
        self._grow(corners, width)

    def trace(self, draw: ImageDraw.ImageDraw, scale: float) -> None:
        """Mark where the graphic draws on a mask at ``scale`` of the picture (255 where it
        draws, rounded outward): what a panel placed over the picture must not hide."""
        for op in self.ops:
            pts = [(x * scale, y * scale) for x, y in op.points]
            width = max(1, math.ceil(op.width * scale) + 1)
            if op.kind == "line":
                draw.line(pts, fill=255, width=width)
            elif op.kind == "polygon":
                draw.polygon(pts, fill=255)
            elif op.kind == "disc":
                draw.ellipse((pts[0], pts[1]), fill=255)
            else:
                draw.ellipse((pts[0], pts[1]), outline=255, width=width)

    def paint(self, canvas: Image.Image, opacity: float = 1.0) -> None:
        """Draw onto an ``RGB`` canvas, faded to ``opacity`` as a whole."""
        if not self.ops:
            return
        x0 = max(0, math.floor(self.box[0]) - 1)
        y0 = max(0, math.floor(self.box[1]) - 1)
        x1 = min(canvas.width, math.ceil(self.box[2]) + 1)
        y1 = min(canvas.height, math.ceil(self.box[3]) + 1)
        if x1 <= x0 or y1 <= y0:
            return
        size = ((x1 - x0) * _K, (y1 - y0) * _K)
        fade = _fade_table(opacity) if opacity < 1.0 else None
        # one coverage mask per run of same-coloured shapes: reducing a greyscale mask is many
        # times cheaper than reducing an RGBA tile
        start = 0
        while start < len(self.ops):
            fill = self.ops[start].fill
            stop = start
            while stop < len(self.ops) and self.ops[stop].fill == fill:
                stop += 1
            mask = Image.new("L", size, 0)
            _draw(ImageDraw.Draw(mask), self.ops[start:stop], x0, y0, fill[3])
            small = mask.reduce(_K)
            if fade is not None:
                small = small.point(fade)
            # a solid image pastes about twice as fast as a bare colour through a mask
            canvas.paste(Image.new(canvas.mode, small.size, fill[:3]), (x0, y0), small)
            start = stop


def _draw(draw: ImageDraw.ImageDraw, ops: Sequence[_Op], x0: int, y0: int, ink: int) -> None:
    def at(p: Pt) -> Pt:
        return ((p[0] - x0) * _K, (p[1] - y0) * _K)

    for op in ops:
        pts = [at(p) for p in op.points]
        if op.kind == "line":
            draw.line(pts, fill=ink, width=max(1, round(op.width * _K)), joint="curve")
            if op.caps:
                r = op.width * _K / 2
                for end in (pts[0], pts[-1]):
                    draw.ellipse((end[0] - r, end[1] - r, end[0] + r, end[1] + r), fill=ink)
        elif op.kind == "polygon":
            draw.polygon(pts, fill=ink)
        elif op.kind == "disc":
            draw.ellipse((pts[0], pts[1]), fill=ink)
        else:
            draw.ellipse((pts[0], pts[1]), outline=ink, width=max(1, round(op.width * _K)))


def dashes(points: Sequence[Pt], on: float, off: float) -> list[list[Pt]]:
    """The pieces of a polyline drawn as dashes ``on`` long with gaps ``off`` long."""
    pieces: list[list[Pt]] = []
    current: list[Pt] = []
    drawing = True
    left = on
    for a, b in itertools.pairwise(points):
        seg = math.dist(a, b)
        pos = 0.0
        while seg - pos > 1e-9:
            step = min(left, seg - pos)
            t0, t1 = pos / seg, (pos + step) / seg
            p0 = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
            p1 = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
            if drawing:
                if not current:
                    current.append(p0)
                current.append(p1)
            pos += step
            left -= step
            if left <= 1e-9:
                if drawing and current:
                    pieces.append(current)
                    current = []
                drawing = not drawing
                left = on if drawing else off
    if drawing and len(current) > 1:
        pieces.append(current)
    return pieces


def length(points: Sequence[Pt]) -> float:
    return sum(math.dist(a, b) for a, b in itertools.pairwise(points))


def point_along(points: Sequence[Pt], distance: float) -> tuple[Pt, Pt]:
    """The point ``distance`` along a polyline, and the unit direction there."""
    left = max(0.0, distance)
    for a, b in itertools.pairwise(points):
        seg = math.dist(a, b)
        if seg > 0 and (left <= seg or b is points[-1]):
            t = min(1.0, left / seg)
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), (
                (b[0] - a[0]) / seg,
                (b[1] - a[1]) / seg,
            )
        left -= seg
    return points[-1], (1.0, 0.0)


def trim(points: Sequence[Pt], start: float, end: float) -> list[Pt]:
    """The polyline without its first ``start`` and last ``end`` pixels."""
    total = length(points)
    if total <= start + end + 1:
        mid = total / 2
        a, _ = point_along(points, mid - 0.5)
        b, _ = point_along(points, mid + 0.5)
        return [a, b]
    out: list[Pt] = []
    first, _ = point_along(points, start)
    out.append(first)
    walked = 0.0
    for a, b in itertools.pairwise(points):
        walked += math.dist(a, b)
        if start < walked < total - end:
            out.append(b)
    last, _ = point_along(points, total - end)
    out.append(last)
    return out
