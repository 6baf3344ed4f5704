"""Orders as frozen values, and their one canonical notation.

Reading orders (many notations, helpful errors) lives in :mod:`engine.parse`; this module
only knows what an order *is*, how to write it down, and how to read that writing back.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from engine.units import Unit, UnitType


@dataclass(frozen=True, slots=True)
class Hold:
    unit: Unit


@dataclass(frozen=True, slots=True)
class Move:
    """``dest`` is a location: a fleet's coast is part of it (``SPA/NC``)."""

    unit: Unit
    dest: str
    via_convoy: bool = False


@dataclass(frozen=True, slots=True)
class SupportHold:
    """Support for the unit in ``target`` to stay where it is (or to hold its ground)."""

    unit: Unit
    target: str
    target_type: UnitType | None = None


@dataclass(frozen=True, slots=True)
class SupportMove:
    """Support for the unit in ``target`` moving to ``dest``. A coast in ``dest`` is kept
    when the order names one: it must then match the supported move (DATC 6.B.9)."""

    unit: Unit
    target: str
    dest: str
    target_type: UnitType | None = None


@dataclass(frozen=True, slots=True)
class Convoy:
    """The fleet ``unit`` convoys the army in ``army`` to ``dest``."""

    unit: Unit
    army: str
    dest: str


@dataclass(frozen=True, slots=True)
class Seize:
    """Diplomacia's port seizure (``ZP``, handbook 7.3.1): the army ``unit`` claims ``sector``,
    whose port lies off its territory, as an imaginary fleet moving in; the army stays."""

    unit: Unit
    sector: str


@dataclass(frozen=True, slots=True)
class SupportSeize:
    """A fleet backs the port seizure of the army in ``army`` into ``sector``."""

    unit: Unit
    army: str
    sector: str


@dataclass(frozen=True, slots=True)
class ConvoyHop:
    """Diplomacia's convoy, ordered hop by hop (handbook 8.5): the fleet ``unit`` carries the
    army from ``source`` (the army's territory, or the previous fleet's sector) to ``dest``
    (the next fleet's sector, or the territory the army lands in)."""

    unit: Unit
    source: str
    dest: str


@dataclass(frozen=True, slots=True)
class Retreat:
    unit: Unit
    dest: str


@dataclass(frozen=True, slots=True)
class Disband:
    """In a retreat phase: the dislodged unit disbands. In adjustments: a removal."""

    unit: Unit


@dataclass(frozen=True, slots=True)
class Build:
    """``unit`` is the unit to create (``F STP/NC``)."""

    unit: Unit


@dataclass(frozen=True, slots=True)
class Waive:
    """Give up one build."""


Order = (
    Hold
    | Move
    | SupportHold
    | SupportMove
    | Convoy
    | Seize
    | SupportSeize
    | ConvoyHop
    | Retreat
    | Disband
    | Build
    | Waive
)
MovementOrder = Hold | Move | SupportHold | SupportMove | Convoy | Seize | SupportSeize | ConvoyHop
RetreatOrder = Retreat | Disband
AdjustmentOrder = Build | Disband | Waive


def _target(unit_type: UnitType | None, location: str) -> str:
    return f"{unit_type.value} {location}" if unit_type is not None else location


def format_order(order: Order) -> str:
    """The canonical notation, e.g. ``A PAR - BUR``, ``A MAR S A PAR - BUR``, ``WAIVE``."""
    match order:
        case Hold(unit):
            return f"{unit} H"
        case Move(unit, dest, via):
            return f"{unit} - {dest}" + (" VIA" if via else "")
        case SupportHold(unit, target, target_type):
            return f"{unit} S {_target(target_type, target)}"
        case SupportMove(unit, target, dest, target_type):
            return f"{unit} S {_target(target_type, target)} - {dest}"
        case Convoy(unit, army, dest):
            return f"{unit} C A {army} - {dest}"
        case Seize(unit, sector):
            return f"{unit} ZP {sector}"
        case SupportSeize(unit, army, sector):
            return f"{unit} S A {army} ZP {sector}"
        case ConvoyHop(unit, source, dest):
            return f"{unit} C {source} - {dest}"
        case Retreat(unit, dest):
            return f"{unit} R {dest}"
        case Disband(unit):
            return f"{unit} D"
        case Build(unit):
            return f"{unit} B"
        case Waive():
            return "WAIVE"
    raise TypeError(f"not an order: {order!r}")


_U = r"([AF] [A-Z0-9]{2,5}(?:/[A-Z]{2})?)"
_L = r"([A-Z0-9]{2,5}(?:/[A-Z]{2})?)"
_T = r"(?:([AF]) )?"
_READERS: list[tuple[re.Pattern[str], Callable[..., Order]]] = [
    (re.compile(rf"{_U} H"), lambda u: Hold(Unit.parse(u))),
    (re.compile(rf"{_U} - {_L}( VIA)?"), lambda u, d, v: Move(Unit.parse(u), d, v is not None)),
    (
        re.compile(rf"{_U} S {_T}{_L}"),
        lambda u, t, p: SupportHold(Unit.parse(u), p, UnitType(t) if t else None),
    ),
    (
        re.compile(rf"{_U} S {_T}{_L} - {_L}"),
        lambda u, t, p, d: SupportMove(Unit.parse(u), p, d, UnitType(t) if t else None),
    ),
    (re.compile(rf"{_U} C A {_L} - {_L}"), lambda u, a, d: Convoy(Unit.parse(u), a, d)),
    (re.compile(rf"{_U} ZP {_L}"), lambda u, s: Seize(Unit.parse(u), s)),
    (re.compile(rf"{_U} S A {_L} ZP {_L}"), lambda u, a, s: SupportSeize(Unit.parse(u), a, s)),
    (re.compile(rf"{_U} C {_L} - {_L}"), lambda u, a, d: ConvoyHop(Unit.parse(u), a, d)),
    (re.compile(rf"{_U} R {_L}"), lambda u, d: Retreat(Unit.parse(u), d)),
    (re.compile(rf"{_U} D"), lambda u: Disband(Unit.parse(u))),
    (re.compile(rf"{_U} B"), lambda u: Build(Unit.parse(u))),
    (re.compile("WAIVE"), lambda: Waive()),
]


def read_canonical(text: str) -> Order | None:
    """The order written exactly as :func:`format_order` writes it, or ``None``.

    >>> read_canonical("A KAR ZP GFI")
    Seize(unit=Unit.parse('A KAR'), sector='GFI')
    >>> format_order(read_canonical("F GBO S A KAR ZP GFI"))
    'F GBO S A KAR ZP GFI'
    """
    line = " ".join(text.upper().split())
    for pattern, build in _READERS:
        match = pattern.fullmatch(line)
        if match:
            return build(*match.groups())
    return None


def order_unit(order: Order) -> Unit | None:
    """The unit an order is for (for a build, the unit it creates); ``None`` for a waive."""
    return None if isinstance(order, Waive) else order.unit
