"""Maps of the 1961 boards for fewer players, drawn on the standard board's geometry: the
provinces taken away greyed, unnamed and without centres, and the Black Sea–Aegean passage
open."""

from __future__ import annotations

import math

import pytest
from PIL import Image

from engine import Position, Variant, adjudicate, load_variant
from render import board_region, history_gif, map_png
from render.compose import picture
from render.crop import region_provinces
from render.geometry import Board, load_board
from render.legend import legend_rows
from render.styles import RGB, STYLES, get_style, luminance
from render.view import View, board_view
from tests.render.helpers import (
    close,
    count_near,
    dominant,
    open_png,
    plain_fill_point,
    render_rgb,
)

BOARDS = ("1961-6", "1961-5", "1961-4", "1961-3")
SIZE = 600


def drawn(name: str, style: str = "default") -> tuple[Variant, Board, View, Image.Image]:
    """The opening of a board (every power's units) at :data:`SIZE` pixels."""
    variant = load_variant(name)
    board = load_board(name)
    return (
        variant,
        board,
        board_view(board, SIZE),
        render_rgb(Position.initial(variant), size=SIZE, style=style),
    )


def contrast(a: RGB, b: RGB) -> float:
    """The WCAG contrast ratio: from 1 (the same lightness) to 21 (black on white)."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("style", STYLES)
def test_out_of_play_is_a_grey_of_its_own(style: str) -> None:
    """Darker than land, sea and every power's fill, so it reads apart from them whatever
    the colour vision: lightness, not hue."""
    look = get_style(style)
    grey = look.out_of_play
    for other in (look.land, look.sea, look.offboard_land, look.impassable):
        assert contrast(grey, other) > 1.6, other
    for power in look.powers:
        for home in (False, True):
            assert contrast(grey, look.tint(power, home=home)) > 1.6, power


@pytest.mark.parametrize("name", BOARDS)
@pytest.mark.parametrize("style", STYLES)
def test_provinces_off_the_board_are_greyed_unnamed_and_without_centres(
    name: str, style: str
) -> None:
    variant, board, view, image = drawn(name, style)
    look = get_style(style, name)
    assert variant.out_of_play
    drawn_map = picture(Position.initial(variant), size=SIZE, style=style)
    named = {label.code for label in drawn_map.parts.labels}
    legend = drawn_map.legend
    assert legend is not None
    for code in variant.out_of_play:
        shape = board.provinces[code]
        assert code not in named, code
        at = view.pt(shape.unit)
        # the legend may lie over provinces out of play: nothing happens there
        if (
            not legend[0] - 4 <= at[0] <= legend[2] + 4
            or not legend[1] - 4 <= at[1] <= legend[3] + 4
        ):
            # grey, cross-hatched in a lighter grey
            assert count_near(image, at, 5, look.out_of_play, 10) > 8, code
            assert count_near(image, at, 5, look.out_of_play_hatch, 24) > 0, code
        if shape.center is not None:
            assert count_near(image, view.pt(shape.center), 4, look.outline) == 0, code
    # the provinces left in play keep their names
    kept = board.provinces["PAR"]
    assert count_near(image, view.pt(kept.label), 6, look.land_text) > 0


def test_the_standard_board_names_and_marks_what_an_overlay_greys() -> None:
    """The checks above would see a label and a centre marker in Constantinople."""
    board = load_board()
    view = board_view(board, SIZE)
    image = render_rgb(Position.initial(), size=SIZE)
    look = get_style("default")
    con = board.provinces["CON"]
    assert con.center is not None
    assert count_near(image, view.pt(con.label), 6, look.land_text) > 0
    assert count_near(image, view.pt(con.center), 4, look.outline) > 0
    assert not close(dominant(image, view.pt(con.unit), 2), look.out_of_play)


@pytest.mark.parametrize("name", BOARDS)
def test_the_black_sea_aegean_passage_is_drawn(name: str) -> None:
    _, board, view, image = drawn(name)
    look = get_style("default", name)
    (passage,) = board.passages
    assert {passage.a, passage.b} == {"AEG", "BLA"}
    # the Bosporus: across Constantinople, which is land on the standard board
    start, end = max(passage.straits, key=lambda s: math.dist(*s))
    middle = view.pt(((start[0] + end[0]) / 2, (start[1] + end[1]) / 2))
    assert count_near(image, middle, 3, look.sea, 8) >= 6, "open water"
    assert count_near(image, middle, 5, look.sea_text, 30) > 0, "the sea lane"
    standard = render_rgb(Position.initial(), size=SIZE)
    assert count_near(standard, middle, 3, look.sea, 8) == 0


def test_vienna_and_trieste_are_neutral_centres_on_the_four_player_board() -> None:
    _, board, view, image = drawn("1961-4")
    look = get_style("default", "1961-4")
    for code in ("VIE", "TRI"):
        centre = board.provinces[code].center
        assert centre is not None
        # a neutral centre: the marker's white fill, on neutral land
        assert count_near(image, view.pt(centre), 2, look.panel, 20) > 0, code
        # belonging to nobody, not tinted as any power's home
        assert close(image.getpixel(plain_fill_point(board, view, code)), look.land), code  # type: ignore[arg-type]


@pytest.mark.parametrize("name", BOARDS)
def test_the_legend_lists_the_boards_powers_alone(name: str) -> None:
    variant = load_variant(name)
    rows = legend_rows(Position.initial(variant))
    assert tuple(row[0] for row in rows) == variant.powers
    assert all(row[3] > 0 for row in rows), "a unit of each power is on the board"


def test_a_region_partly_off_the_board_shows_it_greyed() -> None:
    look = get_style("default", "1961-4")
    position = Position.initial(load_variant("1961-4"))
    image = open_png(map_png(position, size=300, region="balkans")).convert("RGB")
    assert image.width == 300
    assert count_near(image, (150, image.height / 2), 150, look.out_of_play, 8) > 0


def test_a_region_or_province_off_the_board_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match=r"the russia region is off the board in 1961-5"):
        map_png(Position.initial(load_variant("1961-5")), size=300, region="russia")
    with pytest.raises(ValueError, match=r"Constantinople \(CON\) is off the board in 1961-6"):
        board_region("1961-6", "con")
    with pytest.raises(ValueError, match="no map for variant 'nonesuch'"):
        load_board("nonesuch")


def test_a_province_region_counts_the_passage_and_not_what_is_gone() -> None:
    around = region_provinces(load_board("1961-6"), "BLA")
    assert "AEG" in around
    assert "CON" not in around and "ANK" not in around
    assert "RUM" in around


def test_a_history_of_a_1961_board_animates() -> None:
    start = Position.initial(load_variant("1961-3"))
    resolution = adjudicate(start, {})
    gif = history_gif([start, resolution.position], results=[resolution, None], size=300)
    image = open_png(gif)
    assert image.format == "GIF"
    assert image.n_frames == 2  # type: ignore[attr-defined]
