"""One picture of one phase: the tinted board, centres, labels, orders, units, title, legend."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PIL import Image

from engine import PhaseKind, Position
from render.base import base_image, closed_layer, palette, png_palette
from render.crop import view_for
from render.geometry import Board, Box, Point, board_of
from render.labels import PlacedLabel, designed_boxes, draw_labels, overlap, place_labels
from render.legend import draw_legend, draw_title, legend_box, title_text
from render.orders import (
    Drawing,
    Item,
    OrdersArg,
    ResultsArg,
    Stage,
    collect,
    dislodged_units,
    plan,
)
from render.ports import place_port_names, port_markers
from render.sprites import Sprite, center_marker, paste
from render.styles import Style, style_of
from render.units import UNIT_SIZE, faded, unit_icon
from render.view import View, check_size

# where a dislodged unit is drawn, as a share of the icon size from its province's anchor:
# the first of these spots that covers the least of the labels and centre markers
DISLODGED_SHIFTS = (
    (0.78, 0.62),
    (-0.78, 0.62),
    (0.78, -0.62),
    (-0.78, -0.62),
    (1.0, 0.0),
    (-1.0, 0.0),
    (0.0, 1.0),
    (0.0, -1.0),
)
# a dislodged unit is drawn a little smaller, so the unit that took its place stays clear
_DISLODGED_SIZE = 0.88
_MARKER_RADIUS = 6.0
# how many empty places the legend would rather hide than one unit
_HIDDEN_UNIT_WEIGHT = 3
# zlib level: 1 encodes in half the time of 6 for about a sixth more bytes (~150 KiB)
_COMPRESSION = 1


def render_image(
    position: Position,
    *,
    orders: OrdersArg | None = None,
    results: ResultsArg | None = None,
    style: str = "default",
    size: int = 1200,
    region: str | None = None,
    title: str | None = None,
    players: Mapping[str, str] | None = None,
) -> Image.Image:
    """The map as a Pillow image (mode ``RGB``); see :func:`render.map_png`."""
    return render(
        position,
        orders=orders,
        results=results,
        style=style,
        size=size,
        region=region,
        title=title,
        players=players,
    )[0]


def render(
    position: Position,
    *,
    orders: OrdersArg | None = None,
    results: ResultsArg | None = None,
    style: str = "default",
    size: int = 1200,
    region: str | None = None,
    title: str | None = None,
    players: Mapping[str, str] | None = None,
) -> tuple[Image.Image, Image.Image]:
    """The map, and a palette (a mode ``P`` image) that holds its colours."""
    board = board_of(position.variant)
    palette_style = style_of(style, position.variant)
    view = view_for(board, check_size(size), region)
    return _draw(board, palette_style, view, position, orders, results, title, players)


@dataclass(frozen=True, slots=True)
class Layout:
    """Where everything of one picture goes: unit icons (``units``, and ``marked`` ones
    dislodged beside their province), centre markers, labels, and the orders' drawing."""

    units: list[tuple[Sprite, Point]]
    marked: list[tuple[Sprite, Point]]
    markers: list[tuple[Sprite, Point]]
    labels: list[PlacedLabel]
    drawing: Drawing
    items: list[Item]
    # ports' names beside their triangles (Diplomacia), where there is room
    port_names: list[tuple[Sprite, Point]]


def layout(
    board: Board,
    style: Style,
    view: View,
    position: Position,
    orders: OrdersArg | None,
    results: ResultsArg | None,
) -> Layout:
    owners = {c: p for p, cs in position.centers.items() for c in cs}
    items = collect(orders, results)
    icon = max(12.0, UNIT_SIZE * view.feature)
    stage = Stage(board, view, style, position.variant, icon)
    markers = [*_centre_markers(board, view, style, owners), *port_markers(board, view, style)]
    fixed = [*designed_boxes(board, view, style).values(), *(s.box_at(*at) for s, at in markers)]
    placed, marked = _place_units(stage, position, items, fixed)
    drawing = plan(stage, items)
    for power, unit, failed in drawing.builds:
        at = stage.anchor(unit.location)
        if at is not None:
            sprite = unit_icon(style, power, unit.type, icon)
            placed.append((faded(sprite, 0.45) if failed else sprite, at))
    icons: list[Box] = [s.box_at(*at) for s, at in (*placed, *marked)]
    marks = [s.box_at(*at) for s, at in markers]
    labels = place_labels(board, view, style, icons, marks)
    names = {code: p.port for code, p in position.variant.provinces.items() if p.port}
    port_names = place_port_names(board, view, style, names, [*icons, *marks], labels)
    return Layout(placed, marked, markers, labels, drawing, items, port_names)


def fills(position: Position) -> tuple[dict[str, str], dict[str, str]]:
    """Whose colour each province takes, and the home centres drawn in the lighter tint:
    in the standard game a supply centre's holder, the homes lighter while their own
    power holds them; on a Diplomacia board every area's controller, homes alike."""
    if position.variant.rules.diplomacia:
        return dict(position.control), {}
    owners = {c: p for p, cs in position.centers.items() for c in cs}
    homes = {c: p for p, hs in position.homes.items() for c in hs}
    return owners, homes


def _draw(
    board: Board,
    style: Style,
    view: View,
    position: Position,
    orders: OrdersArg | None,
    results: ResultsArg | None,
    title: str | None,
    players: Mapping[str, str] | None = None,
) -> tuple[Image.Image, Image.Image]:
    colours = palette(board, style, *fills(position))
    canvas = base_image(board, style, view, colours).copy()
    if position.closed:
        hatching = closed_layer(board, style, view, position.closed)
        canvas.paste(hatching, (0, 0), hatching)

    parts = layout(board, style, view, position, orders, results)
    for sprite, at in parts.markers:
        paste(canvas, sprite, *at)
    for graphic, opacity in parts.drawing.under:
        graphic.paint(canvas, opacity)
    # over the arrows, so a line crossing a label never hides it
    draw_labels(canvas, parts.labels)
    for sprite, at in parts.port_names:
        paste(canvas, sprite, *at)
    for sprite, at in (*parts.units, *parts.marked):
        paste(canvas, sprite, *at)
    for graphic, opacity in parts.drawing.over:
        graphic.paint(canvas, opacity)

    heading = title or title_text(
        position, orders=bool(orders) or bool(parts.items), results=results is not None
    )
    title_box = draw_title(canvas, heading, style, view)
    if view.full_board:
        # the legend may cover provinces out of play: nothing happens there
        shown = [s for s in board.provinces.values() if board.in_play(s.code)]
        anchors = [view.pt(s.unit) for s in shown] + [view.pt(s.label) for s in shown]
        # a unit hidden is worse than an empty area: where every corner hides some place
        # (a board filled to its edges), the legend goes where it hides the fewest units
        units = [at for _, at in (*parts.units, *parts.marked)]
        anchors += units * _HIDDEN_UNIT_WEIGHT
        # the letters of a label and the ports' names reach beyond their anchors
        drawn = [label.box for label in parts.labels]
        drawn += [sprite.box_at(*at) for sprite, at in parts.port_names]
        box = legend_box(view, position, [title_box], anchors, players, drawn)
        draw_legend(canvas, box, position, style, view, players)
    return canvas, png_palette(board, style, view)


def _place_units(
    stage: Stage, position: Position, items: list[Item], fixed: Sequence[Box]
) -> tuple[list[tuple[Sprite, Point]], list[tuple[Sprite, Point]]]:
    """Where each unit's icon goes, recorded on the stage for the orders to start from:
    plain icons at their anchors, and marked ones beside the province for units dislodged
    (in a retreat phase, or by the results being drawn), where they cover none of the
    ``fixed`` boxes (labels, centre markers) if they can."""
    style, icon = stage.style, stage.icon
    small = icon * _DISLODGED_SIZE
    beaten = dislodged_units(items) if position.phase.kind is PhaseKind.MOVEMENT else set()
    placed: list[tuple[Sprite, Point]] = []
    marked: list[tuple[Sprite, Point]] = []
    for power, unit in position.all_units():
        at = stage.anchor(unit.location)
        if at is None:
            continue
        if unit.province in beaten:
            sprite = unit_icon(style, power, unit.type, small, marked=True)
            at = beside(sprite, at, icon, fixed)
            marked.append((sprite, at))
            stage.shifted.add(unit.province)
        else:
            placed.append((unit_icon(style, power, unit.type, icon), at))
        stage.units[unit.province] = at
    for d in position.dislodged:
        at = stage.anchor(d.unit.location)
        if at is None:
            continue
        sprite = unit_icon(style, d.power, d.unit.type, small, marked=True)
        at = beside(sprite, at, icon, fixed)
        marked.append((sprite, at))
        stage.dislodged[d.unit.province] = at
    return placed, marked


def beside(sprite: Sprite, anchor: Point, icon: float, fixed: Sequence[Box]) -> Point:
    """Where a dislodged unit's ``sprite`` goes beside the ``anchor`` of its province: the
    first of :data:`DISLODGED_SHIFTS` that covers the least of the ``fixed`` boxes."""
    spots = [(anchor[0] + icon * dx, anchor[1] + icon * dy) for dx, dy in DISLODGED_SHIFTS]
    return min(spots, key=lambda at: sum(overlap(sprite.box_at(*at), f) for f in fixed))


def _centre_markers(
    board: Board, view: View, style: Style, owners: dict[str, str]
) -> list[tuple[Sprite, Point]]:
    radius = max(3.5, _MARKER_RADIUS * view.feature)
    found: list[tuple[Sprite, Point]] = []
    for code in sorted(board.provinces):
        shape = board.provinces[code]
        if shape.center is None or not board.in_play(code):
            continue
        owner = owners.get(code)
        if owner is None:
            sprite = center_marker(style.panel, style.outline, style.outline, radius)
        else:
            sprite = center_marker(style.colour(owner), style.outline, style.glyph(owner), radius)
        found.append((sprite, view.pt(shape.center)))
    return found


def encode_png(image: Image.Image, colours: Image.Image) -> bytes:
    """PNG bytes in the 256 ``colours`` (a mode ``P`` image), which keeps a flat-coloured map
    small and costs nothing visible."""
    indexed = image.quantize(palette=colours, dither=Image.Dither.NONE)
    out = io.BytesIO()
    indexed.save(out, "PNG", compress_level=_COMPRESSION)
    return out.getvalue()
