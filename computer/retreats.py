"""A power's retreats: each dislodged unit to the most valuable place it may go, no two to the
same province (they would both be disbanded); disbanded when it has nowhere to go."""

from __future__ import annotations

import random

from computer.values import province_values
from engine import Disband, Order, Position, Retreat
from engine.units import province_of


def retreat_orders(position: Position, power: str, rng: random.Random) -> list[Order]:
    mine = sorted(
        (d for d in position.dislodged if d.power == power), key=lambda d: d.unit.location
    )
    if not mine:
        return []
    values = province_values(position, power)
    taken: set[str] = set()
    orders: list[Order] = []
    for dislodged in mine:
        unit = dislodged.unit
        options = [
            (values.of(unit.type, province_of(dest)) * (1.0 + 0.05 * rng.random()), dest)
            for dest in dislodged.retreats
            if province_of(dest) not in taken
        ]
        if not options:
            orders.append(Disband(unit))
            continue
        _, dest = max(options)
        taken.add(province_of(dest))
        orders.append(Retreat(unit, dest))
    return orders
