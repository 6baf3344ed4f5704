"""Reading the value of the ``schedule=`` option: three durations, blitz, a weekly timetable,
or a preset::

    schedule=48h/2h/2h                 movement 48 hours, retreats 2 hours, adjustments 2 hours
    schedule=blitz:5m                  every phase 5 minutes (``blitz`` alone: 5 minutes)
    schedule=classroom                 the same as blitz:5m
    schedule=weekly:tz=America/Los_Angeles;due=wed 00:00,sun 00:00;
      process=mon 12:30,thu 12:30;retreats=2h;adjustments=2h      (typed as one line)
                                       keys inside, in any order, separated by ``;``:
                                       due (required), process (default: at the due time),
                                       tz (default: the tz option, else the game's zone),
                                       retreats and adjustments (default 2h), notice (24h)
    schedule=league                    the league: the weekly line above, negotiation=7d,
                                       ready_early=off
"""

from __future__ import annotations

from dataclasses import replace
from datetime import time

from bot.service.schedule.clock import parse_slot
from bot.service.schedule.durations import parse_duration, parse_span_or_off
from bot.service.schedule.errors import ScheduleError, labelled
from bot.service.schedule.model import Schedule
from bot.service.schedule.presets import LEAGUE
from bot.service.schedule.reminders import carried_reminders
from bot.service.schedule.timings import Blitz, Durations, Slot, Timing, Weekly
from bot.service.schedule.units import zone_info

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
