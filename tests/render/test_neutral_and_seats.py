"""Maps of games with a neutral power and with seats (one player commanding several powers):
the neutral power's territory hatched while it is closed, and the legend counting each seat
toward victory."""

from __future__ import annotations

from dataclasses import replace

from engine import Position, join_seat, load_variant
from engine.phase import Phase
from render.geometry import load_board
from render.legend import legend_notes, legend_rows
from render.view import board_view
from tests.render.helpers import count_near, dominant, plain_fill_point, render_rgb

SIZE = 600
SIDES = (("AUSTRIA", "GERMANY", "TURKEY"), ("ENGLAND", "FRANCE", "RUSSIA"))


def _war() -> Position:
    return Position.initial(load_variant("ww1"), SIDES)


def _plain_share(position: Position, code: str) -> int:
    """Of the pixels around a plain spot of ``code``, how many show its flat fill as the
    standard opening draws it: hatching over the province leaves far fewer."""
    board = load_board(position.variant.name)
    view = board_view(board, SIZE)
    at = plain_fill_point(board, view, code)
    fill = dominant(render_rgb(Position.initial(), size=SIZE), at, 0.5)
    return count_near(render_rgb(position, size=SIZE), at, 6, fill, 12)


def test_neutral_italy_is_hatched_while_it_is_closed() -> None:
    war = _war()
    assert war.neutral == {"ITALY"}
    joined = join_seat(replace(war, phase=Phase.parse("S1915M")), "ITALY", "GERMANY")
    for code in ("PIE", "TUS", "ROM"):
        open_ = _plain_share(Position.initial(), code)
        assert _plain_share(war, code) < open_ / 2, code
        # Italy in play again: drawn as on the standard board
        assert _plain_share(joined, code) == open_, code
    assert _plain_share(war, "BUR") == _plain_share(Position.initial(), "BUR")


def test_the_legend_marks_neutral_italy_and_what_the_hatching_means() -> None:
    war = _war()
    names = [row[1] for row in legend_rows(war)]
    assert "Italy (neutral)" in names
    assert legend_notes(war)[-1] == "hatched: neutral, closed to all"
    joined = join_seat(replace(war, phase=Phase.parse("S1915M")), "ITALY", "GERMANY")
    assert "Italy" in [row[1] for row in legend_rows(joined)]
    assert not any("hatched" in note for note in legend_notes(joined))


def test_the_legend_groups_powers_by_seat_and_counts_units_toward_victory() -> None:
    war = _war()
    assert [row[0] for row in legend_rows(war)] == [*SIDES[0], *SIDES[1], "ITALY"]
    assert legend_notes(war)[:2] == (
        "Austria + Germany + Turkey: 9/24 units",
        "England + France + Russia: 10/24 units",
    )
    joined = join_seat(replace(war, phase=Phase.parse("S1915M")), "ITALY", "GERMANY")
    assert legend_notes(joined) == (
        "Austria + Germany + Italy + Turkey: 12/24 units",
        "England + France + Russia: 10/24 units",
    )


def test_a_centres_game_in_seats_counts_centres_and_a_game_alone_adds_nothing() -> None:
    paired = Position.initial(load_variant(), [["ENGLAND", "AUSTRIA"]])
    rows = [row[0] for row in legend_rows(paired)]
    assert rows[:2] == ["AUSTRIA", "ENGLAND"]
    assert legend_notes(paired) == ("Austria + England: 6/18 centres",)
    assert legend_notes(Position.initial()) == ()
    assert [row[0] for row in legend_rows(Position.initial())] == list(load_variant().powers)
