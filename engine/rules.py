"""The rules a variant plays by, besides its board: when a game is won, and when it starts.

A variant is a board (data) and a :class:`Rules` value; the engine asks the rules instead of
assuming the standard game. Victory belongs to a *seat*: the powers one player commands (a
power played alone is a seat of one), as the rule books for fewer players count it. A power
may start :class:`Neutral` (Italy in the UK rule book's World War I game): its territory
closed, its units unordered, until it joins a seat.

>>> Rules().winners({"FRANCE": 18, "ENGLAND": 4}, {"FRANCE": 17, "ENGLAND": 4}, ())
('FRANCE',)
>>> pieces = Rules(victory=Victory.PIECES, victory_count=None)
>>> pieces.winners({}, {"FRANCE": 6, "ENGLAND": 3, "GERMANY": 2}, ())
('FRANCE',)
>>> pieces.winners({}, {"FRANCE": 5, "ENGLAND": 3, "GERMANY": 2}, ())
()
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from engine.errors import VariantError
from engine.rulesets import STANDARD, Ruleset, ruleset_named


class Victory(StrEnum):
    """What wins a game."""

    # a seat's powers hold ``victory_count`` supply centres (checked after the Fall retreats)
    CENTRES = "centres"
    # a seat's powers have more than half of the units on the board (checked after every phase)
    PIECES = "pieces"
    # a seat's powers have ``victory_count`` units on the board (checked after every phase)
    UNITS = "units"


@dataclass(frozen=True, slots=True)
class Neutral:
    """A power that takes no part at first: nobody may enter its ``territory``, its units hold
    unordered and it makes no adjustments, through the Winter of year ``until``; from the
    next Spring it plays for the seat it joins (:func:`engine.neutrality.join_seat`)."""

    power: str
    territory: frozenset[str]
    until: int

    @classmethod
    def from_json(cls, data: Any) -> Neutral:
        example = '{"power": "ITALY", "territory": ["VEN", "ROM"], "until": 1914}'
        if not isinstance(data, Mapping):
            raise VariantError(f"each neutral power must be an object like {example}")
        power, territory, until = data.get("power"), data.get("territory"), data.get("until")
        if not isinstance(power, str) or not isinstance(until, int):
            raise VariantError(f"a neutral power needs a 'power' and a year 'until': {example}")
        if isinstance(territory, str):
            territory = territory.split()
        if not isinstance(territory, list) or not all(isinstance(t, str) for t in territory):
            raise VariantError(f"a neutral power's 'territory' is a list of provinces: {example}")
        return cls(power.upper(), frozenset(t.upper() for t in territory), until)


@dataclass(frozen=True, slots=True)
class Rules:
    victory: Victory = Victory.CENTRES
    # the centres or units that win; None for a majority of the pieces
    victory_count: int | None = 18
    first_year: int = 1901
    neutral: tuple[Neutral, ...] = ()
    # the sides the game is always played in, one player each (World War I: two), if fixed
    sides: tuple[tuple[str, ...], ...] = ()
    # the game the board is played by (:mod:`engine.rulesets`), named in JSON
    ruleset: Ruleset = STANDARD

    def neutral_in(self, year: int) -> frozenset[str]:
        """The powers neutral in ``year`` unless they have joined a seat before."""
        return frozenset(n.power for n in self.neutral if year <= n.until)

    def neutrality(self, power: str) -> Neutral | None:
        return next((n for n in self.neutral if n.power == power), None)

    def closed(self, neutral: Iterable[str]) -> frozenset[str]:
        """The territory of these neutral powers: no unit may enter it."""
        still = set(neutral)
        return frozenset(code for n in self.neutral if n.power in still for code in n.territory)

    @property
    def checked_every_phase(self) -> bool:
        """Whether victory is checked after every phase, not only when the Fall is settled
        (Diplomacia checks after every turn, handbook 4.1)."""
        return self.victory is not Victory.CENTRES or self.ruleset.victory_checked_every_phase

    def winners(
        self,
        centres: Mapping[str, int],
        units: Mapping[str, int],
        seats: Sequence[Sequence[str]],
    ) -> tuple[str, ...]:
        """The powers of the one seat that has won (empty when nobody has, or when two seats
        reach the mark together). ``centres`` and ``units`` are counts per power."""
        counts = centres if self.victory is Victory.CENTRES else units
        need = self._needed(sum(units.values()))
        # the seats of all_seats(counts, seats), a power alone counted without a sum
        seated = {p for seat in seats for p in seat}
        reached = [seat for seat in seats if sum(counts.get(p, 0) for p in seat) >= need]
        reached.extend((p,) for p, count in counts.items() if count >= need and p not in seated)
        return tuple(sorted(reached[0])) if len(reached) == 1 else ()

    def _needed(self, total_units: int) -> int:
        """The smallest count that wins: more than half the pieces, or the victory count."""
        if self.victory is Victory.PIECES:
            return total_units // 2 + 1
        assert self.victory_count is not None
        return self.victory_count

    def describe(self) -> str:
        """The victory condition in a player's words."""
        if self.victory is Victory.PIECES:
            return "a majority of the pieces on the board"
        if self.victory is Victory.UNITS:
            return f"{self.victory_count} units on the board"
        return f"{self.victory_count} supply centres"

    def with_majority_of(self, centres: int) -> Rules:
        """These rules with the victory count left open set to more than half of ``centres``
        (Diplomacia's full-length game, handbook 4.1)."""
        return replace(self, victory_count=centres // 2 + 1)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Rules:
        try:
            victory = Victory(data.get("victory", Victory.CENTRES))
        except ValueError:
            known = ", ".join(v.value for v in Victory)
            raise VariantError(
                f"unknown victory {data.get('victory')!r} (known: {known})"
            ) from None
        ruleset = ruleset_named(data.get("ruleset", STANDARD.name))
        count = data.get("victory_count")
        ruleset.check_victory(victory, count)
        neutral = data.get("neutral", ())
        if not isinstance(neutral, list | tuple):
            raise VariantError("'neutral' must be a list of neutral powers")
        sides = data.get("sides", ())
        if not isinstance(sides, list | tuple) or not all(
            isinstance(side, list | tuple) and all(isinstance(p, str) for p in side)
            for side in sides
        ):
            raise VariantError("'sides' must be a list of lists of powers")
        return cls(
            victory,
            count,
            int(data.get("first_year", 1901)),
            tuple(Neutral.from_json(n) for n in neutral),
            tuple(tuple(side) for side in sides),
            ruleset,
        )


def all_seats(powers: Iterable[str], seats: Sequence[Sequence[str]]) -> list[tuple[str, ...]]:
    """The seats given, and every other power as a seat of its own."""
    seated = {p for seat in seats for p in seat}
    return [tuple(seat) for seat in seats] + [(p,) for p in powers if p not in seated]
