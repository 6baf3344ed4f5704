"""A phase's results drawn on the board they left (the centres each power now holds, its
units where they now stand, the legend counting them as the results' text does), two moves
that swap or bounce drawn apart, where a dislodged unit may retreat, and a chart whose lines
pass exactly through their counts."""

from __future__ import annotations

import math
from dataclasses import replace

from engine import Phase, Position, adjudicate
from render import centre_chart, map_png
from render.chart import layout as chart_layout
from render.chart import yearly_centres
from render.compose import picture
from render.geometry import load_board
from render.legend import legend_rows
from render.styles import get_style
from render.units import UNIT_SIZE
from render.view import board_view
from tests.render.helpers import close, count_near, dominant, open_png, orders_for, render_rgb
from tools.make_examples import FALL_1901, FALL_RETREATS, SPRING_1901

BOARD = load_board()
STYLE = get_style("default")
VIEW = board_view(BOARD, 1200)
ICON = UNIT_SIZE * VIEW.feature


def at(location: str) -> tuple[float, float]:
    point = BOARD.anchor(location)
    assert point is not None
    return VIEW.pt(point)


def fall_1901() -> tuple[Position, dict[str, list[object]], object]:
    start = Position.initial()
    spring = adjudicate(start, orders_for(start, SPRING_1901)).position
    orders = orders_for(spring, FALL_1901)
    return spring, orders, adjudicate(spring, orders)  # type: ignore[return-value]


def test_after_a_fall_the_map_and_its_legend_show_the_centres_now() -> None:
    """Spring: Austria A BUD-SER; Fall: F ALB-GRE. The Fall's results map gives Greece and
    Serbia to Austria, and its legend counts five, as the results' text does."""
    start = Position.initial()
    spring = adjudicate(start, orders_for(start, SPRING_1901)).position
    texts = {"AUSTRIA": ["A SER H", "F ALB - GRE", "A GAL H"]}
    orders = orders_for(spring, texts)
    resolution = adjudicate(spring, orders)
    after = resolution.position
    assert len(after.centers["AUSTRIA"]) == 5
    drawn = picture(spring, orders=orders, results=resolution)
    rows = {row.power: row for row in legend_rows(after)}
    assert rows["AUSTRIA"].centres == 5
    image = drawn.image
    # Greece in Austria's colour, its fleet standing there, the arrow from Albania to it
    assert close(dominant(image, at("GRE"), ICON * 0.3), STYLE.colour("AUSTRIA"))
    # Albania empty now: the fleet's badge was there before its move only
    before = render_rgb(spring, orders=orders)
    left = count_near(image, at("ALB"), ICON * 0.3, STYLE.colour("AUSTRIA"), 12)
    assert count_near(before, at("ALB"), ICON * 0.3, STYLE.colour("AUSTRIA"), 12) > 4 * left


def test_a_unit_dislodged_shows_where_it_may_retreat() -> None:
    spring, orders, resolution = fall_1901()
    after = resolution.position  # type: ignore[attr-defined]
    (dislodged,) = after.dislodged
    assert dislodged.unit.province == "RUM" and dislodged.retreats
    ink = STYLE.ink(dislodged.power)
    board = render_rgb(after)
    results = render_rgb(spring, orders=orders, results=resolution)
    for option in dislodged.retreats:
        ring = at(option)
        for image in (board, results):
            assert count_near(image, ring, ICON * 0.3, ink, 18) > 6, option
    # once ordered, the order shows instead of the options
    retreat = orders_for(after, FALL_RETREATS)
    ordered = render_rgb(after, orders=retreat)
    others = [o for o in dislodged.retreats if o != "BLA"]
    for option in others:
        assert count_near(ordered, at(option), ICON * 0.3, ink, 18) == 0, option


def test_a_bounced_swap_is_two_arrows_side_by_side() -> None:
    start = Position.initial()
    texts = {"GERMANY": ["A MUN - BUR"], "FRANCE": ["A PAR - BUR"]}
    spring = adjudicate(start, orders_for(start, texts)).position
    spring = replace(
        spring,
        units={
            **spring.units,
            "GERMANY": ("A MUN", "A BER", "F KIE"),
            "FRANCE": ("A BUR", "A MAR", "F BRE"),
        },
    )
    spring = Position.from_json(spring.to_json())
    orders = orders_for(spring, {"FRANCE": ["A BUR - MUN"], "GERMANY": ["A MUN - BUR"]})
    drawn = picture(spring, orders=orders, results=adjudicate(spring, orders))
    arrows = [g for g, _ in drawn.parts.drawing.under if any(op.kind == "polygon" for op in g.ops)]
    assert len(arrows) == 2
    # the middle of each arrow's shaft, and how far apart they are across the way
    mids = []
    for g in arrows:
        line = next(op for op in g.ops if op.kind == "line")
        (x0, y0), (x1, y1) = line.points[0], line.points[-1]
        mids.append(((x0 + x1) / 2, (y0 + y1) / 2))
    # at least an arrowhead apart, so neither head covers the other shaft
    assert math.dist(*mids) >= ICON * 0.5


def test_the_chart_draws_every_line_at_its_exact_count() -> None:
    start = Position.initial()
    history = [start] + [
        replace(start, phase=Phase.parse(f"W{1901 + y}A"), centers=start.centers) for y in range(3)
    ]
    style = get_style("default")
    image = open_png(centre_chart(history, width=800)).convert("RGB")
    plan = chart_layout(history, yearly_centres(history), 800)
    (x0, y), (x1, _) = plan.point(1, 3), plan.point(2, 3)
    # six powers hold three centres all along: their shared line, at exactly three, shows
    # each of their colours in turn
    strip = [image.getpixel((x, round(y))) for x in range(round(x0) + 6, round(x1) - 6)]
    for power in ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "TURKEY"):
        assert any(close(p, style.colour(power), 30) for p in strip), power  # type: ignore[arg-type]
    # and Russia's at exactly four
    _, y4 = plan.point(1, 4)
    assert close(image.getpixel((round((x0 + x1) / 2), round(y4))), style.colour("RUSSIA"), 30)  # type: ignore[arg-type]


def test_results_given_without_orders_draw_the_same() -> None:
    spring, orders, resolution = fall_1901()
    assert map_png(spring, results=resolution) == map_png(spring, orders=orders, results=resolution)  # type: ignore[arg-type]
