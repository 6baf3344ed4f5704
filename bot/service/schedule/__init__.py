"""When phases open, when orders close, when they are adjudicated, and how a game master says so.

Everything here is a pure function of its arguments: there is no clock (``now`` is always
passed in) and no storage. Datetimes in and out are timezone-aware; results are in UTC.

The modules, each with one job:

- :mod:`.spans`: lengths of time, their units and zones, and the one :class:`ScheduleError`;
- :mod:`.timings`: the three timings (durations, weekly timetable, blitz), times of day and
  weekly slots;
- :mod:`.model`: the schedule a game keeps, its JSON form, and the presets;
- :mod:`.deadlines`: when orders close and phases are adjudicated, moving those times, and
  reminders;
- :mod:`.parsing`: what a game master types (``schedule=`` and the other options,
  ``deadline <when>``);
- :mod:`.display`: what players read of a schedule.

Other code imports from this package, not from the modules.
"""

from bot.service.schedule.deadlines import (
    PhaseTimes,
    early_deadline,
    extended,
    first_phase_opens,
    phase_times,
    remaining,
    reminder_times,
    resumed,
    resumed_deadline,
)
from bot.service.schedule.display import describe, format_relative, format_when, schedule_wish
from bot.service.schedule.model import CLASSROOM, LEAGUE, Schedule
from bot.service.schedule.parsing import (
    OPTION_NAMES,
    parse_options,
    parse_schedule,
    parse_when,
    split_options,
    to_options,
)
from bot.service.schedule.spans import (
    ScheduleError,
    describe_duration,
    format_duration,
    parse_duration,
    zone_info,
)
from bot.service.schedule.timings import (
    Blitz,
    Durations,
    ScheduleKind,
    Slot,
    Timing,
    Weekly,
    parse_clock,
    parse_slot,
)

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
    "schedule_wish",
    "split_options",
    "to_options",
    "zone_info",
]
