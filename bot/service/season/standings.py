"""The standings of a club's season: each finished game's points per person under the club's
scoring, summed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.service.season.results import FinishedGame, Person
from bot.service.season.scoring import Scoring, is_solo, scores


@dataclass(slots=True)
class Standing:
    """A person's season: points summed, games played, solos won and draws shared."""

    person: Person
    points: float = 0.0
    games: int = 0
    solos: int = 0
    draws: int = 0
    # the points summed after each game of the season, in the order they finished (the chart)
    by_game: list[float] = field(default_factory=list)


def standings(games: Sequence[FinishedGame], system: Scoring) -> list[Standing]:
    """Everyone who held a power at the end of one of ``games``, most points first. A person
    who held several powers in one game scores them all; every member of a team scores their
    power's points."""
    table: dict[str, Standing] = {}
    for game in games:
        points = scores(system, game.ending)
        won: dict[str, float] = {}
        shared_end: set[str] = set()
        for power, people in game.holders.items():
            for person in people:
                table.setdefault(person.user_id, Standing(person))
                won[person.user_id] = won.get(person.user_id, 0.0) + points[power]
                if power in game.ending.winners:
                    shared_end.add(person.user_id)
        for user_id, gained in won.items():
            row = table[user_id]
            row.points += gained
            row.games += 1
            if user_id in shared_end:
                if is_solo(game.ending):
                    row.solos += 1
                else:
                    row.draws += 1
        for row in table.values():
            row.by_game.append(row.points)
    for row in table.values():
        # those who first played later scored nothing before
        row.by_game[:0] = [0.0] * (len(games) - len(row.by_game))
    return sorted(table.values(), key=lambda r: (-r.points, -r.solos, r.person.name))
