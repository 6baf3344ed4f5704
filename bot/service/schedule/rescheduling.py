"""Moving an open phase's times: adjudicating early once all are ready, pausing, extending."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.service.schedule.deadlines import PhaseTimes
from bot.service.schedule.model import Schedule
from bot.service.schedule.units import ZERO, as_utc


def early_deadline(
    schedule: Schedule, all_ready_at: datetime, *, deadline: datetime | None = None
) -> datetime | None:
    """The new deadline once every active power is ready, or None if ready-early is off (or,
    given the current ``deadline``, if it would not come any sooner)."""
    if not schedule.ready_early:
        return None
    early = as_utc(all_ready_at, "all_ready_at") + schedule.grace
    if deadline is not None and early >= as_utc(deadline, "deadline"):
        return None
    return early


def remaining(deadline: datetime, now: datetime) -> timedelta:
    """Time left before ``deadline``, never negative: what a pause keeps."""
    return max(ZERO, as_utc(deadline, "deadline") - as_utc(now, "now"))


def resumed_deadline(remaining: timedelta, now: datetime) -> datetime:
    """The deadline after a pause that kept ``remaining``."""
    if remaining < ZERO:
        raise ValueError("the time remaining cannot be negative")
    return as_utc(now, "now") + remaining


def resumed(times: PhaseTimes, paused_at: datetime, now: datetime) -> PhaseTimes:
    """Both moments moved on by the length of the pause, so each keeps its time remaining."""
    pause = as_utc(now, "now") - as_utc(paused_at, "paused_at")
    if pause < ZERO:
        raise ValueError("a game cannot resume before it was paused")
    return extended(times, pause)


def extended(times: PhaseTimes, by: timedelta) -> PhaseTimes:
    """Both moments moved by ``by`` (negative: sooner): more time to write orders means a
    later adjudication too."""
    return PhaseTimes(times.orders_close_at + by, times.deadline + by)
