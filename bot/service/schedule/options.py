"""The schedule options of ``newgame`` and game settings: split from the text, applied to a
schedule, and written back.

One ``name=value`` each, separated by spaces; a value may itself contain spaces
(``due=wed 00:00``) and :func:`split_options` keeps it whole::

    schedule=...                       see :mod:`bot.service.schedule.schedule_option`
    tz=Europe/London                   the game's zone (IANA name), for the timetable, for
                                       typed dates and for showing times
    negotiation=7d                     time to negotiate before the first phase (0 or off: none)
    ready_early=on                     on|off (also yes|no, true|false)
    grace=10m                          once all are ready, adjudicate this much later (0: at once)
    reminders=24h,1h                   before orders close (off or none: no reminders; a blitz
                                       game reminds 1 minute before unless told)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from datetime import timedelta
from typing import Any

from bot.service.schedule.durations import (
    OFF_WORDS,
    format_duration,
    parse_duration,
    parse_span_or_off,
)
from bot.service.schedule.errors import ScheduleError, labelled
from bot.service.schedule.model import Schedule
from bot.service.schedule.schedule_option import TZ_ALIASES, parse_schedule
from bot.service.schedule.timings import Blitz, Weekly
from bot.service.schedule.units import zone_info

OPTION_NAMES = frozenset({"schedule", "tz", "negotiation", "ready_early", "grace", "reminders"})
_OPTION_ALIASES = {**TZ_ALIASES, "ready": "ready_early", "reminder": "reminders"}
_ON_WORDS = ("on", "yes", "true", "1")
# A new option starts at a space followed by name=, unless the space follows ; : or , (then
# it is inside a weekly spec: "weekly: tz=...; due=...").
_OPTION_BREAK = re.compile(r"(?<![\s;:,])\s+(?=[A-Za-z][\w-]*=)")
_QUOTES = "\"'“”‘’`"


def split_options(text: str) -> dict[str, str]:
    """``schedule=weekly:tz=...;due=wed 00:00,sun 00:00 grace=10m`` -> name: value, names in
    lower case with ``-`` read as ``_``. Values may hold spaces; surrounding quotes (straight
    or curly, as chat apps turn them) are dropped."""
    out: dict[str, str] = {}
    for piece in _OPTION_BREAK.split(text.strip()):
        if not piece:
            continue
        name, eq, value = piece.partition("=")
        name = name.strip().lower().replace("-", "_")
        value = value.strip()
        if len(value) >= 2 and value[0] in _QUOTES and value[-1] in _QUOTES:
            value = value[1:-1].strip()
        if not eq or not re.fullmatch(r"[a-z][\w]*", name):
            raise ScheduleError(f"{piece!r}: options are name=value, e.g. schedule=48h/2h/2h")
        if not value:
            raise ScheduleError(f"{name}= needs a value")
        if name in out:
            raise ScheduleError(f"{name} is given twice")
        out[name] = value
    return out


def parse_options(options: Mapping[str, str], *, base: Schedule | None = None) -> Schedule:
    """Apply ``name=value`` options (see the module docstring) to ``base`` (default: a new
    game's schedule). ``schedule=`` goes first, so explicit options override a preset's
    whatever their order. Names outside :data:`OPTION_NAMES` (and their aliases) are
    refused."""
    schedule = base if base is not None else Schedule()
    named: dict[str, str] = {}
    for name, value in options.items():
        key = name.strip().lower().replace("-", "_")
        key = _OPTION_ALIASES.get(key, key)
        if key not in OPTION_NAMES:
            raise ScheduleError(
                f"unknown option {name!r}: the schedule options are "
                + ", ".join(sorted(OPTION_NAMES))
            )
        if key in named:
            raise ScheduleError(f"{key} is given twice")
        named[key] = value.strip()

    zone = named.get("tz")
    if zone is not None:
        zone_info(zone)
    if "schedule" in named:
        schedule = parse_schedule(named["schedule"], base=schedule, zone=zone)
    elif zone is not None:
        schedule = replace(schedule, zone=zone)
    changes: dict[str, Any] = {}
    if "negotiation" in named:
        changes["negotiation"] = labelled("negotiation", parse_span_or_off, named["negotiation"])
    if "grace" in named:
        changes["grace"] = labelled("grace", parse_span_or_off, named["grace"])
    if "ready_early" in named:
        value = named["ready_early"].lower()
        if value not in _ON_WORDS + OFF_WORDS:
            raise ScheduleError(f"ready_early={named['ready_early']}: write ready_early=on or off")
        changes["ready_early"] = value in _ON_WORDS
    if "reminders" in named:
        changes["reminders"] = _reminders(named["reminders"])
    return replace(schedule, **changes)


def _reminders(text: str) -> tuple[timedelta, ...]:
    if text.strip().lower() in OFF_WORDS:
        return ()
    parts = [p for p in text.split(",") if p.strip()]
    if not parts:
        raise ScheduleError("reminders=: give durations before the deadline, e.g. 24h,1h, or off")
    return tuple(labelled("reminders", parse_duration, p) for p in parts)


def to_options(schedule: Schedule) -> str:
    """The option text that makes ``schedule`` (what ``parse_options(split_options(...))``
    reads back to an equal value)."""
    t = schedule.timing
    if isinstance(t, Weekly):
        parts = [f"tz={schedule.zone}", "due=" + ",".join(str(s) for s in t.due)]
        if t.process:
            parts.append("process=" + ",".join(str(s) for s in t.process))
        parts += [
            f"retreats={format_duration(t.retreats)}",
            f"adjustments={format_duration(t.adjustments)}",
            f"notice={format_duration(t.notice)}",
        ]
        options = ["schedule=weekly:" + ";".join(parts)]
    else:
        if isinstance(t, Blitz):
            options = [f"schedule=blitz:{format_duration(t.turn)}"]
        else:
            spans = (t.movement, t.retreats, t.adjustments)
            options = ["schedule=" + "/".join(format_duration(s) for s in spans)]
        options.append(f"tz={schedule.zone}")
    options += [
        f"negotiation={format_duration(schedule.negotiation)}",
        f"ready_early={'on' if schedule.ready_early else 'off'}",
        f"grace={format_duration(schedule.grace)}",
        "reminders=" + (",".join(map(format_duration, schedule.reminders)) or "off"),
    ]
    return " ".join(options)
