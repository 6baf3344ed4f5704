"""Maps of a Diplomacia board (tests/data/handbook.json): drawn from the map file's own
geometry, every area in its controller's colour, ports, the new orders, the legend's ports,
numbered turns in titles, the chart and the animated history."""

from __future__ import annotations

import io
import json
import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image

from bot.render_cli import render_command
from engine import (
    Build,
    Dislodged,
    Hold,
    Move,
    Order,
    OrderResult,
    Outcome,
    Phase,
    Position,
    Retreat,
    Unit,
    UnitType,
    Variant,
    load_variant,
)
from engine.map_file import variant_from_map
from engine.orders import ConvoyHop, Seize, SupportSeize, order_unit
from render import centre_chart, history_gif, map_png
from render.chart import yearly_centres
from render.compose import layout
from render.crop import region_provinces
from render.fonts import drawable
from render.geometry import Board, board_of, load_board
from render.legend import legend_columns, legend_rows, title_text
from render.pen import Pt
from render.styles import Style, luminance, style_of
from render.view import View, board_view
from tests.render.helpers import close, count_near, open_png, plain_fill_point

HANDBOOK = Path(__file__).resolve().parents[1] / "data" / "handbook.json"
SIZE = 1200


@pytest.fixture(scope="module")
def variant() -> Variant:
    return variant_from_map(json.loads(HANDBOOK.read_text("utf-8")), "handbook")


@pytest.fixture(scope="module")
def board(variant: Variant) -> Board:
    return board_of(variant)


@pytest.fixture(scope="module")
def view(board: Board) -> View:
    return board_view(board, SIZE)


@pytest.fixture(scope="module")
def style(variant: Variant) -> Style:
    return style_of("default", variant)


@pytest.fixture
def by_name(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The handbook board found by its name, as a game or `dipgm render` finds it."""
    monkeypatch.setenv("DIPGM_VARIANTS_DIR", str(HANDBOOK.parent))
    load_variant.cache_clear()
    load_board.cache_clear()
    yield
    load_variant.cache_clear()
    load_board.cache_clear()


def scene(
    variant: Variant,
    phase: str,
    units: Mapping[str, Sequence[str]],
    control: Mapping[str, Sequence[str]],
    dislodged: Sequence[Dislodged] = (),
) -> Position:
    """A position on the handbook board: units as ``A KAT``, areas each power controls."""

    def unit(text: str) -> Unit:
        kind, area = text.split()
        return Unit(UnitType.ARMY if kind == "A" else UnitType.FLEET, area)

    held = {area: power for power, areas in control.items() for area in areas}
    return replace(
        Position.initial(variant),
        phase=Phase.parse(phase),
        units={p: tuple(unit(u) for u in units.get(p, ())) for p in variant.powers},
        control=held,
        centers={
            p: frozenset(a for a in control.get(p, ()) if variant.provinces[a].supply_center)
            for p in variant.powers
        },
        dislodged=tuple(dislodged),
    )


def outcomes(
    orders: Mapping[str, Sequence[Order]], happened: Sequence[Outcome]
) -> list[OrderResult]:
    listed = [(p, o) for p, given in orders.items() for o in given]
    return [
        OrderResult(power, order_unit(order), order, outcome)
        for (power, order), outcome in zip(listed, happened, strict=True)
    ]


def pixel(image: Image.Image, at: tuple[int, int]) -> tuple[int, int, int]:
    r, g, b = image.getpixel(at)  # type: ignore[misc]
    return (r, g, b)


def rgb(png: bytes) -> Image.Image:
    return open_png(png).convert("RGB")


def changed(one: Image.Image, other: Image.Image, box: tuple[float, ...]) -> int:
    """How many pixels inside ``box`` (x0, y0, x1, y1) differ between two maps."""
    x0, y0, x1, y1 = (round(v) for v in box)
    a, b = one.crop((x0, y0, x1, y1)).tobytes(), other.crop((x0, y0, x1, y1)).tobytes()
    return sum(1 for i in range(0, len(a), 3) if a[i : i + 3] != b[i : i + 3])


def between(p: Pt, q: Pt, share: float = 0.5) -> Pt:
    return (p[0] + (q[0] - p[0]) * share, p[1] + (q[1] - p[1]) * share)


# the board and its fills -----------------------------------------------------------------


def test_the_board_and_picture_size_come_from_the_map_file(variant: Variant, board: Board) -> None:
    assert (board.width, board.height) == (720, 500)
    assert set(board.provinces) == set(variant.provinces)
    assert board.provinces["GFI"].is_sea and not board.provinces["KAR"].is_sea
    assert board.provinces["GFI"].port == (620.0, 480.0)
    assert board.provinces["KAR"].center == (695.0, 380.0)
    # drawn 1200 px wide as the standard board is, the height in the file's proportions
    assert open_png(map_png(Position.initial(variant))).size == (1200, 833)
    assert open_png(map_png(Position.initial(variant), size=600)).size == (600, 417)


def test_a_territory_takes_its_controllers_colour(
    variant: Variant, board: Board, view: View, style: Style
) -> None:
    image = rgb(map_png(Position.initial(variant)))
    # Russia controls Estonia (no centre) and Karelia (its army, its centre) from the start
    for code in ("EST", "KAR"):
        assert close(pixel(image, plain_fill_point(board, view, code)), style.tint("RUSSIA"))


def test_a_controlled_sector_is_tinted_lighter_than_the_territories(
    variant: Variant, board: Board, view: View, style: Style
) -> None:
    image = rgb(map_png(Position.initial(variant)))
    sector = pixel(image, plain_fill_point(board, view, "EBA"))
    land = pixel(image, plain_fill_point(board, view, "EST"))
    assert close(sector, style.sea_tint("RUSSIA"))
    assert not close(sector, style.sea)
    assert not close(sector, style.sea_tint("FRANCE"))
    assert luminance(sector) > luminance(land)
    for power in variant.powers:
        assert luminance(style.sea_tint(power)) > luminance(style.tint(power)), power


def test_neutral_areas_are_not_tinted(
    variant: Variant, board: Board, view: View, style: Style
) -> None:
    image = rgb(map_png(Position.initial(variant)))
    # Brest lies under the legend: Normandy is as neutral
    assert close(pixel(image, plain_fill_point(board, view, "NOR")), style.land)
    assert close(pixel(image, plain_fill_point(board, view, "SKA")), style.sea)


def test_an_area_changing_hands_changes_colour(
    variant: Variant, board: Board, view: View, style: Style
) -> None:
    position = scene(
        variant,
        "T3M",
        {"RUSSIA": ["A KAR"]},
        {"RUSSIA": ["KAR"], "SCANDINAVIA": ["EST"], "VISEGRAD": ["GBO"]},
    )
    image = rgb(map_png(position))
    assert close(pixel(image, plain_fill_point(board, view, "EST")), style.tint("SCANDINAVIA"))
    assert close(pixel(image, plain_fill_point(board, view, "GBO")), style.sea_tint("VISEGRAD"))
    # nobody controls the Eastern Baltic any more: plain sea
    assert close(pixel(image, plain_fill_point(board, view, "EBA")), style.sea)
    assert close(pixel(image, plain_fill_point(board, view, "LAT")), style.land)


# ports -----------------------------------------------------------------------------------


def test_a_port_is_a_dark_triangle_pointing_down(
    variant: Variant, board: Board, view: View, style: Style
) -> None:
    image = rgb(map_png(Position.initial(variant)))
    # the legend covers the corner of the Gulf of Finland
    for code in sorted(variant.ports - {"GFI"}):
        port = board.provinces[code].port
        assert port is not None
        x, y = view.pt(port)
        dark = (20, 20, 20)
        assert count_near(image, (x, y), 3, dark, tol=40) >= 15, code
        # broad at the top, a point at the bottom
        assert count_near(image, (x - 6, y - 3), 1.5, dark, tol=40) > 0, code
        assert count_near(image, (x - 6, y + 7), 1.5, dark, tol=40) == 0, code
        assert count_near(image, (x, y + 7), 1.5, dark, tol=40) > 0, code


def test_port_names_are_written_beside_their_triangles(
    variant: Variant, board: Board, view: View, style: Style
) -> None:
    start = Position.initial(variant)
    parts = layout(board, style, view, start, None, None)
    assert len(parts.port_names) == len(variant.ports)
    image = rgb(map_png(start))
    for code in ("BIS", "WME", "EBA"):
        port = board.provinces[code].port
        assert port is not None
        sprite, at = min(parts.port_names, key=lambda n: math.dist(n[1], view.pt(port)))
        # right of the triangle, in the sector's blue ink
        assert at[0] > view.pt(port)[0]
        assert count_near(image, at, sprite.image.height / 3, style.sea_text, tol=50) > 0
    # the letters lean: the top row of ink starts right of the bottom row's
    sprite = parts.port_names[0][0]
    alpha = sprite.image.getchannel("A")
    rows = [
        [x for x in range(alpha.width) if alpha.getpixel((x, y)) > 200]  # type: ignore[operator]
        for y in range(alpha.height)
    ]
    inked = [r for r in rows if r]
    assert inked[0][0] > inked[-1][0]


def test_accented_names_are_written_as_they_are_spelt() -> None:
    assert drawable("Gdańsk") == "Gdańsk"
    assert drawable("Střední Francie") == "Střední Francie"
    assert drawable("Łódź — Ærø") == "Łódź — Ærø"
    assert drawable("Kronstadt") == "Kronstadt"


# orders and results ----------------------------------------------------------------------

SEIZURE_UNITS = {"FRANCE": ["A KAT", "F NME"], "SPAIN": ["F WME"]}
SEIZURE_CONTROL = {"FRANCE": ["KAT", "NME"], "SPAIN": ["WME"]}
SEIZE = Seize(Unit(UnitType.ARMY, "KAT"), "WME")
BACKING = SupportSeize(Unit(UnitType.FLEET, "NME"), "KAT", "WME")


def test_a_seizure_is_an_arrow_from_the_army_to_the_port(
    variant: Variant, board: Board, view: View, style: Style
) -> None:
    position = scene(variant, "T3M", SEIZURE_UNITS, SEIZURE_CONTROL)
    bare = rgb(map_png(position))
    seized = rgb(map_png(position, orders={"FRANCE": [SEIZE]}))
    army, port = view.pt(board.provinces["KAT"].unit), board.provinces["WME"].port
    assert port is not None
    # France's ink halfway from the army to Barcelona's triangle, in the sector
    middle = between(army, view.pt(port), 0.62)
    assert count_near(seized, middle, 5, style.ink("FRANCE"), tol=30) > 0
    assert count_near(bare, middle, 5, style.ink("FRANCE"), tol=30) == 0
    # broken into dashes: along the shaft some stretches show the sector through it
    samples = [between(army, view.pt(port), 0.45 + 0.02 * k) for k in range(12)]
    inked = [count_near(seized, p, 1, style.ink("FRANCE"), tol=30) > 0 for p in samples]
    assert any(inked) and not all(inked)


def test_a_failed_seizure_is_faded_and_crossed(
    variant: Variant, board: Board, view: View, style: Style
) -> None:
    position = scene(variant, "T3M", SEIZURE_UNITS, SEIZURE_CONTROL)
    orders: dict[str, list[Order]] = {"FRANCE": [SEIZE]}
    port = board.provinces["WME"].port
    assert port is not None
    near_port = view.pt(port)
    won = rgb(map_png(position, results=outcomes(orders, [Outcome.SEIZED])))
    lost = rgb(map_png(position, results=outcomes(orders, [Outcome.BOUNCED])))
    assert count_near(won, near_port, 40, style.failure, tol=40) == 0
    assert count_near(lost, near_port, 40, style.failure, tol=40) > 0


def test_a_seizures_support_points_at_the_seizure(
    variant: Variant, board: Board, view: View, style: Style
) -> None:
    position = scene(variant, "T3M", SEIZURE_UNITS, SEIZURE_CONTROL)
    alone = rgb(map_png(position, orders={"FRANCE": [SEIZE]}))
    backed = rgb(map_png(position, orders={"FRANCE": [SEIZE, BACKING]}))
    fleet = view.pt(board.provinces["NME"].unit)
    army = view.pt(board.provinces["KAT"].unit)
    port = board.provinces["WME"].port
    assert port is not None
    # the support runs from the fleet toward the middle of the seizure's arrow
    toward = between(fleet, between(army, view.pt(port)), 0.5)
    assert count_near(backed, toward, 6, style.ink("FRANCE"), tol=30) > 0
    assert count_near(alone, toward, 6, style.ink("FRANCE"), tol=30) == 0


HOP_UNITS = {"SCANDINAVIA": ["A SMA", "F SKA", "F CHA"]}
HOP_CONTROL = {"SCANDINAVIA": ["SMA", "SKA", "CHA"]}
HOP_MOVE = Move(Unit(UnitType.ARMY, "SMA"), "NOR", via_convoy=True)
HOPS = [
    ConvoyHop(Unit(UnitType.FLEET, "SKA"), "SMA", "CHA"),
    ConvoyHop(Unit(UnitType.FLEET, "CHA"), "SKA", "NOR"),
]


def test_a_convoy_by_hops_runs_through_the_fleets(
    variant: Variant, board: Board, view: View, style: Style
) -> None:
    position = scene(variant, "T3M", HOP_UNITS, HOP_CONTROL)
    carried = rgb(map_png(position, orders={"SCANDINAVIA": [HOP_MOVE, *HOPS]}))
    direct = rgb(map_png(position, orders={"SCANDINAVIA": [HOP_MOVE]}))
    ska, cha = view.pt(board.provinces["SKA"].unit), view.pt(board.provinces["CHA"].unit)
    ink = style.ink("SCANDINAVIA")
    # the route from the Skagerrak's fleet on to the Channel's
    assert count_near(carried, between(ska, cha), 6, ink, tol=30) > 0
    assert count_near(direct, between(ska, cha), 6, ink, tol=30) == 0
    # each fleet of the route is ringed
    assert changed(carried, direct, (ska[0] - 40, ska[1] - 40, ska[0] + 40, ska[1] + 40)) > 50


def test_a_hop_no_move_uses_shows_its_stretch_faded(
    variant: Variant, board: Board, view: View, style: Style
) -> None:
    position = scene(variant, "T3M", HOP_UNITS, HOP_CONTROL)
    hops_only = rgb(map_png(position, orders={"SCANDINAVIA": HOPS[:1]}))
    bare = rgb(map_png(position))
    sma, ska = view.pt(board.provinces["SMA"].unit), view.pt(board.provinces["SKA"].unit)
    box = (*between(sma, ska, 0.3), *between(sma, ska, 0.7))
    box = (
        min(box[0], box[2]) - 8,
        min(box[1], box[3]) - 8,
        max(box[0], box[2]) + 8,
        max(box[1], box[3]) + 8,
    )
    assert changed(hops_only, bare, box) > 0


def test_dislodged_units_retreats_and_builds_are_drawn(
    variant: Variant, board: Board, view: View, style: Style
) -> None:
    fleet = Unit(UnitType.FLEET, "WME")
    beaten = Dislodged("SPAIN", fleet, "NME", ("SAT",))
    retreat = scene(variant, "T3R", {"FRANCE": ["A KAT", "F NME"]}, SEIZURE_CONTROL, [beaten])
    bare = rgb(map_png(retreat))
    moved = rgb(
        map_png(retreat, results=outcomes({"SPAIN": [Retreat(fleet, "SAT")]}, [Outcome.RETREATED]))
    )
    sat = view.pt(board.provinces["SAT"].unit)
    assert changed(moved, bare, (sat[0] - 40, sat[1], sat[0] + 40, sat[1] + 90)) > 50
    # the dislodged fleet stands beside its sector on the failure colour's burst
    wme = view.pt(board.provinces["WME"].unit)
    assert count_near(bare, wme, 40, style.failure, tol=40) > 0
    evaluation = scene(variant, "T4A", {}, {"RUSSIA": ["KAR", "EBA"]})
    build = {"RUSSIA": [Build(Unit(UnitType.FLEET, "EBA")), Build(Unit(UnitType.ARMY, "KAR"))]}
    built = rgb(map_png(evaluation, results=outcomes(build, [Outcome.BUILT, Outcome.BUILT])))
    for code in ("EBA", "KAR"):
        at = view.pt(board.provinces[code].unit)
        assert count_near(built, at, 14, style.colour("RUSSIA"), tol=20) > 0, code


# legend and titles -----------------------------------------------------------------------


def test_the_legend_counts_ports_beside_centres_and_units(variant: Variant) -> None:
    start = Position.initial(variant)
    assert legend_columns(start) == ("centres", "ports", "units")
    rows = {row.power: row for row in legend_rows(start)}
    # Russia: Karelia's centre, the ports of Kronstadt (GFI) and Riga (EBA), two units
    assert (rows["RUSSIA"].centres, rows["RUSSIA"].ports, rows["RUSSIA"].units) == (1, 2, 2)
    assert rows["RUSSIA"].counts == (1, 2, 2)
    assert rows["GERMANY"].ports == 0
    standard = Position.initial()
    assert legend_columns(standard) == ("centres", "units")
    assert all(row.ports is None for row in legend_rows(standard))


def test_titles_name_the_turn(variant: Variant) -> None:
    movement = scene(variant, "T4M", {}, {})
    assert title_text(movement, orders=False, results=False) == "Turn 4"
    assert title_text(movement, orders=False, results=True) == "Turn 4 — results"
    evaluation = scene(variant, "T2A", {}, {})
    assert title_text(evaluation, orders=False, results=False) == "Turn 2 control evaluation"


# regions, the command line ---------------------------------------------------------------


def test_regions_of_a_map_file_board_are_its_areas(board: Board) -> None:
    assert region_provinces(board, "kar") == ("KAR", "EST", "FIN", "GFI")
    with pytest.raises(ValueError, match="use an area code of handbook"):
        region_provinces(board, "france")


def test_dipgm_render_draws_a_diplomacia_position(by_name: None) -> None:
    request = {
        "variant": "handbook",
        "phase": "T1M",
        "units": {"RUSSIA": ["A KAR", "F GFI"]},
        "control": {"RUSSIA": ["KAR", "GFI"]},
    }
    out = io.BytesIO()
    code = render_command(["--size", "600"], io.StringIO(json.dumps(request)), out)
    assert code == 0
    assert open_png(out.getvalue()).size == (600, 417)


# history: the chart and the animation ----------------------------------------------------


def history(variant: Variant) -> list[Position]:
    """Turns 1 to 3 of a game: Russia takes Uppland's centre on turn 2, Scandinavia takes
    Karelia's on turn 3."""
    russia = ["KAR", "EST", "LAT", "EBA", "GFI"]
    scandinavia = ["UPP", "SMA", "FIN", "WBA"]
    return [
        Position.initial(variant),
        scene(variant, "T2M", {}, {"RUSSIA": russia, "SCANDINAVIA": scandinavia}),
        scene(
            variant,
            "T2A",
            {},
            {"RUSSIA": [*russia, "UPP"], "SCANDINAVIA": ["SMA", "FIN", "WBA"]},
        ),
        scene(
            variant,
            "T3M",
            {},
            {"RUSSIA": [*russia, "UPP"], "SCANDINAVIA": ["SMA", "FIN", "WBA"]},
        ),
        scene(
            variant,
            "T3R",
            {},
            {"RUSSIA": ["EST", "LAT", "EBA", "GFI", "UPP"], "SCANDINAVIA": ["KAR", "SMA"]},
        ),
    ]


def test_the_chart_has_a_point_per_turn(variant: Variant) -> None:
    tallies = yearly_centres(history(variant))
    assert [t.label for t in tallies] == ["start", "1", "2", "3"]
    assert [t.centres["RUSSIA"] for t in tallies] == [1, 1, 2, 1]
    assert [t.centres["SCANDINAVIA"] for t in tallies] == [1, 1, 0, 1]
    chart = open_png(centre_chart(history(variant), width=600))
    assert chart.size == (600, 360)


def test_the_charts_axis_says_turn(variant: Variant) -> None:
    turns = rgb(centre_chart(history(variant)))
    years = rgb(centre_chart([Position.initial()]))
    # left of the first label, under the column of counts
    word = (34, 452)
    assert count_near(turns, word, 6, (108, 104, 98), tol=40) > 0
    assert count_near(years, word, 6, (108, 104, 98), tol=40) == 0


def test_the_history_animates_numbered_turns(variant: Variant) -> None:
    turns = history(variant)
    gif = open_png(history_gif(turns, seconds_per_year=2.0, size=400))
    assert gif.n_frames == len(turns)  # type: ignore[attr-defined]
    durations = []
    for frame in range(gif.n_frames):  # type: ignore[attr-defined]
        gif.seek(frame)
        durations.append(gif.info["duration"])
    # a turn's phases share its two seconds: turn 2's movement and evaluation a second each
    assert durations[:4] == [2000, 1000, 1000, 1000]


def test_unit_icons_stand_on_the_map_files_unit_points(
    variant: Variant, board: Board, view: View, style: Style
) -> None:
    image = rgb(map_png(Position.initial(variant)))
    for power, unit in Position.initial(variant).all_units():
        if unit.province == "GFI":
            continue  # under the legend
        at = view.pt(board.provinces[unit.province].unit)
        assert count_near(image, at, 14, style.colour(power), tol=12) > 0, unit
    hold = {"RUSSIA": [Hold(Unit(UnitType.ARMY, "KAR"))]}
    held = rgb(map_png(Position.initial(variant), orders=hold))
    assert held.tobytes() != image.tobytes()
