"""One game step: ``adjudicate(position, orders) -> Resolution``. A pure function.

Orders arrive per power, already read (see :mod:`engine.parse`). Each is checked against
the rules first; an illegal order is reported and the unit acts as if it had no order.
Missing orders take their defaults here: units hold, dislodged units disband, builds are
waived, and missing removals follow the civil-disorder rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from engine.civil_disorder import removal_order
from engine.errors import OrderError
from engine.legal import check_order
from engine.movement import adjudicate_movement
from engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    MovementOrder,
    Order,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
    format_order,
)
from engine.outcomes import OrderResult, Outcome, Resolution
from engine.phase import Phase, PhaseKind, Season
from engine.position import Dislodged, Position, retreat_options
from engine.units import Unit

Orders = Mapping[str, Sequence[Order]]


def adjudicate(position: Position, orders: Orders) -> Resolution:
    """Resolve the position's phase with these orders; return results and the next position."""
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return _movement(position, orders)
    if kind is PhaseKind.RETREATS:
        return _retreats(position, orders)
    return _adjustments(position, orders)


# Checking ------------------------------------------------------------------------


def _key(order: Order, power: str) -> str:
    return f"WAIVE {power}" if isinstance(order, Waive) else str(order.unit)


def _checked(
    position: Position, orders: Orders
) -> tuple[dict[str, list[tuple[str, Order]]], list[OrderResult]]:
    """Legal orders per power (a later order for a unit replaces an earlier one) and the
    results for the refused ones."""
    accepted: dict[str, list[tuple[str, Order]]] = {}
    refused: list[OrderResult] = []
    for power in position.variant.powers:
        given = orders.get(power, ())
        latest: dict[str, tuple[str, Order]] = {}
        waives = 0
        for order in given:
            try:
                legal = check_order(position, power, order)
            except OrderError as exc:
                refused.append(
                    OrderResult(power, _key(order, power), order, Outcome.ILLEGAL, exc.message)
                )
                continue
            if isinstance(legal, Waive):
                waives += 1
                latest[f"WAIVE#{waives}"] = (_key(legal, power), legal)
            elif isinstance(legal, Build):
                # builds are counted in order; two in one province keep the first (DATC 4.D.5)
                latest.setdefault(f"BUILD {legal.unit.province}", (str(legal.unit), legal))
            else:
                latest[legal.unit.province] = (str(legal.unit), legal)
        accepted[power] = list(latest.values())
    return accepted, refused


# Movement --------------------------------------------------------------------------


def _movement(position: Position, orders: Orders) -> Resolution:
    variant = position.variant
    accepted, results = _checked(position, orders)
    units = list(position.all_units())
    index = {unit.province: i for i, (_, unit) in enumerate(units)}
    unit_orders: list[MovementOrder] = [Hold(unit) for _, unit in units]
    ordered: dict[int, Order] = {}
    for power, power_orders in accepted.items():
        for _, order in power_orders:
            if isinstance(order, Hold | Move | SupportHold | SupportMove | Convoy):
                i = index[order.unit.province]
                unit_orders[i] = order
                ordered[i] = order
            else:
                results.append(
                    OrderResult(
                        power,
                        _key(order, power),
                        order,
                        Outcome.ILLEGAL,
                        f"{format_order(order)} is not an order for a movement phase",
                    )
                )
    outcome = adjudicate_movement(variant, units, unit_orders)

    stay: dict[str, list[Unit]] = {p: [] for p in variant.powers}
    occupied: set[str] = set()
    for i, (power, unit) in enumerate(units):
        if not outcome.dislodged[i]:
            moved = unit.at(outcome.final_location[i])
            stay[power].append(moved)
            occupied.add(moved.province)
    dislodged: list[Dislodged] = []
    for i, (power, unit) in enumerate(units):
        word = outcome.outcomes[i]
        reason = outcome.illegal_convoys.get(i)
        if outcome.dislodged[i]:
            options = retreat_options(
                variant, unit, outcome.attacker_from[i], occupied, outcome.contested
            )
            if options:
                dislodged.append(Dislodged(power, unit, outcome.attacker_from[i], options))
            else:
                word = Outcome.DESTROYED
        if reason is not None:
            results.append(OrderResult(power, str(unit), ordered.get(i), Outcome.ILLEGAL, reason))
        elif i in ordered or word in (Outcome.DISLODGED, Outcome.DESTROYED):
            results.append(OrderResult(power, str(unit), ordered.get(i), word))

    after = replace(
        position,
        units={p: tuple(u) for p, u in stay.items()},
        dislodged=tuple(dislodged),
        contested=outcome.contested,
    )
    if dislodged:
        after = replace(after, phase=position.phase.successor())
        return Resolution(position.phase, _sorted(results), after)
    return _after_retreats(position.phase, results, after)


# Retreats --------------------------------------------------------------------------


def _retreats(position: Position, orders: Orders) -> Resolution:
    accepted, results = _checked(position, orders)
    chosen: dict[str, tuple[str, Order]] = {}
    for power, power_orders in accepted.items():
        for _, order in power_orders:
            if isinstance(order, Retreat | Disband):
                chosen[order.unit.province] = (power, order)
            else:
                results.append(
                    OrderResult(
                        power,
                        _key(order, power),
                        order,
                        Outcome.ILLEGAL,
                        f"{format_order(order)} is not an order for a retreat phase",
                    )
                )
    targets: dict[str, int] = {}
    for _, order in chosen.values():
        if isinstance(order, Retreat):
            dest = order.dest.split("/")[0]
            targets[dest] = targets.get(dest, 0) + 1
    units = {p: list(us) for p, us in position.units.items()}
    for d in position.dislodged:
        entry = chosen.get(d.unit.province)
        if entry is None:
            results.append(OrderResult(d.power, str(d.unit), None, Outcome.DISBANDED))
            continue
        power, order = entry
        if isinstance(order, Retreat):
            if targets[order.dest.split("/")[0]] > 1:
                results.append(OrderResult(power, str(d.unit), order, Outcome.BOUNCED))
            else:
                units[power].append(d.unit.at(order.dest))
                results.append(OrderResult(power, str(d.unit), order, Outcome.RETREATED))
        else:
            results.append(OrderResult(power, str(d.unit), order, Outcome.DISBANDED))
    after = replace(
        position,
        units={p: tuple(us) for p, us in units.items()},
        dislodged=(),
        contested=frozenset(),
    )
    return _after_retreats(position.phase, results, after)


# Adjustments -----------------------------------------------------------------------


def _adjustments(position: Position, orders: Orders) -> Resolution:
    variant = position.variant
    accepted, results = _checked(position, orders)
    units = {p: list(us) for p, us in position.units.items()}
    for power in variant.powers:
        have = len(units.get(power, ()))
        delta = len(position.centers.get(power, ())) - have
        power_orders = [o for _, o in accepted.get(power, [])]
        if delta > 0:
            _builds(power, delta, power_orders, units, results)
        elif delta < 0:
            _removals(position, power, -delta, power_orders, units, results)
        else:
            for order in power_orders:
                results.append(OrderResult(power, _key(order, power), order, Outcome.VOID))
    phase = position.phase.successor()
    after = replace(
        position,
        phase=phase,
        units={p: tuple(us) for p, us in units.items()},
        dislodged=(),
        contested=frozenset(),
    )
    return Resolution(position.phase, _sorted(results), after)


def _builds(
    power: str,
    allowed: int,
    orders: list[Order],
    units: dict[str, list[Unit]],
    results: list[OrderResult],
) -> None:
    for order in orders:
        key = _key(order, power)
        if allowed <= 0 or not isinstance(order, Build | Waive):
            results.append(OrderResult(power, key, order, Outcome.VOID))
            continue
        allowed -= 1
        if isinstance(order, Build):
            units.setdefault(power, []).append(order.unit)
            results.append(OrderResult(power, key, order, Outcome.BUILT))
        else:
            results.append(OrderResult(power, key, order, Outcome.WAIVED))


def _removals(
    position: Position,
    power: str,
    owed: int,
    orders: list[Order],
    units: dict[str, list[Unit]],
    results: list[OrderResult],
) -> None:
    own = units[power]
    for order in orders:
        key = _key(order, power)
        if owed > 0 and isinstance(order, Disband) and order.unit in own:
            own.remove(order.unit)
            owed -= 1
            results.append(OrderResult(power, key, order, Outcome.REMOVED))
        else:
            results.append(OrderResult(power, key, order, Outcome.VOID))
    if owed > 0:
        for unit in removal_order(position.variant, own, position.homes.get(power, ()))[:owed]:
            own.remove(unit)
            results.append(OrderResult(power, str(unit), None, Outcome.REMOVED))


# Phase sequence --------------------------------------------------------------------


def _after_retreats(phase: Phase, results: list[OrderResult], position: Position) -> Resolution:
    """What follows a movement or retreat phase once no retreat is pending."""
    ordered = _sorted(results)
    if phase.season is Season.SPRING:
        nxt = Phase(phase.year, Season.FALL, PhaseKind.MOVEMENT)
        return Resolution(phase, ordered, replace(position, phase=nxt, contested=frozenset()))
    position = replace(position, centers=_new_owners(position), contested=frozenset())
    winner = _winner(position)
    winter = Phase(phase.year, Season.WINTER, PhaseKind.ADJUSTMENTS)
    if winner is None and adjustments_due(replace(position, phase=winter)):
        return Resolution(phase, ordered, replace(position, phase=winter), winner)
    spring = Phase(phase.year + 1, Season.SPRING, PhaseKind.MOVEMENT)
    if winner is not None:
        return Resolution(phase, ordered, replace(position, phase=winter), winner)
    return Resolution(phase, ordered, replace(position, phase=spring), winner)


def _new_owners(position: Position) -> dict[str, frozenset[str]]:
    """After the Fall retreats, every centre with a unit in it belongs to that unit's power."""
    owner = {c: p for p, cs in position.centers.items() for c in cs}
    centres = position.variant.supply_centers
    for power, unit in position.all_units():
        if unit.province in centres:
            owner[unit.province] = power
    out: dict[str, set[str]] = {p: set() for p in position.variant.powers}
    for centre, power in owner.items():
        out[power].add(centre)
    return {p: frozenset(cs) for p, cs in out.items()}


def _winner(position: Position) -> str | None:
    need = position.variant.victory_centers
    leaders = [p for p, cs in position.centers.items() if len(cs) >= need]
    return leaders[0] if len(leaders) == 1 else None


def adjustments_due(position: Position) -> bool:
    """Whether any power has a build it can place or a removal it owes."""
    for power in position.variant.powers:
        have = len(position.units.get(power, ()))
        owned = position.centers.get(power, frozenset())
        if have > len(owned):
            return True
        if have < len(owned) and any(
            home in owned and position.unit_in(home) is None
            for home in position.homes.get(power, ())
        ):
            return True
    return False


def _sorted(results: list[OrderResult]) -> tuple[OrderResult, ...]:
    powers = {p: i for i, p in enumerate(sorted({r.power for r in results}))}
    return tuple(sorted(results, key=lambda r: (powers[r.power], r.key)))
