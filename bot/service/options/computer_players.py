"""Computer players at the table: how many seats they fill when the game starts
(`bots=`), and whether one takes over a power that falls into civil disorder (`cd=`).

    bots=3        three of the powers (or seats, with `players=`) nobody took are given to
                  computer players when the game starts
    bots=all      every power (or seat) nobody took
    cd=bot        a power that falls into civil disorder (missed orders, `kick`) is played
                  by a computer until the game master hands it to a person with `replace`
    cd=hold       its units hold (the default; cd=off says the same)
    bot_level=easy|normal|hard
                  how well the computers play: easy plays DumbBot's simple rules (a table
                  of beginners is not crushed), normal (the default) and hard try candidate
                  orders against the neighbours' likely ones, hard trying about three times
                  as many
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.service.errors import UserError
from bot.service.words.english import plural

BOTS_USAGE = "bots=3 (a number of seats) or bots=all (every seat nobody took)"
CD_USAGE = "cd=bot (a computer plays the power) or cd=hold (its units hold)"
_ALL = "all"
BOT_LEVELS = ("easy", "normal", "hard")
DEFAULT_BOT_LEVEL = "normal"
BOT_LEVEL_USAGE = "bot_level=easy, normal or hard"
_LEVEL_WORDS = {
    "easy": "easy (simple rules, for beginners)",
    "normal": "normal",
    "hard": "hard (it looks further into the neighbours' likely orders)",
}


@dataclass(frozen=True, slots=True)
class BotSeats:
    """How many seats nobody took go to computer players: ``count`` of them, or (None) all."""

    count: int | None

    def to_json(self) -> int | str:
        return _ALL if self.count is None else self.count

    @classmethod
    def from_json(cls, data: Any) -> BotSeats | None:
        if data is None:
            return None
        return cls(None if data == _ALL else int(data))

    def describe(self) -> str:
        if self.count is None:
            return "every seat nobody takes is played by a computer"
        return f"{plural(self.count, 'seat')} nobody takes {_are(self.count)} played by computers"

    def wanted(self, free: int) -> int:
        """How many of ``free`` seats go to computers."""
        return free if self.count is None else self.count


def _are(n: int) -> str:
    return "is" if n == 1 else "are"


def parse_bots(value: str | None) -> BotSeats | None:
    """``bots=N`` or ``bots=all``; ``bots=0`` (or none, off) fills no seat."""
    word = (value or "").strip().lower()
    if word == _ALL:
        return BotSeats(None)
    if word in ("none", "off", "no", "0"):
        return None
    if not word.isdigit():
        raise UserError(f"bots={value}: write {BOTS_USAGE}.")
    return BotSeats(int(word))


def parse_cd(value: str | None) -> bool:
    """True for ``cd=bot``: a computer takes over a power in civil disorder."""
    word = (value or "").strip().lower()
    if word in ("bot", "bots", "computer"):
        return True
    if word in ("hold", "off", "none"):
        return False
    raise UserError(f"cd={value}: write {CD_USAGE}.")


def parse_bot_level(value: str | None) -> str:
    """``bot_level=easy``, ``normal`` or ``hard``."""
    word = (value or "").strip().lower()
    if word not in BOT_LEVELS:
        raise UserError(f"bot_level={value}: write {BOT_LEVEL_USAGE}.")
    return word


def bot_level_line(level: str) -> str:
    return f"Computer players play {_LEVEL_WORDS[level]}."


CD_LINE = (
    "A power in civil disorder is played by a computer until the game master hands it to a "
    "person with `replace`."
)
