"""The title (which phase, orders or results) and the legend (each power's colour, supply
centres, ports on a Diplomacia board, and units, and who plays it when the caller says;
below them each seat's count toward victory, what hatching means while a power is neutral,
and the cross-hatched grey of provinces off the board), drawn in boxes where they hide
nothing a player reads (:mod:`render.panels`).

Both are drawn once per text and size, as translucent sprites: many maps share them, and
setting text is the slowest part of drawing a panel.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from engine import Position, seat_progress
from engine.rules import all_seats
from render.fonts import draw_text, drawable, font, stamp, text_width
from render.geometry import Box
from render.panels import LEGEND_SCALES, Occupancy, place
from render.sprites import Sprite, make_sprite, paste
from render.styles import Style
from render.view import View

Players = Mapping[str, str]


class Row(NamedTuple):
    """One power's line of the legend: its name as drawn and its counts; ``ports`` (the
    port sectors it controls) on a Diplomacia board only."""

    power: str
    name: str
    centres: int
    units: int
    ports: int | None = None

    @property
    def counts(self) -> tuple[int, ...]:
        """The numbers in the order of :func:`legend_columns`."""
        if self.ports is None:
            return (self.centres, self.units)
        return (self.centres, self.ports, self.units)


def legend_columns(position: Position) -> tuple[str, ...]:
    """The legend's column heads: what each power's numbers count."""
    if position.variant.rules.ruleset.two_accounts:
        return ("centres", "ports", "units")
    return ("centres", "units")


OFF_THE_BOARD = "off the board"
# notes drawn after a swatch of the style's colour of that name
_KEYS = {OFF_THE_BOARD: "out_of_play"}
# a team of many long names must not push the legend across the board
_PLAYERS_MAX = 40


def title_text(position: Position, *, orders: bool, results: bool) -> str:
    """``Fall 1902 — results``, ``Spring 1901 — orders``, ``Fall 1902 retreats``."""
    text = position.phase.label
    if results:
        return f"{text} — results"
    if orders:
        return f"{text} — orders"
    return text


def legend_rows(position: Position, players: Players | None = None) -> tuple[Row, ...]:
    """Each power with its name (marked while neutral, followed by its entry in ``players``
    when it has one: ``France — alice, bob``), supply centres and units, in the variant's
    order, the powers of one seat together."""
    variant = position.variant
    # a dislodged unit is still on the board until it retreats or disbands
    dislodged = Counter(d.power for d in position.dislodged)
    order = {p: i for i, p in enumerate(variant.powers)}
    seat_of = {
        p: min(seat, key=order.__getitem__)
        for seat in all_seats(variant.powers, position.seats)
        for p in seat
    }
    powers = sorted(variant.powers, key=lambda p: (order[seat_of[p]], order[p]))
    ports = variant.rules.ruleset.two_accounts
    return tuple(
        Row(
            power,
            drawable(
                variant.power_info[power].name
                + (" (neutral)" if power in position.neutral else "")
                + _played_by((players or {}).get(power, ""))
            ),
            len(position.centers.get(power, ())),
            len(position.units.get(power, ())) + dislodged[power],
            len(position.ports_of(power)) if ports else None,
        )
        for power in powers
    )


def _played_by(label: str) -> str:
    label = " ".join(label.split())
    if not label:
        return ""
    if len(label) > _PLAYERS_MAX:
        label = label[: _PLAYERS_MAX - 1].rstrip() + "…"
    return f" — {label}"


def legend_notes(position: Position) -> tuple[str, ...]:
    """Lines under the powers: each seat of several powers with its count toward victory
    (``Austria + Germany + Turkey: 9/24 units``), and what the hatching over a neutral
    power's territory means."""
    info = position.variant.power_info
    notes = [
        f"{' + '.join(info[p].name for p in seat.powers)}: "
        f"{seat.count}/{seat.needed} {seat.counted}"
        for seat in seat_progress(position)
        if len(seat.powers) > 1
    ]
    if position.closed:
        notes.append("hatched: neutral, closed to all")
    if position.variant.out_of_play:
        notes.append(OFF_THE_BOARD)
    return tuple(drawable(note) for note in notes)


def _panel(width: float, height: float, style: Style, f: float) -> Image.Image:
    """A translucent rounded box, so the board still shows faintly under it."""
    image = Image.new("RGBA", (math.ceil(width) + 1, math.ceil(height) + 1), (0, 0, 0, 0))
    ImageDraw.Draw(image).rounded_rectangle(
        (0, 0, width, height),
        radius=round(6 * f),
        fill=(*style.panel, 222),
        outline=(*style.outline, 200),
        width=max(1, round(f)),
    )
    return image


@lru_cache(maxsize=128)
def _title(text: str, style: Style, f: float) -> Sprite:
    face = font(round(20 * f))
    pad = 8 * f
    ascent, descent = face.getmetrics()
    image = _panel(text_width(text, face) + 2 * pad, ascent + descent + 1.4 * pad, style, f)
    draw_text(ImageDraw.Draw(image), (pad, pad * 0.7), text, face, style.panel_text)
    return make_sprite(image, 0, 0)


def draw_title(canvas: Image.Image, text: str, style: Style, view: View, room: Occupancy) -> Box:
    """The title, top left unless something there would be hidden (then the first clear
    place: another corner, an edge, anywhere); returns the box it covers, marked on ``room``."""
    sprite = _title(text, style, view.ui)
    size = (float(sprite.image.width), float(sprite.image.height))
    _, box = place(room, [size], 6 * view.ui, (0, 1, 2, 3))
    paste(canvas, sprite, box[0], box[1])
    room.add_box(box)
    return box


@lru_cache(maxsize=64)
def _measure(
    names: tuple[str, ...], notes: tuple[str, ...], f: float, columns: int = 2
) -> tuple[float, float, float]:
    face = font(round(13 * f))
    name_w = max(face.getlength(n) for n in names)
    row = 19 * f
    width = 10 * f + 14 * f + 8 * f + name_w + 12 * f + columns * 40 * f + 8 * f
    width = max(
        [width, *(10 * f + 22 * f * (n in _KEYS) + face.getlength(n) + 8 * f for n in notes)]
    )
    height = 8 * f + row * (len(names) + len(notes) + 1) + 4 * f
    return width, height, name_w


def legend_size(position: Position, players: Players | None, f: float) -> tuple[float, float]:
    """The legend's width and height at scale ``f``."""
    names = tuple(row[1] for row in legend_rows(position, players))
    columns = len(legend_columns(position))
    width, height, _ = _measure(names, legend_notes(position), f, columns)
    return width, height


def legend_box(
    view: View, position: Position, room: Occupancy, players: Players | None = None
) -> tuple[float, Players | None, Box]:
    """Where the legend goes, at what scale and with whose names: the first place that hides
    nothing drawn on ``room`` (the bottom right corner first, as the title takes the top
    left), at its full size if one is clear there, else smaller; where even the smallest
    hides something, without the players' names (the powers alone make a narrower one)."""
    f = view.ui
    forms = [(players, share) for share in LEGEND_SCALES]
    if players:
        forms += [(None, share) for share in LEGEND_SCALES]
    sizes = [legend_size(position, named, f * share) for named, share in forms]
    index, box = place(room, sizes, 6 * f, (3, 2, 1, 0))
    named, share = forms[index]
    return f * share, named, box


def _swatch(
    draw: ImageDraw.ImageDraw, box: Box, fill: tuple[int, int, int], style: Style, f: float
) -> None:
    draw.rectangle(box, fill=fill, outline=style.outline, width=max(1, round(f)))


@lru_cache(maxsize=256)
def _legend(
    rows: tuple[Row, ...],
    notes: tuple[str, ...],
    style: Style,
    f: float,
    columns: tuple[str, ...] = ("centres", "units"),
) -> Sprite:
    body, small = round(13 * f), round(11 * f)
    width, height, name_w = _measure(tuple(row[1] for row in rows), notes, f, len(columns))
    image = _panel(width, height, style, f)
    draw = ImageDraw.Draw(image)
    row = 19 * f
    x = 10 * f
    name_x = x + 14 * f + 8 * f
    # each column's right edge
    rights = [name_x + name_w + 12 * f + 40 * f * (i + 1) for i in range(len(columns))]
    y = 8 * f
    muted = tuple(round(c * 0.55 + 255 * 0.45) for c in style.panel_text)
    for text, right in zip(columns, rights, strict=True):
        stamp(image, (right, y + row * 0.5), text, small, muted, anchor="rm")
    y += row
    s = 12 * f
    for line in rows:
        top = y + (row - s) / 2
        _swatch(draw, (x, top, x + s, top + s), style.colour(line.power), style, f)
        mid = y + row * 0.5
        stamp(image, (name_x, mid), line.name, body, style.panel_text, anchor="lm")
        for count, right in zip(line.counts, rights, strict=True):
            stamp(image, (right, mid), str(count), body, style.panel_text, anchor="rm")
        y += row
    for note in notes:
        at = x
        key = _KEYS.get(note)
        if key is not None:
            top = y + (row - s) / 2
            _swatch(draw, (x, top, x + s, top + s), getattr(style, key), style, f)
            # the cross-hatching the board draws over provinces off the board
            for d in (s / 3, 2 * s / 3):
                draw.line((x, top + d, x + d, top), fill=style.out_of_play_hatch)
                draw.line((x + s - d, top + s, x + s, top + s - d), fill=style.out_of_play_hatch)
                draw.line((x, top + s - d, x + d, top + s), fill=style.out_of_play_hatch)
                draw.line((x + s - d, top, x + s, top + d), fill=style.out_of_play_hatch)
            at = name_x
        stamp(image, (at, y + row * 0.5), note, body, style.panel_text, anchor="lm")
        y += row
    return make_sprite(image, 0, 0)


def draw_legend(
    canvas: Image.Image,
    position: Position,
    style: Style,
    view: View,
    room: Occupancy,
    players: Players | None = None,
) -> Box:
    """The legend where :func:`legend_box` puts it; returns the box it covers."""
    f, named, box = legend_box(view, position, room, players)
    rows, notes = legend_rows(position, named), legend_notes(position)
    sprite = _legend(rows, notes, style, f, legend_columns(position))
    paste(canvas, sprite, box[0], box[1])
    return box
