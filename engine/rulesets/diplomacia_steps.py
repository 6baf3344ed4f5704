"""Diplomacia's steps between phases (handbook 5, 6): control brought up to date after every
movement and retreat phase, the turn sequence with its control evaluations, and the
evaluation's two accounts settled power by power."""

from __future__ import annotations

from collections.abc import Mapping

from engine.builds import make_removals, place_builds
from engine.control import build_site, centres_controlled, power_accounts, updated_control
from engine.orders import Order, order_unit
from engine.outcomes import OrderResult, Outcome
from engine.phase import Phase, PhaseKind, Season
from engine.position import Position
from engine.step import start_of
from engine.units import Unit, UnitType


def controlled(position: Position, seized: Mapping[str, str] = {}) -> Position:
    """The position with control brought up to date (:mod:`engine.control`)."""
    control = updated_control(position.control, position.units, seized)
    variant = position.variant
    return position.evolve(
        control=control,
        centers=centres_controlled(control, variant.supply_centers, variant.powers),
    )


def next_turn(phase: Phase, position: Position) -> Position:
    """After an even turn the control evaluation, if anyone has something to do in it;
    otherwise the next turn."""
    if phase.settles_centres:
        evaluation = Phase(phase.year, Season.TURN, PhaseKind.ADJUSTMENTS)
        settled = start_of(position, evaluation, position.centers)
        if evaluation_due(settled):
            return settled
    following = Phase(phase.year + 1, Season.TURN, PhaseKind.MOVEMENT)
    return start_of(position, following, position.centers)


def evaluation_due(position: Position) -> bool:
    """Whether any power owes a removal or can place a build in either account."""
    return any(_power_due(position, power) for power in position.variant.powers)


def _power_due(position: Position, power: str) -> bool:
    have = power_accounts(position, power)
    if have.owed(UnitType.ARMY) < 0 or have.owed(UnitType.FLEET) < 0:
        return True
    return any(
        build_site(position, power, unit_type) and have.owed(unit_type) > 0
        for unit_type in (UnitType.ARMY, UnitType.FLEET)
    )


def settle_accounts(
    position: Position,
    power: str,
    orders: list[Order],
    units: dict[str, list[Unit]],
    results: list[OrderResult],
) -> None:
    """The control evaluation for one power: each account on its own (6.5): army builds and
    removals against centres, fleet ones against ports; an order for the other account never
    settles this one."""
    have = power_accounts(position, power)
    # a waive gives up a build of the army account while it has one, then of the fleets
    waives_to = UnitType.ARMY if have.owed(UnitType.ARMY) > 0 else UnitType.FLEET
    for unit_type in (UnitType.ARMY, UnitType.FLEET):
        owed = have.owed(unit_type)
        mine = [o for o in orders if (_account_of(o) or waives_to) is unit_type]
        if owed > 0:
            place_builds(power, owed, mine, units, results)
        elif owed < 0:
            make_removals(position, power, -owed, mine, units, results, unit_type)
        else:
            results.extend(OrderResult(power, order_unit(o), o, Outcome.VOID) for o in mine)


def _account_of(order: Order) -> UnitType | None:
    unit = order_unit(order)
    return None if unit is None else unit.type
