"""An adjustment phase's builds and removals, one power at a time.

A power builds as many units as it has more supply centres than units, and removes as many
as it has fewer; orders beyond that, or of the wrong kind, are void, and removals it did not
order are chosen for it (:mod:`engine.civil_disorder`). Each account of the power is settled
on its own (:func:`engine.owed.adjustment`, whose accounts the ruleset gives: Diplomacia keeps
two, armies against centres and fleets against ports, handbook 6.5).
"""

from __future__ import annotations

from engine.civil_disorder import removal_order
from engine.orders import Build, Disband, Order, Waive, order_unit
from engine.outcomes import OrderResult, Outcome
from engine.owed import Account, adjustment
from engine.position import Position
from engine.units import Unit


def settle_account(
    position: Position,
    power: str,
    orders: list[Order],
    units: dict[str, list[Unit]],
    results: list[OrderResult],
) -> None:
    """Apply one power's accepted adjustment orders to ``units``, its results to ``results``:
    each account on its own (:mod:`engine.owed`), builds and removals of its own kind of unit;
    an order for another account never settles this one."""
    owed = adjustment(position, power)
    # one account settles every order (the standard game's): nothing to sort; this runs for
    # every power at every adjustment
    several = len(owed.accounts) > 1
    for account in owed.accounts:
        mine = [o for o in orders if owed.account_of(o) is account] if several else orders
        due = account.holdings - account.units
        if due > 0:
            _builds(power, due, mine, units, results)
        elif due < 0:
            _removals(position, power, account, mine, units, results)
        elif mine:
            results.extend(OrderResult(power, order_unit(o), o, Outcome.VOID) for o in mine)


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
    account: Account,
    orders: list[Order],
    units: dict[str, list[Unit]],
    results: list[OrderResult],
) -> None:
    own = units[power]
    owed = account.removals
    for order in orders:
        unit = order_unit(order)
        if (
            owed > 0
            and isinstance(order, Disband)
            and order.unit in own
            and account.counts(order.unit)
        ):
            own.remove(order.unit)
            owed -= 1
            results.append(OrderResult(power, unit, order, Outcome.REMOVED))
        else:
            results.append(OrderResult(power, unit, order, Outcome.VOID))
    if owed > 0:
        # one account at a time: only the kind of unit it counts may go
        candidates = own if account.unit_type is None else [u for u in own if account.counts(u)]
        homes = position.homes.get(power, ())
        for unit in removal_order(position.variant, candidates, homes)[:owed]:
            own.remove(unit)
            results.append(OrderResult(power, unit, None, Outcome.REMOVED))
