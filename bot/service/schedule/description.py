"""The one line that tells players a game's schedule (shown by ``newgame`` and ``settings``)."""

from __future__ import annotations

from bot.service.schedule.durations import describe_duration
from bot.service.schedule.model import Schedule
from bot.service.schedule.timings import Blitz, Weekly
from bot.service.words.english import and_list, or_list


def describe(schedule: Schedule) -> str:
    """One line for players, e.g. "Orders due Wed 00:00 and Sun 00:00, adjudicated ..."."""
    t = schedule.timing
    zone = schedule.zone
    if isinstance(t, Weekly):
        due = and_list(s.label for s in t.due)
        if t.process:
            when = f"adjudicated the next {or_list(s.label for s in t.process)}"
        else:
            when = "adjudicated then"
        head = (
            f"Orders due {due}, {when} ({zone} time); then {describe_duration(t.retreats)} "
            f"for retreats and {describe_duration(t.adjustments)} for adjustments"
        )
    elif isinstance(t, Blitz):
        head = f"Blitz: every phase {describe_duration(t.turn)} (times in {zone})"
    else:
        head = (
            f"Movement {describe_duration(t.movement)}, retreats {describe_duration(t.retreats)}, "
            f"adjustments {describe_duration(t.adjustments)} (times in {zone})"
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
    if isinstance(t, Blitz):
        # A turn of minutes never sends the day's or hour's warning a game may have kept from
        # before it went blitz; listing it would have players wait for it.
        reminders = tuple(r for r in reminders if r < t.turn)
    if reminders:
        parts.append(f"reminders {and_list(map(describe_duration, reminders))} before orders close")
    else:
        parts.append("no reminders")
    return "; ".join(parts) + "."
