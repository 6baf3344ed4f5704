"""The static board under the pieces: sea, land tinted by ownership, Switzerland hatched (and
a neutral power's territory, while it is closed),
provinces out of play greyed with the passages across them, borders and the frame.

It is built from two cached layers so a deadline that draws hundreds of games stays fast:
an index raster (one palette entry per province, so retinting for new ownership is a palette
swap) and an anti-aliased line overlay (borders, hatching) that never changes for a style
and view. Cached images are shared between threads and are never modified; callers copy.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from render.geometry import Board, Passage, Ring
from render.styles import RGB, Style, mix
from render.view import View

SUPERSAMPLE = 2
# past this, drawing twice as large costs more memory than the smoothing is worth
_MAX_SUPERSAMPLED_WIDTH = 2400


@dataclass(frozen=True, slots=True)
class Slots:
    """Palette indices of the index raster."""

    provinces: Mapping[str, int]
    offboard_land: int
    offboard_water: int
    impassable: int
    count: int


def slots(board: Board) -> Slots:
    codes = sorted(board.provinces)
    first_free = len(codes) + 1
    return Slots(
        provinces={code: i + 1 for i, code in enumerate(codes)},
        offboard_land=first_free,
        offboard_water=first_free + 1,
        impassable=first_free + 2,
        count=first_free + 3,
    )


def _flat(ring: Ring, view: View, factor: float) -> list[tuple[float, float]]:
    s = view.scale * factor
    return [((x - view.x0) * s, (y - view.y0) * s) for x, y in ring]


@lru_cache(maxsize=8)
def index_raster(board: Board, view: View) -> Image.Image:
    """Each pixel holds its province's slot (0 = open sea around the board): mode ``P``, or
    ``I`` on a board of more areas than a palette holds."""
    count = slots(board).count
    return _painted(board, view, range(count), "P" if count <= _PALETTE else "I")


# entries of a mode ``P`` image's palette
_PALETTE = 256


def _painted(board: Board, view: View, fill: Sequence[int], mode: str) -> Image.Image:
    """The board's areas drawn as flat fills, each slot ``n`` with the value ``fill[n]``."""
    slot = slots(board)
    image = Image.new(mode, (view.width, view.height), fill[0])
    draw = ImageDraw.Draw(image)
    # later layers win, so islands and lakes cut out of a province's outline need no holes
    seas = [s for s in board.provinces.values() if s.is_sea]
    lands = [s for s in board.provinces.values() if not s.is_sea]
    for shape in (*seas, *lands):
        for ring in shape.polygons:
            draw.polygon(_flat(ring, view, 1), fill=fill[slot.provinces[shape.code]])
    for ring in board.offboard_land:
        draw.polygon(_flat(ring, view, 1), fill=fill[slot.offboard_land])
    for ring in board.offboard_water:
        draw.polygon(_flat(ring, view, 1), fill=fill[slot.offboard_water])
    for impassable in board.impassable.values():
        for ring in impassable.polygons:
            draw.polygon(_flat(ring, view, 1), fill=fill[slot.impassable])
    return image


def _factor(view: View) -> int:
    return SUPERSAMPLE if view.width <= _MAX_SUPERSAMPLED_WIDTH else 1


def _outline(
    draw: ImageDraw.ImageDraw, ring: Ring, view: View, k: int, fill: RGB, w: float
) -> None:
    points = _flat(ring, view, k)
    points.append(points[0])
    draw.line(points, fill=(*fill, 255), width=max(1, round(w)), joint="curve")


@lru_cache(maxsize=8)
def overlay(board: Board, style: Style, view: View) -> Image.Image:
    """Mode ``RGBA``: borders, coasts, hatching and frame, anti-aliased, transparent elsewhere."""
    k = _factor(view)
    size = (view.width * k, view.height * k)
    layer = Image.new("RGBA", size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    px = view.feature * k
    for shape in board.provinces.values():
        if shape.is_sea:
            for ring in shape.polygons:
                _outline(draw, ring, view, k, style.sea_border, 1.1 * px)
    for ring in board.offboard_land:
        _outline(draw, ring, view, k, style.offboard_border, 1.0 * px)
    for ring in board.offboard_water:
        _outline(draw, ring, view, k, style.land_border, 1.0 * px)
    # out of play first and fainter, so a border it shares with a province in play is drawn
    # as the board's
    lands = sorted(
        (s for s in board.provinces.values() if not s.is_sea),
        key=lambda s: board.in_play(s.code),
    )
    for shape in lands:
        colour = style.land_border if board.in_play(shape.code) else style.out_of_play_border
        for ring in (*shape.polygons, *shape.holes):
            _outline(draw, ring, view, k, colour, 1.4 * px)
    # cross-hatched, so a province off the board never reads as the flat fill of a power
    # whose colour is a grey (Germany)
    gone = [ring for code in board.out_of_play for ring in board.provinces[code].polygons]
    if gone:
        _hatch(layer, gone, view, k, style, colour=style.out_of_play_hatch, cross=True)
    for impassable in board.impassable.values():
        _hatch(layer, impassable.polygons, view, k, style)
        for ring in impassable.polygons:
            _outline(draw, ring, view, k, style.land_border, 1.4 * px)
    for passage in board.passages:
        _channel(draw, passage, view, k, style)
    if view.full_board:
        w = max(2, round(2 * px))
        draw.rectangle((0, 0, size[0] - 1, size[1] - 1), outline=(*style.outline, 255), width=w)
    if k == 1:
        return layer
    return layer.resize((view.width, view.height), Image.Resampling.LANCZOS)


@lru_cache(maxsize=8)
def closed_layer(board: Board, style: Style, view: View, closed: frozenset[str]) -> Image.Image:
    """Mode ``RGBA``: the hatching over the territory of a neutral power, closed to every
    unit while it stays neutral, transparent elsewhere."""
    k = _factor(view)
    layer = Image.new("RGBA", (view.width * k, view.height * k), (0, 0, 0, 0))
    rings = [
        ring
        for code in sorted(closed)
        if board.in_play(code)
        for ring in board.provinces[code].polygons
    ]
    _hatch(layer, rings, view, k, style)
    if k == 1:
        return layer
    return layer.resize((view.width, view.height), Image.Resampling.LANCZOS)


def _channel(draw: ImageDraw.ImageDraw, passage: Passage, view: View, k: int, style: Style) -> None:
    """Open water across each strait of the passage, with banks like a coast's, and a dashed
    sea lane through them from one sea into the other, so the link reads as water fleets
    sail through."""
    px = view.feature * k
    width = 8.0 * px
    bank = 1.3 * px
    for strait in passage.straits:
        (x0, y0), (x1, y1) = _flat(strait, view, k)
        dx, dy = _unit(x0, y0, x1, y1)
        # the water runs on into the seas at both ends, over their coastlines, so the
        # channel opens into them
        ux, uy = dx * bank * 2, dy * bank * 2
        banks = round(width + 2 * bank)
        draw.line([(x0, y0), (x1, y1)], fill=(*style.sea_border, 255), width=banks)
        draw.line(
            [(x0 - ux, y0 - uy), (x1 + ux, y1 + uy)], fill=(*style.sea, 255), width=round(width)
        )
    lane = _flat(passage.lane, view, k)
    _dashed(draw, lane, style.sea_text, max(2, round(1.8 * px)), 5.0 * px, 3.0 * px)


def _unit(x0: float, y0: float, x1: float, y1: float) -> tuple[float, float]:
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    return (x1 - x0) / length, (y1 - y0) / length


def _dashed(
    draw: ImageDraw.ImageDraw,
    points: Sequence[tuple[float, float]],
    colour: RGB,
    width: int,
    dash: float,
    gap: float,
) -> None:
    """A dashed line along ``points``, its pattern running on from one segment to the next."""
    period = dash + gap
    travelled = 0.0
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        length = math.hypot(x1 - x0, y1 - y0)
        dx, dy = _unit(x0, y0, x1, y1)
        # the dashes that meet this segment, counted along the whole line
        first = math.floor(travelled / period)
        last = math.floor((travelled + length) / period)
        for n in range(first, last + 1):
            a = max(0.0, n * period - travelled)
            b = min(length, n * period + dash - travelled)
            if b > a:
                ends = [(x0 + dx * a, y0 + dy * a), (x0 + dx * b, y0 + dy * b)]
                draw.line(ends, fill=(*colour, 255), width=width)
        travelled += length


def _hatch(
    layer: Image.Image,
    rings: Sequence[Ring],
    view: View,
    k: int,
    style: Style,
    *,
    colour: RGB | None = None,
    cross: bool = False,
) -> None:
    """Diagonal lines over ``rings`` in ``colour`` (the style's hatch); with ``cross``, both
    ways."""
    mask = Image.new("L", layer.size, 0)
    mask_draw = ImageDraw.Draw(mask)
    for ring in rings:
        mask_draw.polygon(_flat(ring, view, k), fill=255)
    box = mask.getbbox()
    if box is None:
        return
    lines = Image.new("L", layer.size, 0)
    line_draw = ImageDraw.Draw(lines)
    step = max(3.0, 6.5 * view.feature * k)
    width = max(1, round(1.3 * view.feature * k))
    x0, y0, x1, y1 = box
    x: float = x0 - (y1 - y0)
    while x < x1:
        line_draw.line([(x, y1), (x + (y1 - y0), y0)], fill=255, width=width)
        if cross:
            line_draw.line([(x, y0), (x + (y1 - y0), y1)], fill=255, width=width)
        x += step
    alpha = ImageChops.multiply(lines, mask)
    ink = Image.new("RGBA", layer.size, (*(colour or style.hatch), 255))
    layer.paste(ink, (0, 0), alpha)


def palette(
    board: Board, style: Style, owners: Mapping[str, str], homes: Mapping[str, str]
) -> tuple[RGB, ...]:
    """The colour of each slot: ``owners`` maps a province to the power whose colour it
    takes (a centre to its holder; on a Diplomacia board every area to the power controlling
    it, a sea sector in a lighter wash), ``homes`` a home centre to its power (home centres
    held by their own power, or by nobody, get the lighter tint)."""
    slot = slots(board)
    colours: list[RGB] = [style.sea] * slot.count
    for code, index in slot.provinces.items():
        shape = board.provinces[code]
        owner = owners.get(code)
        if shape.is_sea:
            if owner is not None:
                colours[index] = style.sea_tint(owner)
            continue
        home = homes.get(code)
        if code in board.out_of_play:
            colours[index] = style.out_of_play
        elif owner is not None and owner != home:
            colours[index] = style.tint(owner)
        elif home is not None:
            colours[index] = style.tint(home, home=True)
        else:
            colours[index] = style.land
    colours[slot.offboard_land] = style.offboard_land
    colours[slot.offboard_water] = style.sea
    colours[slot.impassable] = style.impassable
    return tuple(colours)


def _extras(style: Style) -> list[RGB]:
    """Colours the pieces drawn over the board need (icons, arrows, crosses, text), with the
    in-between shades their anti-aliased edges take on land and sea."""
    found: list[RGB] = [
        style.outline,
        style.failure,
        style.failure_casing,
        mix(style.failure, style.failure_casing, 0.5),
        mix(style.failure, style.land, 0.5),
        style.panel,
        style.panel_text,
        mix(style.panel_text, style.panel, 0.5),
        mix(style.panel, style.sea, 0.87),
        mix(style.panel, style.offboard_land, 0.87),
        mix(style.panel, style.land, 0.87),
        style.land_text,
        mix(style.land_text, style.land, 0.5),
        style.sea_text,
        mix(style.sea_text, style.sea, 0.5),
        (255, 255, 255),
    ]
    for power in sorted(style.powers):
        colour, ink = style.colour(power), style.ink(power)
        found += [
            colour,
            ink,
            style.glyph(power),
            mix(colour, style.outline, 0.5),
            mix(colour, style.glyph(power), 0.5),
            mix(ink, style.land, 0.5),
            mix(ink, style.sea, 0.5),
            mix(ink, style.land, 0.42),
            mix(ink, style.sea, 0.42),
        ]
    return found


def _tints(style: Style, seas: bool) -> list[RGB]:
    """Every fill a province can take, and its shade under a border's anti-aliased edge;
    with ``seas``, a sector's too (a board whose sectors change hands)."""
    found: list[RGB] = []
    for power in sorted(style.powers):
        for home in (False, True):
            tint = style.tint(power, home=home)
            found += [tint, mix(style.land_border, tint, 0.5)]
        if seas:
            tint = style.sea_tint(power)
            found += [tint, mix(style.sea_border, tint, 0.5)]
    return found


@lru_cache(maxsize=16)
def png_palette(board: Board, style: Style, view: View) -> Image.Image:
    """A palette for any finished map of this look and view: the board's own shades, every
    tint, and the pieces' colours. Mapping to a known palette is several times faster
    than choosing one per picture, and it does not change with ownership."""
    extras = list(dict.fromkeys(_extras(style) + _tints(style, board.tinted_seas)))
    board_colours = 256 - len(extras)
    neutral = base_image(board, style, view, palette(board, style, {}, {}))
    # every other pixel holds the same colours (flat fills, border shades) at a quarter of
    # the cost
    sample = neutral.resize(
        (max(1, neutral.width // 2), max(1, neutral.height // 2)), Image.Resampling.NEAREST
    )
    reduced = sample.quantize(
        board_colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    used = (reduced.getpalette() or [])[: board_colours * 3]
    flat = used + [channel for colour in extras for channel in colour]
    holder = Image.new("P", (1, 1))
    holder.putpalette(flat + [0] * (768 - len(flat)))
    return holder


# a few megabytes each: enough for the ownerships of the games being drawn at one time
@lru_cache(maxsize=12)
def base_image(board: Board, style: Style, view: View, colours: tuple[RGB, ...]) -> Image.Image:
    """The tinted board with its overlay, mode ``RGB``. Never modify the result: copy it."""
    if len(colours) <= _PALETTE:
        indexed = index_raster(board, view).copy()
    else:
        # more areas than a palette has entries, but far fewer colours: each area is drawn
        # with its colour's entry
        shades = list(dict.fromkeys(colours))
        entry = {colour: n for n, colour in enumerate(shades)}
        indexed = _painted(board, view, [entry[c] for c in colours], "P")
        colours = tuple(shades)
    flat = [channel for colour in colours for channel in colour]
    indexed.putpalette(flat + [0] * (768 - len(flat)))
    # Pillow's alpha compositing is several times faster than pasting through a mask
    return Image.alpha_composite(indexed.convert("RGBA"), overlay(board, style, view)).convert(
        "RGB"
    )
