"""A club's season: what binds the games of a workspace or server together. The standings
under the scoring the club chose (`scoring.py`, `standings.py`), a rating per person
(`ratings.py`), each person's reliability record (`reliability.py`), and the lobby where
seats looking for a player are advertised (`lobby.py`); the first three read from games
already finished or phases already adjudicated (`results.py`), so nothing here can show what
is still secret."""

from bot.service.season.lobby import ADVERTISED, advertise_forming, advertise_seats, lobby_of
from bot.service.season.ratings import Rating, rate
from bot.service.season.reliability import Record, record_of
from bot.service.season.results import FinishedGame, Person, finished_games
from bot.service.season.scoring import (
    DEFAULT_SCORING,
    Ending,
    Scoring,
    is_solo,
    parse_scoring,
    scores,
)
from bot.service.season.standings import Standing, standings

__all__ = [
    "ADVERTISED",
    "DEFAULT_SCORING",
    "Ending",
    "FinishedGame",
    "Person",
    "Rating",
    "Record",
    "Scoring",
    "Standing",
    "advertise_forming",
    "advertise_seats",
    "finished_games",
    "is_solo",
    "lobby_of",
    "parse_scoring",
    "rate",
    "record_of",
    "scores",
    "standings",
]
