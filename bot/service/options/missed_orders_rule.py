"""What happens when a power sends no orders for a movement phase (an "NMR", no moves
received): the game's `nmr=` option.

    nmr=off            the miss is counted and the units hold; nothing more (the default)
    nmr=warn           each miss: a warning by DM; never civil disorder
    nmr=warn:2         two warnings; the third miss puts the power in civil disorder
    nmr=cd             the first miss puts the power in civil disorder
    nmr=excuse:1       one excused miss: the deadline moves for everyone (24 hours; a blitz
                       turn in a blitz game), announced; the next miss: civil disorder
    nmr=excuse:2/12h   two excused misses, each moving the deadline by 12 hours

A power in civil disorder loses its players and the channel is asked for a replacement (the
league: "if you fail to issue orders at any point ... you will be replaced"). Misses count
from when the power's current player took it over.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from enum import StrEnum
from typing import Any

from bot.service.errors import UserError
from bot.service.schedule import Blitz, Schedule, ScheduleError, describe_duration, parse_duration
from bot.service.words.english import plural

DEFAULT_EXTENSION = timedelta(hours=24)
_FORM = re.compile(r"(?P<mode>[a-z]+)(?::(?P<limit>\d+))?(?:/(?P<span>.+))?")
USAGE = "nmr=off, warn, warn:2, cd, excuse:1 or excuse:1/12h"


class NmrMode(StrEnum):
    OFF = "off"
    WARN = "warn"
    EXCUSE = "excuse"


@dataclass(frozen=True, slots=True)
class NmrPolicy:
    mode: NmrMode = NmrMode.OFF
    # warn: warnings before civil disorder (None: never); excuse: misses excused.
    limit: int | None = None
    # excuse: how far the deadline moves for everyone.
    extension: timedelta = DEFAULT_EXTENSION

    def to_json(self) -> dict[str, Any]:
        return {
            "mode": self.mode.value,
            "limit": self.limit,
            "extension": int(self.extension.total_seconds()),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> NmrPolicy:
        if not data:
            return cls()
        limit = data.get("limit")
        return cls(
            mode=NmrMode(data.get("mode", NmrMode.OFF.value)),
            limit=None if limit is None else int(limit),
            extension=timedelta(
                seconds=int(data.get("extension", DEFAULT_EXTENSION.total_seconds()))
            ),
        )

    def civil_disorder_after(self) -> int | None:
        """The miss that puts a power in civil disorder (1 = the first), or None: never."""
        if self.mode is NmrMode.OFF or self.limit is None:
            return None
        return self.limit + 1

    def describe(self) -> str:
        if self.mode is NmrMode.OFF:
            return "a power without orders holds"
        if self.mode is NmrMode.EXCUSE:
            excuses = plural(self.limit or 0, "missed deadline")
            return (
                f"{excuses} excused (the deadline moves {describe_duration(self.extension)} "
                "for everyone), then civil disorder"
            )
        if self.limit is None:
            return "a power without orders is warned each time"
        if self.limit == 0:
            return "a power without orders falls into civil disorder at once"
        return f"{plural(self.limit, 'warning')} for missing orders, then civil disorder"


def parse_nmr(value: str | None, schedule: Schedule) -> NmrPolicy:
    if value is None:
        return NmrPolicy()
    match = _FORM.fullmatch(value.strip().lower())
    wrong = UserError(f"nmr={value} is not a missed-orders rule: write {USAGE}.")
    if match is None:
        raise wrong
    mode, limit, span = match.group("mode"), match.group("limit"), match.group("span")
    if mode == "off" and limit is None and span is None:
        return NmrPolicy()
    if mode == "cd" and limit is None and span is None:
        return NmrPolicy(NmrMode.WARN, 0)
    if mode == "warn" and span is None:
        return NmrPolicy(NmrMode.WARN, None if limit is None else int(limit))
    if mode != "excuse":
        raise wrong
    if limit is None or int(limit) < 1:
        raise UserError(f"nmr={value}: say how many misses are excused, e.g. nmr=excuse:1.")
    extension = _extension(schedule, span, value)
    return NmrPolicy(NmrMode.EXCUSE, int(limit), extension)


def _extension(schedule: Schedule, span: str | None, value: str) -> timedelta:
    if span is None:
        timing = schedule.timing
        return timing.turn if isinstance(timing, Blitz) else DEFAULT_EXTENSION
    try:
        extension = parse_duration(span)
    except ScheduleError as exc:
        raise UserError(f"nmr={value}: {exc}.") from None
    if extension < timedelta(minutes=1):
        raise UserError(f"nmr={value}: the deadline must move at least a minute.")
    return extension
