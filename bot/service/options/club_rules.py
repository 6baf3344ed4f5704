"""A game's place in its club: the season it counts for (`season=autumn-2026`), the
reliability a person needs to join it (`reliability=90`), and how many of its players must
agree to pause it or extend a deadline (`votes=all`, `votes=2/3`)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from bot.service.errors import UserError
from bot.service.words.quoting import excerpt

_SEASON = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
_NONE = ("none", "off", "no")
_ALL = Fraction(1)


@dataclass(frozen=True, slots=True)
class ClubRules:
    # The season or league the game counts for in the standings (None: the club's alone).
    season: str | None = None
    # The reliability (per cent) a person needs to join (None: anyone may).
    reliability: int | None = None
    # The share of the powers still playing whose votes pause the game or extend a deadline.
    votes: Fraction = _ALL

    def to_settings(self) -> dict[str, Any]:
        """Only what differs from the defaults, so games without any keep their settings."""
        kept: dict[str, Any] = {}
        if self.season is not None:
            kept["season"] = self.season
        if self.reliability is not None:
            kept["reliability"] = self.reliability
        if self.votes != _ALL:
            kept["votes"] = f"{self.votes.numerator}/{self.votes.denominator}"
        return kept

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any]) -> ClubRules:
        votes = settings.get("votes")
        reliability = settings.get("reliability")
        return cls(
            season=settings.get("season"),
            reliability=None if reliability is None else int(reliability),
            votes=_ALL if votes is None else Fraction(str(votes)),
        )

    def describe(self) -> str:
        """The rules in words, for `settings`."""
        parts = [f"season {self.season}"] if self.season else []
        if self.reliability is not None:
            parts.append(f"joining needs a reliability of {self.reliability}% or more")
        parts.append(f"a vote to pause or extend passes with {votes_text(self.votes)}")
        return "Club: " + "; ".join(parts) + "."


def votes_text(share: Fraction) -> str:
    """How many must agree, in words."""
    if share == _ALL:
        return "every power still playing"
    return f"{share.numerator}/{share.denominator} of the powers still playing"


def parse_season(text: str | None) -> str | None:
    word = (text or "").strip().lower()
    if word in _NONE:
        return None
    if not _SEASON.fullmatch(word):
        raise UserError(
            f"season={excerpt(text or '')} cannot name a season: use one word of letters, "
            "digits, - or _ (at most 40), e.g. season=autumn-2026, or season=none."
        )
    return word


def parse_reliability(text: str | None) -> int | None:
    word = (text or "").strip().lower().removesuffix("%")
    if word in _NONE:
        return None
    if not word.isdigit() or not 0 <= int(word) <= 100:
        raise UserError(
            f"reliability={excerpt(text or '')} is not a share: write a whole per cent from 0 "
            "to 100 (e.g. reliability=90), or reliability=off."
        )
    return int(word)


def parse_votes(text: str | None) -> Fraction:
    word = (text or "").strip().lower()
    if word in ("all", "every", "unanimous"):
        return _ALL
    wrong = UserError(
        f"votes={excerpt(text or '')} is not a share of the players: write votes=all, or a "
        "fraction such as votes=2/3 (more than 0, at most 1)."
    )
    if not re.fullmatch(r"\d{1,3}/\d{1,3}", word):
        raise wrong
    top, bottom = (int(n) for n in word.split("/"))
    if bottom == 0 or top == 0 or top > bottom:
        raise wrong
    return Fraction(top, bottom)
