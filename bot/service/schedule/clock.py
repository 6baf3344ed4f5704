"""Times of day, weekdays and weekly slots as a game master types them.

Times of day: 24-hour ``20:00`` or ``8pm`` / ``8:30pm`` / ``noon``; "midnight" is refused as
ambiguous (write ``00:00`` of the day that begins). Weekdays: ``mon`` .. ``sun`` or full
names.
"""

from __future__ import annotations

import re
from datetime import time

from bot.service.schedule.errors import ScheduleError
from bot.service.schedule.timings import WEEKDAYS, Slot

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
