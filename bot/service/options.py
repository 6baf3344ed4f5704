"""A game's options: its schedule, press rule and anonymity, as typed to `newgame` and as
kept in the game's settings."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from bot.service.errors import UserError
from bot.service.schedule import (
    Schedule,
    ScheduleError,
    parse_options,
    split_options,
)

NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
_ON = ("on", "yes", "true", "1")
_OFF = ("off", "no", "false", "0")


class Press(StrEnum):
    FULL = "full"
    PUBLIC = "public"
    NONE = "none"
    RULEBOOK = "rulebook"


@dataclass(frozen=True, slots=True)
class GameOptions:
    schedule: Schedule
    press: Press = Press.FULL
    anonymous: bool = False

    def to_settings(self) -> dict[str, Any]:
        return {
            "schedule": self.schedule.to_json(),
            "press": self.press.value,
            "anonymous": self.anonymous,
        }

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any], default_zone: str = "UTC") -> GameOptions:
        stored = settings.get("schedule")
        schedule = Schedule(zone=default_zone) if stored is None else Schedule.from_json(stored)
        return cls(
            schedule=schedule,
            press=Press(settings.get("press", Press.FULL.value)),
            anonymous=bool(settings.get("anonymous", False)),
        )


def parse_newgame(text: str, default_zone: str) -> tuple[str | None, GameOptions]:
    """`[name] [option=value ...]` -> the name (None: choose one) and the options."""
    first, _, rest = text.strip().partition(" ")
    name: str | None = None
    if first and "=" not in first:
        name = first.lower()
        if not NAME.fullmatch(name):
            raise UserError(
                f"{first!r} cannot be a game name: use one word of letters, digits, - or _ "
                "(at most 40), e.g. `newgame hague`."
            )
        text = rest
    try:
        options = split_options(text) if text.strip() else {}
    except ScheduleError as exc:
        raise UserError(f"{exc}. `help newgame` lists the options.") from None
    press = _press(options.pop("press", None))
    anonymous = _switch("anonymous", options.pop("anonymous", None))
    try:
        schedule = parse_options(options, base=Schedule(zone=default_zone))
    except ScheduleError as exc:
        raise UserError(
            f"{exc}. The other options are press and anonymous; `help newgame` explains each."
        ) from None
    return name, GameOptions(schedule=schedule, press=press, anonymous=anonymous)


def _press(value: str | None) -> Press:
    if value is None:
        return Press.FULL
    try:
        return Press(value.strip().lower())
    except ValueError:
        raise UserError(
            f"press={value} is not a press rule: write press=full, public, none or rulebook."
        ) from None


def _switch(name: str, value: str | None) -> bool:
    if value is None:
        return False
    word = value.strip().lower()
    if word in _ON:
        return True
    if word in _OFF:
        return False
    raise UserError(f"{name}={value}: write {name}=on or {name}=off.")
