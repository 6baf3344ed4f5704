"""What a position says of one power in a player's terms: whether it is still in the game, and
how its units are keyed. What it owes and has still to order are the engine's answers
(:func:`engine.adjustment`, :func:`engine.still_to_order`).
"""

from __future__ import annotations

from engine import Position, Unit


def alive(position: Position, power: str) -> bool:
    return bool(
        position.units.get(power)
        or position.centers.get(power)
        or any(d.power == power for d in position.dislodged)
    )


def unit_key(unit: Unit) -> str:
    return str(unit)
