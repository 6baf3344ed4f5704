"""One picture of one phase: the tinted board, centres, labels, orders, units, title, legend."""

from __future__ import annotations

import io

from PIL import Image

from engine import PhaseKind, Position
from render.base import base_image, palette, png_palette
from render.crop import view_for
from render.geometry import Board, Box, Point, load_board
from render.labels import draw_labels
from render.legend import draw_legend, draw_title, legend_box, title_text
from render.orders import (
    Item,
    OrdersArg,
    ResultsArg,
    Stage,
    collect,
    dislodged_units,
    plan,
)
from render.sprites import Sprite, center_marker, paste
from render.styles import Style, get_style
from render.units import UNIT_SIZE, faded, unit_icon
from render.view import View, check_size

# where a dislodged unit is drawn, as a share of the icon size from its province's anchor
_DISLODGED_SHIFT = (0.78, 0.62)
# a dislodged unit is drawn a little smaller, so the unit that took its place stays clear
_DISLODGED_SIZE = 0.88
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
) -> tuple[Image.Image, Image.Image]:
    """The map, and a palette (a mode ``P`` image) that holds its colours."""
    board = load_board(position.variant.name)
    palette_style = get_style(style, position.variant.name)
    view = view_for(board, check_size(size), region)
    return _draw(board, palette_style, view, position, orders, results, title)


def _draw(
    board: Board,
    style: Style,
    view: View,
    position: Position,
    orders: OrdersArg | None,
    results: ResultsArg | None,
    title: str | None,
) -> tuple[Image.Image, Image.Image]:
    owners = {c: p for p, cs in position.centers.items() for c in cs}
    homes = {c: p for p, hs in position.homes.items() for c in hs}
    colours = palette(board, style, owners, homes)
    canvas = base_image(board, style, view, colours).copy()

    items = collect(orders, results)
    icon = max(12.0, UNIT_SIZE * view.feature)
    stage = Stage(board, view, style, position.variant, icon)
    placed, marked = _place_units(stage, position, items)
    drawing = plan(stage, items)
    for power, unit, failed in drawing.builds:
        at = stage.anchor(unit.location)
        if at is not None:
            sprite = unit_icon(style, power, unit.type, icon)
            placed.append((faded(sprite, 0.45) if failed else sprite, at))

    _draw_centres(canvas, board, view, style, owners)
    obstacles: list[Box] = [s.box_at(*at) for s, at in (*placed, *marked)]
    for graphic, opacity in drawing.under:
        graphic.paint(canvas, opacity)
    # over the arrows, so a line crossing a label never hides it
    draw_labels(canvas, board, view, style, obstacles)
    for sprite, at in placed:
        paste(canvas, sprite, *at)
    for sprite, at in marked:
        paste(canvas, sprite, *at)
    for graphic, opacity in drawing.over:
        graphic.paint(canvas, opacity)

    heading = title or title_text(
        position, orders=bool(orders) or bool(items), results=results is not None
    )
    title_box = draw_title(canvas, heading, style, view)
    if view.full_board:
        anchors = [view.pt(s.unit) for s in board.provinces.values()]
        anchors += [view.pt(s.label) for s in board.provinces.values()]
        box = legend_box(view, position, [title_box], anchors)
        draw_legend(canvas, box, position, style, view)
    return canvas, png_palette(board, style, view)


def _place_units(
    stage: Stage, position: Position, items: list[Item]
) -> tuple[list[tuple[Sprite, Point]], list[tuple[Sprite, Point]]]:
    """Where each unit's icon goes, recorded on the stage for the orders to start from:
    plain icons at their anchors, and marked ones beside the province for units dislodged
    (in a retreat phase, or by the results being drawn)."""
    style, icon = stage.style, stage.icon
    shift = (icon * _DISLODGED_SHIFT[0], icon * _DISLODGED_SHIFT[1])
    small = icon * _DISLODGED_SIZE
    beaten = dislodged_units(items) if position.phase.kind is PhaseKind.MOVEMENT else set()
    placed: list[tuple[Sprite, Point]] = []
    marked: list[tuple[Sprite, Point]] = []
    for power, unit in position.all_units():
        at = stage.anchor(unit.location)
        if at is None:
            continue
        if unit.province in beaten:
            at = (at[0] + shift[0], at[1] + shift[1])
            marked.append((unit_icon(style, power, unit.type, small, marked=True), at))
            stage.shifted.add(unit.province)
        else:
            placed.append((unit_icon(style, power, unit.type, icon), at))
        stage.units[unit.province] = at
    for d in position.dislodged:
        at = stage.anchor(d.unit.location)
        if at is None:
            continue
        at = (at[0] + shift[0], at[1] + shift[1])
        marked.append((unit_icon(style, d.power, d.unit.type, small, marked=True), at))
        stage.dislodged[d.unit.province] = at
    return placed, marked


def _draw_centres(
    canvas: Image.Image, board: Board, view: View, style: Style, owners: dict[str, str]
) -> None:
    radius = max(3.5, _MARKER_RADIUS * view.feature)
    for code in sorted(board.provinces):
        shape = board.provinces[code]
        if shape.center is None:
            continue
        owner = owners.get(code)
        if owner is None:
            sprite = center_marker(style.panel, style.outline, style.outline, radius)
        else:
            sprite = center_marker(style.colour(owner), style.outline, style.glyph(owner), radius)
        paste(canvas, sprite, *view.pt(shape.center))


def encode_png(image: Image.Image, colours: Image.Image) -> bytes:
    """PNG bytes in the 256 ``colours`` (a mode ``P`` image), which keeps a flat-coloured map
    small and costs nothing visible."""
    indexed = image.quantize(palette=colours, dither=Image.Dither.NONE)
    out = io.BytesIO()
    indexed.save(out, "PNG", compress_level=_COMPRESSION)
    return out.getvalue()
