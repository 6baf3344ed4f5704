"""The scoring systems against their published worked examples."""

from __future__ import annotations

import pytest

from bot.service.errors import UserError
from bot.service.season import Ending, Scoring, parse_scoring, scores

# The World Diplomacy Database's first C-Diplo 100 example (a game without a solo).
WDD = {
    "AUSTRIA": 4,
    "ENGLAND": 0,
    "FRANCE": 9,
    "GERMANY": 7,
    "ITALY": 7,
    "RUSSIA": 3,
    "TURKEY": 4,
}


def test_c_diplo_as_the_world_diplomacy_database_counts_it() -> None:
    got = scores(Scoring.C_DIPLO, Ending("draw", ("FRANCE", "GERMANY", "ITALY"), WDD))
    assert got == {
        "AUSTRIA": 5.0,
        "ENGLAND": 1.0,
        "FRANCE": 48.0,
        "GERMANY": 18.5,
        "ITALY": 18.5,
        "RUSSIA": 4.0,
        "TURKEY": 5.0,
    }
    assert sum(got.values()) == 100


def test_a_draw_shares_only_among_its_powers() -> None:
    ending = Ending("draw", ("FRANCE", "GERMANY"), WDD)
    assert scores(Scoring.DRAW_SIZE, ending)["FRANCE"] == 50
    sos = scores(Scoring.SUM_OF_SQUARES, ending)
    assert sos["FRANCE"] == pytest.approx(100 * 81 / 130)
    assert sos["GERMANY"] == pytest.approx(100 * 49 / 130)
    assert sos["ITALY"] == 0  # 7 centres, out of the draw: no share (the league's errata)


@pytest.mark.parametrize("system", list(Scoring))
def test_a_solo_is_100_under_every_system(system: Scoring) -> None:
    got = scores(system, Ending("solo", ("FRANCE",), WDD | {"FRANCE": 18}))
    assert got["FRANCE"] == 100
    assert sum(got.values()) == 100


def test_a_scoring_named_wrong_is_refused_with_the_right_names() -> None:
    assert parse_scoring("SoS") is Scoring.SUM_OF_SQUARES
    with pytest.raises(UserError, match="draw-size, sum-of-squares, c-diplo"):
        parse_scoring("tribute")
