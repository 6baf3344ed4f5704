"""The schedules a game master names in one word: ``league`` and ``classroom``."""

from __future__ import annotations

from datetime import time, timedelta

from bot.service.schedule.model import Schedule
from bot.service.schedule.timings import Blitz, Slot, Weekly


def _league() -> Schedule:
    due = (Slot(2, time(0, 0)), Slot(6, time(0, 0)))
    process = (Slot(0, time(12, 30)), Slot(3, time(12, 30)))
    return Schedule(
        timing=Weekly(due=due, process=process),
        zone="America/Los_Angeles",
        negotiation=timedelta(days=7),
        ready_early=False,
    )


# The league's errata: orders due Wednesday and Sunday 00:00 Pacific, adjudicated the next
# Monday or Thursday 12:30; two hours for retreats, two more for adjustments; powers assigned
# a week before the first turn. Fixed times for everyone, so no early processing.
LEAGUE = _league()
# Five-minute turns, as in the classroom game.
CLASSROOM = Schedule(timing=Blitz(timedelta(minutes=5)), reminders=Blitz.default_reminders)
