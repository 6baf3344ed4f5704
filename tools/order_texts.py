"""Orders written down as players write them, for the benchmarks and the parser's tests.

Front ends send the canonical notation back from their menus (``A PAR - BUR``); players who
type write it every which way: lower case, ``A Par-Bur``, full names, words for the order
(``A Mun supports A Ber to Sil``), the unit letter left out. :func:`written` picks one such
form at random; :func:`sloppy_forms` gives them all.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine import Order, Variant, format_order
from engine.orders import (
    Build,
    Convoy,
    ConvoyHop,
    Disband,
    Hold,
    Move,
    Retreat,
    Seize,
    SupportHold,
    SupportMove,
    SupportSeize,
    Waive,
)
from engine.units import Unit, UnitType

Namer = Callable[[str], str]


def _titled(location: str) -> str:
    """``STP/SC`` as ``StP/sc``, ``PAR`` as ``Par``."""
    code, _, coast = location.partition("/")
    return code.title() + (f"/{coast.lower()}" if coast else "")


def _named(variant: Variant) -> Namer:
    def name(location: str) -> str:
        code, _, coast = location.partition("/")
        full = variant.province_name(code)
        return f"{full} ({coast.lower()})" if coast else full

    return name


def _unit(unit: Unit, place: Namer, letter: bool = True) -> str:
    return f"{unit.type.value} {place(unit.location)}" if letter else place(unit.location)


def _target(kind: UnitType | None, location: str, place: Namer) -> str:
    return f"{kind.value} {place(location)}" if kind is not None else place(location)


def _spelled(order: Order, place: Namer, letter: bool, words: bool) -> str:
    """``order`` with every location written by ``place``; ``words`` writes the order words
    out (``supports``, ``moves to``), ``letter=False`` leaves the unit's letter off."""
    if isinstance(order, Waive):
        return "waive" if words else "WAIVE"
    unit = _unit(order.unit, place, letter)
    match order:
        case Hold():
            return f"{unit} holds" if words else f"{unit} H"
        case Move(_, dest, via):
            tail = " via convoy" if via else ""
            if words:
                return f"{unit} moves to {place(dest)}{tail}"
            return f"{unit}-{place(dest)}{tail}"
        case SupportHold(_, target, kind):
            return f"{unit} {'supports' if words else 'S'} {_target(kind, target, place)}"
        case SupportMove(_, target, dest, kind):
            supported = _target(kind, target, place)
            if words:
                return f"{unit} supports {supported} to {place(dest)}"
            return f"{unit} S {supported}-{place(dest)}"
        case Convoy(_, army, dest):
            if words:
                return f"{unit} convoys A {place(army)} to {place(dest)}"
            return f"{unit} C A {place(army)}-{place(dest)}"
        case ConvoyHop(_, source, dest):
            return f"{unit} C {place(source)} - {place(dest)}"
        case Seize(_, sector):
            return f"{unit} ZP {place(sector)}"
        case SupportSeize(_, army, sector):
            return f"{unit} S {place(army)} ZP {place(sector)}"
        case Retreat(_, dest):
            return f"{unit} retreats to {place(dest)}" if words else f"{unit} R {place(dest)}"
        case Disband():
            return f"{unit} disbands" if words else f"{unit} D"
        case Build():
            return f"build {unit}" if words else f"{unit} B"
    raise TypeError(f"not an order: {order!r}")


def sloppy_forms(order: Order, variant: Variant) -> list[str]:
    """Ways a player might type ``order`` other than the canonical notation (some of them
    are read as another order, or refused: players are not always clear)."""
    named = _named(variant)
    forms = [
        format_order(order).lower(),
        _spelled(order, _titled, letter=True, words=False),
        _spelled(order, named, letter=True, words=False),
        _spelled(order, _titled, letter=True, words=True),
        _spelled(order, _titled, letter=False, words=False),
        f"  {_spelled(order, str.lower, letter=True, words=False)} ",
    ]
    return forms


def written(order: Order, variant: Variant, rng: random.Random, canonical: float = 0.6) -> str:
    """``order`` as a player sends it: the canonical notation (a menu's) with probability
    ``canonical``, else one of :func:`sloppy_forms`."""
    if rng.random() < canonical:
        return format_order(order)
    return rng.choice(sloppy_forms(order, variant))
