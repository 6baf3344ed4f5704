"""When phases open, when orders close, when they are adjudicated, and how a game master says so.

Everything here is a pure function of its arguments: there is no clock (``now`` is always
passed in) and no storage. Datetimes in and out are timezone-aware; results are in UTC.

The modules, each with one job:

- :mod:`.timings`: the three timings (durations, weekly timetable, blitz) and their defaults;
  :mod:`.model`: the schedule a game keeps; :mod:`.presets`: ``league`` and ``classroom``;
  :mod:`.stored`: a schedule as JSON.
- :mod:`.deadlines`: when a phase's orders close and it is adjudicated;
  :mod:`.rescheduling`: ready-early, pauses and extensions; :mod:`.reminders`: when to remind.
- :mod:`.options` and :mod:`.schedule_option`: the options a game master types;
  :mod:`.durations`, :mod:`.clock` and :mod:`.when`: lengths of time, times of day and slots,
  and the moments given to ``deadline``.
- :mod:`.moments` and :mod:`.description`: what players read.
- :mod:`.units`, :mod:`.errors` and :mod:`.words`: what the others share.

Other code imports from this package, not from the modules.
"""

from bot.service.schedule.clock import parse_clock, parse_slot
from bot.service.schedule.deadlines import PhaseTimes, first_phase_opens, phase_times
from bot.service.schedule.description import describe
from bot.service.schedule.durations import describe_duration, format_duration, parse_duration
from bot.service.schedule.errors import ScheduleError
from bot.service.schedule.model import Schedule
from bot.service.schedule.moments import format_relative, format_when
from bot.service.schedule.options import OPTION_NAMES, parse_options, split_options, to_options
from bot.service.schedule.presets import CLASSROOM, LEAGUE
from bot.service.schedule.reminders import reminder_times
from bot.service.schedule.rescheduling import (
    early_deadline,
    extended,
    remaining,
    resumed,
    resumed_deadline,
)
from bot.service.schedule.schedule_option import parse_schedule
from bot.service.schedule.timings import Blitz, Durations, ScheduleKind, Slot, Timing, Weekly
from bot.service.schedule.units import zone_info
from bot.service.schedule.when import parse_when

__all__ = [
    "CLASSROOM",
    "LEAGUE",
    "OPTION_NAMES",
    "Blitz",
    "Durations",
    "PhaseTimes",
    "Schedule",
    "ScheduleError",
    "ScheduleKind",
    "Slot",
    "Timing",
    "Weekly",
    "describe",
    "describe_duration",
    "early_deadline",
    "extended",
    "first_phase_opens",
    "format_duration",
    "format_relative",
    "format_when",
    "parse_clock",
    "parse_duration",
    "parse_options",
    "parse_schedule",
    "parse_slot",
    "parse_when",
    "phase_times",
    "remaining",
    "reminder_times",
    "resumed",
    "resumed_deadline",
    "split_options",
    "to_options",
    "zone_info",
]
