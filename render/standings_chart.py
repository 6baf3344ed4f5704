"""The season chart: each person's points summed game by game across a club's season, one
line per person, on the same light card as the supply-centre chart, with a legend of names and
totals, leaders first.

Its colours are Okabe and Ito's eight, which stay apart for colour-blind eyes, each line with a
dark casing; tied lines are dashed in their colours in turn. Past eight people the table in
the message carries the rest.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.chart import CARD, CARD_BORDER, CASING, GRID, INK, MUTED, dashed_line
from render.fonts import draw_text, font, stamp
from render.styles import RGB

# Okabe-Ito, black left out: the casing is dark already
_COLOURS: tuple[RGB, ...] = (
    (230, 159, 0),
    (86, 180, 233),
    (0, 158, 115),
    (240, 228, 66),
    (0, 114, 178),
    (213, 94, 0),
    (204, 121, 167),
    (120, 120, 120),
)
MOST_LINES = len(_COLOURS)
_SUPERSAMPLE = 2
_WIDTH = 800


def standings_chart(
    names: Sequence[str],
    points: Sequence[Sequence[float]],
    games: Sequence[str],
    *,
    title: str,
) -> bytes:
    """A PNG of ``points[i][g]``, person ``names[i]``'s points summed after game
    ``games[g]`` (the first :data:`MOST_LINES` people, in the order given). Raises
    ``ValueError`` with no person or no game, or a row not one value a game."""
    if not names or not games:
        raise ValueError("a season chart needs at least one person and one game")
    if len(points) != len(names) or any(len(row) != len(games) for row in points):
        raise ValueError("each person needs one running total a game")
    names, points = names[:MOST_LINES], points[:MOST_LINES]
    k = _SUPERSAMPLE
    width, height = _WIDTH, round(_WIDTH * 0.6)
    canvas = Image.new("RGB", (width * k, height * k), CARD)
    draw = ImageDraw.Draw(canvas)
    draw.rectangle((0, 0, canvas.width - 1, canvas.height - 1), outline=CARD_BORDER, width=2 * k)
    legend = 36 + max(font(14).getlength(n) for n in names) + 60
    left, top, right, bottom = 64.0, 52.0, width - legend - 24, height - 42.0
    peak = max(1.0, max(max(row) for row in points))
    step = _step(peak)
    ceiling = math.ceil(peak / step) * step

    def y(value: float) -> float:
        return (bottom - (bottom - top) * value / ceiling) * k

    inset = 14.0
    span = (right - left - 2 * inset) / max(1, len(games) - 1)
    xs = [
        (left + inset + span * i if len(games) > 1 else (left + right) / 2) * k
        for i in range(len(games))
    ]
    small = 13 * k
    value = 0.0
    while value <= ceiling + 1e-9:
        draw.line((left * k, y(value), right * k, y(value)), fill=GRID, width=k)
        stamp(canvas, ((left - 8) * k, y(value)), f"{value:g}", small, MUTED, anchor="rm")
        value += step
    draw.line((left * k, bottom * k, right * k, bottom * k), fill=MUTED, width=k * 3 // 2)
    every = max(1, math.ceil((max(font(13).getlength(g) for g in games) + 10) / max(span, 1)))
    for i, game in enumerate(games):
        if i % every == 0 or i == len(games) - 1:
            stamp(canvas, (xs[i], (bottom + 8) * k), game, small, INK, anchor="mt")
    lines = [[(xs[g], y(v)) for g, v in enumerate(row)] for row in points]
    _lines(draw, lines, k)
    x0, row = (right + 24) * k, 24 * k
    stamp(canvas, ((width - 16) * k, top * k), "points", 12 * k, MUTED, anchor="rm")
    for i, name in enumerate(names):
        yy = top * k + row * (i + 1)
        draw.line((x0, yy, x0 + 20 * k, yy), fill=CASING, width=6 * k)
        draw.line((x0, yy, x0 + 20 * k, yy), fill=_COLOURS[i], width=3 * k)
        stamp(canvas, (x0 + 28 * k, yy), name, 14 * k, INK, anchor="lm")
        stamp(canvas, ((width - 16) * k, yy), f"{points[i][-1]:.1f}", 14 * k, INK, anchor="rm")
    draw_text(draw, (18 * k, 14 * k), title, font(20 * k), INK)
    chart = canvas.resize((width, height), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    chart.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(out, "PNG")
    return out.getvalue()


def _lines(draw: ImageDraw.ImageDraw, lines: list[list[tuple[float, float]]], k: int) -> None:
    """Each person's line through their totals, the leader's on top; a stretch several share
    in dashes of their colours in turn, a point several share as a disc cut into their
    colours (as the supply-centre chart draws them), so a tie hides nobody."""
    width = 7 * k // 2
    for line in reversed(lines):
        if len(line) > 1:
            draw.line(line, fill=CASING, width=width + 2 * k, joint="curve")
    for g in range(len(lines[0]) - 1):
        stretches: dict[tuple[tuple[float, float], ...], list[int]] = {}
        for i, line in enumerate(lines):
            stretches.setdefault((line[g], line[g + 1]), []).append(i)
        for (a, b), sharing in stretches.items():
            dashed_line(draw, a, b, [_COLOURS[i] for i in sharing], width, 9 * k)
    r = 4 * k
    for g in range(len(lines[0])):
        points: dict[tuple[float, float], list[int]] = {}
        for i, line in enumerate(lines):
            points.setdefault(line[g], []).append(i)
        for (x, y), sharing in points.items():
            box = (x - r, y - r, x + r, y + r)
            share = 360 / len(sharing)
            for n, i in enumerate(sharing):
                draw.pieslice(box, -90 + n * share, -90 + (n + 1) * share, fill=_COLOURS[i])
            draw.ellipse(box, outline=CASING, width=k)


def _step(peak: float) -> float:
    """A round gap between grid lines giving four to ten lines up to ``peak``."""
    for step in (5.0, 10.0, 20.0, 25.0, 50.0, 100.0, 200.0, 250.0, 500.0):
        if peak / step <= 8:
            return step
    return float(10 ** math.ceil(math.log10(peak / 8)))
