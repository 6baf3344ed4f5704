"""Games for fewer than seven players (the UK rule book, III.2): which powers are played and
who commands which, as the `players=` option sets it.

    players=7     every power has its player (the default: 2 to 7 players, the rest in
                  civil disorder)
    players=6     Italy is not played
    players=5     neither Italy nor Germany is played
    players=4     England; Austria and France; Germany and Turkey; Italy and Russia
    players=4:2   England; France and Russia; Germany and Turkey; Austria and Italy
    players=4:3   England; France and Russia; Germany and Austria; Italy and Turkey
    players=3     England and Austria; France and Russia; Germany and Turkey; Italy is not
                  played
    players=3:2   Germany and Austria; France and Russia; England and Turkey; Italy is not
                  played

Powers not played stand in civil disorder. A player commanding several powers orders each
as a separate state (builds, removals, orders), and wins with the centres of all its powers
together (UK III.2: "the game is won when one player controls at least 18 Supply Centres").
The rule book's three-player table names Germany twice and England nowhere; both readings
are offered: England and Austria (players=3), or Germany and Austria (players=3:2).

A started game keeps ``blocs``: power -> the power whose player commands it as well.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.service.errors import UserError

Seats = tuple[tuple[str, ...], ...]

AUS, ENG, FRA, GER, ITA, RUS, TUR = (
    "AUSTRIA",
    "ENGLAND",
    "FRANCE",
    "GERMANY",
    "ITALY",
    "RUSSIA",
    "TURKEY",
)
LAYOUTS: Mapping[tuple[int, int], Seats] = {
    (7, 1): ((AUS,), (ENG,), (FRA,), (GER,), (ITA,), (RUS,), (TUR,)),
    (6, 1): ((AUS,), (ENG,), (FRA,), (GER,), (RUS,), (TUR,)),
    (5, 1): ((AUS,), (ENG,), (FRA,), (RUS,), (TUR,)),
    (4, 1): ((ENG,), (AUS, FRA), (GER, TUR), (ITA, RUS)),
    (4, 2): ((ENG,), (FRA, RUS), (GER, TUR), (AUS, ITA)),
    (4, 3): ((ENG,), (FRA, RUS), (GER, AUS), (ITA, TUR)),
    (3, 1): ((ENG, AUS), (FRA, RUS), (GER, TUR)),
    (3, 2): ((GER, AUS), (FRA, RUS), (ENG, TUR)),
}
_FORM = re.compile(r"(?P<n>\d+)(?::(?P<layout>\d+))?")
USAGE = "players=3, 3:2, 4, 4:2, 4:3, 5, 6 or 7"


@dataclass(frozen=True, slots=True)
class Setup:
    players: int
    layout: int
    seats: Seats

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "layout": self.layout,
            "seats": [list(seat) for seat in self.seats],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> Setup | None:
        if not data:
            return None
        seats = tuple(tuple(str(p) for p in seat) for seat in data["seats"])
        return cls(int(data["players"]), int(data.get("layout", 1)), seats)

    @property
    def played(self) -> frozenset[str]:
        return frozenset(p for seat in self.seats for p in seat)

    def seat_of(self, power: str) -> tuple[str, ...] | None:
        return next((seat for seat in self.seats if power in seat), None)


def parse_players(value: str | None) -> Setup | None:
    if value is None:
        return None
    match = _FORM.fullmatch(value.strip())
    if match is None:
        raise UserError(f"players={value}: write {USAGE}.")
    n, layout = int(match.group("n")), int(match.group("layout") or 1)
    if n == 2:
        raise UserError(
            "players=2 is the rule book's World War I game (it begins in 1914 with Italy "
            f"neutral): play it as the variant ww1 (variant=ww1), or write {USAGE}."
        )
    seats = LAYOUTS.get((n, layout))
    if seats is None:
        raise UserError(f"players={value} is not a rule-book layout: write {USAGE}.")
    return Setup(n, layout, seats)


def blocs_of(settings: Mapping[str, Any]) -> dict[str, str]:
    """power -> the power whose player commands it too (only powers sharing a player)."""
    stored = settings.get("blocs")
    return {str(k): str(v) for k, v in stored.items()} if isinstance(stored, Mapping) else {}


def commanded(settings: Mapping[str, Any], power: str) -> list[str]:
    """The powers the player of ``power`` commands: it first, then those it leads."""
    blocs = blocs_of(settings)
    lead = blocs.get(power, power)
    return [lead, *sorted(p for p, head in blocs.items() if head == lead)]


def lead_of(settings: Mapping[str, Any], power: str) -> str:
    """The power whose player row stands for ``power``."""
    return blocs_of(settings).get(power, power)


def seat_blocs(seats: Sequence[Sequence[str]]) -> dict[str, str]:
    return {member: seat[0] for seat in seats for member in seat[1:]}


def seats_of(settings: Mapping[str, Any]) -> Seats:
    """The powers each player commands together, for those commanding several: they win
    with their centres together."""
    blocs = blocs_of(settings)
    # sorted as the engine keeps them, so positions compare equal
    return tuple(sorted(tuple(sorted(commanded(settings, lead))) for lead in set(blocs.values())))
