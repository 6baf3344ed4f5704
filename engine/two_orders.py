"""Whether two orders for one unit cancel each other, and which units they leave unordered.

Where the rules say so (Diplomacia handbook 8), a unit given two different orders has none:
neither counts; the same order written twice is one order. Elsewhere a later order for a unit
replaces an earlier one. The engine refuses such orders when it resolves a phase
(:func:`engine.adjudicate`), and the service asks the same question to tell a player at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from engine.orders import Build, Order, order_unit
from engine.outcomes import OrderResult, Outcome
from engine.position import Position

TWO_ORDERS = "two orders for one unit: neither counts (Diplomacia handbook 8)"


def two_orders_cancel(position: Position) -> bool:
    """Whether a unit given two different orders has none, by the rules of this board."""
    return position.variant.rules.ruleset.two_orders_cancel


def doubly_ordered(position: Position, orders: Iterable[Order]) -> tuple[str, ...]:
    """The provinces of the units that ``orders`` (one power's) give two different orders,
    which therefore have none, in the order first given; empty where a later order replaces
    an earlier one. A build names a place, not a unit: builds are never cancelled so."""
    if not two_orders_cancel(position):
        return ()
    by_unit: dict[str, list[Order]] = {}
    for order in orders:
        unit = order_unit(order)
        if unit is not None and not isinstance(order, Build):
            found = by_unit.setdefault(unit.province, [])
            if order not in found:
                found.append(order)
    return tuple(province for province, found in by_unit.items() if len(found) > 1)


def singly_ordered(
    position: Position, orders: Mapping[str, Sequence[Order]]
) -> tuple[Mapping[str, Sequence[Order]], list[OrderResult]]:
    """The orders that count, and a void result for each order :func:`doubly_ordered` left out."""
    if not two_orders_cancel(position):
        return orders, []
    kept: dict[str, list[Order]] = {}
    refused: list[OrderResult] = []
    for power, given in orders.items():
        doubled = doubly_ordered(position, given)
        kept[power] = []
        for order in given:
            unit = order_unit(order)
            if unit is not None and not isinstance(order, Build) and unit.province in doubled:
                refused.append(OrderResult(power, unit, order, Outcome.VOID, TWO_ORDERS))
            else:
                kept[power].append(order)
    return kept, refused
