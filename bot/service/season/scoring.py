"""The scoring systems a club may choose for its standings: what each power of one finished
game scores, out of 100, from how the game ended (its stored outcome).

- ``draw-size`` (draw-based scoring, the oldest of the published systems): a solo scores 100;
  a draw shares 100 equally among the powers in it.
- ``sum-of-squares`` (Diplicity's and webDiplomacy's "Sum-of-Squares", after Sulkowski): a solo
  scores 100; each power in a draw scores 100 × its centres² over the sum of the drawing
  powers' centres². As the league's errata have it, powers out of the draw take no share.
- ``c-diplo`` (C-Diplo 100, Bruno-André Giraudon 1992, as the World Diplomacy Database states
  it): a solo scores 100 and everyone else 0; otherwise every power scores 1 for playing and 1
  a supply centre, and the powers with the most, second most and third most centres score 38,
  14 and 7 more (tied powers share the bonuses of the places they fill). On the standard
  board a game's points add up to 100.

A game the game master ended without a result scores nothing under any system.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from bot.service.errors import UserError


class Scoring(StrEnum):
    DRAW_SIZE = "draw-size"
    SUM_OF_SQUARES = "sum-of-squares"
    C_DIPLO = "c-diplo"

    @property
    def described(self) -> str:
        return _DESCRIBED[self]


_DESCRIBED = {
    Scoring.DRAW_SIZE: "draw size (a solo 100; a draw shared equally by the powers in it)",
    Scoring.SUM_OF_SQUARES: (
        "sum of squares (a solo 100; in a draw, 100 × centres² over the sum of the drawing "
        "powers' centres²)"
    ),
    Scoring.C_DIPLO: (
        "C-Diplo 100 (a solo 100; else 1 for playing, 1 a centre, and 38, 14 and 7 for the "
        "most, second and third most centres, shared on a tie)"
    ),
}
_WORDS = {
    "draw-size": Scoring.DRAW_SIZE,
    "dss": Scoring.DRAW_SIZE,
    "drawsize": Scoring.DRAW_SIZE,
    "sum-of-squares": Scoring.SUM_OF_SQUARES,
    "sos": Scoring.SUM_OF_SQUARES,
    "squares": Scoring.SUM_OF_SQUARES,
    "c-diplo": Scoring.C_DIPLO,
    "cdiplo": Scoring.C_DIPLO,
}
DEFAULT_SCORING = Scoring.SUM_OF_SQUARES
# C-Diplo's bonuses for the most, second and third most centres
_PLACES = (38.0, 14.0, 7.0)


def parse_scoring(text: str) -> Scoring:
    """A scoring system by its name or usual short name (``sos``, ``dss``), any case."""
    found = _WORDS.get(text.strip().lower())
    if found is None:
        names = ", ".join(s.value for s in Scoring)
        raise UserError(
            f"{text.strip() or 'nothing'!r} is not a scoring system: write one of {names}."
        )
    return found


@dataclass(frozen=True, slots=True)
class Ending:
    """How a finished game ended, as scoring reads it: ``kind`` (solo, draw, tie, limit),
    the powers that won or share the end, and every power's supply centres at the end."""

    kind: str
    winners: tuple[str, ...]
    centres: Mapping[str, int]


def scores(system: Scoring, ending: Ending) -> dict[str, float]:
    """Each power's points out of 100 (every power of the game, 0 for those who score none)."""
    points = dict.fromkeys(ending.centres, 0.0)
    if is_solo(ending):
        for power in ending.winners:
            # a player commanding several powers won with them together: one solo between them
            points[power] = 100.0 / len(ending.winners)
        return points
    if system is Scoring.C_DIPLO:
        return _c_diplo(ending.centres)
    sharing = [p for p in ending.winners if p in points]
    if not sharing:
        return points
    if system is Scoring.DRAW_SIZE:
        for power in sharing:
            points[power] = 100.0 / len(sharing)
        return points
    squares = sum(ending.centres[p] ** 2 for p in sharing)
    for power in sharing:
        share = ending.centres[power] ** 2 / squares if squares else 1 / len(sharing)
        points[power] = 100.0 * share
    return points


def is_solo(ending: Ending) -> bool:
    # an agreed end with one power ahead is that power's win (the rule books' short game)
    return ending.kind == "solo" or (ending.kind == "limit" and len(ending.winners) == 1)


def _c_diplo(centres: Mapping[str, int]) -> dict[str, float]:
    points = {p: 1.0 + c for p, c in centres.items()}
    levels = sorted(set(centres.values()), reverse=True)
    place = 0
    for level in levels:
        tied = [p for p, c in centres.items() if c == level]
        bonus = sum(_PLACES[place : place + len(tied)])
        for power in tied:
            points[power] += bonus / len(tied)
        place += len(tied)
        if place >= len(_PLACES):
            break
    return points


def ranks(ending: Ending, powers: Sequence[str]) -> list[int]:
    """Each power's place in the game (1 best, equal on a tie), for the ratings: the winners or
    the draw's powers share the first place, the others follow by supply centres."""

    def key(power: str) -> tuple[int, int]:
        if power in ending.winners:
            return (0, 0)  # a draw's powers are equal, whatever their centres
        return (1, -ending.centres.get(power, 0))

    keys = sorted({key(p) for p in powers})
    return [keys.index(key(p)) + 1 for p in powers]
