"""A unit or province as written, read against a game's variant (`A PAR`, `par`, `F StP/nc`
and `Paris` are all PAR), and what `clear` withdraws, read into one of four values."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine import Variant
from engine.names import location_code

_UNIT_TYPES = ("a", "f", "army", "fleet")
_NUMBER = re.compile(r"[+-]\s*\d+")


def province_of(variant: Variant, written: str) -> str:
    """The province of a unit or place as written; an :class:`engine.OrderError` if none."""
    words = written.split()
    if len(words) > 1 and words[0].lower() in _UNIT_TYPES:
        words = words[1:]
    return location_code(variant, " ".join(words)).split("/")[0]


@dataclass(frozen=True, slots=True)
class AllOrders:
    """Every order of the power (`clear`, `clear all`)."""


@dataclass(frozen=True, slots=True)
class Waives:
    """The power's waived builds (`clear waive`)."""


@dataclass(frozen=True, slots=True)
class Conditional:
    """A conditional order, by its unit's province (`if MUN`) or its number (`if +2`);
    neither: every one (`if`)."""

    province: str | None = None
    number: int | None = None


@dataclass(frozen=True, slots=True)
class Place:
    """The order of the unit in, or the build at, one province (`A PAR`, `Paris`)."""

    province: str


Withdrawal = AllOrders | Waives | Conditional | Place


def withdrawal_of(variant: Variant, written: str) -> Withdrawal:
    """What `clear` withdraws, as written; an :class:`engine.OrderError` for a place that is
    none of the variant's."""
    text = written.strip()
    if text.lower() in ("", "all"):
        return AllOrders()
    if text.lower() in ("waive", "waives"):
        return Waives()
    first, _, rest = text.partition(" ")
    if first.lower() != "if":
        return Place(province_of(variant, text))
    which = rest.strip()
    if not which:
        return Conditional()
    if _NUMBER.fullmatch(which):
        return Conditional(number=int(which.replace(" ", "")))
    return Conditional(province=province_of(variant, which))
