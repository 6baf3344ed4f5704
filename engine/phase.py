"""Phase names: ``S1901M``, ``F1901M``, ``F1901R``, ``W1901A`` in a game of seasons;
``T1M``, ``T1R``, ``T2A`` in a game of numbered turns (Diplomacia, handbook 6: each turn has
its movement and retreats, and every even turn ends with a control evaluation, ``A``)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum


class Season(StrEnum):
    SPRING = "S"
    FALL = "F"
    WINTER = "W"
    # a numbered turn of Diplomacia: the phase's ``year`` is the turn's number
    TURN = "T"


class PhaseKind(StrEnum):
    MOVEMENT = "M"
    RETREATS = "R"
    ADJUSTMENTS = "A"


_KINDS_IN = {
    Season.SPRING: (PhaseKind.MOVEMENT, PhaseKind.RETREATS),
    Season.FALL: (PhaseKind.MOVEMENT, PhaseKind.RETREATS),
    Season.WINTER: (PhaseKind.ADJUSTMENTS,),
    Season.TURN: (PhaseKind.MOVEMENT, PhaseKind.RETREATS, PhaseKind.ADJUSTMENTS),
}

_PHASE_RE = re.compile(r"^(?:([SFW])(\d{3,4})|(T)(\d{1,4}))([MRA])$")

_SEASON_NAMES = {
    Season.SPRING: "Spring",
    Season.FALL: "Fall",
    Season.WINTER: "Winter",
    Season.TURN: "Turn",
}
_KIND_NAMES = {
    PhaseKind.MOVEMENT: "Movement",
    PhaseKind.RETREATS: "Retreats",
    PhaseKind.ADJUSTMENTS: "Adjustments",
}
# what the third phase of an even turn is called in Diplomacia (handbook 6.5)
_EVALUATION = "Control evaluation"


def kind_name(kind: PhaseKind, *, numbered_turns: bool) -> str:
    """What a kind of phase is called: ``Movement``, ``Retreats``, ``Adjustments``; in a game
    of numbered turns the third is the ``Control evaluation`` (the words of a schedule or a
    rule that speaks of every such phase, not of one).

    >>> kind_name(PhaseKind.ADJUSTMENTS, numbered_turns=True)
    'Control evaluation'
    """
    if numbered_turns and kind is PhaseKind.ADJUSTMENTS:
        return _EVALUATION
    return _KIND_NAMES[kind]


@dataclass(frozen=True, slots=True)
class Phase:
    year: int
    season: Season
    kind: PhaseKind

    def __post_init__(self) -> None:
        if self.kind not in _KINDS_IN[self.season]:
            raise ValueError(f"there is no {self.kind.name.lower()} phase in {self.season.name}")
        if self.season is Season.TURN:
            if self.year < 1:
                raise ValueError("turns are numbered from 1")
            if self.kind is PhaseKind.ADJUSTMENTS and self.year % 2:
                raise ValueError(
                    f"there is no control evaluation after turn {self.year}: only after even turns"
                )

    @classmethod
    def parse(cls, text: str) -> Phase:
        match = _PHASE_RE.match(text.strip().upper())
        if not match:
            raise ValueError(
                f"not a phase name: {text!r} (expected e.g. S1901M, F1901R or W1901A; "
                "in a game of turns T1M, T1R or T2A)"
            )
        season, year, turn_letter, turn, kind = match.groups()
        if turn_letter:
            return cls(int(turn), Season.TURN, PhaseKind(kind))
        return cls(int(year), Season(season), PhaseKind(kind))

    def __str__(self) -> str:
        return f"{self.season.value}{self.year}{self.kind.value}"

    @property
    def is_turn(self) -> bool:
        """Whether this is a numbered turn (Diplomacia) rather than a season of a year."""
        return self.season is Season.TURN

    @property
    def settles_centres(self) -> bool:
        """Whether supply centres change hands after this movement phase and its retreats,
        with builds and removals next: the Fall, or an even turn."""
        if self.season is Season.TURN:
            return self.year % 2 == 0 and self.kind is not PhaseKind.ADJUSTMENTS
        return self.season is Season.FALL

    @property
    def sort_key(self) -> tuple[int, int, int]:
        """Chronological order: phases of one year, Spring to Winter."""
        seasons = (Season.SPRING, Season.FALL, Season.WINTER, Season.TURN)
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
        return f"{base} {self._kind_name.lower()}"

    @property
    def _kind_name(self) -> str:
        return kind_name(self.kind, numbered_turns=self.is_turn)

    @property
    def long_name(self) -> str:
        """The formal name, every part spelt out, as the rules' own messages give it:
        ``Spring 1901 Movement``."""
        return f"{_SEASON_NAMES[self.season]} {self.year} {self._kind_name}"

    def successor(self) -> Phase:
        """The phase that follows in the calendar, before any skipping."""
        if self.season is Season.TURN:
            if self.kind is PhaseKind.MOVEMENT:
                return Phase(self.year, Season.TURN, PhaseKind.RETREATS)
            if self.kind is PhaseKind.RETREATS and self.year % 2 == 0:
                return Phase(self.year, Season.TURN, PhaseKind.ADJUSTMENTS)
            return Phase(self.year + 1, Season.TURN, PhaseKind.MOVEMENT)
        if self.season is Season.SPRING:
            if self.kind is PhaseKind.MOVEMENT:
                return Phase(self.year, Season.SPRING, PhaseKind.RETREATS)
            return Phase(self.year, Season.FALL, PhaseKind.MOVEMENT)
        if self.season is Season.FALL:
            if self.kind is PhaseKind.MOVEMENT:
                return Phase(self.year, Season.FALL, PhaseKind.RETREATS)
            return Phase(self.year, Season.WINTER, PhaseKind.ADJUSTMENTS)
        return Phase(self.year + 1, Season.SPRING, PhaseKind.MOVEMENT)
