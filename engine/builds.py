"""An adjustment phase's builds and removals, one power at a time.

A power builds as many units as it has more supply centres than units, and removes as many
as it has fewer; orders beyond that, or of the wrong kind, are void, and removals it did not
order are chosen for it (:mod:`engine.civil_disorder`). The ruleset settles each account
(:attr:`engine.rulesets.Ruleset.settle_account`): Diplomacia keeps two, armies against
centres and fleets against ports (handbook 6.5, :mod:`engine.rulesets.diplomacia_steps`).
"""

from __future__ import annotations

from engine.civil_disorder import removal_order
from engine.orders import Build, Disband, Order, Waive, order_unit
from engine.outcomes import OrderResult, Outcome
from engine.position import Position
from engine.units import Unit, UnitType


def settle_centres(
    position: Position,
    power: str,
    orders: list[Order],
    units: dict[str, list[Unit]],
    results: list[OrderResult],
) -> None:
    """The standard account: a build for each centre more than units, a removal for each
    one fewer."""
    have = len(units.get(power, ()))
    delta = len(position.centers.get(power, ())) - have
    if delta > 0:
        place_builds(power, delta, orders, units, results)
    elif delta < 0:
        make_removals(position, power, -delta, orders, units, results)


def place_builds(
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


def make_removals(
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
