"""The schedule a game keeps: its timing, zone, negotiation, ready-early rule and reminders."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any
from zoneinfo import ZoneInfo

from bot.service.schedule.errors import ScheduleError
from bot.service.schedule.stored import schedule_fields, schedule_json
from bot.service.schedule.timings import (
    DEFAULT_REMINDERS,
    Blitz,
    Durations,
    ScheduleKind,
    Timing,
    Weekly,
    check_span,
    kind_of,
)
from bot.service.schedule.units import SECOND, ZERO, zone_info

_NEW_GAME_TIMING = Durations()


@dataclass(frozen=True, slots=True)
class Schedule:
    """Common to every timing: an optional negotiation period before the first phase opens;
    ready-early (when every active power is ready, adjudicate after ``grace`` instead of at
    the deadline); reminders some time before orders close."""

    timing: Timing = _NEW_GAME_TIMING
    # IANA name: the weekly timetable's wall clock, typed dates, and times shown to players.
    zone: str = "UTC"
    negotiation: timedelta = ZERO
    ready_early: bool = True
    grace: timedelta = ZERO
    # Before orders close; kept longest first, without repeats.
    reminders: tuple[timedelta, ...] = DEFAULT_REMINDERS

    def __post_init__(self) -> None:
        if not isinstance(self.timing, Durations | Weekly | Blitz):
            raise ScheduleError(f"not a schedule's timing: {self.timing!r}")
        object.__setattr__(self, "zone", zone_info(self.zone).key)
        check_span(self.negotiation, "negotiation", least=ZERO)
        check_span(self.grace, "grace", least=ZERO)
        for offset in self.reminders:
            check_span(offset, "a reminder", least=SECOND)
        object.__setattr__(self, "reminders", tuple(sorted(set(self.reminders), reverse=True)))

    @property
    def kind(self) -> ScheduleKind:
        return kind_of(self.timing)

    @property
    def tz(self) -> ZoneInfo:
        return zone_info(self.zone)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready object; durations in whole seconds, slots as ``"wed 00:00"``."""
        return schedule_json(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Schedule:
        """Read :meth:`to_json` output; a missing key takes its default, a bad one raises
        :class:`ScheduleError`."""
        return cls(**schedule_fields(data))
