"""The adjustment phase ahead of a movement phase, as it would be at best for one power.

Builds sent ahead of their phase (conditional orders) are read against this position: the
power holds every home centre and each is empty, so any build it could make when the
adjustment comes reads as an order; whether it is legal then is settled when it comes.
"""

from __future__ import annotations

from dataclasses import replace

from engine.position import Position


def adjustment_at_best(position: Position, power: str) -> Position:
    """The adjustment after ``position``'s year (Winter) or turn (Diplomacia's control
    evaluation) with ``power`` holding its home centres, all of them empty."""
    homes = frozenset(position.homes.get(power, ()))
    units = {
        p: tuple(u for u in us if u.province not in homes and p != power)
        for p, us in position.units.items()
    }
    emptied = replace(position, units=units, dislodged=())
    return position.variant.rules.ruleset.adjustment_held(emptied, power, homes)
