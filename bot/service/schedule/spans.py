"""Lengths of time: the units and bounds schedule times are counted in, the zones they are
read in, how a game master types a duration and how one is shown back; and the one error
every schedule module raises for what a game master typed or a store held.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta, tzinfo
from typing import TypeVar
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.service.words.english import plural

_T = TypeVar("_T")


class ScheduleError(ValueError):
    """Something a game master typed (or a stored schedule) is wrong; the message says what
    was wrong and what would be right, fit to show as it is."""


def labelled(key: str, parse: Callable[[str], _T], text: str) -> _T:
    """``parse(text)``, its error naming the option it came from."""
    try:
        return parse(text)
    except ScheduleError as exc:
        raise ScheduleError(f"{key}: {exc}") from None


ZERO = timedelta(0)
SECOND = timedelta(seconds=1)
MINUTE = timedelta(minutes=1)
HOUR = timedelta(hours=1)
DAY = timedelta(days=1)
WEEK = timedelta(days=7)
# Far beyond any real game, near enough that date arithmetic can never overflow.
LONGEST = timedelta(days=365)


def as_utc(dt: datetime, name: str) -> datetime:
    """``dt`` in UTC; a naive one is a programming error, not something typed."""
    if dt.tzinfo is None or dt.utcoffset() is None:
        raise ValueError(f"{name} must be timezone-aware, not {dt!r}")
    return dt.astimezone(UTC)


def whole_seconds(span: timedelta) -> int:
    seconds, rest = divmod(span, SECOND)
    if rest:
        raise ScheduleError(f"{span} is not a whole number of seconds")
    return int(seconds)


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


# Words that switch an option off; for a span, "no time".
OFF_WORDS = ("off", "none", "no", "0")

_UNITS: dict[str, timedelta] = {
    word: unit
    for words, unit in (
        (("w", "wk", "wks", "week", "weeks"), WEEK),
        (("d", "day", "days"), DAY),
        (("h", "hr", "hrs", "hour", "hours"), HOUR),
        (("m", "min", "mins", "minute", "minutes"), MINUTE),
        (("s", "sec", "secs", "second", "seconds"), SECOND),
    )
    for word in words
}
_UNIT_NAMES = {WEEK: "weeks", DAY: "days", HOUR: "hours", MINUTE: "minutes", SECOND: "seconds"}

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
        return ZERO
    if re.fullmatch(r"\d+", s):
        raise ScheduleError(f"{raw!r} has no unit: write e.g. {s}h, {s}m or {s}d")
    if re.search(r"\d[.,]\d", s):
        raise ScheduleError(f"{raw!r}: use whole numbers, e.g. 1h30m rather than 1.5h")
    if s.startswith("-"):
        raise ScheduleError(f"{raw!r}: a duration cannot be negative")
    if not _DURATION_TEXT.fullmatch(s):
        raise ScheduleError(f"cannot read {raw!r} as a duration: write one {_DURATION_EXAMPLES}")
    total = ZERO
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
        if count > LONGEST // unit:
            raise ScheduleError(f"{raw!r} is too long: at most {LONGEST.days} days")
        total += count * unit
    if total > LONGEST:
        raise ScheduleError(f"{raw!r} is too long: at most {LONGEST.days} days")
    if not total and not allow_zero:
        raise ScheduleError(f"{raw!r} is no time at all: write one {_DURATION_EXAMPLES}")
    return total


def parse_span_or_off(text: str) -> timedelta:
    """A duration where ``0`` or ``off`` means none: negotiation, grace, notice."""
    if text.strip().lower() in OFF_WORDS:
        return ZERO
    return parse_duration(text, allow_zero=True)


def format_duration(span: timedelta) -> str:
    """The compact form :func:`parse_duration` reads back: ``1d12h``, ``1h30m``, ``0``."""
    seconds = whole_seconds(span)
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
    seconds = whole_seconds(span)
    if seconds <= 0:
        return "no time"
    out = []
    for unit, name in ((86400, "day"), (3600, "hour"), (60, "minute"), (1, "second")):
        count, seconds = divmod(seconds, unit)
        if count:
            out.append(plural(count, name))
    return " ".join(out)
