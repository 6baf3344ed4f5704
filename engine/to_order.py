"""What a power gives orders for in a phase, and what it has still to order.

In a movement phase every unit of its own takes an order, in a retreat phase every unit of
its own that was dislodged; in an adjustment phase each build it can place and each removal
it owes (:mod:`engine.owed`), each account on its own as :mod:`engine.builds` settles them.
A neutral power orders nothing. What is left unordered takes the defaults of
:func:`engine.adjudicate`.

>>> from engine.position import Position
>>> still_to_order(Position.initial(), "ENGLAND", [])
['A LVP', 'F EDI', 'F LON']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.orders import Build, Disband, Order, Waive, order_unit
from engine.owed import adjustment
from engine.phase import PhaseKind
from engine.position import Position
from engine.units import Unit


def units_to_order(position: Position, power: str) -> list[Unit]:
    """The units ``power`` gives orders to now: its units in a movement phase, its dislodged
    units in a retreat phase, the units it may remove in an adjustment phase."""
    if power in position.neutral:
        return []
    kind = position.phase.kind
    if kind is PhaseKind.RETREATS:
        return [d.unit for d in position.dislodged if d.power == power]
    units = position.units.get(power, ())
    if kind is PhaseKind.MOVEMENT:
        return list(units)
    return adjustment(position, power).removable(units)


def still_to_order(position: Position, power: str, orders: Sequence[Order]) -> list[str]:
    """What ``power`` has yet to order now, given ``orders``: its units without an order
    (``A MUN``) in movement and retreat phases, sorted; in an adjustment phase one ``build``
    or ``removal`` for each one still owed."""
    if power in position.neutral:
        return []
    if position.phase.kind is PhaseKind.ADJUSTMENTS:
        return _adjustments_left(position, power, orders)
    covered = {u.province for o in orders if (u := order_unit(o)) is not None}
    return sorted(str(u) for u in units_to_order(position, power) if u.province not in covered)


def _adjustments_left(position: Position, power: str, orders: Iterable[Order]) -> list[str]:
    owed = adjustment(position, power)
    settling = [(owed.account_of(o), o) for o in orders]
    left: list[str] = []
    for account in owed.accounts:
        mine = [o for a, o in settling if a is account]
        if account.owed > 0:
            given = sum(isinstance(o, Build | Waive) for o in mine)
            left += ["build"] * max(0, account.builds - given)
        elif account.owed < 0:
            given = sum(isinstance(o, Disband) for o in mine)
            left += ["removal"] * max(0, account.removals - given)
    return left
