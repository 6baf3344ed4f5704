"""Orders from a player of several powers (fewer than seven players), sent to the power each
is for: the one whose unit (or home centre, for a build) it names.

    order A Vie-Gal; A Par-Bur          Austria's army and France's army
    order France: waive                 a waive names no unit: say the power
    order Austria: if +1 build A VIE    so does an adjustment condition, if both could build
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol

from bot.service.turn.conditional_orders import ConditionError, read_conditional, split_pieces
from bot.service.words.quoting import excerpt
from engine import OrderError, Position, parse_order
from engine.names import power_code

_PIECES = re.compile(r"[;,\n]")
_PREFIX = re.compile(r"\s*(?P<power>[A-Za-z][\w.-]*)\s*:\s*(?P<rest>.*)", re.DOTALL)


class Seat(Protocol):
    @property
    def position(self) -> Position: ...

    @property
    def power(self) -> str: ...


def pieces(text: str) -> list[str]:
    """Each order or condition of a text: conditions whole (their lists use commas)."""
    conditions, plain = split_pieces(text)
    pieces = [p.strip() for p in _PIECES.split(plain) if p.strip()]
    return [*pieces, *conditions]


def _reads(seat: Seat, text: str, *, check: bool) -> bool:
    try:
        if text.lower().startswith("if"):
            read_conditional(text, seat.position, seat.power)
        else:
            parse_order(text, seat.position, seat.power, check=check)
    except (OrderError, ConditionError):
        return False
    return True


def route(seats: Sequence[Seat], text: str) -> tuple[dict[str, list[str]], list[tuple[str, str]]]:
    """power -> the pieces of ``text`` for it; and the pieces that could not be placed, with
    why. A piece no power can take goes to the first one that can read it, so its own
    reason for refusing it is given."""
    routed: dict[str, list[str]] = {}
    refused: list[tuple[str, str]] = []
    names = {s.power: s.position.variant.power_info[s.power].name for s in seats}
    for piece in pieces(text):
        prefixed = _prefixed(seats, piece)
        if prefixed is not None:
            seat, rest = prefixed
            routed.setdefault(seat.power, []).append(rest)
            continue
        takers = [s for s in seats if _reads(s, piece, check=True)]
        if len(takers) > 1:
            which = " or ".join(names[s.power] for s in takers)
            first = names[takers[0].power]
            example = excerpt(f"{first}: {piece}")
            refused.append((piece, f"it could be {which}'s: write e.g. `{example}`"))
            continue
        if not takers:
            readers = [s for s in seats if _reads(s, piece, check=False)]
            # refused by every power: the reason that counts is the one of the unit's owner
            takers = sorted(readers, key=lambda s: not _names_own_unit(s, piece)) or list(seats)
        routed.setdefault(takers[0].power, []).append(piece)
    return routed, refused


def _names_own_unit(seat: Seat, text: str) -> bool:
    try:
        order = parse_order(text, seat.position, seat.power, check=False)
    except OrderError:
        return False
    unit = getattr(order, "unit", None)
    if unit is None:
        return False
    position = seat.position
    dislodged = position.dislodged_in(unit.province)
    owner = dislodged.power if dislodged is not None else position.owner_in(unit.province)
    return owner == seat.power


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
