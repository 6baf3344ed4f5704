"""The three timings a schedule can have, each with its own defaults.

- **durations**: each phase lasts a fixed time from when it opens, one length per phase kind
  (movement / retreats / adjustments).
- **weekly**: movement orders are *due* at weekday + time slots and the phase is *processed*
  (adjudicated) at the first processing slot at or after that; retreats and adjustments last a
  fixed time from when they open, i.e. from the previous adjudication. A movement phase
  always gets at least ``notice`` (24 hours unless told) before its orders are due, so a phase
  that opens late (a slow start, an early adjudication) waits for the following due slot.
- **blitz**: every phase lasts the same few minutes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import time, timedelta
from enum import StrEnum
from typing import ClassVar

from bot.service.schedule.durations import format_duration
from bot.service.schedule.errors import ScheduleError
from bot.service.schedule.units import LONGEST, MINUTE, WEEK, ZERO, whole_seconds

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
    default_reminders: ClassVar[tuple[timedelta, ...]] = DEFAULT_REMINDERS

    movement: timedelta = timedelta(hours=48)
    retreats: timedelta = timedelta(hours=2)
    adjustments: timedelta = timedelta(hours=2)

    def __post_init__(self) -> None:
        check_span(self.movement, "movement", least=MINUTE)
        check_span(self.retreats, "retreats", least=MINUTE)
        check_span(self.adjustments, "adjustments", least=MINUTE)


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
