"""Colours people can tell apart, by measure: for every shipped board, the powers' colours
and fills keep apart (CAM02-UCS difference, tools/palettes.py's thresholds) to normal colour
vision in the rule books' palette, and also under simulated deuteranopia, protanopia and
tritanopia in the colour-blind one; provinces off the board are cross-hatched, and the
legend says so."""

from __future__ import annotations

import pytest

from engine import Position, available_variants, load_variant
from render.compose import picture
from render.geometry import load_board
from render.legend import OFF_THE_BOARD, legend_notes
from render.styles import STYLES, style_of
from render.view import board_view
from tests.render.helpers import plain_fill_point
from tools.palettes import VISIONS, difference, visions_of, worst

pytest.importorskip("colorspacious")

# ten powers cannot all keep apart under every vision (tools/palettes.py --choose 10): on
# the Diplomacia board the colour-blind set reaches this share of each threshold
CROWDED = {("diplomacia", "colorblind"): 0.6}


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("name", available_variants())
def test_every_pair_of_colours_keeps_apart(name: str, style: str) -> None:
    variant = load_variant(name)
    least = CROWDED.get((name, style), 1.0)
    found = worst(style_of(style, variant), variant, visions_of(style))
    assert [f"{n} ({v}): {d:.1f}" for share, d, v, n in found if share < least] == []


def test_the_colour_blind_palette_is_checked_under_each_deficiency() -> None:
    assert visions_of("colorblind") == VISIONS
    assert {"deuteranomaly", "protanomaly", "tritanomaly"} <= set(VISIONS)


def test_the_complaints_are_gone() -> None:
    """England and France both blue, Italy and Scandinavia two teals, Turkey's sea wash
    like Yugoslavia's: each pair now keeps apart under every vision."""
    standard = style_of("colorblind", load_variant("standard"))
    diplomacia = style_of("colorblind", load_variant("diplomacia"))
    cases = [
        (standard.colour("ENGLAND"), standard.colour("FRANCE"), 10.0),
        (diplomacia.colour("ITALY"), diplomacia.colour("SCANDINAVIA"), 10.0),
        (diplomacia.sea_tint("TURKEY"), diplomacia.sea_tint("YUGOSLAVIA"), 3.5),
    ]
    for a, b, threshold in cases:
        assert min(difference(a, b, v) for v in VISIONS) >= threshold, (a, b)


@pytest.mark.parametrize("style", STYLES)
def test_provinces_off_the_board_are_cross_hatched_and_in_the_legend(style: str) -> None:
    variant = load_variant("1961-6")
    position = Position.initial(variant)
    assert OFF_THE_BOARD in legend_notes(position)
    assert OFF_THE_BOARD not in legend_notes(Position.initial())
    look = style_of(style, variant)
    drawn = picture(position, size=1200, style=style)
    board = load_board("1961-6")
    view = board_view(board, 1200)
    # a patch of Syria, out of play: its flat grey and its hatch's lighter lines both show
    x, y = view.pt(board.provinces["SYR"].unit)
    patch = drawn.image.crop((round(x) - 10, round(y) - 10, round(x) + 10, round(y) + 10))
    colours = {c for _, c in patch.getcolors(400) or []}
    assert any(_near(c, look.out_of_play) for c in colours)
    assert any(_near(c, look.out_of_play_hatch) for c in colours)
    # Germany's fill is flat: no hatch in it
    bx, by = plain_fill_point(board, view, "BER")
    flat = drawn.image.crop((bx - 3, by - 3, bx + 4, by + 4))
    assert not any(_near(c, look.out_of_play_hatch) for _, c in flat.getcolors(400) or [])


def _near(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return all(abs(x - y) <= 12 for x, y in zip(a[:3], b[:3], strict=True))
