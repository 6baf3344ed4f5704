"""Reading what a game master types: the value of ``schedule=`` (three durations, blitz, a
weekly timetable or a preset), the other schedule options of ``newgame`` and ``settings``
(split from the text, applied to a schedule, written back), and the moment given to
``deadline <when>``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from bot.service.schedule.deadlines import carried_reminders
from bot.service.schedule.display import format_when
from bot.service.schedule.model import LEAGUE, Schedule
from bot.service.schedule.spans import (
    DAY,
    OFF_WORDS,
    ZERO,
    ScheduleError,
    as_utc,
    format_duration,
    labelled,
    parse_duration,
    parse_span_or_off,
    zone_info,
)
from bot.service.schedule.timings import (
    CLOCK_12,
    CLOCK_24,
    Blitz,
    Durations,
    Slot,
    Timing,
    Weekly,
    parse_clock,
    parse_slot,
    weekday,
)

_WHEN_EXAMPLES = "'+2h', 'in 2 hours', 'sun 20:00', 'tomorrow 12:30' or '2026-11-25 18:00'"
_DATE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:\s+|t)(?:at\s+)?(.*))?")


def parse_when(text: str, *, now: datetime, zone: str) -> datetime:
    """A moment for ``deadline <when>``, in UTC and strictly after ``now``; dates and times of
    day are read in ``zone``. Relative: ``+2h``, ``in 2 hours``, ``90m``. Absolute:
    ``2026-11-25 18:00``. Next such: ``sunday 20:00``, ``sun 8pm``, ``tomorrow 12:30``,
    ``today 18:00``, ``18:00``."""
    current = as_utc(now, "now")
    tz = zone_info(zone)
    raw = text.strip()
    s = re.sub(r"\s+", " ", raw.lower())
    if not s:
        raise ScheduleError(f"no time given: write e.g. {_WHEN_EXAMPLES}")
    relative = s[1:] if s.startswith("+") else s[3:] if s.startswith("in ") else None
    if relative is not None:
        return current + parse_duration(relative)
    if s[0].isdigit() and not CLOCK_24.fullmatch(s) and not CLOCK_12.fullmatch(s):
        if m := _DATE.fullmatch(s):
            return _absolute(raw, m, current, tz)
        try:
            return current + parse_duration(s)
        except ScheduleError:
            pass
    head, _, rest = s.partition(" ")
    rest = rest.removeprefix("at ")
    local_today = current.astimezone(tz).date()
    if head in ("today", "tomorrow"):
        day = local_today + (DAY if head == "tomorrow" else ZERO)
        moment = _local_moment(day, _clock_of(raw, rest), tz, raw)
        if moment <= current:
            raise ScheduleError(
                f"{raw!r} has already passed (it is now {format_when(current, tz)}); "
                "try 'tomorrow' or a weekday"
            )
        return moment
    day_of_week = weekday(head)
    if day_of_week is not None:
        clock = _clock_of(raw, rest)
        for offset in range(8):
            day = local_today + timedelta(days=offset)
            if day.weekday() == day_of_week:
                moment = _local_moment(day, clock, tz, raw)
                if moment > current:
                    return moment
        raise AssertionError("unreachable: a weekday recurs within eight days")  # pragma: no cover
    try:
        clock = parse_clock(s)
    except ScheduleError:
        # A lone number or "midnight" was meant as a time of day: say what is wrong with it.
        if s == "midnight" or s.isdigit():
            raise
        raise ScheduleError(f"cannot read {raw!r} as a time: write e.g. {_WHEN_EXAMPLES}") from None
    for offset in range(2):
        moment = _local_moment(local_today + timedelta(days=offset), clock, tz, raw)
        if moment > current:
            return moment
    raise AssertionError("unreachable: a time of day recurs within two days")  # pragma: no cover


def _clock_of(raw: str, rest: str) -> time:
    if not rest:
        raise ScheduleError(f"{raw!r}: add a time of day, e.g. '{raw.strip()} 20:00'")
    return parse_clock(rest)


def _absolute(raw: str, m: re.Match[str], now: datetime, tz: ZoneInfo) -> datetime:
    try:
        day = date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    except ValueError:
        raise ScheduleError(f"{raw!r}: there is no such date (write YYYY-MM-DD)") from None
    if not m.group(4):
        raise ScheduleError(f"{raw!r}: add a time of day, e.g. '{day.isoformat()} 18:00'")
    moment = _local_moment(day, parse_clock(m.group(4)), tz, raw)
    if moment <= now:
        raise ScheduleError(f"{raw!r} is in the past (it is now {format_when(now, tz)})")
    return moment


def _local_moment(day: date, clock: time, tz: ZoneInfo, raw: str) -> datetime:
    """A typed local time, in UTC; one the clocks skip is refused rather than guessed."""
    local = datetime.combine(day, clock, tzinfo=tz)
    moment = local.astimezone(UTC)
    if moment.astimezone(tz).replace(tzinfo=None) != local.replace(tzinfo=None):
        raise ScheduleError(
            f"{raw!r}: {clock:%H:%M} does not exist on {day.isoformat()} in {tz.key} (the "
            "clocks skip it); pick a time an hour later"
        )
    return moment


# Other spellings of tz, inside a weekly timetable as among the options.
TZ_ALIASES = {"timezone": "tz", "zone": "tz"}
_SCHEDULE_EXAMPLES = (
    "e.g. schedule=48h/2h/2h, schedule=blitz:5m, schedule=league or "
    "schedule=weekly:tz=America/Los_Angeles;due=wed 00:00,sun 00:00;process=mon 12:30,thu 12:30"
)
_WEEKLY_KEYS = ("tz", "due", "process", "retreats", "adjustments", "notice")


def parse_schedule(text: str, *, base: Schedule | None = None, zone: str | None = None) -> Schedule:
    """The ``schedule=`` value applied to ``base``: ``48h/2h/2h``, ``blitz:5m``, ``weekly:...``,
    ``league`` or ``classroom``. ``zone`` is a separately given ``tz=`` option."""
    schedule = base if base is not None else Schedule()
    raw = text.strip()
    head, sep, body = raw.partition(":")
    word = head.strip().lower()
    where = "schedule"
    if zone is not None:
        zone = zone_info(zone).key
    if word == "league" and not sep:
        if zone is not None and zone != LEAGUE.zone:
            raise ScheduleError(
                f"{where}: the league's timetable is in {LEAGUE.zone} time, but tz={zone} was "
                "also given; to use another zone, spell it out with "
                "schedule=weekly:tz=...;due=...;process=..."
            )
        # The league's rules fix the timetable, the negotiation week and no early processing;
        # reminders and grace stay the game's own.
        return replace(
            LEAGUE, reminders=carried_reminders(schedule, LEAGUE.timing), grace=schedule.grace
        )
    try:
        if word in ("blitz", "classroom") and not (word == "classroom" and sep):
            turn = parse_duration(body) if sep else Blitz().turn
            return _retimed(schedule, Blitz(turn), zone or schedule.zone)
        if word == "weekly":
            if not body.strip():
                raise ScheduleError(f"weekly needs its timetable, {_SCHEDULE_EXAMPLES}")
            timing, spec_zone = _parse_weekly(body)
            if spec_zone is not None:
                spec_zone = zone_info(spec_zone).key
            if spec_zone is not None and zone is not None and spec_zone != zone:
                raise ScheduleError(
                    f"it says tz={spec_zone} but tz={zone} was also given; give one"
                )
            return _retimed(schedule, timing, spec_zone or zone or schedule.zone)
        spans = body if word == "durations" and sep else raw
        if "/" in spans:
            parts = [p.strip() for p in spans.split("/")]
            if len(parts) != 3:
                raise ScheduleError(
                    "give three durations, movement/retreats/adjustments, e.g. 48h/2h/2h"
                )
            names = ("movement", "retreats", "adjustments")
            movement, retreats, adjustments = (
                labelled(name, parse_duration, part)
                for name, part in zip(names, parts, strict=True)
            )
            return _retimed(
                schedule, Durations(movement, retreats, adjustments), zone or schedule.zone
            )
    except ScheduleError as exc:
        raise ScheduleError(f"{where}: {exc}") from None
    try:
        parse_duration(raw)
    except ScheduleError:
        raise ScheduleError(f"{where}: not a schedule I know; {_SCHEDULE_EXAMPLES}") from None
    raise ScheduleError(
        f"{where}: give three durations, movement/retreats/adjustments, e.g. {raw}/2h/2h, or "
        f"blitz:{raw} for every phase the same"
    )


def _retimed(schedule: Schedule, timing: Timing, zone: str) -> Schedule:
    return replace(
        schedule, timing=timing, zone=zone, reminders=carried_reminders(schedule, timing)
    )


def _parse_weekly(body: str) -> tuple[Weekly, str | None]:
    values: dict[str, str] = {}
    for item in body.split(";"):
        if not item.strip():
            continue
        key, eq, value = item.partition("=")
        key = TZ_ALIASES.get(key.strip().lower(), key.strip().lower())
        if not eq or key not in _WEEKLY_KEYS:
            raise ScheduleError(
                f"{item.strip()!r}: a weekly timetable takes "
                + ", ".join(f"{k}=..." for k in _WEEKLY_KEYS)
                + ", separated by ';'"
            )
        if key in values:
            raise ScheduleError(f"{key} is given twice")
        values[key] = value.strip()
    if "due" not in values:
        raise ScheduleError("say when orders are due, e.g. due=wed 00:00,sun 00:00")
    zone = values.get("tz")
    if zone is not None:
        zone_info(zone)

    def slots(key: str) -> tuple[Slot, ...]:
        return tuple(
            labelled(key, parse_slot, part) for part in values[key].split(",") if part.strip()
        )

    defaults = Weekly(due=(Slot(0, time()),))
    weekly = Weekly(
        due=slots("due"),
        process=slots("process") if "process" in values else (),
        retreats=labelled("retreats", parse_duration, values["retreats"])
        if "retreats" in values
        else defaults.retreats,
        adjustments=labelled("adjustments", parse_duration, values["adjustments"])
        if "adjustments" in values
        else defaults.adjustments,
        notice=labelled("notice", parse_span_or_off, values["notice"])
        if "notice" in values
        else defaults.notice,
    )
    return weekly, zone


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
