"""The three timings a schedule can have (durations, a weekly timetable, blitz), each with
its own defaults, and the times of day, weekdays and weekly slots a timetable is made of.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import time, timedelta
from enum import StrEnum
from typing import ClassVar

from bot.service.schedule.spans import (
    LONGEST,
    MINUTE,
    WEEK,
    ZERO,
    ScheduleError,
    format_duration,
    whole_seconds,
)

WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
# Before orders close, for games that run over days.
DEFAULT_REMINDERS = (timedelta(hours=24), timedelta(hours=1))


class ScheduleKind(StrEnum):
    DURATIONS = "durations"
    WEEKLY = "weekly"
    BLITZ = "blitz"


def check_span(span: timedelta, name: str, *, least: timedelta) -> None:
    if not isinstance(span, timedelta):
        raise ScheduleError(f"{name} must be a duration, not {span!r}")
    whole_seconds(span)
    if span < least:
        shown = format_duration(least) if least else "0"
        raise ScheduleError(
            f"{name} of {format_duration(span) if span >= ZERO else span} is too short: "
            f"at least {shown}"
        )
    if span > LONGEST:
        raise ScheduleError(
            f"{name} of {format_duration(span)} is too long: at most {LONGEST.days} days"
        )


@dataclass(frozen=True, slots=True, order=True)
class Slot:
    """A weekly wall-clock moment: ``weekday`` as :meth:`datetime.weekday` (0 is Monday) and a
    naive local time of day."""

    weekday: int
    at: time

    def __post_init__(self) -> None:
        if not 0 <= self.weekday <= 6:
            raise ScheduleError(f"weekday {self.weekday} is out of range (0 Monday .. 6 Sunday)")
        if self.at.tzinfo is not None or self.at.second or self.at.microsecond or self.at.fold:
            raise ScheduleError(f"a slot's time is a plain hour and minute, not {self.at!r}")

    def __str__(self) -> str:
        return f"{WEEKDAYS[self.weekday]} {self.at:%H:%M}"

    @property
    def label(self) -> str:
        """``Wed 00:00``: the form players read."""
        return f"{WEEKDAYS[self.weekday].title()} {self.at:%H:%M}"


@dataclass(frozen=True, slots=True)
class Durations:
    movement: timedelta = timedelta(hours=48)
    retreats: timedelta = timedelta(hours=2)
    adjustments: timedelta = timedelta(hours=2)

    def __post_init__(self) -> None:
        check_span(self.movement, "movement", least=MINUTE)
        check_span(self.retreats, "retreats", least=MINUTE)
        check_span(self.adjustments, "adjustments", least=MINUTE)

    @property
    def default_reminders(self) -> tuple[timedelta, ...]:
        """A day's and an hour's warning, of those that can come before the movement orders
        close; in a phase too short for either, a blitz turn's one-minute nudge if even that
        fits (`1m/1m/1m` has none)."""
        fitting = tuple(r for r in DEFAULT_REMINDERS if r < self.movement)
        return fitting or tuple(r for r in Blitz.default_reminders if r < self.movement)


@dataclass(frozen=True, slots=True)
class Weekly:
    """Slots are read in the owning schedule's zone."""

    default_reminders: ClassVar[tuple[timedelta, ...]] = DEFAULT_REMINDERS

    due: tuple[Slot, ...]
    # Empty: adjudicate at the due time itself.
    process: tuple[Slot, ...] = ()
    retreats: timedelta = timedelta(hours=2)
    adjustments: timedelta = timedelta(hours=2)
    notice: timedelta = timedelta(hours=24)

    def __post_init__(self) -> None:
        if not self.due:
            raise ScheduleError("a weekly schedule needs at least one due time, e.g. due=sun 00:00")
        # Sorted and without repeats, so equal timetables are equal values.
        object.__setattr__(self, "due", tuple(sorted(set(self.due))))
        object.__setattr__(self, "process", tuple(sorted(set(self.process))))
        check_span(self.retreats, "retreats", least=MINUTE)
        check_span(self.adjustments, "adjustments", least=MINUTE)
        check_span(self.notice, "notice", least=ZERO)
        if self.notice >= WEEK:
            raise ScheduleError(
                f"notice={format_duration(self.notice)} is a week or more: every due time would "
                "be skipped; use less, e.g. notice=24h"
            )


@dataclass(frozen=True, slots=True)
class Blitz:
    # A day's or an hour's warning can never come in a five-minute turn. One minute is the
    # nudge a classroom wants: time enough to type the last orders or say ready, sent only to
    # those still owing orders, and never more than one message a turn.
    default_reminders: ClassVar[tuple[timedelta, ...]] = (MINUTE,)

    turn: timedelta = timedelta(minutes=5)

    def __post_init__(self) -> None:
        check_span(self.turn, "a blitz turn", least=MINUTE)


Timing = Durations | Weekly | Blitz


def kind_of(timing: Timing) -> ScheduleKind:
    if isinstance(timing, Weekly):
        return ScheduleKind.WEEKLY
    if isinstance(timing, Blitz):
        return ScheduleKind.BLITZ
    return ScheduleKind.DURATIONS


_WEEKDAY_WORDS = {
    **{name: i for i, name in enumerate(WEEKDAYS)},
    **{
        name: i
        for i, name in enumerate(
            ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
        )
    },
    "tues": 1,
    "weds": 2,
    "thur": 3,
    "thurs": 3,
}

_CLOCK_EXAMPLES = "write 24-hour 20:00 or 8pm"
CLOCK_24 = re.compile(r"(\d{1,2}):(\d{2})")
CLOCK_12 = re.compile(r"(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\.?")


def parse_clock(text: str) -> time:
    """``20:00``, ``8pm``, ``8:30 pm``, ``noon``."""
    raw = text.strip()
    s = raw.lower()
    if s == "noon":
        return time(12, 0)
    if s == "midnight":
        raise ScheduleError(
            "'midnight' is ambiguous: write 00:00 with the day that begins then (e.g. "
            "'wed 00:00' for the night from Tuesday to Wednesday), or 23:59"
        )
    if m := CLOCK_24.fullmatch(s):
        hour, minute = int(m.group(1)), int(m.group(2))
        if hour == 24 and minute == 0:
            raise ScheduleError(f"{raw!r}: write 00:00 of the next day instead of 24:00")
        if hour > 23 or minute > 59:
            raise ScheduleError(f"{raw!r} is not a time of day: hours 0-23, minutes 0-59")
        return time(hour, minute)
    if m := CLOCK_12.fullmatch(s):
        hour, minute = int(m.group(1)), int(m.group(2) or 0)
        if not 1 <= hour <= 12 or minute > 59:
            raise ScheduleError(f"{raw!r} is not a time of day: with am/pm, hours run 1-12")
        return time(hour % 12 + (12 if m.group(3) == "p" else 0), minute)
    if re.fullmatch(r"\d{1,2}", s):
        raise ScheduleError(f"{raw!r}: say which {s}: {s}:00 (24-hour), {s}am or {s}pm")
    raise ScheduleError(f"{raw!r} is not a time of day: {_CLOCK_EXAMPLES}")


def weekday(word: str) -> int | None:
    """0 for Monday .. 6 for Sunday, or None for a word that names no weekday."""
    return _WEEKDAY_WORDS.get(word.lower())


def parse_slot(text: str) -> Slot:
    """``wed 00:00``, ``sunday 8pm``, ``thu@12:30``."""
    raw = text.strip()
    parts = re.split(r"\s*@\s*|\s+(?:at\s+)?", raw, maxsplit=1)
    if len(parts) != 2 or not parts[1]:
        raise ScheduleError(f"{raw!r}: give a weekday and a time, e.g. 'wed 00:00' or 'sun 8pm'")
    day = weekday(parts[0])
    if day is None:
        raise ScheduleError(
            f"{raw!r}: unknown weekday {parts[0]!r} (mon, tue, wed, thu, fri, sat or sun)"
        )
    return Slot(day, parse_clock(parts[1]))
