"""A club's season: what binds the games of a workspace or server together. The standings
under the scoring the club chose (`scoring.py`, `standings.py`), a rating per person
(`ratings.py`), each person's reliability record (`reliability.py`), all read from games
already finished or phases already adjudicated (`results.py`), so nothing here can show what
is still secret."""

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
    "DEFAULT_SCORING",
    "Ending",
    "FinishedGame",
    "Person",
    "Rating",
    "Record",
    "Scoring",
    "Standing",
    "finished_games",
    "is_solo",
    "parse_scoring",
    "rate",
    "record_of",
    "scores",
    "standings",
]
