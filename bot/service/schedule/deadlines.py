"""When a phase's orders close and when it is adjudicated, from when it opened.

A weekly timetable is wall-clock time in the game's zone, so "Mon 12:30" stays 12:30 local. A
timetable slot that falls in an hour the clocks skip happens at the same moment the clock
shows the next hour; one in an hour that happens twice means the first of the two.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from bot.service.schedule.model import Schedule
from bot.service.schedule.timings import Blitz, Slot, Weekly
from bot.service.schedule.units import DAY, as_utc
from engine.phase import PhaseKind


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
