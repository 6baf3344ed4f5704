"""What a position says of one power: whether it is still in the game, the builds or removals
it is owed, its free home centres, and what it has still to order this phase.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.service.words.accounts import owed_by_account
from engine import (
    Build,
    Disband,
    Order,
    PhaseKind,
    Position,
    Unit,
    UnitType,
    Waive,
    build_site,
)
from engine.orders import order_unit


def alive(position: Position, power: str) -> bool:
    return bool(
        position.units.get(power)
        or position.centers.get(power)
        or any(d.power == power for d in position.dislodged)
    )


def unit_key(unit: Unit) -> str:
    return str(unit)


def free_homes(position: Position, power: str, taken: Iterable[str] = ()) -> list[str]:
    """Home centres the power owns and could build in now (empty, not already built on); in
    Diplomacia, where each account with a build allows one: free home centres for an army,
    free port sectors for a fleet."""
    left = set(taken)
    if position.variant.rules.diplomacia:
        owed = owed_by_account(position, power)
        return [
            area
            for kind in (UnitType.ARMY, UnitType.FLEET)
            if owed[kind] > 0
            for area in build_site(position, power, kind)
            if area not in left
        ]
    owned = position.centers.get(power, frozenset())
    occupied = {u.province for _, u in position.all_units()} | left
    return [h for h in position.homes.get(power, ()) if h in owned and h not in occupied]


def adjustment(position: Position, power: str) -> int:
    """Builds owed (positive) or removals owed (negative); in Diplomacia the two accounts
    together (:func:`owed_by_account` tells them apart)."""
    if position.variant.rules.diplomacia:
        return sum(owed_by_account(position, power).values())
    return len(position.centers.get(power, ())) - len(position.units.get(power, ()))


def missing_orders(position: Position, power: str, orders: Sequence[Order]) -> list[str]:
    """What the power has yet to order this phase: unit keys (``A MUN``) in movement and
    retreat phases; in adjustments one ``build`` or ``removal`` per one still owed."""
    kind = position.phase.kind
    if kind is PhaseKind.ADJUSTMENTS and position.variant.rules.diplomacia:
        return _missing_in_evaluation(position, power, orders)
    if kind is PhaseKind.ADJUSTMENTS:
        delta = adjustment(position, power)
        if delta > 0:
            given = sum(isinstance(o, Build | Waive) for o in orders)
            possible = min(delta, len(free_homes(position, power)))
            return ["build"] * max(0, possible - given)
        if delta < 0:
            given = sum(isinstance(o, Disband) for o in orders)
            return ["removal"] * max(0, -delta - given)
        return []
    covered = {u.province for o in orders if (u := order_unit(o)) is not None}
    if kind is PhaseKind.RETREATS:
        units: Iterable[Unit] = (d.unit for d in position.dislodged if d.power == power)
    else:
        units = position.units.get(power, ())
    return sorted(unit_key(u) for u in units if u.province not in covered)


def _missing_in_evaluation(position: Position, power: str, orders: Sequence[Order]) -> list[str]:
    """Diplomacia's control evaluation: each account on its own, as the engine settles them
    (a waive counts against the army account while it has a build, then the fleets')."""
    owed = owed_by_account(position, power)
    waives = sum(isinstance(o, Waive) for o in orders)
    waived_kind = UnitType.ARMY if owed[UnitType.ARMY] > 0 else UnitType.FLEET
    missing: list[str] = []
    for kind in (UnitType.ARMY, UnitType.FLEET):
        if owed[kind] > 0:
            built = sum(isinstance(o, Build) and o.unit.type is kind for o in orders)
            given = built + (waives if kind is waived_kind else 0)
            possible = min(owed[kind], len(build_site(position, power, kind)))
            missing += ["build"] * max(0, possible - given)
        elif owed[kind] < 0:
            given = sum(isinstance(o, Disband) and o.unit.type is kind for o in orders)
            missing += ["removal"] * max(0, -owed[kind] - given)
    return missing
