"""The renderer on a tiny hand-made board in the geometry file's format, so its drawing rules
are checked apart from the real map's details."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image

from engine import Move, Phase, Position, Unit
from render.compose import _draw
from render.crop import crop_box
from render.geometry import Board, board_from_dict
from render.labels import draw_labels, place_labels
from render.routes import convoy_chain
from render.styles import get_style
from render.units import UNIT_SIZE
from render.view import board_view
from tests.render.helpers import close, count_near, dominant


def square(x: float, y: float, size: float = 100) -> list[list[float]]:
    return [[x, y], [x + size, y], [x + size, y + size], [x, y + size]]


SQUARES: dict[str, Any] = {
    "format": 1,
    "width": 300,
    "height": 200,
    "inputs": {},
    "provinces": {
        "PAR": {
            "kind": "land",
            "polygons": [square(0, 0)],
            "label": [50, 75],
            "unit": [50, 45],
            "center": [25, 20],
        },
        "BUR": {
            "kind": "land",
            "polygons": [square(100, 0)],
            "label": [150, 75],
            "unit": [150, 45],
        },
        "MUN": {
            "kind": "land",
            "polygons": [square(200, 0)],
            "label": [250, 75],
            "unit": [250, 45],
            "center": [275, 20],
        },
        "ENG": {
            "kind": "sea",
            "polygons": [[[0, 100], [200, 100], [200, 200], [0, 200]]],
            "label": [100, 175],
            "unit": [100, 145],
        },
    },
    "impassable": {"SWI": {"polygons": [square(200, 100)], "label": [250, 150]}},
    "offboard_land": [],
    "offboard_water": [],
    "adjacency": [["BUR", "MUN"], ["BUR", "PAR"], ["ENG", "PAR"]],
}


@pytest.fixture(scope="module")
def board() -> Board:
    return board_from_dict("squares", SQUARES)


def small_position() -> Position:
    start = Position.initial()
    return Position(
        variant=start.variant,
        phase=Phase.parse("S1901M"),
        units={"FRANCE": (Unit.parse("A PAR"),), "GERMANY": (Unit.parse("A MUN"),)},
        centers={"FRANCE": frozenset({"PAR"}), "GERMANY": frozenset({"MUN"})},
        homes={"FRANCE": ("PAR",), "GERMANY": ("MUN",)},
    )


def draw(board: Board, **options: Any) -> Image.Image:
    style = get_style(options.pop("style", "default"))
    view = board_view(board, 600)
    return _draw(board, style, view, small_position(), options.get("orders"), None, "Test").image


def test_tints_units_and_neutral_land(board: Board) -> None:
    style = get_style("default")
    image = draw(board)
    assert image.size == (600, 400)
    assert close(image.getpixel((20, 180)), style.tint("FRANCE", home=True))  # type: ignore[arg-type]
    assert close(image.getpixel((300, 180)), style.land)  # type: ignore[arg-type]
    assert close(image.getpixel((580, 180)), style.tint("GERMANY", home=True))  # type: ignore[arg-type]
    assert close(image.getpixel((40, 380)), style.sea)  # type: ignore[arg-type]
    icon = UNIT_SIZE * 2  # 600 px for a board 300 wide
    assert close(dominant(image, (100, 90), icon * 0.42), style.colour("FRANCE"))
    assert close(dominant(image, (500, 90), icon * 0.42), style.colour("GERMANY"))


def test_switzerland_is_hatched(board: Board) -> None:
    style = get_style("default")
    image = draw(board)
    colours = {image.getpixel((x, 300)) for x in range(420, 580)}
    assert any(close(c, style.hatch, 25) for c in colours)  # type: ignore[arg-type]
    assert any(close(c, style.impassable, 12) for c in colours)  # type: ignore[arg-type]


def test_a_move_is_an_arrow_in_the_powers_ink(board: Board) -> None:
    style = get_style("default")
    position = small_position()
    unit = position.units["FRANCE"][0]
    plain = draw(board)
    arrow = draw(board, orders={"FRANCE": [Move(unit, "BUR")]})
    between = (200, 90)
    ink = style.ink("FRANCE")
    assert count_near(arrow, between, 6, ink, 30) > count_near(plain, between, 6, ink, 30)


def test_a_covered_label_moves_away(board: Board) -> None:
    style = get_style("default")
    view = board_view(board, 600)
    label = view.pt(board.provinces["BUR"].label)
    clear = Image.new("RGB", (600, 400), style.land)
    draw_labels(clear, place_labels(board, view, style, []))
    covered = Image.new("RGB", (600, 400), style.land)
    box = (label[0] - 20, label[1] - 12, label[0] + 20, label[1] + 12)
    draw_labels(covered, place_labels(board, view, style, [box]))
    text = style.land_text
    assert count_near(clear, label, 10, text, 60) > 5
    assert count_near(covered, label, 10, text, 60) == 0


def test_crops_stay_on_the_board(board: Board) -> None:
    x0, y0, x1, y1 = crop_box(board, ["PAR"])
    assert 0 <= x0 < x1 <= board.width and 0 <= y0 < y1 <= board.height


def test_convoy_chains_follow_the_fleets() -> None:
    variant = Position.initial().variant
    assert convoy_chain(variant, "LON", "TUN", ["ENG", "MAO", "WES", "NTH"]) == [
        "ENG",
        "MAO",
        "WES",
    ]
    assert convoy_chain(variant, "LON", "TUN", ["NTH"]) is None
