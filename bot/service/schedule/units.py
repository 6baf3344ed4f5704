"""The units and bounds schedule times are counted in, and the zones and UTC they are read in.

Datetimes in and out of the package are timezone-aware; results are in UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.service.schedule.errors import ScheduleError

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
