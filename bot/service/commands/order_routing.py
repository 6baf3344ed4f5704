"""An `order` text read into the orders of each power it is for, each piece read once.

A player of one power: the text is that power's. A player of several powers (fewer than
seven players): each order goes to the power it is for, the one whose unit (or home
centre, for a build) it names.

    order A Vie-Gal; A Par-Bur          Austria's army and France's army
    order France: waive                 a waive names no unit: say the power
    order Austria: if +1 build A VIE    so does an adjustment condition, if both could build

What is read to find a piece's power is what that power is given: no piece is read again
to be stored.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.service.turn.conditional_orders import (
    Conditional,
    ConditionError,
    is_condition,
    read_conditional,
    split_pieces,
)
from bot.service.words.quoting import excerpt
from engine import OrderError, Position, parse_orders
from engine.names import power_code
from engine.parse import OrderLine, read_order

_PIECES = re.compile(r"[;,\n]")
_PREFIX = re.compile(r"\s*(?P<power>[A-Za-z][\w.-]*)\s*:\s*(?P<rest>.*)", re.DOTALL)

# A conditional order as written, and what it reads as or why it cannot be taken.
ReadCondition = tuple[str, Conditional | ConditionError]


class Seat(Protocol):
    @property
    def position(self) -> Position: ...

    @property
    def power(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Share:
    """One power's orders of an `order` text, read: each plain order's line (the order, or
    why it was not taken) and each conditional order's reading."""

    lines: tuple[OrderLine, ...]
    conditions: tuple[ReadCondition, ...]


def pieces(text: str) -> list[str]:
    """Each order or condition of a text: conditions whole (their lists use commas)."""
    conditions, plain = split_pieces(text)
    pieces = [p.strip() for p in _PIECES.split(plain) if p.strip()]
    return [*pieces, *conditions]


def read_share(seat: Seat, text: str) -> Share:
    """The whole of ``text`` read as the seat's orders."""
    conditions, plain = split_pieces(text)
    return Share(
        tuple(parse_orders(plain, seat.position, seat.power)),
        tuple((c, _condition(seat, c)) for c in conditions),
    )


def _condition(seat: Seat, text: str) -> Conditional | ConditionError:
    try:
        return read_conditional(text, seat.position, seat.power)
    except ConditionError as exc:
        return exc


class _Readings:
    """Each piece read for each seat at most once, whichever way it is asked for."""

    def __init__(self) -> None:
        self._lines: dict[tuple[str, str, bool], OrderLine] = {}
        self._conditions: dict[tuple[str, str], Conditional | ConditionError] = {}

    def line(self, seat: Seat, piece: str, *, check: bool) -> OrderLine:
        key = (seat.power, piece, check)
        if key not in self._lines:
            self._lines[key] = read_order(piece, seat.position, seat.power, check=check)
        return self._lines[key]

    def condition(self, seat: Seat, piece: str) -> Conditional | ConditionError:
        key = (seat.power, piece)
        if key not in self._conditions:
            self._conditions[key] = _condition(seat, piece)
        return self._conditions[key]

    def reads(self, seat: Seat, piece: str, *, check: bool) -> bool:
        if piece.lower().startswith("if"):
            return isinstance(self.condition(seat, piece), Conditional)
        return self.line(seat, piece, check=check).ok

    def names_own_unit(self, seat: Seat, piece: str) -> bool:
        """Whether the piece, read as the seat's order (unchecked), is for a unit of its own."""
        unit = getattr(self.line(seat, piece, check=False).order, "unit", None)
        if unit is None:
            return False
        position = seat.position
        dislodged = position.dislodged_in(unit.province)
        owner = dislodged.power if dislodged is not None else position.owner_in(unit.province)
        return owner == seat.power

    def share(self, seat: Seat, given: Sequence[str]) -> Share:
        """The pieces given to a seat as its orders, as :func:`read_share` reads them."""
        lines: list[OrderLine] = []
        conditions: list[ReadCondition] = []
        for piece in given:
            if is_condition(piece):
                conditions.append((piece.strip(), self.condition(seat, piece.strip())))
                continue
            taken = self._lines.get((seat.power, piece, True))
            # a piece not taken as one order may be several run together: read as `order`
            # reads any text, for each of them or the reason it is refused
            lines.extend([taken] if taken is not None and taken.ok else self._run(seat, piece))
        return Share(tuple(lines), tuple(conditions))

    def _run(self, seat: Seat, piece: str) -> list[OrderLine]:
        return parse_orders(piece, seat.position, seat.power)


def route(seats: Sequence[Seat], text: str) -> tuple[dict[str, Share], list[tuple[str, str]]]:
    """power -> its share of ``text``; and the pieces that could not be placed, with why. A
    piece no power can take goes to the first one that can read it, so its own reason for
    refusing it is given."""
    readings = _Readings()
    routed: dict[str, list[str]] = {}
    refused: list[tuple[str, str]] = []
    names = {s.power: s.position.variant.power_info[s.power].name for s in seats}
    for piece in pieces(text):
        prefixed = _prefixed(seats, piece)
        if prefixed is not None:
            seat, rest = prefixed
            routed.setdefault(seat.power, []).append(rest)
            continue
        takers = [s for s in seats if readings.reads(s, piece, check=True)]
        if len(takers) > 1:
            which = " or ".join(names[s.power] for s in takers)
            first = names[takers[0].power]
            example = excerpt(f"{first}: {piece}")
            refused.append((piece, f"it could be {which}'s: write e.g. `{example}`"))
            continue
        if not takers:
            readers = [s for s in seats if readings.reads(s, piece, check=False)]
            # refused by every power: the reason that counts is the one of the unit's owner
            takers = sorted(readers, key=lambda s: not readings.names_own_unit(s, piece))
            takers = takers or list(seats)
        routed.setdefault(takers[0].power, []).append(piece)
    by_power = {s.power: s for s in seats}
    shares = {power: readings.share(by_power[power], given) for power, given in routed.items()}
    return shares, refused


def _prefixed(seats: Sequence[Seat], piece: str) -> tuple[Seat, str] | None:
    """``France: waive`` -> France's seat and ``waive``; None without such a prefix."""
    match = _PREFIX.fullmatch(piece)
    if match is None or not seats:
        return None
    try:
        power = power_code(seats[0].position.variant, match.group("power"))
    except OrderError:
        return None
    seat = next((s for s in seats if s.power == power), None)
    if seat is None:
        return None
    return seat, match.group("rest").strip()
