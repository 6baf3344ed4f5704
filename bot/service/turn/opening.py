"""Opening phases with their deadlines, and showing those deadlines to players."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.service.effects import Deadline
from bot.service.maps import Workers
from bot.service.schedule import (
    PhaseTimes,
    Schedule,
    describe_duration,
    format_relative,
    format_when,
    phase_times,
    remaining,
)
from bot.service.turn import computer_turns
from bot.store import Game, Phase, Store
from engine import Position


async def open_phase(
    store: Store,
    game: Game,
    position: Position,
    schedule: Schedule,
    opens_at: datetime,
    workers: Workers | None = None,
) -> Phase:
    """Open the position's phase with the times the schedule gives it; the powers a
    computer commands give their orders at once (chosen in ``workers``)."""
    times = phase_times(schedule, position.phase.kind, opens_at)
    phase = await store.open_phase(
        game.id,
        str(position.phase),
        position.to_json(),
        deadline=times.deadline,
        orders_close_at=times.orders_close_at,
    )
    await computer_turns.give_orders(store, game, phase, position, workers=workers)
    return phase


def times_of(phase: Phase) -> PhaseTimes | None:
    """The phase's times; None while the game is paused."""
    if phase.deadline is None:
        return None
    close = phase.orders_close_at or phase.deadline
    return PhaseTimes(min(close, phase.deadline), phase.deadline)


def when(moment: datetime, zone: str, now: datetime) -> str:
    """``Wed 7 Jan 2026 09:00 UTC (in 2 days)``."""
    return f"{format_when(moment, zone)} ({format_relative(moment, now)})"


def deadline(phase: Phase, zone: str, now: datetime) -> Deadline | None:
    """The moment players must act by (orders closing), with the whole story as text."""
    times = times_of(phase)
    if times is None:
        return None
    return Deadline(times.orders_close_at, deadline_text(phase, zone, now))


def deadline_text(phase: Phase, zone: str, now: datetime) -> str:
    """The deadline as players read it, also for a paused game and a weekly timetable."""
    if phase.deadline is None:
        left = phase.paused_remaining_seconds
        if left is None:
            return "none set"
        return f"paused ({describe_duration(timedelta(seconds=left))} left when resumed)"
    text = when(phase.deadline, zone, now)
    close = phase.orders_close_at
    if close is not None and close < phase.deadline:
        text = f"orders close {when(close, zone, now)}; adjudication {text}"
    return text


def time_left(phase: Phase, now: datetime) -> int:
    """Whole seconds left before the deadline: what a pause keeps."""
    if phase.deadline is None:
        return phase.paused_remaining_seconds or 0
    return int(remaining(phase.deadline, now).total_seconds())
