"""The standings and the draw scores as players read them: winners first, then centres; draw
size and sum of squares from the centre counts."""

from __future__ import annotations

from bot.service.words.standings import draw_scores, ranking, solo_score, standings
from tests.render.test_chart import owning

# Russia 10, Turkey 7, France 5, England 3, Italy 2, Austria 1, Germany none
BOARD = owning(
    {"AUSTRIA": 1, "ENGLAND": 3, "FRANCE": 5, "ITALY": 2, "RUSSIA": 10, "TURKEY": 7}, "W1905A"
)


def test_the_winners_come_before_bigger_powers() -> None:
    assert ranking(BOARD)[:3] == ["RUSSIA", "TURKEY", "FRANCE"]
    assert ranking(BOARD, winners=("FRANCE", "ENGLAND"))[:3] == ["FRANCE", "ENGLAND", "RUSSIA"]
    lines = standings(BOARD, {"FRANCE": "carol"}, {"GERMANY": "eliminated"}, ("FRANCE",))
    assert lines[0] == "1. France (carol): 5 supply centres, 3 units"
    assert lines[-1] == "7. Germany: 0 supply centres, 3 units — eliminated"


def test_draw_size_shares_equally_and_sum_of_squares_weighs_centres() -> None:
    # squares of the powers in the draw: 100 + 49 + 25 = 174; the rest share in nothing
    lines = draw_scores(BOARD, ["FRANCE", "RUSSIA", "TURKEY"], ranking(BOARD))
    assert lines[:7] == [
        "In the draw: France, Russia and Turkey.",
        "Russia: 33.3% by draw size, 57.5% by sum of squares",
        "Turkey: 33.3% by draw size, 28.2% by sum of squares",
        "France: 33.3% by draw size, 14.4% by sum of squares",
        "England: not in the draw, no share",
        "Italy: not in the draw, no share",
        "Austria: not in the draw, no share",
    ]
    assert not any(line.startswith("Germany") for line in lines)  # no centre, no share
    assert lines[-1].startswith("Draw size: the powers in the draw share it equally.")


def test_a_solo_takes_everything() -> None:
    assert solo_score(BOARD, ["RUSSIA"]) == [
        "Russia won alone: a solo scores 100% under any system, and every other power nothing."
    ]
    assert solo_score(BOARD, ["ENGLAND", "FRANCE"])[0].startswith(
        "England and France won together, commanded by one player: that player's solo scores 100%"
    )
