"""Ratings: one per person, moved by each finished game of the club, in the order the games
finished, with OpenSkill's Plackett-Luce model (the `openskill` package; Diplicity's newest
ratings are OpenSkill's too).

Each power of a game is a team of the people who held it at the end (one person alone,
usually); the teams are ranked as :func:`bot.service.season.scoring.ranks` places them: a
solo's winner first and every other power after it by centres, a draw's powers sharing the
first place and the others after them by centres. A person who held several powers plays for
the best placed of them. A game counts only once it is over, so a rating never moves with
anything still secret.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

from bot.service.season.results import FinishedGame, Person
from bot.service.season.scoring import ranks


@dataclass(frozen=True, slots=True)
class Rating:
    """A person's rating: ``mu`` (the skill estimated), ``sigma`` (how unsure), ``shown``
    (the leaderboard's number, mu − 3 sigma: a skill the person very likely has at least)
    and the games it counts."""

    person: Person
    mu: float
    sigma: float
    games: int

    @property
    def shown(self) -> float:
        return self.mu - 3 * self.sigma


def rate(games: Sequence[FinishedGame]) -> list[Rating]:
    """Every rated person's rating after ``games`` (oldest first), best first."""
    model = PlackettLuce()
    current: dict[str, PlackettLuceRating] = {}
    people: dict[str, Person] = {}
    played: dict[str, int] = {}
    for game in games:
        powers, teams = _teams(game)
        if len(teams) < 2:
            continue  # nobody to be ranked against
        for team in teams:
            for person in team:
                people[person.user_id] = person
                current.setdefault(person.user_id, model.rating(name=person.user_id))
        rated = model.rate(
            [[current[p.user_id] for p in team] for team in teams],
            ranks=[float(r) for r in ranks(game.ending, powers)],
        )
        for team, ratings in zip(teams, rated, strict=True):
            for person, rating in zip(team, ratings, strict=True):
                current[person.user_id] = rating
                played[person.user_id] = played.get(person.user_id, 0) + 1
    found = [Rating(people[u], current[u].mu, current[u].sigma, played.get(u, 0)) for u in current]
    return sorted(found, key=lambda r: (-r.shown, r.person.name, r.person.user_id))


def _teams(game: FinishedGame) -> tuple[list[str], list[list[Person]]]:
    """The powers with people, best placed first, and each one's team; a person already in a
    better placed power's team is left out of the others'."""
    order = sorted(game.holders, key=lambda p: ranks(game.ending, [p, *game.holders])[0])
    seen: set[str] = set()
    powers: list[str] = []
    teams: list[list[Person]] = []
    for power in order:
        team = [p for p in game.holders[power] if p.user_id not in seen]
        seen.update(p.user_id for p in team)
        if team:
            powers.append(power)
            teams.append(team)
    return powers, teams
