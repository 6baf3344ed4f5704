"""What keeps a map readable: a hold and a dislodgement never look alike, no unit icon hides
a province's label, and a support points where the supported move goes."""

from __future__ import annotations

import math
from itertools import cycle

import pytest
from PIL import Image

from engine import Dislodged, Phase, Position, Unit, UnitType
from engine.variant import ProvinceKind
from render.compose import Layout, layout
from render.crop import view_for
from render.geometry import Box, Point, load_board
from render.orders import OrdersArg
from render.pen import Graphic
from render.sprites import Sprite
from render.styles import STYLES, get_style
from render.units import UNIT_SIZE
from render.view import board_view
from tests.render.helpers import orders_for

BOARD = load_board()
START = Position.initial()


def arrange(
    position: Position, orders: OrdersArg | None = None, *, style: str = "default", size: int = 1200
) -> Layout:
    view = board_view(BOARD, size)
    return layout(BOARD, get_style(style), view, position, orders, None)


def centroid(mask: Image.Image) -> Point:
    points = [
        (x, y) for y in range(mask.height) for x in range(mask.width) if mask.getpixel((x, y))
    ]  # type: ignore[arg-type]
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def outer_radii(mask: Image.Image, steps: int = 72) -> list[float]:
    """How far from the middle of the drawn pixels (mask > 128) they reach, in ``steps``
    directions."""
    mask = mask.point([0] * 129 + [255] * 127)
    box = mask.getbbox()
    assert box is not None
    mask = mask.crop(box)
    centre = centroid(mask)
    found: list[float] = []
    limit = max(mask.size)
    for k in range(steps):
        angle = 2 * math.pi * k / steps
        reach = 0.0
        for tenth in range(limit * 10):
            r = tenth / 10
            x = round(centre[0] + r * math.cos(angle))
            y = round(centre[1] + r * math.sin(angle))
            if not (0 <= x < mask.width and 0 <= y < mask.height):
                break
            if mask.getpixel((x, y)):
                reach = r
        found.append(reach)
    return found


def roundness(radii: list[float]) -> float:
    """1 for a circle; the spikier the outline, the larger."""
    return max(radii) / min(radii)


def graphic_mask(graphic: Graphic, size: tuple[int, int]) -> Image.Image:
    canvas = Image.new("RGB", size, (0, 0, 0))
    graphic.paint(canvas)
    return canvas.convert("L")


@pytest.mark.parametrize("style", STYLES)
def test_a_hold_is_a_round_ring_and_a_dislodgement_a_spiky_burst(style: str) -> None:
    # Austria's red hold ring looked like the red dislodged ring (and Germany's dark grey
    # like the colour-blind palette's black one): now they differ in shape.
    hold = arrange(START, orders_for(START, {"AUSTRIA": ["F TRI H"]}), style=style)
    [(ring, _)] = hold.drawing.over
    ring_radii = outer_radii(graphic_mask(ring, (1200, 1050)))

    fall = Position(
        variant=START.variant,
        phase=Phase.parse("F1901R"),
        units={**START.units, "AUSTRIA": (Unit.parse("A VIE"), Unit.parse("A BUD"))},
        centers=START.centers,
        homes=START.homes,
        dislodged=(Dislodged("AUSTRIA", Unit.parse("F TRI"), None, ()),),
    )
    [(sprite, _)] = arrange(fall, style=style).marked
    burst_radii = outer_radii(sprite.image.getchannel("A"))

    assert roundness(ring_radii) < 1.1
    assert roundness(burst_radii) > 1.25


def crowded(coast: int) -> Position:
    """A unit in every province (a fleet on the ``coast``-th coast of a split one), and one
    more dislodged from each: everything the board can hold at once, and more."""
    variant = START.variant
    powers = cycle(variant.powers)
    units: dict[str, list[Unit]] = {p: [] for p in variant.powers}
    dislodged: list[Dislodged] = []
    for code in sorted(variant.provinces):
        info = variant.provinces[code]
        if info.coasts:
            unit = Unit(UnitType.FLEET, f"{code}/{sorted(info.coasts)[coast]}")
        elif info.kind is ProvinceKind.SEA:
            unit = Unit(UnitType.FLEET, code)
        else:
            unit = Unit(UnitType.ARMY, code)
        units[next(powers)].append(unit)
        dislodged.append(Dislodged(next(powers), unit, None, ()))
    return Position(
        variant=variant,
        phase=Phase.parse("F1901R"),
        units={p: tuple(us) for p, us in units.items()},
        centers=START.centers,
        homes=START.homes,
        dislodged=tuple(dislodged),
    )


def drawn_box(sprite: Sprite, at: Point) -> Box:
    """The box of a sprite's visible pixels where it is pasted."""
    x0, y0, _, _ = sprite.box_at(*at)
    bbox = sprite.image.getchannel("A").getbbox()
    assert bbox is not None
    return (x0 + bbox[0], y0 + bbox[1], x0 + bbox[2], y0 + bbox[3])


def meet(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("coast", [0, 1])
@pytest.mark.parametrize("size", [1200, 800])
def test_no_unit_icon_hides_a_label(coast: int, size: int) -> None:
    parts = arrange(crowded(coast), size=size)
    icons = [drawn_box(s, at) for s, at in (*parts.units, *parts.marked)]
    assert len(parts.labels) == len(BOARD.provinces)
    hidden = [p.code for p in parts.labels if any(meet(p.box, icon) for icon in icons)]
    assert hidden == []


def test_no_unit_icon_hides_a_label_on_a_regional_map() -> None:
    position = crowded(0)
    view = view_for(BOARD, 1200, "low_countries")
    parts = layout(BOARD, get_style("default"), view, position, None, None)
    icons = [drawn_box(s, at) for s, at in (*parts.units, *parts.marked)]
    assert [p.code for p in parts.labels if any(meet(p.box, i) for i in icons)] == []


def test_a_label_moves_only_when_a_unit_stands_on_it() -> None:
    parts = arrange(START)
    view = board_view(BOARD, 1200)
    for placed in parts.labels:
        assert placed.at == view.pt(BOARD.provinces[placed.code].label), placed.code


def test_a_support_of_a_move_not_on_the_map_points_at_its_destination() -> None:
    # `map mine` for France: Germany's move is secret, so only the support is drawn
    orders = orders_for(START, {"FRANCE": ["A PAR S A MUN - BUR"]})
    parts = arrange(START, orders)
    [(support, _)] = parts.drawing.under
    ink = get_style("default").ink("FRANCE")
    heads = [op for op in support.ops if op.kind == "polygon" and op.fill[:3] == ink]
    assert len(heads) == 1, "the support ends in an arrowhead"
    view = board_view(BOARD, 1200)
    bur, mun = view.pt(BOARD.provinces["BUR"].unit), view.pt(BOARD.provinces["MUN"].unit)
    tip = heads[0].points[0]
    assert math.dist(tip, bur) <= UNIT_SIZE
    assert math.dist(tip, bur) < math.dist(tip, mun) / 4


def test_a_support_of_a_drawn_move_meets_its_arrow() -> None:
    orders = orders_for(START, {"FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR"]})
    parts = arrange(START, orders)
    ink = get_style("default").ink("FRANCE")
    support = parts.drawing.under[0][0]
    assert not [op for op in support.ops if op.kind == "polygon" and op.fill[:3] == ink]
    view = board_view(BOARD, 1200)
    par, bur = view.pt(BOARD.provinces["PAR"].unit), view.pt(BOARD.provinces["BUR"].unit)
    end = support.ops[-1].points[0]  # the dot on the move's arrow, a disc's corner
    middle = ((par[0] + bur[0]) / 2, (par[1] + bur[1]) / 2)
    assert math.dist(end, middle) < UNIT_SIZE
