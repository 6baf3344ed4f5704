"""Reading the moment a game master types for ``deadline <when>``.

::

    +2h   in 2 hours   in 1 day 6 hours   90m         relative to now
    2026-11-25 18:00   2026-11-25 6pm                 absolute, in the game's zone
    sunday 20:00   sun 8pm   sun at 8pm               the next such moment
    today 18:00   tomorrow 12:30   18:00              today / tomorrow / the next such time

Local times that do not exist (the hour skipped when clocks go forward) are refused; a local
time that happens twice (clocks going back) means the first of the two.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from bot.service.schedule.clock import CLOCK_12, CLOCK_24, parse_clock, weekday
from bot.service.schedule.durations import parse_duration
from bot.service.schedule.errors import ScheduleError
from bot.service.schedule.moments import format_when
from bot.service.schedule.units import DAY, ZERO, as_utc, zone_info

_WHEN_EXAMPLES = "'+2h', 'in 2 hours', 'sun 20:00', 'tomorrow 12:30' or '2026-11-25 18:00'"
_DATE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:\s+|t)(?:at\s+)?(.*))?")


def parse_when(text: str, *, now: datetime, zone: str) -> datetime:
    """A moment for ``deadline <when>``, in UTC and strictly after ``now``; dates and times of
    day are read in ``zone``. Relative: ``+2h``, ``in 2 hours``, ``90m``. Absolute:
    ``2026-11-25 18:00``. Next such: ``sunday 20:00``, ``sun 8pm``, ``tomorrow 12:30``,
    ``today 18:00``, ``18:00``."""
    current = as_utc(now, "now")
    tz = zone_info(zone)
    raw = text.strip()
    s = re.sub(r"\s+", " ", raw.lower())
    if not s:
        raise ScheduleError(f"no time given: write e.g. {_WHEN_EXAMPLES}")
    relative = s[1:] if s.startswith("+") else s[3:] if s.startswith("in ") else None
    if relative is not None:
        return current + parse_duration(relative)
    if s[0].isdigit() and not CLOCK_24.fullmatch(s) and not CLOCK_12.fullmatch(s):
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
        day = local_today + (DAY if head == "tomorrow" else ZERO)
        moment = _local_moment(day, _clock_of(raw, rest), tz, raw)
        if moment <= current:
            raise ScheduleError(
                f"{raw!r} has already passed (it is now {format_when(current, tz)}); "
                "try 'tomorrow' or a weekday"
            )
        return moment
    day_of_week = weekday(head)
    if day_of_week is not None:
        clock = _clock_of(raw, rest)
        for offset in range(8):
            day = local_today + timedelta(days=offset)
            if day.weekday() == day_of_week:
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
