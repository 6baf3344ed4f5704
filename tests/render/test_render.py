"""Maps of the standard board, read back pixel by pixel."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import pytest

from engine import Outcome, Position, Unit, adjudicate
from render import REGIONS, STYLES, map_png
from render.crop import crop_box, region_provinces, view_for
from render.geometry import load_board
from render.legend import legend_rows, title_text
from render.pieces import DISLODGED_SHIFTS
from render.styles import get_style
from render.units import UNIT_SIZE
from render.view import board_view
from tests.render.helpers import (
    OPENING,
    close,
    count_near,
    dominant,
    open_png,
    orders_for,
    plain_fill_point,
    render_rgb,
)

BOARD = load_board()
STYLE = get_style("default")
VIEW = board_view(BOARD, 1200)
ICON = UNIT_SIZE * VIEW.feature


@pytest.fixture(scope="module")
def start() -> Position:
    return Position.initial()


def anchor(location: str) -> tuple[float, float]:
    point = BOARD.anchor(location)
    assert point is not None
    return VIEW.pt(point)


def test_png_opens_with_the_requested_size(start: Position) -> None:
    big = open_png(map_png(start))
    assert big.format == "PNG"
    assert big.size == (1200, 1050)
    assert open_png(map_png(start, size=600)).size == (600, 525)


def test_a_busy_results_map_stays_small(start: Position) -> None:
    orders = orders_for(start, OPENING)
    png = map_png(start, orders=orders, results=adjudicate(start, orders))
    assert len(png) < 300 * 1024


def test_provinces_are_tinted_by_who_holds_their_centre(start: Position) -> None:
    centres = dict(start.centers)
    centres["GERMANY"] = (centres["GERMANY"] - {"MUN"}) | {"PAR"}
    centres["FRANCE"] = centres["FRANCE"] - {"PAR"}
    moved = replace(start, centers=centres)
    image = render_rgb(moved)
    expected = {
        "BRE": STYLE.tint("FRANCE", home=True),  # a home centre held by its own power
        "PAR": STYLE.tint("GERMANY"),  # taken: the holder's stronger tint
        "MUN": STYLE.tint("GERMANY", home=True),  # a home centre nobody holds
        "BUR": STYLE.land,  # no centre: neutral
        "NTH": STYLE.sea,
    }
    for code, colour in expected.items():
        at = plain_fill_point(BOARD, VIEW, code)
        assert close(image.getpixel(at), colour), (code, image.getpixel(at), colour)  # type: ignore[arg-type]
    assert STYLE.tint("GERMANY") != STYLE.tint("GERMANY", home=True)


def test_each_unit_shows_its_powers_colour_at_its_anchor(start: Position) -> None:
    image = render_rgb(start)
    for power, unit in start.all_units():
        found = dominant(image, anchor(unit.location), ICON * 0.42)
        assert close(found, STYLE.colour(power)), (power, str(unit), found)


def test_a_fleet_on_a_split_coast_stands_at_that_coast(start: Position) -> None:
    image = render_rgb(start)
    coast, middle = anchor("STP/SC"), anchor("STP")
    assert close(dominant(image, coast, ICON * 0.42), STYLE.colour("RUSSIA"))
    assert not close(dominant(image, middle, ICON * 0.42), STYLE.colour("RUSSIA"))


def test_supply_centres_wear_their_holders_colour(start: Position) -> None:
    image = render_rgb(start)
    shape = BOARD.provinces["ANK"]
    assert shape.center is not None
    ring = VIEW.pt((shape.center[0] + 3.5, shape.center[1]))
    assert close(image.getpixel((round(ring[0]), round(ring[1]))), STYLE.colour("TURKEY"), 30)  # type: ignore[arg-type]


def test_a_failed_move_is_marked_where_it_stopped(start: Position) -> None:
    bounce = orders_for(start, {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN - BUR"]})
    alone = orders_for(start, {"FRANCE": ["A PAR - BUR"]})
    failed = render_rgb(start, orders=bounce, results=adjudicate(start, bounce))
    succeeded = render_rgb(start, orders=alone, results=adjudicate(start, alone))
    given = render_rgb(start, orders=bounce)
    end = anchor("BUR")
    assert count_near(failed, end, ICON, STYLE.failure) > 20
    assert count_near(succeeded, end, ICON, STYLE.failure) == 0
    assert count_near(given, end, ICON, STYLE.failure) == 0
    # the arrow itself keeps its full strength when it failed: its cross says so
    par, bur = anchor("PAR"), anchor("BUR")
    middle = ((par[0] + bur[0]) / 2, (par[1] + bur[1]) / 2)
    ink = STYLE.ink("FRANCE")
    assert count_near(failed, middle, 4, ink, 12) >= count_near(succeeded, middle, 4, ink, 12) > 5


def test_results_bring_their_own_orders(start: Position) -> None:
    orders = orders_for(start, OPENING)
    resolution = adjudicate(start, orders)
    assert map_png(start, results=resolution) == map_png(start, orders=orders, results=resolution)
    # bare results carry no board after them: they are drawn on the board they were given on
    on_before = render_rgb(start, results=resolution.results)
    on_after = render_rgb(start, results=resolution)
    assert close(dominant(on_before, anchor("PAR"), ICON * 0.3), STYLE.colour("FRANCE"))
    assert close(dominant(on_after, anchor("PAR"), ICON * 0.3), STYLE.tint("FRANCE", home=True))


def test_a_cut_support_is_marked() -> None:
    before = Position.initial()
    spring = adjudicate(before, orders_for(before, {"ITALY": ["A VEN - PIE"]})).position
    texts = {"FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR"], "ITALY": ["A PIE - MAR"]}
    orders = orders_for(spring, texts)
    resolution = adjudicate(spring, orders)
    outcomes = {str(r.unit): r.outcome for r in resolution.results}
    assert outcomes["A MAR"] is Outcome.CUT
    image = render_rgb(spring, results=resolution)
    clean = render_rgb(spring, orders=orders)
    mar = anchor("MAR")
    assert count_near(image, mar, ICON * 3, STYLE.failure) > count_near(
        clean, mar, ICON * 3, STYLE.failure
    )


def spring_1901_for_a_dislodgement() -> Position:
    start = Position.initial()
    texts = {
        "AUSTRIA": ["A VIE - GAL", "A BUD - SER"],
        "RUSSIA": ["F SEV - RUM"],
        "TURKEY": ["A CON - BUL"],
    }
    return adjudicate(start, orders_for(start, texts)).position


def test_a_dislodged_unit_is_drawn_beside_its_province_with_a_mark() -> None:
    spring = spring_1901_for_a_dislodgement()
    orders = orders_for(
        spring,
        {
            "AUSTRIA": ["A GAL - RUM", "A SER S A GAL - RUM"],
            "TURKEY": ["A BUL S A GAL - RUM"],
            "RUSSIA": ["F RUM H"],
        },
    )
    resolution = adjudicate(spring, orders)
    retreat = resolution.position
    assert [str(d.unit) for d in retreat.dislodged] == ["F RUM"]
    rum = anchor("RUM")
    spots = [(rum[0] + ICON * dx, rum[1] + ICON * dy) for dx, dy in DISLODGED_SHIFTS]
    for image in (render_rgb(spring, results=resolution), render_rgb(retreat)):
        russian = [
            s for s in spots if close(dominant(image, s, ICON * 0.3), STYLE.colour("RUSSIA"))
        ]
        assert len(russian) == 1
        assert count_near(image, russian[0], ICON * 0.75, STYLE.failure) > 20
    after = render_rgb(retreat)
    assert close(dominant(after, rum, ICON * 0.3), STYLE.colour("AUSTRIA"))
    title = title_text(retreat, orders=False, results=False)
    assert title == "Fall 1901 retreats"
    rows = {row.power: (row.centres, row.units) for row in legend_rows(retreat)}
    assert rows["RUSSIA"] == (4, 4)  # the dislodged fleet still counts until it retreats


def test_builds_and_removals_are_drawn() -> None:
    start = Position.initial()
    winter = replace(
        start,
        phase=start.phase.__class__.parse("W1901A"),
        units={**start.units, "FRANCE": (Unit.parse("A PAR"),), "GERMANY": start.units["GERMANY"]},
        centers={**start.centers, "GERMANY": start.centers["GERMANY"] - {"MUN"}},
    )
    orders = orders_for(winter, {"FRANCE": ["Build F BRE", "Build A MAR"], "GERMANY": ["A MUN D"]})
    resolution = adjudicate(winter, orders)
    words = {str(r.unit): r.outcome for r in resolution.results}
    assert words["F BRE"] is Outcome.BUILT and words["A MUN"] is Outcome.REMOVED
    image = render_rgb(winter, results=resolution)
    assert close(dominant(image, anchor("BRE"), ICON * 0.42), STYLE.colour("FRANCE"))
    assert count_near(image, anchor("MUN"), ICON * 0.5, STYLE.failure) > 20
    plain = render_rgb(winter)
    assert not close(dominant(plain, anchor("BRE"), ICON * 0.42), STYLE.colour("FRANCE"))


def test_the_two_palettes_differ(start: Position) -> None:
    assert set(STYLES) == {"default", "colorblind"}
    blind = get_style("colorblind")
    assert blind.colour("FRANCE") != STYLE.colour("FRANCE")
    default, other = render_rgb(start), render_rgb(start, style="colorblind")
    at = anchor("PAR")
    assert close(dominant(default, at, ICON * 0.42), STYLE.colour("FRANCE"))
    assert close(dominant(other, at, ICON * 0.42), blind.colour("FRANCE"))
    # Germany must stay visibly grey, not black, and Russia must show on neutral land
    for style in (STYLE, blind):
        assert min(style.colour("GERMANY")) >= 60
        assert style.tint("RUSSIA") != style.land


@pytest.mark.parametrize("region", sorted(REGIONS))
def test_every_named_region_crops_to_its_provinces(start: Position, region: str) -> None:
    view = view_for(BOARD, 800, region)
    x0, y0, x1, y1 = crop_box(BOARD, region_provinces(BOARD, region))
    assert x1 - x0 < BOARD.width and view.scale > 800 / BOARD.width
    for code in REGIONS[region]:
        bx0, by0, bx1, by1 = BOARD.provinces[code].bbox
        assert x0 <= bx0 and y0 <= by0 and bx1 <= x1 and by1 <= y1, (region, code)


def test_a_regional_map_shows_the_region_closer(start: Position) -> None:
    image = render_rgb(start, region="balkans", size=800)
    view = view_for(BOARD, 800, "balkans")
    assert image.width == 800 and image.size == (view.width, view.height)
    assert image.height < 800 * BOARD.height / BOARD.width * 1.4
    point = BOARD.anchor("BUD")
    assert point is not None
    icon = UNIT_SIZE * view.feature
    assert close(dominant(image, view.pt(point), icon * 0.42), STYLE.colour("AUSTRIA"))


def test_a_province_code_is_a_region_of_it_and_its_neighbours(start: Position) -> None:
    image = render_rgb(start, region="bur", size=600)
    assert image.width == 600
    assert set(region_provinces(BOARD, "BUR")) >= {"BUR", "PAR", "MUN", "MAR", "BEL"}


def test_bad_arguments_are_refused(start: Position) -> None:
    with pytest.raises(ValueError, match="region"):
        map_png(start, region="atlantis")
    with pytest.raises(ValueError, match="style"):
        map_png(start, style="sepia")
    with pytest.raises(ValueError, match="size"):
        map_png(start, size=10)


def test_the_same_map_twice_is_the_same_bytes(start: Position) -> None:
    orders = orders_for(start, OPENING)
    resolution = adjudicate(start, orders)
    first = map_png(start, results=resolution, style="colorblind")
    assert map_png(start, results=resolution, style="colorblind") == first


def test_threads_render_the_same_maps() -> None:
    start = Position.initial()
    orders = orders_for(start, OPENING)
    resolution = adjudicate(start, orders)
    jobs = [
        {"results": resolution},
        {"orders": orders, "style": "colorblind"},
        {"size": 700},
        {"region": "italy", "size": 500},
    ] * 3
    expected = [map_png(start, **job) for job in jobs]  # type: ignore[arg-type]
    with ThreadPoolExecutor(max_workers=4) as pool:
        found = list(pool.map(lambda job: map_png(start, **job), jobs))
    assert found == expected


def test_titles_name_the_phase_and_what_is_shown(start: Position) -> None:
    assert title_text(start, orders=True, results=False) == "Spring 1901 — orders"
    assert title_text(start, orders=True, results=True) == "Spring 1901 — results"
    assert title_text(start, orders=False, results=False) == "Spring 1901"
