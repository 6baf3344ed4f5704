"""Where the powers stand, and what a draw would score.

The standings put the winners first (a win by units, or a draw that leaves out a power
that surrendered with more centres, is still a win), then every other power by supply
centres. The scores are the two a league usually picks from: draw size (the powers in the
draw share it equally) and sum of squares (each survivor scores its centres squared over
the sum of every survivor's centres squared).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from bot.service.words.english import plural
from bot.service.words.labels import power_name, power_names
from engine import Position

# How a power that no one plays is marked, by its status in the game.
_STATUS = {
    "civil_disorder": " — in civil disorder",
    "surrendered": " — surrendered",
    "eliminated": " — eliminated",
}

SCORING = (
    "Draw size: the powers in the draw share it equally. Sum of squares: each power in the "
    "draw scores its centres squared over the sum of the draw's powers' centres squared. "
    "Powers out of the draw share in neither."
)


def ranking(position: Position, winners: Collection[str] = ()) -> list[str]:
    """The powers in standings order: winners first, then most supply centres, then most
    units, then by name."""

    def rank(power: str) -> tuple[bool, int, int, str]:
        centres = len(position.centers.get(power, ()))
        units = len(position.units.get(power, ()))
        return (power not in winners, -centres, -units, power_name(position, power))

    return sorted(position.variant.powers, key=rank)


def standings(
    position: Position,
    names: Mapping[str, str],
    statuses: Mapping[str, str],
    winners: Collection[str] = (),
) -> list[str]:
    """One line per power in :func:`ranking` order, with its players (``names``, left out
    of an anonymous game) and how it stands if nobody plays it (``statuses``, by power)."""
    lines: list[str] = []
    for place, power in enumerate(ranking(position, winners), start=1):
        centres = len(position.centers.get(power, ()))
        units = len(position.units.get(power, ()))
        who = f" ({names[power]})" if power in names else ""
        status = _STATUS.get(str(statuses.get(power, "")), "")
        lines.append(
            f"{place}. {power_name(position, power)}{who}: {plural(centres, 'supply centre')}, "
            f"{plural(units, 'unit')}{status}"
        )
    return lines


def draw_scores(position: Position, in_draw: Sequence[str], order: Sequence[str]) -> list[str]:
    """What each power would score from a draw of ``in_draw``, listed in ``order``: a line
    on who is in the draw, one per power that is in it or holds centres, then how each is
    counted. The league's errata: powers out of the draw take no share, whatever they hold,
    so neither way of counting counts their centres."""
    centres = {p: len(position.centers.get(p, ())) for p in position.variant.powers}
    squares = sum(centres[p] ** 2 for p in in_draw)
    lines = [f"In the draw: {power_names(position.variant, in_draw)}."]
    for power in order:
        if power in in_draw:
            share = _percent(centres[power] ** 2 / squares) if squares else _percent(0)
            size = _percent(1 / len(in_draw))
            lines.append(
                f"{power_name(position, power)}: {size} by draw size, {share} by sum of squares"
            )
        elif centres[power]:
            lines.append(f"{power_name(position, power)}: not in the draw, no share")
    lines.append(SCORING)
    return lines


def solo_score(position: Position, seat: Sequence[str], *, agreed_end: bool = False) -> list[str]:
    """A solo's score: everything to the winner (``seat``: its power, or the powers of the
    one player who commanded them together); ``agreed_end``: won by being ahead when the
    agreed end came."""
    names = power_names(position.variant, seat)
    if agreed_end:
        return [
            f"{names} won at the agreed end: a win scores 100% under any system, and every "
            "other power nothing."
        ]
    if len(seat) == 1:
        return [
            f"{names} won alone: a solo scores 100% under any system, and every other power "
            "nothing."
        ]
    return [
        f"{names} won together, commanded by one player: that player's solo scores 100% under "
        "any system, every other power 0."
    ]


def _percent(share: float) -> str:
    return f"{share * 100:.1f}%"
