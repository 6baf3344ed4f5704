"""When a phase's orders close and when it is adjudicated, from when it opened; moving those
times (ready early, pauses, extensions); and when to remind players who owe orders.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from bot.service.schedule.model import Schedule
from bot.service.schedule.spans import DAY, ZERO, as_utc
from bot.service.schedule.timings import DEFAULT_REMINDERS, Blitz, Slot, Timing, Weekly
from engine import PhaseKind


@dataclass(frozen=True, slots=True)
class PhaseTimes:
    """``orders_close_at``: the last moment orders are taken; ``deadline``: when the phase is
    adjudicated. The same moment except on a weekly timetable."""

    orders_close_at: datetime
    deadline: datetime

    def __post_init__(self) -> None:
        object.__setattr__(self, "orders_close_at", as_utc(self.orders_close_at, "orders_close_at"))
        object.__setattr__(self, "deadline", as_utc(self.deadline, "deadline"))
        if self.orders_close_at > self.deadline:
            raise ValueError("orders cannot close after the phase is adjudicated")


def phase_times(schedule: Schedule, kind: PhaseKind, opened_at: datetime) -> PhaseTimes:
    """When orders close and when the phase is adjudicated, for a phase opened at
    ``opened_at``."""
    opened = as_utc(opened_at, "opened_at")
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
    return as_utc(started_at, "started_at") + schedule.negotiation


def _next_slot(slots: Iterable[Slot], zone: ZoneInfo, at_or_after: datetime) -> datetime:
    """The first moment of any slot at or after ``at_or_after`` (UTC)."""
    start = at_or_after.astimezone(zone).date() - DAY
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
