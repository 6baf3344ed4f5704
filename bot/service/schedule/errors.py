"""The one error every schedule module raises for what a game master typed or a store held."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

_T = TypeVar("_T")


class ScheduleError(ValueError):
    """Something a game master typed (or a stored schedule) is wrong; the message says what
    was wrong and what would be right, fit to show as it is."""


def labelled(key: str, parse: Callable[[str], _T], text: str) -> _T:
    """``parse(text)``, its error naming the option it came from."""
    try:
        return parse(text)
    except ScheduleError as exc:
        raise ScheduleError(f"{key}: {exc}") from None
