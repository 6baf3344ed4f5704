"""What players read of a schedule: moments on the game's wall clock or as how far off they
are, and the one line that describes a game's schedule (shown by ``newgame`` and
``settings``).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta, tzinfo

from bot.service.schedule.model import Schedule
from bot.service.schedule.spans import MINUTE, ZERO, as_utc, describe_duration, zone_info
from bot.service.schedule.timings import WEEKDAYS, Blitz, Weekly
from bot.service.words.english import and_list, or_list, plural
from engine import PhaseKind, Rules, kind_name

_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def format_when(dt: datetime, zone: str | tzinfo) -> str:
    """``Wed 25 Nov 2026 00:00 PST``: the moment on the game's wall clock."""
    local = as_utc(dt, "dt").astimezone(zone_info(zone) if isinstance(zone, str) else zone)
    day = WEEKDAYS[local.weekday()].title()
    return (
        f"{day} {local.day} {_MONTHS[local.month - 1]} {local.year} "
        f"{local:%H:%M} {local.tzname() or ''}"
    ).rstrip()


def format_relative(dt: datetime, now: datetime) -> str:
    """``in 2 days 3 hours``, ``in 45 minutes``, ``5 minutes ago``; two units at most,
    rounded to the smaller one shown."""
    delta = as_utc(dt, "dt") - as_utc(now, "now")
    future = delta >= ZERO
    minutes = round(abs(delta) / MINUTE)
    if minutes == 0:
        return (
            "in less than a minute"
            if delta > ZERO
            else "now"
            if not delta
            else ("less than a minute ago")
        )
    if minutes >= 24 * 60:
        hours = round(minutes / 60)
        text = _two_units(divmod(hours, 24), ("day", "hour"))
    elif minutes >= 60:
        text = _two_units(divmod(minutes, 60), ("hour", "minute"))
    else:
        text = plural(minutes, "minute")
    return f"in {text}" if future else f"{text} ago"


def _two_units(counts: tuple[int, int], names: tuple[str, str]) -> str:
    big, small = counts
    return plural(big, names[0]) + (f" {plural(small, names[1])}" if small else "")


def describe(schedule: Schedule, rules: Rules) -> str:
    """One line for players, e.g. "Orders due Wed 00:00 and Sun 00:00, adjudicated ...",
    naming the third phase as the game's rules do (adjustments, or Diplomacia's control
    evaluation)."""
    t = schedule.timing
    zone = schedule.zone
    third = kind_name(PhaseKind.ADJUSTMENTS, numbered_turns=rules.ruleset.numbered_turns).lower()
    if isinstance(t, Weekly):
        due = and_list(s.label for s in t.due)
        if t.process:
            when = f"adjudicated the next {or_list(s.label for s in t.process)}"
        else:
            when = "adjudicated then"
        head = (
            f"Orders due {due}, {when} ({zone} time); then {describe_duration(t.retreats)} "
            f"for retreats and {describe_duration(t.adjustments)} for {third}"
        )
    elif isinstance(t, Blitz):
        head = f"Blitz: every phase {describe_duration(t.turn)} (times in {zone})"
    else:
        head = (
            f"Movement {describe_duration(t.movement)}, retreats {describe_duration(t.retreats)}, "
            f"{third} {describe_duration(t.adjustments)} (times in {zone})"
        )
    parts = [head]
    if schedule.negotiation:
        negotiation = describe_duration(schedule.negotiation)
        parts.append(f"{negotiation} to negotiate before the first turn")
    if not schedule.ready_early:
        parts.append("no early adjudication")
    elif schedule.grace:
        parts.append(f"adjudicated {describe_duration(schedule.grace)} after everyone is ready")
    else:
        parts.append("adjudicated as soon as everyone is ready")
    reminders = schedule.reminders
    if not isinstance(t, Weekly):
        # A phase of minutes never sends the day's or hour's warning a game may have kept
        # from before; listing it would have players wait for it.
        span = t.turn if isinstance(t, Blitz) else t.movement
        reminders = tuple(r for r in reminders if r < span)
    if reminders:
        parts.append(f"reminders {and_list(map(describe_duration, reminders))} before orders close")
    else:
        parts.append("no reminders")
    return "; ".join(parts) + "."


def schedule_wish(kind: str, detail: Mapping[str, str | int]) -> str:
    """What a players' vote to change the schedule asks, in words: ``extend`` (``seconds``)
    or ``pause`` (``until``, an ISO date)."""
    if kind == "extend":
        return (
            f"extend the deadline by {describe_duration(timedelta(seconds=int(detail['seconds'])))}"
        )
    return f"pause the game until {detail['until']}"
