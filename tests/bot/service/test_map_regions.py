"""`map REGION` on a board with provinces off it: a region with something in play is drawn,
and one with nothing in play is not a region of this game (never a failure in the
renderer)."""

from __future__ import annotations

from bot.service.maps import region_name
from engine import Position, load_variant


def opening(variant: str) -> Position:
    return Position.initial(load_variant(variant))


def test_regions_and_provinces_in_play_are_named() -> None:
    assert region_name(opening("1961-6"), "Turkey") == "turkey"  # its seas are in play
    assert region_name(opening("1961-6"), "bla") == "BLA"
    assert region_name(opening("standard"), "CON") == "CON"
    assert region_name(opening("1961-6"), "atlantis") is None


def test_nothing_in_play_is_no_region() -> None:
    assert region_name(opening("1961-6"), "con") is None
    assert region_name(opening("1961-5"), "russia") is None
