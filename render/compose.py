"""One picture of one phase: the tinted board, centres, labels, orders, units, title, legend."""

from __future__ import annotations

import io
from collections.abc import Mapping
from dataclasses import dataclass

from PIL import Image

from engine import Position, Resolution
from render.base import base_image, closed_layer, palette, png_palette
from render.crop import view_for
from render.geometry import Board, Box, Point, board_of
from render.labels import PlacedLabel, designed_boxes, draw_labels, place_labels
from render.legend import draw_legend, draw_title, title_text
from render.orders import (
    Drawing,
    Item,
    OrdersArg,
    ResultsArg,
    Stage,
    collect,
    plan,
)
from render.panels import Occupancy
from render.pieces import place_after, place_units
from render.ports import place_port_names, port_markers
from render.retreats import draw_options
from render.sprites import Sprite, center_marker, paste
from render.styles import Style, style_of
from render.units import UNIT_SIZE, faded, unit_icon
from render.view import View, check_size

_MARKER_RADIUS = 6.0
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
    drawn = picture(
        position,
        orders=orders,
        results=results,
        style=style,
        size=size,
        region=region,
        title=title,
        players=players,
    )
    return drawn.image, drawn.colours


@dataclass(frozen=True, slots=True)
class Picture:
    """A map drawn, with what went where: its pieces' layout, and the boxes of its title
    and of its legend (None on a regional map, which has none)."""

    image: Image.Image
    colours: Image.Image
    parts: Layout
    title: Box
    legend: Box | None


def picture(
    position: Position,
    *,
    orders: OrdersArg | None = None,
    results: ResultsArg | None = None,
    style: str = "default",
    size: int = 1200,
    region: str | None = None,
    title: str | None = None,
    players: Mapping[str, str] | None = None,
) -> Picture:
    """The map as :func:`render` draws it, with where everything went."""
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
    """Where everything goes; on the board the results left when ``results`` is a
    :class:`~engine.outcomes.Resolution` (see :func:`shown`), else on ``position``'s."""
    board_now = shown(position, results)
    owners = {c: p for p, cs in board_now.centers.items() for c in cs}
    items = collect(orders, results)
    icon = max(12.0, UNIT_SIZE * view.feature)
    stage = Stage(board, view, style, position.variant, icon)
    markers = [*_centre_markers(board, view, style, owners), *port_markers(board, view, style)]
    fixed = [*designed_boxes(board, view, style).values(), *(s.box_at(*at) for s, at in markers)]
    if board_now is position:
        placed, marked = place_units(stage, position, items, fixed)
    else:
        placed, marked = place_after(stage, position, board_now, items, fixed)
    drawing = plan(stage, items)
    draw_options(stage, board_now, items, drawing)
    for power, unit, failed in drawing.builds:
        at = stage.anchor(unit.location)
        # a build that succeeded is on the board the results left already
        if at is not None and unit.province not in stage.occupied:
            sprite = unit_icon(style, power, unit.type, icon)
            placed.append((faded(sprite, 0.45) if failed else sprite, at))
    icons: list[Box] = [s.box_at(*at) for s, at in (*placed, *marked)]
    marks = [s.box_at(*at) for s, at in markers]
    # no label may hide where an order failed, or a build's badge, either
    labels = place_labels(board, view, style, [*icons, *drawing.marks], marks)
    names = {code: p.port for code, p in position.variant.provinces.items() if p.port}
    port_names = place_port_names(board, view, style, names, [*icons, *marks], labels)
    return Layout(placed, marked, markers, labels, drawing, items, port_names)


def shown(position: Position, results: ResultsArg | None) -> Position:
    """The board a picture shows: after a phase's results (a
    :class:`~engine.outcomes.Resolution`), the board they left, so the map agrees with the
    results' text (the centres each power now holds, the units where they now stand), the
    orders drawn from where each unit stood; otherwise ``position`` itself."""
    return results.position if isinstance(results, Resolution) else position


def fills(position: Position) -> tuple[dict[str, str], dict[str, str]]:
    """Whose colour each province takes, and the home centres drawn in the lighter tint:
    in the standard game a supply centre's holder, the homes lighter while their own
    power holds them; where control is kept (Diplomacia) every area's controller, homes alike."""
    if position.variant.rules.ruleset.keeps_control:
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
) -> Picture:
    board_now = shown(position, results)
    colours = palette(board, style, *fills(board_now))
    canvas = base_image(board, style, view, colours).copy()
    if board_now.closed:
        hatching = closed_layer(board, style, view, board_now.closed)
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
    room = occupancy(view, parts)
    title_box = draw_title(canvas, heading, style, view, room)
    legend = None
    if view.full_board:
        legend = draw_legend(canvas, board_now, style, view, room, players)
    return Picture(canvas, png_palette(board, style, view), parts, title_box, legend)


def occupancy(view: View, parts: Layout) -> Occupancy:
    """What the title and legend must not hide: units, labels, centre markers and ports,
    ports' names, and every order drawn."""
    room = Occupancy(view.width, view.height)
    room.add_boxes(s.box_at(*at) for s, at in (*parts.units, *parts.marked, *parts.markers))
    room.add_boxes(s.box_at(*at) for s, at in parts.port_names)
    room.add_boxes(label.box for label in parts.labels)
    for graphic, _ in (*parts.drawing.under, *parts.drawing.over):
        room.add_graphic(graphic)
    return room


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
