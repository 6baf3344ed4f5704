"""Moments as players read them: on the game's wall clock, or how far off they are."""

from __future__ import annotations

from datetime import datetime, tzinfo

from bot.service.schedule.timings import WEEKDAYS
from bot.service.schedule.units import MINUTE, ZERO, as_utc, zone_info
from bot.service.words.english import plural

_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def format_when(dt: datetime, zone: str | tzinfo) -> str:
    """``Wed 25 Nov 2026 00:00 PST``: the moment on the game's wall clock."""
    local = as_utc(dt, "dt").astimezone(zone_info(zone) if isinstance(zone, str) else zone)
    day = WEEKDAYS[local.weekday()].title()
    return (
        f"{day} {local.day} {_MONTHS[local.month - 1]} {local.year} "
        f"{local:%H:%M} {local.tzname() or ''}"
    ).rstrip()


def format_relative(dt: datetime, now: datetime) -> str:
    """``in 2 days 3 hours``, ``in 45 minutes``, ``5 minutes ago``; two units at most,
    rounded to the smaller one shown."""
    delta = as_utc(dt, "dt") - as_utc(now, "now")
    future = delta >= ZERO
    minutes = round(abs(delta) / MINUTE)
    if minutes == 0:
        return (
            "in less than a minute"
            if delta > ZERO
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
        text = plural(minutes, "minute")
    return f"in {text}" if future else f"{text} ago"


def _two_units(counts: tuple[int, int], names: tuple[str, str]) -> str:
    big, small = counts
    return plural(big, names[0]) + (f" {plural(small, names[1])}" if small else "")
