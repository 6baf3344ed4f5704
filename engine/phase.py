"""Phase names: ``S1901M``, ``F1901M``, ``F1901R``, ``W1901A``."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum


class Season(StrEnum):
    SPRING = "S"
    FALL = "F"
    WINTER = "W"


class PhaseKind(StrEnum):
    MOVEMENT = "M"
    RETREATS = "R"
    ADJUSTMENTS = "A"


_KINDS_IN = {
    Season.SPRING: (PhaseKind.MOVEMENT, PhaseKind.RETREATS),
    Season.FALL: (PhaseKind.MOVEMENT, PhaseKind.RETREATS),
    Season.WINTER: (PhaseKind.ADJUSTMENTS,),
}

_PHASE_RE = re.compile(r"^([SFW])(\d{3,4})([MRA])$")

_SEASON_NAMES = {Season.SPRING: "Spring", Season.FALL: "Fall", Season.WINTER: "Winter"}
_KIND_NAMES = {
    PhaseKind.MOVEMENT: "Movement",
    PhaseKind.RETREATS: "Retreats",
    PhaseKind.ADJUSTMENTS: "Adjustments",
}


@dataclass(frozen=True, slots=True)
class Phase:
    year: int
    season: Season
    kind: PhaseKind

    def __post_init__(self) -> None:
        if self.kind not in _KINDS_IN[self.season]:
            raise ValueError(f"there is no {self.kind.name.lower()} phase in {self.season.name}")

    @classmethod
    def parse(cls, text: str) -> Phase:
        match = _PHASE_RE.match(text.strip().upper())
        if not match:
            raise ValueError(f"not a phase name: {text!r} (expected e.g. S1901M, F1901R or W1901A)")
        season, year, kind = match.groups()
        return cls(int(year), Season(season), PhaseKind(kind))

    def __str__(self) -> str:
        return f"{self.season.value}{self.year}{self.kind.value}"

    @property
    def sort_key(self) -> tuple[int, int, int]:
        """Chronological order: phases of one year, Spring to Winter."""
        seasons = (Season.SPRING, Season.FALL, Season.WINTER)
        kinds = (PhaseKind.MOVEMENT, PhaseKind.RETREATS, PhaseKind.ADJUSTMENTS)
        return (self.year, seasons.index(self.season), kinds.index(self.kind))

    @property
    def label(self) -> str:
        """The phase as players read it: ``Spring 1901``, ``Fall 1901 retreats``,
        ``Winter 1901 adjustments`` (what every message and map title says).

        >>> Phase.parse("F1901R").label
        'Fall 1901 retreats'
        """
        base = f"{_SEASON_NAMES[self.season]} {self.year}"
        if self.kind is PhaseKind.MOVEMENT:
            return base
        return f"{base} {_KIND_NAMES[self.kind].lower()}"

    @property
    def long_name(self) -> str:
        """The formal name, every part spelt out, as the rules' own messages give it:
        ``Spring 1901 Movement``."""
        return f"{_SEASON_NAMES[self.season]} {self.year} {_KIND_NAMES[self.kind]}"

    def successor(self) -> Phase:
        """The phase that follows in the calendar, before any skipping."""
        if self.season is Season.SPRING:
            if self.kind is PhaseKind.MOVEMENT:
                return Phase(self.year, Season.SPRING, PhaseKind.RETREATS)
            return Phase(self.year, Season.FALL, PhaseKind.MOVEMENT)
        if self.season is Season.FALL:
            if self.kind is PhaseKind.MOVEMENT:
                return Phase(self.year, Season.FALL, PhaseKind.RETREATS)
            return Phase(self.year, Season.WINTER, PhaseKind.ADJUSTMENTS)
        return Phase(self.year + 1, Season.SPRING, PhaseKind.MOVEMENT)
