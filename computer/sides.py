"""Who plays with whom: the powers of one seat (a player commanding several, or World War I's
fixed sides) never attack each other."""

from __future__ import annotations

from engine import Position


def friends(position: Position, power: str) -> frozenset[str]:
    """``power`` and the powers it plays together with."""
    for seat in (*position.seats, *position.variant.rules.sides):
        if power in seat:
            return frozenset(seat)
    return frozenset({power})
