"""A club's finished games as the season reads them: how each ended, and who held each power
at the end (the people a result belongs to). Only finished games are read, so nothing here can
tell what is still secret in a game being played; an anonymous game is left out, since its
players' powers stay secret after the end too."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from bot.service.options.game_options import GameOptions
from bot.service.season.scoring import Ending
from bot.store import Game, Platform, Player, Store


@dataclass(frozen=True, slots=True)
class Person:
    user_id: str
    name: str


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """One finished game with a result: its ending, its season (None: none named), and the
    people who held each power at the end (a power nobody held is left out)."""

    name: str
    variant: str
    season: str | None
    finished_at: datetime
    ending: Ending
    holders: Mapping[str, tuple[Person, ...]]


async def finished_games(
    store: Store, platform: Platform, workspace: str, season: str | None = None
) -> list[FinishedGame]:
    """The club's finished games with a result, in the order they finished (of one season
    when ``season`` is given)."""
    games = [g for g in await store.finished_games(platform, workspace) if _counts(g)]
    if season is not None:
        games = [g for g in games if g.settings.get("season") == season]
    seats = await store.seats_of_games(g.id for g in games)
    return [_finished(game, seats.get(game.id, [])) for game in games]


def _counts(game: Game) -> bool:
    """Whether a finished game counts: it has a result, and is not anonymous (who played which
    power stays secret for good there, and a person's points would tell it)."""
    return _ending(game) is not None and not GameOptions.of_game(game).anonymous


def _finished(game: Game, players: list[Player]) -> FinishedGame:
    ending = _ending(game)
    assert ending is not None  # filtered by the caller
    end = game.finished_at or game.created_at
    holders: dict[str, list[Person]] = {}
    for player in players:
        # who held the power when the game ended: a stint still open, or one closed with it
        if player.power is None or (player.left_at is not None and player.left_at < end):
            continue
        people = holders.setdefault(player.power, [])
        if all(p.user_id != player.user_id for p in people):
            people.append(Person(player.user_id, player.display_name))
    season = game.settings.get("season")
    return FinishedGame(
        name=game.name,
        variant=game.variant,
        season=str(season) if season else None,
        finished_at=end,
        ending=ending,
        holders={power: tuple(people) for power, people in holders.items()},
    )


def _ending(game: Game) -> Ending | None:
    """How the game ended, or None when it has no result (the game master ended it)."""
    outcome = game.outcome or {}
    centres = outcome.get("centers")
    kind = outcome.get("kind")
    if not centres or kind not in ("solo", "draw", "tie", "limit"):
        return None
    if kind == "solo" and not outcome.get("powers"):
        winners: tuple[str, ...] = (str(outcome["winner"]),)
    else:
        winners = tuple(str(p) for p in outcome.get("powers", ()))
    return Ending(str(kind), winners, {str(p): int(c) for p, c in centres.items()})
