"""The schedule a game keeps (its timing, zone, negotiation, ready-early rule and reminders),
its JSON form in the game's settings, and the schedules named in one word (``league``,
``classroom``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from bot.service.schedule.spans import SECOND, ZERO, ScheduleError, whole_seconds, zone_info
from bot.service.schedule.timings import (
    DEFAULT_REMINDERS,
    Blitz,
    Durations,
    ScheduleKind,
    Slot,
    Timing,
    Weekly,
    check_span,
    kind_of,
    parse_slot,
)


def schedule_json(schedule: Schedule) -> dict[str, Any]:
    return {
        "kind": schedule.kind.value,
        **_timing_json(schedule.timing),
        "zone": schedule.zone,
        "negotiation": whole_seconds(schedule.negotiation),
        "ready_early": schedule.ready_early,
        "grace": whole_seconds(schedule.grace),
        "reminders": [whole_seconds(r) for r in schedule.reminders],
    }


def schedule_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    """The arguments that remake a schedule from :func:`schedule_json` output; a key left out
    (or null) is left to the schedule's own default."""
    if not isinstance(data, Mapping):
        raise ScheduleError("a stored schedule must be a JSON object")
    timing = _timing(data)
    fields: dict[str, Any] = {"timing": timing}
    if "ready_early" in data:
        if not isinstance(data["ready_early"], bool):
            raise ScheduleError(f"ready_early must be true or false, not {data['ready_early']!r}")
        fields["ready_early"] = data["ready_early"]
    if "zone" in data:
        fields["zone"] = _text(data["zone"], "zone")
    for key in ("negotiation", "grace"):
        if data.get(key) is not None:
            fields[key] = _from_seconds(data[key], key)
    reminders = data.get("reminders")
    fields["reminders"] = (
        timing.default_reminders
        if reminders is None
        else tuple(_from_seconds(r, "reminders") for r in _list(reminders, "reminders"))
    )
    return fields


def _timing_json(t: Timing) -> dict[str, Any]:
    if isinstance(t, Weekly):
        return {
            "due": [str(s) for s in t.due],
            "process": [str(s) for s in t.process],
            "retreats": whole_seconds(t.retreats),
            "adjustments": whole_seconds(t.adjustments),
            "notice": whole_seconds(t.notice),
        }
    if isinstance(t, Blitz):
        return {"turn": whole_seconds(t.turn)}
    return {
        "movement": whole_seconds(t.movement),
        "retreats": whole_seconds(t.retreats),
        "adjustments": whole_seconds(t.adjustments),
    }


def _timing(data: Mapping[str, Any]) -> Timing:
    try:
        kind = ScheduleKind(data.get("kind", ScheduleKind.DURATIONS.value))
    except ValueError:
        raise ScheduleError(
            f"unknown schedule kind {data.get('kind')!r} (durations, weekly or blitz)"
        ) from None
    if kind is ScheduleKind.WEEKLY:
        w = Weekly(due=(Slot(0, time()),))
        return Weekly(
            due=tuple(parse_slot(_text(s, "due")) for s in _list(data.get("due"), "due")),
            process=tuple(
                parse_slot(_text(s, "process")) for s in _list(data.get("process"), "process")
            ),
            retreats=_span(data, "retreats", w.retreats),
            adjustments=_span(data, "adjustments", w.adjustments),
            notice=_span(data, "notice", w.notice),
        )
    if kind is ScheduleKind.BLITZ:
        return Blitz(_span(data, "turn", Blitz().turn))
    d = Durations()
    return Durations(
        _span(data, "movement", d.movement),
        _span(data, "retreats", d.retreats),
        _span(data, "adjustments", d.adjustments),
    )


def _text(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise ScheduleError(f"{name} must be text, not {value!r}")
    return value


def _list(value: object, name: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise ScheduleError(f"{name} must be a list, not {value!r}")
    return value


def _from_seconds(value: object, name: str) -> timedelta:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScheduleError(f"{name} must be a whole number of seconds, not {value!r}")
    return timedelta(seconds=value)


def _span(data: Mapping[str, Any], key: str, default: timedelta) -> timedelta:
    return default if data.get(key) is None else _from_seconds(data[key], key)


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
