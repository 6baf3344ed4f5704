"""The supply-centre chart: every power's centre count by year (by turn on a board of
numbered turns), one line per power in its map colour, with a legend of names and counts.

It is drawn on an opaque light card with dark text, so it reads the same on a dark chat theme
as on a light one, and each line has a dark casing, so a pale colour (Turkey's yellow) still
shows on the light card. Every line passes exactly through its counts; where several take
the same stretch, it is drawn in dashes of their colours in turn (and a shared point as a
disc cut into their colours), so seven powers with three centres each still show as seven.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine import PhaseKind, Position, Variant, Victory
from render.fonts import draw_text, drawable, font, stamp
from render.styles import RGB, style_of

# drawn this many times larger, then reduced: smooth lines and text
_SUPERSAMPLE = 2
# the width at which the chart has its designed proportions
_DESIGN_WIDTH = 800
MIN_WIDTH = 400
MAX_WIDTH = 2400

CARD: RGB = (250, 249, 245)
CARD_BORDER: RGB = (190, 186, 176)
INK: RGB = (34, 32, 30)
MUTED: RGB = (108, 104, 98)
GRID: RGB = (226, 223, 215)
CASING: RGB = (44, 42, 40)
WIN_LINE: RGB = (178, 44, 44)


@dataclass(frozen=True, slots=True)
class Tally:
    """Each power's supply centres at one point of the game: ``start``, or after a year's
    Fall (when centres change hands), or after a numbered turn (Diplomacia: control, and
    with it the centres, changes with every turn's moves)."""

    label: str
    centres: Mapping[str, int]


def yearly_centres(positions: Sequence[Position]) -> list[Tally]:
    """From a game's positions in order (every phase played, then the board now): the centre
    counts at the start, then after each year's Fall, or after each numbered turn.

    Centres change hands only after the Fall: a position of a year's Spring or Fall shows
    what the year before left, an adjustment phase what its own Fall did. A numbered turn's
    moves change them at once: its movement phase shows what the turn before left, its
    retreats and control evaluation what its own moves did.
    """
    if not positions:
        return []
    first_year = positions[0].phase.year
    by_year: dict[int, Position] = {}
    for position in positions:
        phase = position.phase
        settled = phase.kind is PhaseKind.ADJUSTMENTS or (
            phase.is_turn and phase.kind is PhaseKind.RETREATS
        )
        by_year[phase.year if settled else phase.year - 1] = position
    variant = positions[0].variant
    return [
        Tally(
            "start" if year < first_year else str(year),
            {p: len(by_year[year].centers.get(p, ())) for p in variant.powers},
        )
        for year in sorted(by_year)
    ]


def winning_centres(variant: Variant) -> int | None:
    """The supply centres that win, marked on the chart; None where pieces or units win."""
    rules = variant.rules
    return rules.victory_count if rules.victory is Victory.CENTRES else None


@dataclass(frozen=True, slots=True)
class Layout:
    """Where things go on the chart, in the output's pixels."""

    width: int
    height: int
    plot: tuple[float, float, float, float]  # left, top, right, bottom
    top: int  # the count at the top of the y axis
    step: int  # the count between grid lines
    xs: tuple[float, ...]  # one per tally

    def y(self, count: float) -> float:
        _, top, _, bottom = self.plot
        return bottom - (bottom - top) * count / self.top

    def point(self, index: int, count: int) -> tuple[float, float]:
        """Where a line passes for a tally's count: exactly at it, whoever's line it is."""
        return (self.xs[index], self.y(count))


def layout(positions: Sequence[Position], tallies: Sequence[Tally], width: int) -> Layout:
    variant = positions[0].variant
    s = width / _DESIGN_WIDTH
    height = round(width * 0.6)
    legend = _legend_width(variant.powers, positions, s)
    plot = (56 * s, 52 * s, width - legend - 28 * s, height - 42 * s)
    total = len(variant.supply_centers)
    most = max((max(t.centres.values(), default=0) for t in tallies), default=0)
    # up to the victory count (how far each power is from winning), or past the leader
    wanted = max(min(winning_centres(variant) or 0, total), most + 1)
    step = 2 if wanted <= 24 else 5
    top = min(total, math.ceil(wanted / step) * step)
    inset = 14 * s
    left, right = plot[0] + inset, plot[2] - inset
    n = len(tallies)
    xs = (
        tuple(left + (right - left) * i / (n - 1) for i in range(n))
        if n > 1
        else ((left + right) / 2,)
    )
    return Layout(width, height, plot, top, step, xs)


def _legend_width(powers: Sequence[str], positions: Sequence[Position], s: float) -> float:
    face = font(round(14 * s))
    info = positions[0].variant.power_info
    names = max(face.getlength(drawable(info[p].name)) for p in powers)
    return 24 * s + 8 * s + names + 36 * s + 12 * s


def centre_chart(
    positions: Sequence[Position],
    *,
    title: str | None = None,
    style: str = "default",
    width: int = _DESIGN_WIDTH,
) -> bytes:
    """The chart as PNG bytes, ``width`` pixels wide (three fifths as tall), from a game's
    positions in order (see :func:`yearly_centres`); ``title`` defaults to "Supply centres
    by year" ("by turn" on a board of numbered turns, whose axis says "Turn"). Raises
    ``ValueError`` for no positions, an unknown style or a width out of range."""
    if not positions:
        raise ValueError("a chart needs at least one position")
    if not MIN_WIDTH <= width <= MAX_WIDTH:
        raise ValueError(f"width must be between {MIN_WIDTH} and {MAX_WIDTH}, not {width}")
    palette = style_of(style, positions[0].variant)
    tallies = yearly_centres(positions)
    plan = layout(positions, tallies, width)
    k = _SUPERSAMPLE
    canvas = Image.new("RGB", (plan.width * k, plan.height * k), CARD)
    draw = ImageDraw.Draw(canvas)
    s = width / _DESIGN_WIDTH * k
    draw.rectangle(
        (0, 0, canvas.width - 1, canvas.height - 1), outline=CARD_BORDER, width=round(2 * s)
    )
    _axes(canvas, plan, tallies, positions[0], s)
    last = tallies[-1].centres
    powers = positions[0].variant.powers
    # the leaders last, so their lines lie on top
    order = sorted(powers, key=lambda p: (last[p], -powers.index(p)))
    _lines(draw, plan, tallies, order, palette.colour, s)
    _legend(canvas, plan, positions[0], last, palette.colour, s)
    heading = title or f"Supply centres by {'turn' if _by_turn(positions[0]) else 'year'}"
    draw_text(draw, (18 * s, 14 * s), heading, font(round(20 * s)), INK)
    chart = canvas.resize((plan.width, plan.height), Image.Resampling.LANCZOS)
    # 256 colours hold a chart's few flat colours and their smoothed edges: a quarter the bytes
    indexed = chart.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    indexed.save(out, "PNG")
    return out.getvalue()


def _by_turn(position: Position) -> bool:
    return position.phase.is_turn


def _axes(
    canvas: Image.Image,
    plan: Layout,
    tallies: Sequence[Tally],
    position: Position,
    s: float,
) -> None:
    k = _SUPERSAMPLE
    draw = ImageDraw.Draw(canvas)
    left, top, right, bottom = (v * k for v in plan.plot)
    small = round(13 * s)
    for count in range(0, plan.top + 1, plan.step):
        y = plan.y(count) * k
        draw.line((left, y, right, y), fill=GRID, width=max(1, round(s)))
        stamp(canvas, (left - 8 * s, y), str(count), small, MUTED, anchor="rm")
    if plan.top % plan.step:
        y = plan.y(plan.top) * k
        draw.line((left, y, right, y), fill=GRID, width=max(1, round(s)))
        stamp(canvas, (left - 8 * s, y), str(plan.top), small, MUTED, anchor="rm")
    victory = winning_centres(position.variant)
    if victory is not None and victory <= plan.top:
        y = plan.y(victory) * k
        dash = 10 * s
        x = left
        while x < right:
            draw.line((x, y, min(x + dash, right), y), fill=WIN_LINE, width=max(1, round(1.5 * s)))
            x += dash * 1.6
        stamp(canvas, (right, y - 4 * s), f"{victory} to win", small, WIN_LINE, anchor="rb")
    draw.line((left, bottom, right, bottom), fill=MUTED, width=max(1, round(1.5 * s)))
    draw.line((left, top, left, bottom), fill=MUTED, width=max(1, round(1.5 * s)))
    # thin the year labels out so they never touch
    widest = max(font(small).getlength(t.label) for t in tallies)
    gap = (plan.xs[1] - plan.xs[0]) * k if len(plan.xs) > 1 else widest * 2
    every = max(1, math.ceil((widest + 10 * s) / gap))
    last = len(tallies) - 1
    if _by_turn(position):
        # what the numbers under the axis count, where the counts' column is
        stamp(canvas, (left - 8 * s, bottom + 8 * s), "Turn", small, MUTED, anchor="rt")
    for i, tally in enumerate(tallies):
        if i % every and i != last:
            continue
        if i != last and last - i < every and i % every == 0 and i:
            continue  # the last label would touch this one
        x = plan.xs[i] * k
        draw.line((x, bottom, x, bottom + 5 * s), fill=MUTED, width=max(1, round(s)))
        stamp(canvas, (x, bottom + 8 * s), tally.label, small, INK, anchor="mt")


def _lines(
    draw: ImageDraw.ImageDraw,
    plan: Layout,
    tallies: Sequence[Tally],
    order: Sequence[str],
    colour: Callable[[str], RGB],
    s: float,
) -> None:
    """Each power's line through its exact counts. Where several lines take the same
    stretch (the same counts at both ends), it is drawn in dashes of their colours in turn,
    and a point several share is a disc cut into their colours: every line shows, and
    none is moved off its value."""
    k = _SUPERSAMPLE
    width = max(2, round(3 * s))
    casing = width + max(2, round(2 * s))
    points = {
        p: [
            (x * k, y * k) for i, t in enumerate(tallies) for x, y in (plan.point(i, t.centres[p]),)
        ]
        for p in order
    }
    for power in order:
        if len(points[power]) > 1:
            draw.line(points[power], fill=CASING, width=casing, joint="curve")
    for i in range(len(tallies) - 1):
        stretches: dict[tuple[int, int], list[str]] = {}
        for power in order:
            stretches.setdefault(
                (tallies[i].centres[power], tallies[i + 1].centres[power]), []
            ).append(power)
        for sharing in stretches.values():
            a, b = points[sharing[0]][i], points[sharing[0]][i + 1]
            dashed_line(draw, a, b, [colour(p) for p in sharing], width, 9 * s)
    radius = 3.5 * s
    for i, tally in enumerate(tallies):
        shared: dict[int, list[str]] = {}
        for power in order:
            shared.setdefault(tally.centres[power], []).append(power)
        for sharing in shared.values():
            x, y = points[sharing[0]][i]
            box = (x - radius, y - radius, x + radius, y + radius)
            share = 360 / len(sharing)
            for n, power in enumerate(sharing):
                draw.pieslice(box, -90 + n * share, -90 + (n + 1) * share, fill=colour(power))
            draw.ellipse(box, outline=CASING, width=max(1, round(s)))


def dashed_line(
    draw: ImageDraw.ImageDraw,
    a: tuple[float, float],
    b: tuple[float, float],
    colours: Sequence[RGB],
    width: int,
    dash: float,
) -> None:
    """The stretch from ``a`` to ``b`` in dashes ``dash`` long of ``colours`` in turn (one
    colour: a plain line)."""
    if len(colours) == 1:
        draw.line((a, b), fill=colours[0], width=width)
        return
    length = math.dist(a, b)
    count = max(len(colours), round(length / dash))
    for n in range(count):
        t0, t1 = n / count, (n + 1) / count
        p0 = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
        p1 = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
        draw.line((p0, p1), fill=colours[n % len(colours)], width=width)


def _legend(
    canvas: Image.Image,
    plan: Layout,
    position: Position,
    counts: Mapping[str, int],
    colour: Callable[[str], RGB],
    s: float,
) -> None:
    """Each power with its count now, most centres first: the standings at a glance."""
    k = _SUPERSAMPLE
    powers = position.variant.powers
    info = position.variant.power_info
    draw = ImageDraw.Draw(canvas)
    face = round(14 * s)
    head = round(12 * s)
    x = plan.plot[2] * k + 24 * s
    right = plan.width * k - 16 * s
    row = 24 * s
    y = plan.plot[1] * k
    stamp(canvas, (right, y), "centres", head, MUTED, anchor="rm")
    y += row
    for power in sorted(powers, key=lambda p: (-counts[p], powers.index(p))):
        width = max(2, round(3 * s))
        draw.line((x, y, x + 20 * s, y), fill=CASING, width=width + max(2, round(2 * s)))
        draw.line((x, y, x + 20 * s, y), fill=colour(power), width=width)
        stamp(canvas, (x + 28 * s, y), info[power].name, face, INK, anchor="lm")
        stamp(canvas, (right, y), str(counts[power]), face, INK, anchor="rm")
        y += row
