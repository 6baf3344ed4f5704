"""One game step: ``adjudicate(position, orders) -> Resolution``. A pure function.

Orders arrive per power, already read (see :mod:`engine.parse`). Each is checked against
the rules first; an illegal order is reported and the unit acts as if it had no order.
Missing orders take their defaults here: units hold, dislodged units disband, builds are
waived, and missing removals follow the civil-disorder rule. A power in civil disorder (nobody
gives its orders) retreats nowhere: its dislodged units are disbanded in the movement step
itself ("retreats may not take place", UK rule book III.2; Diplomacia 9.1).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from functools import partial

from engine.builds import settle_account
from engine.errors import OrderError
from engine.legal import check_orders
from engine.movement import adjudicate_movement
from engine.orders import (
    Build,
    MovementOrder,
    Order,
    Retreat,
    Seize,
    Waive,
    order_unit,
)
from engine.outcomes import OrderResult, Outcome, Resolution
from engine.owed import adjustments_due
from engine.phase import Phase, PhaseKind, Season
from engine.position import Dislodged, Position, retreat_options
from engine.two_orders import singly_ordered
from engine.units import Unit
from engine.victory import pieces_on_board

Orders = Mapping[str, Sequence[Order]]


CIVIL_DISORDER = "civil disorder"

# A result made straight from its fields, skipping the Python-level constructor of the
# named tuple: a movement phase makes one for every unit.
_result = partial(tuple.__new__, OrderResult)


def adjudicate(position: Position, orders: Orders, *, disorder: Collection[str] = ()) -> Resolution:
    """Resolve the position's phase with these orders; return results and the next position.

    ``disorder``: the powers in civil disorder, whose dislodged units get no retreat.
    """
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        resolution = _movement(position, orders, frozenset(disorder))
    elif kind is PhaseKind.RETREATS:
        resolution = _retreats(position, orders)
    else:
        resolution = _adjustments(position, orders)
    if position.variant.rules.checked_every_phase and not resolution.winners:
        winners = _winners(resolution.position)
        if winners:
            return replace(resolution, winners=winners)
    return resolution


# Checking ------------------------------------------------------------------------


def _checked(
    position: Position, orders: Orders
) -> tuple[dict[str, list[Order]], list[OrderResult]]:
    """Legal orders per power (a later order for a unit replaces an earlier one) and the
    results for the refused ones."""
    orders, refused = singly_ordered(position, orders)
    latest: dict[str, dict[object, Order]] = {power: {} for power in orders}
    for power, order, legal in check_orders(position, orders):
        if isinstance(legal, OrderError):
            refused.append(
                OrderResult(power, order_unit(order), order, Outcome.ILLEGAL, legal.message)
            )
            continue
        kept = latest[power]
        if isinstance(legal, Waive):
            kept[len(kept)] = legal
        elif isinstance(legal, Build):
            # builds are counted in order; two in one province keep the first (DATC 4.D.5)
            kept.setdefault(("build", legal.unit.province), legal)
        else:
            kept[legal.unit.province] = legal
    accepted = {power: list(kept.values()) for power, kept in latest.items()}
    return accepted, refused


# Movement --------------------------------------------------------------------------


def _unit_orders(
    position: Position, orders: Orders
) -> tuple[list[MovementOrder | None], list[OrderResult]]:
    """The legal order of each unit of :attr:`Position.unit_list` (a later order for a unit
    replaces an earlier one; ``None``: no order), and the results for the refused ones."""
    orders, refused = singly_ordered(position, orders)
    index = position.unit_index
    unit_orders: list[MovementOrder | None] = [None] * len(index)
    for power, order, legal in check_orders(position, orders):
        if isinstance(legal, OrderError):
            refused.append(
                OrderResult(power, order_unit(order), order, Outcome.ILLEGAL, legal.message)
            )
        else:
            # only the unit's owner may order it, and only movement orders now
            unit_orders[index[legal.unit[2]]] = legal  # type: ignore[union-attr,assignment]
    return unit_orders, refused


def _movement(position: Position, orders: Orders, disorder: frozenset[str]) -> Resolution:
    variant = position.variant
    unit_orders, results = _unit_orders(position, orders)
    units = position.unit_list
    outcome = adjudicate_movement(variant, units, unit_orders)
    final, words = outcome.final_location, outcome.outcomes
    knocked_out = {i for i, out in enumerate(outcome.dislodged) if out}
    retreats: dict[int, tuple[str, ...]] = {}
    for i in knocked_out:
        power, unit = units[i]
        if power not in disorder:
            retreats[i] = retreat_options(
                variant,
                unit,
                outcome.attacker_from[i],
                outcome.occupied,
                outcome.contested,
                position.closed,
            )
    # Diplomacia: an army whose convoy failed with a fleet destroyed now goes with it
    lost_with: dict[int, int] = {
        army: fleet for fleet, army in outcome.carrying.items() if not retreats.get(fleet)
    }

    stay: dict[str, list[Unit]] = {p: [] for p in variant.powers}
    illegal = outcome.illegal_convoys
    standing = variant.index.units
    placed = zip(units, unit_orders, words, final, strict=True)
    for i, ((power, unit), given, word, location) in enumerate(placed):
        if i in knocked_out:
            continue
        if lost_with and i in lost_with:
            lost = f"lost with {units[lost_with[i]][1]}, which was convoying it"
            results.append(OrderResult(power, unit, given, Outcome.DESTROYED, lost))
            continue
        if given is not None:
            if illegal and i in illegal:
                results.append(OrderResult(power, unit, given, Outcome.ILLEGAL, illegal[i]))
            else:
                results.append(_result((power, unit, given, word, None)))
        if location != unit[1]:
            unit = standing[unit[0]][location]
        stay[power].append(unit)
    dislodged: list[Dislodged] = []
    for i in sorted(knocked_out):
        power, unit = units[i]
        if power in disorder:
            results.append(
                OrderResult(power, unit, unit_orders[i], Outcome.DISBANDED, CIVIL_DISORDER)
            )
            continue
        options = retreats[i]
        if options:
            army = outcome.carrying.get(i)
            carrying = units[army][1].province if army is not None else None
            dislodged.append(Dislodged(power, unit, outcome.attacker_from[i], options, carrying))
        word = Outcome.DISLODGED if options else Outcome.DESTROYED
        results.append(OrderResult(power, unit, unit_orders[i], word))

    after = position.evolve(
        phase=position.phase.successor(),
        units={p: tuple(u) for p, u in stay.items()},
        dislodged=tuple(dislodged),
        contested=outcome.contested,
    )
    seized = {}
    for i, taken in outcome.seized.items():
        seizure = unit_orders[i]
        if taken and isinstance(seizure, Seize):
            seized[seizure.sector] = units[i][0]
    after = variant.rules.ruleset.control_after(after, seized)
    if dislodged:
        return Resolution(position.phase, _sorted(results), after)
    return _after_retreats(position.phase, results, after)


# Retreats --------------------------------------------------------------------------


def _retreats(position: Position, orders: Orders) -> Resolution:
    accepted, results = _checked(position, orders)
    chosen: dict[str, tuple[str, Order]] = {}
    for power, power_orders in accepted.items():
        for order in power_orders:
            # check_order admits only retreats and disbands of dislodged units here
            chosen[order.unit.province] = (power, order)  # type: ignore[union-attr]
    targets: dict[str, int] = {}
    for _, order in chosen.values():
        if isinstance(order, Retreat):
            dest = order.dest.split("/")[0]
            targets[dest] = targets.get(dest, 0) + 1
    units = {p: list(us) for p, us in position.units.items()}
    for d in position.dislodged:
        entry = chosen.get(d.unit.province)
        if entry is None:
            results.append(OrderResult(d.power, d.unit, None, Outcome.DISBANDED))
            continue
        power, order = entry
        if isinstance(order, Retreat):
            if targets[order.dest.split("/")[0]] > 1:
                results.append(OrderResult(power, d.unit, order, Outcome.BOUNCED))
            else:
                units[power].append(d.unit.at(order.dest))
                results.append(OrderResult(power, d.unit, order, Outcome.RETREATED))
        else:
            results.append(OrderResult(power, d.unit, order, Outcome.DISBANDED))
    if position.variant.rules.ruleset.hop_convoys:
        _lose_carried_armies(position, units, results)
    after = position.evolve(
        units={p: tuple(us) for p, us in units.items()},
        dislodged=(),
        contested=frozenset(),
    )
    after = position.variant.rules.ruleset.control_after(after, {})
    return _after_retreats(position.phase, results, after)


def _lose_carried_armies(
    position: Position, units: dict[str, list[Unit]], results: list[OrderResult]
) -> None:
    """Hop-by-hop convoys (Diplomacia): "if a fleet convoying an army is destroyed, the army
    is destroyed with it" (7.2.2.5): a fleet that did not retreat takes the army it was
    convoying."""
    retreated = {r.unit.province for r in results if r.outcome is Outcome.RETREATED and r.unit}
    for d in position.dislodged:
        if d.carrying is None or d.unit.province in retreated:
            continue
        for power, power_units in units.items():
            army = next((u for u in power_units if u.province == d.carrying), None)
            if army is not None:
                power_units.remove(army)
                reason = f"lost with {d.unit}, which was convoying it"
                results.append(OrderResult(power, army, None, Outcome.DESTROYED, reason))


# Adjustments -----------------------------------------------------------------------


def _adjustments(position: Position, orders: Orders) -> Resolution:
    variant = position.variant
    accepted, results = _checked(position, orders)
    units = {p: list(us) for p, us in position.units.items()}
    for power in variant.powers:
        if power in position.neutral:
            continue  # a neutral power neither builds nor disbands
        settle_account(position, power, accepted.get(power, []), units, results)
    phase = position.phase.successor()
    after = position.evolve(
        phase=phase,
        units={p: tuple(us) for p, us in units.items()},
        dislodged=(),
        contested=frozenset(),
    )
    return Resolution(position.phase, _sorted(results), after)


# Phase sequence --------------------------------------------------------------------


def _after_retreats(phase: Phase, results: list[OrderResult], position: Position) -> Resolution:
    """What follows a movement or retreat phase once no retreat is pending: the ruleset's
    next phase."""
    after, winners = position.variant.rules.ruleset.next_phase(phase, position)
    return Resolution(phase, _sorted(results), after, winners)


def next_season(phase: Phase, position: Position) -> tuple[Position, tuple[str, ...]]:
    """The standard sequence: after the Spring the Fall; after the Fall the centres change
    hands, then the Winter if anyone has an adjustment to make, else the next Spring."""
    if phase.season is Season.SPRING:
        fall = Phase(phase.year, Season.FALL, PhaseKind.MOVEMENT)
        return start_of(position, fall, position.centers), ()
    winter = Phase(phase.year, Season.WINTER, PhaseKind.ADJUSTMENTS)
    position = start_of(position, winter, _new_owners(position))
    winners = () if position.variant.rules.checked_every_phase else _winners(position)
    if winners or adjustments_due(position):
        return position, winners
    spring = Phase(phase.year + 1, Season.SPRING, PhaseKind.MOVEMENT)
    return start_of(position, spring, position.centers), ()


def start_of(position: Position, phase: Phase, centers: Mapping[str, frozenset[str]]) -> Position:
    """The position at the start of ``phase``, with no retreats pending."""
    return position.evolve(phase=phase, centers=centers, dislodged=(), contested=frozenset())


def _new_owners(position: Position) -> dict[str, frozenset[str]]:
    """After the Fall retreats, every centre with a unit in it belongs to that unit's power."""
    centres = position.variant.supply_centers
    taken: dict[str, set[str]] = {}
    for power, units in position.units.items():
        for unit in units:
            if unit[2] in centres:
                taken.setdefault(power, set()).add(unit[2])
    occupied = set().union(*taken.values())
    out = {power: owned - occupied for power, owned in position.centers.items()}
    for power, mine in taken.items():
        out[power] = out.get(power, frozenset()) | mine
    for power in position.variant.powers:
        out.setdefault(power, frozenset())
    return out


def _winners(position: Position) -> tuple[str, ...]:
    """The powers of the seat that has won by the variant's rules, if one has."""
    return position.variant.rules.winners(
        {p: len(cs) for p, cs in position.centers.items()},
        pieces_on_board(position),
        position.seats,
    )


def _sorted(results: list[OrderResult]) -> tuple[OrderResult, ...]:
    return tuple(sorted(results, key=_result_order))


def _result_order(result: OrderResult) -> tuple[str, str]:
    unit = result[1]
    return (result[0], unit[1] if unit is not None else "")
