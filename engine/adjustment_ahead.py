"""The adjustment phase ahead of a movement phase, as it would be at best for one power.

Builds sent ahead of their phase (conditional orders) are read against this position: the
power holds every home centre and each is empty, so any build it could make when the
adjustment comes reads as an order; whether it is legal then is settled when it comes.
"""

from __future__ import annotations

from dataclasses import replace

from engine.phase import Phase, PhaseKind, Season
from engine.position import Position


def adjustment_at_best(position: Position, power: str) -> Position:
    """The adjustment after ``position``'s year (Winter) or turn (Diplomacia's control
    evaluation) with ``power`` holding its home centres, all of them empty."""
    homes = set(position.homes.get(power, ()))
    units = {
        p: tuple(u for u in us if u.province not in homes and p != power)
        for p, us in position.units.items()
    }
    if position.variant.rules.diplomacia:
        # control says who may build where: the power keeps every home area and its ports
        control = dict(position.control)
        control.update(dict.fromkeys(homes, power))
        evaluation = Phase(position.phase.year, Season.TURN, PhaseKind.ADJUSTMENTS)
        centres = position.variant.supply_centers
        controlled = {
            p: frozenset(c for c in centres if control.get(c) == p) for p in position.variant.powers
        }
        return replace(
            position,
            phase=evaluation,
            units=units,
            centers=controlled,
            control=control,
            dislodged=(),
        )
    centers = {p: frozenset(c - homes) for p, c in position.centers.items()}
    centers[power] = frozenset(position.centers.get(power, frozenset()) | homes)
    winter = Phase(position.phase.year, Season.WINTER, PhaseKind.ADJUSTMENTS)
    return replace(position, phase=winter, units=units, centers=centers, dislodged=())
