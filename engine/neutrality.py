"""A neutral power joining a seat: the end of its neutrality (:class:`engine.rules.Neutral`).

Which seat it joins is decided outside the engine (the UK rule book's World War I game tosses
a coin); the engine only makes the change once it is told, so adjudication stays pure.

>>> from engine.position import Position
>>> from engine.variant import load_variant
>>> from dataclasses import replace
>>> from engine.phase import Phase
>>> war = Position.initial(load_variant("ww1"), [["AUSTRIA", "GERMANY", "TURKEY"]])
>>> spring = replace(war, phase=Phase.parse("S1915M"))
>>> joined = join_seat(spring, "ITALY", "GERMANY")
>>> joined.seats, sorted(joined.neutral)
((('AUSTRIA', 'GERMANY', 'ITALY', 'TURKEY'),), [])
"""

from __future__ import annotations

from dataclasses import replace

from engine.errors import PositionError
from engine.position import Position, checked_seats


def join_seat(position: Position, power: str, ally: str) -> Position:
    """The position with neutral ``power`` no longer neutral and in the seat of ``ally`` (any
    power of that seat), as a separate power of it: it orders, builds and disbands on its own
    and its units count for the seat. Allowed once its neutrality has run out (from the Spring
    after the year ``until``); raise :class:`PositionError` otherwise."""
    power, ally = power.upper(), ally.upper()
    variant = position.variant
    neutral = variant.rules.neutrality(power)
    if neutral is None or power not in position.neutral:
        raise PositionError(f"{power} is not neutral, so it cannot join a seat")
    if position.phase.year <= neutral.until:
        raise PositionError(
            f"{power} is neutral through {neutral.until}; it joins a seat from Spring "
            f"{neutral.until + 1}, not in {position.phase.long_name}"
        )
    if ally not in variant.power_info or ally in position.neutral:
        raise PositionError(f"{power} can join only a power in play, not {ally!r}")
    seat = next((s for s in position.seats if ally in s), (ally,))
    seats = [s for s in position.seats if s != seat] + [(*seat, power)]
    return replace(
        position, neutral=position.neutral - {power}, seats=checked_seats(variant, seats)
    )
