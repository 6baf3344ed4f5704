"""An agreed end to the game (the `end=` option), besides the variant's victory count.

    end=1910              the game ends after the last phase of 1910 (the Fall adjustments);
                          the power with the most supply centres wins (UK rule book III.1),
                          or in a variant won by pieces the most units (the 1961 rules,
                          "Short game": "the player with the most pieces on the board at
                          that time is the winner")
    end=1910:units        ... the power with the most units wins (the league's rule)
    end=1910:centres      ... the most supply centres, whatever the variant
    end=2027-01-15        the game ends at the first adjudication on or after that day (in the
                          game's time zone) that finishes a campaign: a Fall's retreats and
                          adjustments are played out first (III.1)
    end=2027-01-15:units

In a Diplomacia game, played in numbered turns, ``end=`` takes a turn: ``end=12`` is the
handbook's shortened game (4.2), "after turn 12, most supply centres wins" (the control
evaluation after turn 12 is played first); a date ends it with the first turn finished on or
after that day.

Only powers still playing (not surrendered, not in civil disorder) can win; several with
the same best count share the win.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, time
from typing import Any

from bot.service.errors import UserError
from bot.service.schedule import zone_info
from engine import PhaseKind, Position, Rules, Victory

_FORM = re.compile(r"(?P<when>\d{1,4}(?:-\d{2}-\d{2})?)(?::(?P<by>\w+))?")
_BY = {"centres": "centres", "centers": "centres", "sc": "centres", "units": "units"}
USAGE = "end=1910, end=1910:units, end=2027-01-15 or end=2027-01-15:units"
TURN_USAGE = "end=12 (after turn 12) or end=2027-01-15"


@dataclass(frozen=True, slots=True)
class EndRule:
    # the last year played; in a game of numbered turns (Diplomacia) the last turn, as the
    # engine's phase keeps a turn's number where a season keeps its year
    year: int | None = None
    # The moment the limit falls (midnight starting the day, in the game's zone), in UTC.
    at: datetime | None = None
    # "centres" or "units"; None: as the variant counts (see :meth:`counted_by`)
    by: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "year": self.year,
            "at": None if self.at is None else self.at.isoformat(),
            "by": self.by,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> EndRule | None:
        if not data:
            return None
        at = data.get("at")
        return cls(
            year=data.get("year"),
            at=None if at is None else datetime.fromisoformat(str(at)),
            by=None if data.get("by") is None else str(data["by"]),
        )

    def counted_by(self, rules: Rules) -> str:
        """What the winner is counted by: as given, else units in a variant won by units or
        pieces and supply centres in one won by centres."""
        if self.by is not None:
            return self.by
        return "centres" if rules.victory is Victory.CENTRES else "units"

    def describe(self, zone: str, rules: Rules) -> str:
        by = self.counted_by(rules)
        what = "the most units win" if by == "units" else "the most supply centres win"
        if self.year is not None or self.at is None:
            when = f"turn {self.year}" if rules.ruleset.numbered_turns else str(self.year)
            return f"after {when}, {what}"
        day = self.at.astimezone(zone_info(zone)).date()
        first = "the turn under way" if rules.ruleset.numbered_turns else "a Fall campaign"
        return f"on {day:%a %d %b %Y} ({first} is finished first), {what}"

    def reached(self, after: Position, now: datetime) -> bool:
        """Whether the game ends with the phase that led to ``after``."""
        if self.year is not None:
            return after.phase.year > self.year
        return self.at is not None and now >= self.at and after.phase.kind is PhaseKind.MOVEMENT


def refuse_past_end(end: EndRule | None, now: datetime, zone: str) -> None:
    """A date already reached is no end to agree on: the game would end at its next
    adjudication, which nobody writing a date means."""
    if end is None or end.at is None or end.at > now:
        return
    day = end.at.astimezone(zone_info(zone)).date()
    today = now.astimezone(zone_info(zone)).date()
    raise UserError(
        f"end={day:%Y-%m-%d} has passed (today is {today:%Y-%m-%d}): give a day after "
        f"today, e.g. end={today.year + 1}-01-15, or a last year. Nothing was changed."
    )


def parse_end(
    value: str | None, zone: str, first_year: int, *, turns: bool = False
) -> EndRule | None:
    """The agreed end ``value`` names; ``turns``: the game is played in numbered turns
    (Diplomacia), so a number is a turn, not a year."""
    if value is None:
        return None
    usage = TURN_USAGE if turns else USAGE
    match = _FORM.fullmatch(value.strip().lower())
    if match is None:
        raise UserError(f"end={value} is not an end of game: write {usage}.")
    # none given: as the variant counts (EndRule.counted_by)
    given = match.group("by")
    by = None if given is None else _BY.get(given)
    if given is not None and by is None:
        raise UserError(f"end={value}: the winner is counted by centres or by units.")
    when = match.group("when")
    if turns and when.isdigit():
        if len(when) == 4 or int(when) < 1:
            raise UserError(
                f"end={value}: this game counts turns, not years: end=12 ends it after turn 12."
            )
        return EndRule(year=int(when), by=by)
    if when.isdigit() and len(when) != 4:
        raise UserError(f"end={value} is not an end of game: write {usage}.")
    if len(when) == 4:
        year = int(when)
        if year < first_year:
            raise UserError(f"end={value}: the game starts in {first_year}.")
        return EndRule(year=year, by=by)
    try:
        day = date.fromisoformat(when)
    except ValueError:
        raise UserError(f"end={value}: {when} is not a date (YYYY-MM-DD).") from None
    return EndRule(at=datetime.combine(day, time(0, 0), tzinfo=zone_info(zone)), by=by)
