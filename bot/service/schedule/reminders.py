"""When to remind players who owe orders, and which reminders a schedule keeps when its timing
changes."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.service.schedule.deadlines import PhaseTimes
from bot.service.schedule.model import Schedule
from bot.service.schedule.timings import DEFAULT_REMINDERS, Timing
from bot.service.schedule.units import as_utc


def reminder_times(
    schedule: Schedule, times: PhaseTimes, opened_at: datetime, *, now: datetime | None = None
) -> list[datetime]:
    """Moments to remind players who owe orders, earliest first: each offset before orders
    close, leaving out any at or before the phase opened (or at or before ``now``)."""
    floor = as_utc(opened_at, "opened_at")
    if now is not None:
        floor = max(floor, as_utc(now, "now"))
    moments = {times.orders_close_at - offset for offset in schedule.reminders}
    return sorted(m for m in moments if floor < m < times.orders_close_at)


def carried_reminders(schedule: Schedule, timing: Timing) -> tuple[timedelta, ...]:
    """The reminders ``schedule`` keeps when its timing becomes ``timing``: ones a game master
    chose (or turned off) stay; defaults give way to the new timing's, so a game switched to
    blitz is not left with a day's warning."""
    if schedule.reminders in (DEFAULT_REMINDERS, schedule.timing.default_reminders):
        return timing.default_reminders
    return schedule.reminders
