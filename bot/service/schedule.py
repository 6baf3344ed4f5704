"""When phases open, when orders close, when they are adjudicated, and how a game master says so.

Everything here is a pure function of its arguments: there is no clock (``now`` is always
passed in) and no storage. Datetimes in and out are timezone-aware; results are in UTC.
Durations are elapsed time, so "48h" across a daylight-saving change is still 48 real hours;
a weekly timetable is wall-clock time in the game's zone, so "Mon 12:30" stays 12:30 local.

Three kinds of schedule:

- **durations**: each phase lasts a fixed time from when it opens, one length per phase kind
  (movement / retreats / adjustments).
- **weekly**: movement orders are *due* at weekday + time slots and the phase is *processed*
  (adjudicated) at the first processing slot at or after that; retreats and adjustments last a
  fixed time from when they open, i.e. from the previous adjudication. A movement phase
  always gets at least ``notice`` (24 hours unless told) before its orders are due, so a phase
  that opens late (a slow start, an early adjudication) waits for the following due slot.
- **blitz**: every phase lasts the same few minutes.

Common to all: an optional negotiation period before the first phase opens; ready-early (when
every active power is ready, adjudicate after ``grace`` instead of at the deadline); reminders
some time before orders close.

Option syntax (``newgame`` and game settings), one ``name=value`` each, separated by spaces;
a value may itself contain spaces (``due=wed 00:00``) and :func:`split_options` keeps it whole::

    schedule=48h/2h/2h                 movement 48 hours, retreats 2 hours, adjustments 2 hours
    schedule=blitz:5m                  every phase 5 minutes (``blitz`` alone: 5 minutes)
    schedule=classroom                 the same as blitz:5m
    schedule=weekly:tz=America/Los_Angeles;due=wed 00:00,sun 00:00;
      process=mon 12:30,thu 12:30;retreats=2h;adjustments=2h      (typed as one line)
                                       keys inside, in any order, separated by ``;``:
                                       due (required), process (default: at the due time),
                                       tz (default: the tz option, else the game's zone),
                                       retreats and adjustments (default 2h), notice (24h)
    schedule=league                    the league: the weekly line above, negotiation=7d,
                                       ready_early=off
    tz=Europe/London                   the game's zone (IANA name), for the timetable, for
                                       typed dates and for showing times
    negotiation=7d                     time to negotiate before the first phase (0 or off: none)
    ready_early=on                     on|off (also yes|no, true|false)
    grace=10m                          once all are ready, adjudicate this much later (0: at once)
    reminders=24h,1h                   before orders close (off or none: no reminders)

Durations: whole numbers with units, largest first or not, e.g. ``48h``, ``90m``, ``2d``,
``1h30m``, ``1d12h``, ``1w``, ``30s``, or in words (``2 hours``, ``1 day 12 hours``,
``an hour``). Times of day: 24-hour ``20:00`` or ``8pm`` / ``8:30pm`` / ``noon``; "midnight"
is refused as ambiguous (write ``00:00`` of the day that begins). Weekdays: ``mon`` ..
``sun`` or full names.

``deadline <when>`` accepts (see :func:`parse_when`)::

    +2h   in 2 hours   in 1 day 6 hours   90m         relative to now
    2026-11-25 18:00   2026-11-25 6pm                 absolute, in the game's zone
    sunday 20:00   sun 8pm   sun at 8pm               the next such moment
    today 18:00   tomorrow 12:30   18:00              today / tomorrow / the next such time

Local times that do not exist (the hour skipped when clocks go forward) are refused when typed;
a timetable slot that falls in one happens at the same moment the clock shows the next hour.
A local time that happens twice (clocks going back) means the first of the two.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from enum import StrEnum
from typing import Any, TypeVar
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from engine.phase import PhaseKind

_T = TypeVar("_T")

__all__ = [
    "CLASSROOM",
    "LEAGUE",
    "OPTION_NAMES",
    "Blitz",
    "Durations",
    "PhaseTimes",
    "Schedule",
    "ScheduleError",
    "ScheduleKind",
    "Slot",
    "Timing",
    "Weekly",
    "describe",
    "describe_duration",
    "early_deadline",
    "extended",
    "first_phase_opens",
    "format_duration",
    "format_relative",
    "format_when",
    "parse_clock",
    "parse_duration",
    "parse_options",
    "parse_schedule",
    "parse_slot",
    "parse_when",
    "phase_times",
    "remaining",
    "reminder_times",
    "resumed",
    "resumed_deadline",
    "split_options",
    "to_options",
    "zone_info",
]


class ScheduleError(ValueError):
    """Something a game master typed (or a stored schedule) is wrong; the message says what
    was wrong and what would be right, fit to show as it is."""


# Limits -------------------------------------------------------------------------------------

_ZERO = timedelta(0)
_MINUTE = timedelta(minutes=1)
_HOUR = timedelta(hours=1)
_DAY = timedelta(days=1)
_WEEK = timedelta(days=7)
# Far beyond any real game, near enough that date arithmetic can never overflow.
_LONGEST = timedelta(days=365)


# Checks -----------------------------------------------------------------------------------------


def _utc(dt: datetime, name: str) -> datetime:
    if dt.tzinfo is None or dt.utcoffset() is None:
        raise ValueError(f"{name} must be timezone-aware, not {dt!r}")
    return dt.astimezone(UTC)


def _seconds(span: timedelta) -> int:
    seconds, rest = divmod(span, timedelta(seconds=1))
    if rest:
        raise ScheduleError(f"{span} is not a whole number of seconds")
    return int(seconds)


def _check_span(span: timedelta, name: str, *, least: timedelta) -> None:
    if not isinstance(span, timedelta):
        raise ScheduleError(f"{name} must be a duration, not {span!r}")
    _seconds(span)
    if span < least:
        shown = format_duration(least) if least else "0"
        raise ScheduleError(
            f"{name} of {format_duration(span) if span >= _ZERO else span} is too short: "
            f"at least {shown}"
        )
    if span > _LONGEST:
        raise ScheduleError(
            f"{name} of {format_duration(span)} is too long: at most {_LONGEST.days} days"
        )


def _text(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise ScheduleError(f"{name} must be text, not {value!r}")
    return value


def _list(value: object, name: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise ScheduleError(f"{name} must be a list, not {value!r}")
    return value


def _from_seconds(value: object, name: str) -> timedelta:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScheduleError(f"{name} must be a whole number of seconds, not {value!r}")
    return timedelta(seconds=value)


def _span(data: Mapping[str, Any], key: str, default: timedelta) -> timedelta:
    return default if data.get(key) is None else _from_seconds(data[key], key)


def zone_info(zone: str | tzinfo) -> ZoneInfo:
    """The zone for an IANA name; an unknown one raises :class:`ScheduleError`."""
    if isinstance(zone, ZoneInfo):
        return zone
    if isinstance(zone, tzinfo):
        raise ScheduleError("a game's zone is an IANA name such as America/Los_Angeles")
    try:
        return ZoneInfo(zone.strip())
    except (ZoneInfoNotFoundError, ValueError):
        raise ScheduleError(
            f"unknown time zone {zone!r}: use an IANA name such as America/Los_Angeles, "
            "Europe/London or UTC"
        ) from None


# Values -------------------------------------------------------------------------------------


class ScheduleKind(StrEnum):
    DURATIONS = "durations"
    WEEKLY = "weekly"
    BLITZ = "blitz"


_WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_WEEKDAY_WORDS = {
    **{name: i for i, name in enumerate(_WEEKDAYS)},
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
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


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
        return f"{_WEEKDAYS[self.weekday]} {self.at:%H:%M}"

    @property
    def label(self) -> str:
        """``Wed 00:00``: the form players read."""
        return f"{_WEEKDAYS[self.weekday].title()} {self.at:%H:%M}"


@dataclass(frozen=True, slots=True)
class Durations:
    movement: timedelta = timedelta(hours=48)
    retreats: timedelta = timedelta(hours=2)
    adjustments: timedelta = timedelta(hours=2)

    def __post_init__(self) -> None:
        _check_span(self.movement, "movement", least=_MINUTE)
        _check_span(self.retreats, "retreats", least=_MINUTE)
        _check_span(self.adjustments, "adjustments", least=_MINUTE)


@dataclass(frozen=True, slots=True)
class Weekly:
    """Slots are read in the owning :class:`Schedule`'s zone."""

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
        _check_span(self.retreats, "retreats", least=_MINUTE)
        _check_span(self.adjustments, "adjustments", least=_MINUTE)
        _check_span(self.notice, "notice", least=_ZERO)
        if self.notice >= _WEEK:
            raise ScheduleError(
                f"notice={format_duration(self.notice)} is a week or more: every due time would "
                "be skipped; use less, e.g. notice=24h"
            )


@dataclass(frozen=True, slots=True)
class Blitz:
    turn: timedelta = timedelta(minutes=5)

    def __post_init__(self) -> None:
        _check_span(self.turn, "a blitz turn", least=_MINUTE)


Timing = Durations | Weekly | Blitz


@dataclass(frozen=True, slots=True)
class Schedule:
    timing: Timing = Durations()
    # IANA name: the weekly timetable's wall clock, typed dates, and times shown to players.
    zone: str = "UTC"
    negotiation: timedelta = _ZERO
    ready_early: bool = True
    grace: timedelta = _ZERO
    # Before orders close; kept longest first, without repeats.
    reminders: tuple[timedelta, ...] = (timedelta(hours=24), timedelta(hours=1))

    def __post_init__(self) -> None:
        if not isinstance(self.timing, Durations | Weekly | Blitz):
            raise ScheduleError(f"not a schedule's timing: {self.timing!r}")
        object.__setattr__(self, "zone", zone_info(self.zone).key)
        _check_span(self.negotiation, "negotiation", least=_ZERO)
        _check_span(self.grace, "grace", least=_ZERO)
        for offset in self.reminders:
            _check_span(offset, "a reminder", least=timedelta(seconds=1))
        object.__setattr__(self, "reminders", tuple(sorted(set(self.reminders), reverse=True)))

    @property
    def kind(self) -> ScheduleKind:
        if isinstance(self.timing, Weekly):
            return ScheduleKind.WEEKLY
        if isinstance(self.timing, Blitz):
            return ScheduleKind.BLITZ
        return ScheduleKind.DURATIONS

    @property
    def tz(self) -> ZoneInfo:
        return zone_info(self.zone)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready object; durations in whole seconds, slots as ``"wed 00:00"``."""
        timing: dict[str, Any]
        t = self.timing
        if isinstance(t, Weekly):
            timing = {
                "due": [str(s) for s in t.due],
                "process": [str(s) for s in t.process],
                "retreats": _seconds(t.retreats),
                "adjustments": _seconds(t.adjustments),
                "notice": _seconds(t.notice),
            }
        elif isinstance(t, Blitz):
            timing = {"turn": _seconds(t.turn)}
        else:
            timing = {
                "movement": _seconds(t.movement),
                "retreats": _seconds(t.retreats),
                "adjustments": _seconds(t.adjustments),
            }
        return {
            "kind": self.kind.value,
            **timing,
            "zone": self.zone,
            "negotiation": _seconds(self.negotiation),
            "ready_early": self.ready_early,
            "grace": _seconds(self.grace),
            "reminders": [_seconds(r) for r in self.reminders],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Schedule:
        """Read :meth:`to_json` output; a missing key takes its default, a bad one raises
        :class:`ScheduleError`."""
        if not isinstance(data, Mapping):
            raise ScheduleError("a stored schedule must be a JSON object")
        default = cls()
        try:
            kind = ScheduleKind(data.get("kind", ScheduleKind.DURATIONS.value))
        except ValueError:
            raise ScheduleError(
                f"unknown schedule kind {data.get('kind')!r} (durations, weekly or blitz)"
            ) from None
        timing: Timing
        if kind is ScheduleKind.WEEKLY:
            w = Weekly(due=(Slot(0, time()),))
            timing = Weekly(
                due=tuple(parse_slot(_text(s, "due")) for s in _list(data.get("due"), "due")),
                process=tuple(
                    parse_slot(_text(s, "process")) for s in _list(data.get("process"), "process")
                ),
                retreats=_span(data, "retreats", w.retreats),
                adjustments=_span(data, "adjustments", w.adjustments),
                notice=_span(data, "notice", w.notice),
            )
        elif kind is ScheduleKind.BLITZ:
            timing = Blitz(_span(data, "turn", Blitz().turn))
        else:
            d = Durations()
            timing = Durations(
                _span(data, "movement", d.movement),
                _span(data, "retreats", d.retreats),
                _span(data, "adjustments", d.adjustments),
            )
        ready_early = data.get("ready_early", default.ready_early)
        if not isinstance(ready_early, bool):
            raise ScheduleError(f"ready_early must be true or false, not {ready_early!r}")
        reminders = data.get("reminders")
        return cls(
            timing=timing,
            zone=_text(data.get("zone", default.zone), "zone"),
            negotiation=_span(data, "negotiation", default.negotiation),
            ready_early=ready_early,
            grace=_span(data, "grace", default.grace),
            reminders=default.reminders
            if reminders is None
            else tuple(_from_seconds(r, "reminders") for r in _list(reminders, "reminders")),
        )


def _league() -> Schedule:
    due = (Slot(2, time(0, 0)), Slot(6, time(0, 0)))
    process = (Slot(0, time(12, 30)), Slot(3, time(12, 30)))
    return Schedule(
        timing=Weekly(due=due, process=process),
        zone="America/Los_Angeles",
        negotiation=timedelta(days=7),
        ready_early=False,
    )


# The league's errata: orders due Wednesday and Sunday 00:00 Pacific, adjudicated the next
# Monday or Thursday 12:30; two hours for retreats, two more for adjustments; powers assigned
# a week before the first turn. Fixed times for everyone, so no early processing.
LEAGUE = _league()
# Five-minute turns, as in the classroom game.
CLASSROOM = Schedule(timing=Blitz(timedelta(minutes=5)))


@dataclass(frozen=True, slots=True)
class PhaseTimes:
    """``orders_close_at``: the last moment orders are taken; ``deadline``: when the phase is
    adjudicated. The same moment except on a weekly timetable."""

    orders_close_at: datetime
    deadline: datetime

    def __post_init__(self) -> None:
        object.__setattr__(self, "orders_close_at", _utc(self.orders_close_at, "orders_close_at"))
        object.__setattr__(self, "deadline", _utc(self.deadline, "deadline"))
        if self.orders_close_at > self.deadline:
            raise ValueError("orders cannot close after the phase is adjudicated")


# Timing -------------------------------------------------------------------------------------


def phase_times(schedule: Schedule, kind: PhaseKind, opened_at: datetime) -> PhaseTimes:
    """When orders close and when the phase is adjudicated, for a phase opened at
    ``opened_at``."""
    opened = _utc(opened_at, "opened_at")
    t = schedule.timing
    if isinstance(t, Weekly):
        if kind is PhaseKind.MOVEMENT:
            close = _next_slot(t.due, schedule.tz, opened + t.notice)
            deadline = _next_slot(t.process, schedule.tz, close) if t.process else close
            return PhaseTimes(close, deadline)
        span = t.retreats if kind is PhaseKind.RETREATS else t.adjustments
    elif isinstance(t, Blitz):
        span = t.turn
    else:
        span = {
            PhaseKind.MOVEMENT: t.movement,
            PhaseKind.RETREATS: t.retreats,
            PhaseKind.ADJUSTMENTS: t.adjustments,
        }[kind]
    return PhaseTimes(opened + span, opened + span)


def first_phase_opens(schedule: Schedule, started_at: datetime) -> datetime:
    """When the first phase opens: after the negotiation period. On a weekly timetable its
    orders are then due at the first due slot at least ``notice`` later, so never sooner than
    the negotiation period."""
    return _utc(started_at, "started_at") + schedule.negotiation


def reminder_times(
    schedule: Schedule, times: PhaseTimes, opened_at: datetime, *, now: datetime | None = None
) -> list[datetime]:
    """Moments to remind players who owe orders, earliest first: each offset before orders
    close, leaving out any at or before the phase opened (or at or before ``now``)."""
    floor = _utc(opened_at, "opened_at")
    if now is not None:
        floor = max(floor, _utc(now, "now"))
    moments = {times.orders_close_at - offset for offset in schedule.reminders}
    return sorted(m for m in moments if floor < m < times.orders_close_at)


def early_deadline(
    schedule: Schedule, all_ready_at: datetime, *, deadline: datetime | None = None
) -> datetime | None:
    """The new deadline once every active power is ready, or None if ready-early is off (or,
    given the current ``deadline``, if it would not come any sooner)."""
    if not schedule.ready_early:
        return None
    early = _utc(all_ready_at, "all_ready_at") + schedule.grace
    if deadline is not None and early >= _utc(deadline, "deadline"):
        return None
    return early


def remaining(deadline: datetime, now: datetime) -> timedelta:
    """Time left before ``deadline``, never negative: what a pause keeps."""
    return max(_ZERO, _utc(deadline, "deadline") - _utc(now, "now"))


def resumed_deadline(remaining: timedelta, now: datetime) -> datetime:
    """The deadline after a pause that kept ``remaining``."""
    if remaining < _ZERO:
        raise ValueError("the time remaining cannot be negative")
    return _utc(now, "now") + remaining


def resumed(times: PhaseTimes, paused_at: datetime, now: datetime) -> PhaseTimes:
    """Both moments moved on by the length of the pause, so each keeps its time remaining."""
    pause = _utc(now, "now") - _utc(paused_at, "paused_at")
    if pause < _ZERO:
        raise ValueError("a game cannot resume before it was paused")
    return extended(times, pause)


def extended(times: PhaseTimes, by: timedelta) -> PhaseTimes:
    """Both moments moved by ``by`` (negative: sooner): more time to write orders means a
    later adjudication too."""
    return PhaseTimes(times.orders_close_at + by, times.deadline + by)


def _next_slot(slots: Iterable[Slot], zone: ZoneInfo, at_or_after: datetime) -> datetime:
    """The first moment of any slot at or after ``at_or_after`` (UTC)."""
    start = at_or_after.astimezone(zone).date() - _DAY
    best: datetime | None = None
    # Every slot recurs weekly, so nine days around the local date always hold one.
    for offset in range(9):
        day = start + timedelta(days=offset)
        for slot in slots:
            if slot.weekday != day.weekday():
                continue
            # fold=0: a skipped time lands an hour later by the clock, a repeated one is the
            # first of the two.
            moment = datetime.combine(day, slot.at, tzinfo=zone).astimezone(UTC)
            if moment >= at_or_after and (best is None or moment < best):
                best = moment
    if best is None:  # pragma: no cover - ruled out by the nine-day window
        raise AssertionError("no slot found within nine days")
    return best


# Parsing: durations ---------------------------------------------------------------------------

_UNITS: dict[str, timedelta] = {
    word: unit
    for words, unit in (
        (("w", "wk", "wks", "week", "weeks"), _WEEK),
        (("d", "day", "days"), _DAY),
        (("h", "hr", "hrs", "hour", "hours"), _HOUR),
        (("m", "min", "mins", "minute", "minutes"), _MINUTE),
        (("s", "sec", "secs", "second", "seconds"), timedelta(seconds=1)),
    )
    for word in words
}
_UNIT_NAMES = {
    _WEEK: "weeks",
    _DAY: "days",
    _HOUR: "hours",
    _MINUTE: "minutes",
    timedelta(seconds=1): "seconds",
}

_DURATION_EXAMPLES = "e.g. 48h, 90m, 2d, 1h30m or 1d12h"
_DURATION_PART = re.compile(r"(\d+|\ban?\b)\s*([a-z]+)")
_DURATION_TEXT = re.compile(r"(?:(?:\d+|\ban?\b)\s*[a-z]+\s*)+")


def parse_duration(text: str, *, allow_zero: bool = False) -> timedelta:
    """``48h``, ``90m``, ``2d``, ``1h30m``, ``1d 12h``, ``2 hours``, ``an hour``..."""
    raw = text.strip()
    s = re.sub(r"\s*(?:,|\band\b)\s*", " ", raw.lower()).strip()
    if not s:
        raise ScheduleError(f"no duration given: write one {_DURATION_EXAMPLES}")
    if allow_zero and re.fullmatch(r"0+", s):
        return _ZERO
    if re.fullmatch(r"\d+", s):
        raise ScheduleError(f"{raw!r} has no unit: write e.g. {s}h, {s}m or {s}d")
    if re.search(r"\d[.,]\d", s):
        raise ScheduleError(f"{raw!r}: use whole numbers, e.g. 1h30m rather than 1.5h")
    if s.startswith("-"):
        raise ScheduleError(f"{raw!r}: a duration cannot be negative")
    if not _DURATION_TEXT.fullmatch(s):
        raise ScheduleError(f"cannot read {raw!r} as a duration: write one {_DURATION_EXAMPLES}")
    total = _ZERO
    seen: set[timedelta] = set()
    for number, unit_word in _DURATION_PART.findall(s):
        unit = _UNITS.get(unit_word)
        if unit is None:
            raise ScheduleError(
                f"{raw!r}: unknown unit {unit_word!r}; use d (days), h (hours), m (minutes), "
                f"w (weeks) or s (seconds), {_DURATION_EXAMPLES}"
            )
        if unit in seen:
            raise ScheduleError(f"{raw!r}: {_UNIT_NAMES[unit]} given twice")
        seen.add(unit)
        count = 1 if number in ("a", "an") else int(number)
        if count > _LONGEST // unit:
            raise ScheduleError(f"{raw!r} is too long: at most {_LONGEST.days} days")
        total += count * unit
    if total > _LONGEST:
        raise ScheduleError(f"{raw!r} is too long: at most {_LONGEST.days} days")
    if not total and not allow_zero:
        raise ScheduleError(f"{raw!r} is no time at all: write one {_DURATION_EXAMPLES}")
    return total


def format_duration(span: timedelta) -> str:
    """The compact form :func:`parse_duration` reads back: ``1d12h``, ``1h30m``, ``0``."""
    seconds = _seconds(span)
    if seconds < 0:
        raise ValueError("a duration cannot be negative")
    if not seconds:
        return "0"
    out = []
    for unit, letter in ((86400, "d"), (3600, "h"), (60, "m"), (1, "s")):
        count, seconds = divmod(seconds, unit)
        if count:
            out.append(f"{count}{letter}")
    return "".join(out)


def describe_duration(span: timedelta) -> str:
    """For players: ``2 days``, ``1 hour 30 minutes``."""
    seconds = _seconds(span)
    if seconds <= 0:
        return "no time"
    out = []
    for unit, name in ((86400, "day"), (3600, "hour"), (60, "minute"), (1, "second")):
        count, seconds = divmod(seconds, unit)
        if count:
            out.append(_plural(count, name))
    return " ".join(out)


# Parsing: times of day, slots, moments ----------------------------------------------------------

_CLOCK_EXAMPLES = "write 24-hour 20:00 or 8pm"
_CLOCK_24 = re.compile(r"(\d{1,2}):(\d{2})")
_CLOCK_12 = re.compile(r"(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\.?")


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
    if m := _CLOCK_24.fullmatch(s):
        hour, minute = int(m.group(1)), int(m.group(2))
        if hour == 24 and minute == 0:
            raise ScheduleError(f"{raw!r}: write 00:00 of the next day instead of 24:00")
        if hour > 23 or minute > 59:
            raise ScheduleError(f"{raw!r} is not a time of day: hours 0-23, minutes 0-59")
        return time(hour, minute)
    if m := _CLOCK_12.fullmatch(s):
        hour, minute = int(m.group(1)), int(m.group(2) or 0)
        if not 1 <= hour <= 12 or minute > 59:
            raise ScheduleError(f"{raw!r} is not a time of day: with am/pm, hours run 1-12")
        return time(hour % 12 + (12 if m.group(3) == "p" else 0), minute)
    if re.fullmatch(r"\d{1,2}", s):
        raise ScheduleError(f"{raw!r}: say which {s}: {s}:00 (24-hour), {s}am or {s}pm")
    raise ScheduleError(f"{raw!r} is not a time of day: {_CLOCK_EXAMPLES}")


def _weekday(word: str) -> int | None:
    return _WEEKDAY_WORDS.get(word.lower())


def parse_slot(text: str) -> Slot:
    """``wed 00:00``, ``sunday 8pm``, ``thu@12:30``."""
    raw = text.strip()
    parts = re.split(r"\s*@\s*|\s+(?:at\s+)?", raw, maxsplit=1)
    if len(parts) != 2 or not parts[1]:
        raise ScheduleError(f"{raw!r}: give a weekday and a time, e.g. 'wed 00:00' or 'sun 8pm'")
    day = _weekday(parts[0])
    if day is None:
        raise ScheduleError(
            f"{raw!r}: unknown weekday {parts[0]!r} (mon, tue, wed, thu, fri, sat or sun)"
        )
    return Slot(day, parse_clock(parts[1]))


_WHEN_EXAMPLES = "'+2h', 'in 2 hours', 'sun 20:00', 'tomorrow 12:30' or '2026-11-25 18:00'"
_DATE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:\s+|t)(?:at\s+)?(.*))?")


def parse_when(text: str, *, now: datetime, zone: str) -> datetime:
    """A moment for ``deadline <when>``, in UTC and strictly after ``now``; dates and times of
    day are read in ``zone``. Relative: ``+2h``, ``in 2 hours``, ``90m``. Absolute:
    ``2026-11-25 18:00``. Next such: ``sunday 20:00``, ``sun 8pm``, ``tomorrow 12:30``,
    ``today 18:00``, ``18:00``."""
    current = _utc(now, "now")
    tz = zone_info(zone)
    raw = text.strip()
    s = re.sub(r"\s+", " ", raw.lower())
    if not s:
        raise ScheduleError(f"no time given: write e.g. {_WHEN_EXAMPLES}")
    relative = s[1:] if s.startswith("+") else s[3:] if s.startswith("in ") else None
    if relative is not None:
        return current + parse_duration(relative)
    if s[0].isdigit() and not _CLOCK_24.fullmatch(s) and not _CLOCK_12.fullmatch(s):
        if m := _DATE.fullmatch(s):
            return _absolute(raw, m, current, tz)
        try:
            return current + parse_duration(s)
        except ScheduleError:
            pass
    head, _, rest = s.partition(" ")
    rest = rest.removeprefix("at ")
    local_today = current.astimezone(tz).date()
    if head in ("today", "tomorrow"):
        day = local_today + (_DAY if head == "tomorrow" else _ZERO)
        moment = _local_moment(day, _clock_of(raw, rest), tz, raw)
        if moment <= current:
            raise ScheduleError(
                f"{raw!r} has already passed (it is now {format_when(current, tz)}); "
                "try 'tomorrow' or a weekday"
            )
        return moment
    weekday = _weekday(head)
    if weekday is not None:
        clock = _clock_of(raw, rest)
        for offset in range(8):
            day = local_today + timedelta(days=offset)
            if day.weekday() == weekday:
                moment = _local_moment(day, clock, tz, raw)
                if moment > current:
                    return moment
        raise AssertionError("unreachable: a weekday recurs within eight days")  # pragma: no cover
    try:
        clock = parse_clock(s)
    except ScheduleError:
        # A lone number or "midnight" was meant as a time of day: say what is wrong with it.
        if s == "midnight" or s.isdigit():
            raise
        raise ScheduleError(f"cannot read {raw!r} as a time: write e.g. {_WHEN_EXAMPLES}") from None
    for offset in range(2):
        moment = _local_moment(local_today + timedelta(days=offset), clock, tz, raw)
        if moment > current:
            return moment
    raise AssertionError("unreachable: a time of day recurs within two days")  # pragma: no cover


def _clock_of(raw: str, rest: str) -> time:
    if not rest:
        raise ScheduleError(f"{raw!r}: add a time of day, e.g. '{raw.strip()} 20:00'")
    return parse_clock(rest)


def _absolute(raw: str, m: re.Match[str], now: datetime, tz: ZoneInfo) -> datetime:
    try:
        day = date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    except ValueError:
        raise ScheduleError(f"{raw!r}: there is no such date (write YYYY-MM-DD)") from None
    if not m.group(4):
        raise ScheduleError(f"{raw!r}: add a time of day, e.g. '{day.isoformat()} 18:00'")
    moment = _local_moment(day, parse_clock(m.group(4)), tz, raw)
    if moment <= now:
        raise ScheduleError(f"{raw!r} is in the past (it is now {format_when(now, tz)})")
    return moment


def _local_moment(day: date, clock: time, tz: ZoneInfo, raw: str) -> datetime:
    """A typed local time, in UTC; one the clocks skip is refused rather than guessed."""
    local = datetime.combine(day, clock, tzinfo=tz)
    moment = local.astimezone(UTC)
    if moment.astimezone(tz).replace(tzinfo=None) != local.replace(tzinfo=None):
        raise ScheduleError(
            f"{raw!r}: {clock:%H:%M} does not exist on {day.isoformat()} in {tz.key} (the "
            "clocks skip it); pick a time an hour later"
        )
    return moment


# Parsing: options -----------------------------------------------------------------------------

OPTION_NAMES = frozenset({"schedule", "tz", "negotiation", "ready_early", "grace", "reminders"})
_OPTION_ALIASES = {"timezone": "tz", "zone": "tz", "ready": "ready_early", "reminder": "reminders"}
_OFF_WORDS = ("off", "none", "no", "0")
_ON_WORDS = ("on", "yes", "true", "1")
_SCHEDULE_EXAMPLES = (
    "e.g. schedule=48h/2h/2h, schedule=blitz:5m, schedule=league or "
    "schedule=weekly:tz=America/Los_Angeles;due=wed 00:00,sun 00:00;process=mon 12:30,thu 12:30"
)
_WEEKLY_KEYS = ("tz", "due", "process", "retreats", "adjustments", "notice")
# A new option starts at a space followed by name=, unless the space follows ; : or , (then
# it is inside a weekly spec: "weekly: tz=...; due=...").
_OPTION_BREAK = re.compile(r"(?<![\s;:,])\s+(?=[A-Za-z][\w-]*=)")
_QUOTES = "\"'“”‘’`"


def split_options(text: str) -> dict[str, str]:
    """``schedule=weekly:tz=...;due=wed 00:00,sun 00:00 grace=10m`` -> name: value, names in
    lower case with ``-`` read as ``_``. Values may hold spaces; surrounding quotes (straight
    or curly, as chat apps turn them) are dropped."""
    out: dict[str, str] = {}
    for piece in _OPTION_BREAK.split(text.strip()):
        if not piece:
            continue
        name, eq, value = piece.partition("=")
        name = name.strip().lower().replace("-", "_")
        value = value.strip()
        if len(value) >= 2 and value[0] in _QUOTES and value[-1] in _QUOTES:
            value = value[1:-1].strip()
        if not eq or not re.fullmatch(r"[a-z][\w]*", name):
            raise ScheduleError(f"{piece!r}: options are name=value, e.g. schedule=48h/2h/2h")
        if not value:
            raise ScheduleError(f"{name}= needs a value")
        if name in out:
            raise ScheduleError(f"{name} is given twice")
        out[name] = value
    return out


def parse_options(options: Mapping[str, str], *, base: Schedule | None = None) -> Schedule:
    """Apply ``name=value`` options (see the module docstring) to ``base`` (default: a new
    game's schedule). ``schedule=`` goes first, so explicit options override a preset's
    whatever their order. Names outside :data:`OPTION_NAMES` (and their aliases) are
    refused."""
    schedule = base if base is not None else Schedule()
    named: dict[str, str] = {}
    for name, value in options.items():
        key = name.strip().lower().replace("-", "_")
        key = _OPTION_ALIASES.get(key, key)
        if key not in OPTION_NAMES:
            raise ScheduleError(
                f"unknown option {name!r}: the schedule options are "
                + ", ".join(sorted(OPTION_NAMES))
            )
        if key in named:
            raise ScheduleError(f"{key} is given twice")
        named[key] = value.strip()

    zone = named.get("tz")
    if zone is not None:
        zone_info(zone)
    if "schedule" in named:
        schedule = parse_schedule(named["schedule"], base=schedule, zone=zone)
    elif zone is not None:
        schedule = replace(schedule, zone=zone)
    changes: dict[str, Any] = {}
    if "negotiation" in named:
        changes["negotiation"] = _option_span(named, "negotiation")
    if "grace" in named:
        changes["grace"] = _option_span(named, "grace")
    if "ready_early" in named:
        value = named["ready_early"].lower()
        if value not in _ON_WORDS + _OFF_WORDS:
            raise ScheduleError(f"ready_early={named['ready_early']}: write ready_early=on or off")
        changes["ready_early"] = value in _ON_WORDS
    if "reminders" in named:
        changes["reminders"] = _option_reminders(named["reminders"])
    return replace(schedule, **changes)


def parse_schedule(text: str, *, base: Schedule | None = None, zone: str | None = None) -> Schedule:
    """The ``schedule=`` value applied to ``base``: ``48h/2h/2h``, ``blitz:5m``, ``weekly:...``,
    ``league`` or ``classroom``. ``zone`` is a separately given ``tz=`` option."""
    schedule = base if base is not None else Schedule()
    raw = text.strip()
    head, sep, body = raw.partition(":")
    word = head.strip().lower()
    where = "schedule"
    if zone is not None:
        zone = zone_info(zone).key
    if word == "league" and not sep:
        if zone is not None and zone != LEAGUE.zone:
            raise ScheduleError(
                f"{where}: the league's timetable is in {LEAGUE.zone} time, but tz={zone} was "
                "also given; to use another zone, spell it out with "
                "schedule=weekly:tz=...;due=...;process=..."
            )
        # The league's rules fix the timetable, the negotiation week and no early processing;
        # reminders and grace stay the game's own.
        return replace(LEAGUE, reminders=schedule.reminders, grace=schedule.grace)
    try:
        if word in ("blitz", "classroom") and not (word == "classroom" and sep):
            turn = parse_duration(body) if sep else Blitz().turn
            return replace(schedule, timing=Blitz(turn), zone=zone or schedule.zone)
        if word == "weekly":
            if not body.strip():
                raise ScheduleError(f"weekly needs its timetable, {_SCHEDULE_EXAMPLES}")
            timing, spec_zone = _parse_weekly(body)
            if spec_zone is not None:
                spec_zone = zone_info(spec_zone).key
            if spec_zone is not None and zone is not None and spec_zone != zone:
                raise ScheduleError(
                    f"it says tz={spec_zone} but tz={zone} was also given; give one"
                )
            return replace(schedule, timing=timing, zone=spec_zone or zone or schedule.zone)
        spans = body if word == "durations" and sep else raw
        if "/" in spans:
            parts = [p.strip() for p in spans.split("/")]
            if len(parts) != 3:
                raise ScheduleError(
                    "give three durations, movement/retreats/adjustments, e.g. 48h/2h/2h"
                )
            names = ("movement", "retreats", "adjustments")
            movement, retreats, adjustments = (
                _labelled(name, parse_duration, part)
                for name, part in zip(names, parts, strict=True)
            )
            return replace(
                schedule,
                timing=Durations(movement, retreats, adjustments),
                zone=zone or schedule.zone,
            )
    except ScheduleError as exc:
        raise ScheduleError(f"{where}: {exc}") from None
    try:
        parse_duration(raw)
    except ScheduleError:
        raise ScheduleError(f"{where}: not a schedule I know; {_SCHEDULE_EXAMPLES}") from None
    raise ScheduleError(
        f"{where}: give three durations, movement/retreats/adjustments, e.g. {raw}/2h/2h, or "
        f"blitz:{raw} for every phase the same"
    )


def _parse_weekly(body: str) -> tuple[Weekly, str | None]:
    values: dict[str, str] = {}
    for item in body.split(";"):
        if not item.strip():
            continue
        key, eq, value = item.partition("=")
        key = _OPTION_ALIASES.get(key.strip().lower(), key.strip().lower())
        if not eq or key not in _WEEKLY_KEYS:
            raise ScheduleError(
                f"{item.strip()!r}: a weekly timetable takes "
                + ", ".join(f"{k}=..." for k in _WEEKLY_KEYS)
                + ", separated by ';'"
            )
        if key in values:
            raise ScheduleError(f"{key} is given twice")
        values[key] = value.strip()
    if "due" not in values:
        raise ScheduleError("say when orders are due, e.g. due=wed 00:00,sun 00:00")
    zone = values.get("tz")
    if zone is not None:
        zone_info(zone)

    def slots(key: str) -> tuple[Slot, ...]:
        return tuple(
            _labelled(key, parse_slot, part) for part in values[key].split(",") if part.strip()
        )

    defaults = Weekly(due=(Slot(0, time()),))
    weekly = Weekly(
        due=slots("due"),
        process=slots("process") if "process" in values else (),
        retreats=_labelled("retreats", parse_duration, values["retreats"])
        if "retreats" in values
        else defaults.retreats,
        adjustments=_labelled("adjustments", parse_duration, values["adjustments"])
        if "adjustments" in values
        else defaults.adjustments,
        notice=_labelled("notice", _parse_zero_or_span, values["notice"])
        if "notice" in values
        else defaults.notice,
    )
    return weekly, zone


def _parse_zero_or_span(text: str) -> timedelta:
    if text.strip().lower() in _OFF_WORDS:
        return _ZERO
    return parse_duration(text, allow_zero=True)


def _option_span(named: Mapping[str, str], key: str) -> timedelta:
    return _labelled(key, _parse_zero_or_span, named[key])


def _option_reminders(text: str) -> tuple[timedelta, ...]:
    if text.strip().lower() in _OFF_WORDS:
        return ()
    parts = [p for p in text.split(",") if p.strip()]
    if not parts:
        raise ScheduleError("reminders=: give durations before the deadline, e.g. 24h,1h, or off")
    return tuple(_labelled("reminders", parse_duration, p) for p in parts)


def _labelled(key: str, parse: Callable[[str], _T], text: str) -> _T:
    """``parse(text)``, its error naming the option it came from."""
    try:
        return parse(text)
    except ScheduleError as exc:
        raise ScheduleError(f"{key}: {exc}") from None


def to_options(schedule: Schedule) -> str:
    """The option text that makes ``schedule`` (what ``parse_options(split_options(...))``
    reads back to an equal value)."""
    t = schedule.timing
    if isinstance(t, Weekly):
        parts = [f"tz={schedule.zone}", "due=" + ",".join(str(s) for s in t.due)]
        if t.process:
            parts.append("process=" + ",".join(str(s) for s in t.process))
        parts += [
            f"retreats={format_duration(t.retreats)}",
            f"adjustments={format_duration(t.adjustments)}",
            f"notice={format_duration(t.notice)}",
        ]
        options = ["schedule=weekly:" + ";".join(parts)]
    else:
        if isinstance(t, Blitz):
            options = [f"schedule=blitz:{format_duration(t.turn)}"]
        else:
            spans = (t.movement, t.retreats, t.adjustments)
            options = ["schedule=" + "/".join(format_duration(s) for s in spans)]
        options.append(f"tz={schedule.zone}")
    options += [
        f"negotiation={format_duration(schedule.negotiation)}",
        f"ready_early={'on' if schedule.ready_early else 'off'}",
        f"grace={format_duration(schedule.grace)}",
        "reminders=" + (",".join(map(format_duration, schedule.reminders)) or "off"),
    ]
    return " ".join(options)


# Showing times ----------------------------------------------------------------------------------


def format_when(dt: datetime, zone: str | tzinfo) -> str:
    """``Wed 25 Nov 2026 00:00 PST``: the moment on the game's wall clock."""
    local = _utc(dt, "dt").astimezone(zone_info(zone) if isinstance(zone, str) else zone)
    day = _WEEKDAYS[local.weekday()].title()
    return (
        f"{day} {local.day} {_MONTHS[local.month - 1]} {local.year} "
        f"{local:%H:%M} {local.tzname() or ''}"
    ).rstrip()


def format_relative(dt: datetime, now: datetime) -> str:
    """``in 2 days 3 hours``, ``in 45 minutes``, ``5 minutes ago``; two units at most,
    rounded to the smaller one shown."""
    delta = _utc(dt, "dt") - _utc(now, "now")
    future = delta >= _ZERO
    minutes = round(abs(delta) / _MINUTE)
    if minutes == 0:
        return (
            "in less than a minute"
            if delta > _ZERO
            else "now"
            if not delta
            else ("less than a minute ago")
        )
    if minutes >= 24 * 60:
        hours = round(minutes / 60)
        text = _two_units(divmod(hours, 24), ("day", "hour"))
    elif minutes >= 60:
        text = _two_units(divmod(minutes, 60), ("hour", "minute"))
    else:
        text = _plural(minutes, "minute")
    return f"in {text}" if future else f"{text} ago"


def _two_units(counts: tuple[int, int], names: tuple[str, str]) -> str:
    big, small = counts
    return _plural(big, names[0]) + (f" {_plural(small, names[1])}" if small else "")


def describe(schedule: Schedule) -> str:
    """One line for players, e.g. "Orders due Wed 00:00 and Sun 00:00, adjudicated ..."."""
    t = schedule.timing
    zone = schedule.zone
    if isinstance(t, Weekly):
        due = _and(s.label for s in t.due)
        if t.process:
            when = f"adjudicated the next {_or(s.label for s in t.process)}"
        else:
            when = "adjudicated then"
        head = (
            f"Orders due {due}, {when} ({zone} time); then {describe_duration(t.retreats)} "
            f"for retreats and {describe_duration(t.adjustments)} for adjustments"
        )
    elif isinstance(t, Blitz):
        head = f"Blitz: every phase {describe_duration(t.turn)} (times in {zone})"
    else:
        head = (
            f"Movement {describe_duration(t.movement)}, retreats {describe_duration(t.retreats)}, "
            f"adjustments {describe_duration(t.adjustments)} (times in {zone})"
        )
    parts = [head]
    if schedule.negotiation:
        negotiation = describe_duration(schedule.negotiation)
        parts.append(f"{negotiation} to negotiate before the first turn")
    if not schedule.ready_early:
        parts.append("no early adjudication")
    elif schedule.grace:
        parts.append(f"adjudicated {describe_duration(schedule.grace)} after everyone is ready")
    else:
        parts.append("adjudicated as soon as everyone is ready")
    if schedule.reminders:
        reminders = _and(describe_duration(r) for r in schedule.reminders)
        parts.append(f"reminders {reminders} before orders close")
    else:
        parts.append("no reminders")
    return "; ".join(parts) + "."


def _and(items: Iterable[str]) -> str:
    return _joined(list(items), "and")


def _or(items: Iterable[str]) -> str:
    return _joined(list(items), "or")


def _joined(items: list[str], word: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} {items[-1]}"


def _plural(count: int, name: str) -> str:
    return f"{count} {name}" if count == 1 else f"{count} {name}s"
