"""An adjustment phase's builds and removals, one power at a time.

A power builds as many units as it has more supply centres than units, and removes as many
as it has fewer; orders beyond that, or of the wrong kind, are void, and removals it did not
order are chosen for it (:mod:`engine.civil_disorder`). Diplomacia keeps two accounts, armies
against centres and fleets against ports (handbook 6.5).
"""

from __future__ import annotations

from engine.civil_disorder import removal_order
from engine.control import power_accounts
from engine.orders import Build, Disband, Order, Waive, order_unit
from engine.outcomes import OrderResult, Outcome
from engine.position import Position
from engine.units import Unit, UnitType


def settle_account(
    position: Position,
    power: str,
    orders: list[Order],
    units: dict[str, list[Unit]],
    results: list[OrderResult],
) -> None:
    """Apply one power's accepted adjustment orders to ``units``, its results to ``results``."""
    if position.variant.rules.diplomacia:
        _evaluate(position, power, orders, units, results)
        return
    have = len(units.get(power, ()))
    delta = len(position.centers.get(power, ())) - have
    if delta > 0:
        _builds(power, delta, orders, units, results)
    elif delta < 0:
        _removals(position, power, -delta, orders, units, results)


def _evaluate(
    position: Position,
    power: str,
    orders: list[Order],
    units: dict[str, list[Unit]],
    results: list[OrderResult],
) -> None:
    """Diplomacia's control evaluation for one power: each account on its own (6.5): army
    builds and removals against centres, fleet ones against ports; an order for the other
    account never settles this one."""
    have = power_accounts(position, power)
    # a waive gives up a build of the army account while it has one, then of the fleets
    waives_to = UnitType.ARMY if have.owed(UnitType.ARMY) > 0 else UnitType.FLEET
    for unit_type in (UnitType.ARMY, UnitType.FLEET):
        owed = have.owed(unit_type)
        mine = [o for o in orders if (_account_of(o) or waives_to) is unit_type]
        if owed > 0:
            _builds(power, owed, mine, units, results)
        elif owed < 0:
            _removals(position, power, -owed, mine, units, results, unit_type)
        else:
            results.extend(OrderResult(power, order_unit(o), o, Outcome.VOID) for o in mine)


def _account_of(order: Order) -> UnitType | None:
    unit = order_unit(order)
    return None if unit is None else unit.type


def _builds(
    power: str,
    allowed: int,
    orders: list[Order],
    units: dict[str, list[Unit]],
    results: list[OrderResult],
) -> None:
    for order in orders:
        unit = order_unit(order)
        if allowed <= 0 or not isinstance(order, Build | Waive):
            results.append(OrderResult(power, unit, order, Outcome.VOID))
            continue
        allowed -= 1
        if isinstance(order, Build):
            units.setdefault(power, []).append(order.unit)
            results.append(OrderResult(power, unit, order, Outcome.BUILT))
        else:
            results.append(OrderResult(power, unit, order, Outcome.WAIVED))


def _removals(
    position: Position,
    power: str,
    owed: int,
    orders: list[Order],
    units: dict[str, list[Unit]],
    results: list[OrderResult],
    account: UnitType | None = None,
) -> None:
    own = units[power]
    for order in orders:
        unit = order_unit(order)
        if (
            owed > 0
            and isinstance(order, Disband)
            and order.unit in own
            and (account is None or order.unit.type is account)
        ):
            own.remove(order.unit)
            owed -= 1
            results.append(OrderResult(power, unit, order, Outcome.REMOVED))
        else:
            results.append(OrderResult(power, unit, order, Outcome.VOID))
    if owed > 0:
        # Diplomacia removes from one account at a time: only that kind of unit may go
        candidates = [u for u in own if account is None or u.type is account]
        homes = position.homes.get(power, ())
        for unit in removal_order(position.variant, candidates, homes)[:owed]:
            own.remove(unit)
            results.append(OrderResult(power, unit, None, Outcome.REMOVED))
