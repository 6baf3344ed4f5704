"""A schedule as JSON, the form games keep it in: durations in whole seconds, slots as text."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import time, timedelta
from typing import TYPE_CHECKING, Any

from bot.service.schedule.clock import parse_slot
from bot.service.schedule.errors import ScheduleError
from bot.service.schedule.timings import Blitz, Durations, ScheduleKind, Slot, Timing, Weekly
from bot.service.schedule.units import whole_seconds

if TYPE_CHECKING:
    from bot.service.schedule.model import Schedule


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
