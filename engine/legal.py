"""Which orders the rules allow now: one order checked, or every order of one unit listed.

An order is *legal* when, before seeing anybody's other orders, it could succeed (DATC 4.E.1):
the unit is yours, it could move where it is sent or supports into, a convoyed army has a
chain of fleets at sea, a convoying fleet lies on such a chain. Whether it *does* succeed is
the adjudicator's business.

:func:`check_order` also tidies what a player may leave out or get wrong without changing the
meaning (DATC 3.1 preferences): the real unit replaces a wrong unit letter or coast (4.B.5,
4.C.2), a fleet's only reachable coast is filled in (4.B.2), coasts that mean nothing are
dropped (4.B.4, 4.B.6). The rules of each kind of order live in :mod:`engine.legal_checks`,
and Diplomacia's own (port seizure, hop-by-hop convoys, the two accounts) in
:mod:`engine.rulesets.diplomacia_legal`; the board's ruleset says which orders exist, in
which phases, and which check each gets (:meth:`engine.rulesets.Ruleset.order_checks`).
This module applies them, and lists the orders a unit could be given by trying every
candidate against those rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache

from engine.board_index import BoardIndex
from engine.convoys import needed_fleets
from engine.errors import IllegalOrderError, InvalidOrderError, OrderError
from engine.legal_checks import could_move, fleets_at_sea, is_coast
from engine.order_checks import Check, OrderChecks
from engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    SupportHold,
    SupportMove,
)
from engine.phase import PhaseKind
from engine.position import Position
from engine.rulesets import Ruleset
from engine.rulesets.diplomacia_legal import hop_candidates, seizure_candidates
from engine.units import Unit, UnitType, province_of
from engine.variant import ProvinceKind, Variant


def check_order(position: Position, power: str, order: Order) -> Order:
    """Return ``order`` tidied if ``power`` may give it now; else raise IllegalOrderError
    (or InvalidOrderError for a province the variant does not have).

    >>> from engine.orders import format_order
    >>> opening = Position.initial()
    >>> format_order(check_order(opening, "RUSSIA", Move(Unit(UnitType.ARMY, "STP"), "BOT")))
    'F STP/SC - BOT'
    >>> check_order(opening, "FRANCE", Move(Unit(UnitType.FLEET, "MAO"), "SPA"))
    Traceback (most recent call last):
    ...
    engine.errors.IllegalOrderError: you have no unit in MAO
    """
    allowed = position.allowed_orders
    key = (power, order)
    found = allowed.get(key)
    if found is None:
        board = _plain_board(position)
        if board is not None and _plainly_legal(order, power, position.occupants, board):
            found = order  # what the checks accept as written (see check_orders)
        else:
            found = _check(position, power, order)
        allowed[key] = found
    return found


def _check(position: Position, power: str, order: Order) -> Order:
    if power not in position.variant.power_info:
        raise IllegalOrderError(f"unknown power {power!r}")
    ruleset = position.variant.rules.ruleset
    entry = _table(ruleset).get(type(order))
    if entry is None:
        raise InvalidOrderError(f"not an order: {order!r}")
    if power in position.neutral:
        name = position.variant.power_info[power].name
        raise IllegalOrderError(
            f"{name} is neutral in {position.phase.year}: its units hold and take no orders, "
            "and it makes no adjustments"
        )
    phases, check = entry
    now = position.phase.kind
    if now not in phases:
        allowed = ruleset.orders_allowed[now]
        raise IllegalOrderError(f"it is {position.phase.long_name}: only {allowed} can be ordered")
    return check(position, power, order)


def check_orders(
    position: Position, orders: Mapping[str, Sequence[Order]]
) -> Iterator[tuple[str, Order, Order | OrderError]]:
    """Every order checked as :func:`check_order` would: (power, order, the order tidied or
    the error refusing it), in the order given.

    A whole phase's orders share the power, the phase and the board's rules: those are
    looked up once here, and :func:`check_order` (whose errors say exactly what is wrong)
    only sees the orders that fail them."""
    checks = _checks_now(position.phase.kind, position.variant.rules.ruleset)
    giving = position.variant.power_info.keys() - position.neutral
    board = _plain_board(position)
    occupants = position.occupants if board is not None else {}
    # orders read from text were checked as they were read (engine.parse)
    allowed = position.allowed_orders
    for power, given in orders.items():
        ordering = power in giving
        for order in given:
            if board is not None and _plainly_legal(order, power, occupants, board):
                yield power, order, order
                continue
            known = allowed.get((power, order))
            if known is not None:
                yield power, order, known
                continue
            check = checks.get(type(order)) if ordering else None
            try:
                if check is None:
                    yield power, order, check_order(position, power, order)
                else:
                    yield power, order, check(position, power, order)
            except OrderError as exc:
                yield power, order, exc


def _plain_board(position: Position) -> BoardIndex | None:
    """The numbered board, when a plain order needs no other check than a look-up in it: a
    movement phase on a board with no neutral power (``None`` otherwise)."""
    if position.phase.kind is not PhaseKind.MOVEMENT or position.neutral:
        return None
    return position.variant.index


def _plainly_legal(
    order: Order, power: str, occupants: Mapping[str, tuple[str, Unit]], board: BoardIndex
) -> bool:
    """Whether ``order`` is one of the plain orders that make up most of a phase, which the
    checks accept as written: the power's own unit, exactly as it stands, holding, stepping
    to a neighbour, supporting a neighbour's province to hold, or supporting a unit into a
    province both reach (what :func:`check_hold`, :func:`check_move`,
    :func:`check_support_hold` and :func:`check_support_move` accept first). Any other
    order goes to its check, which gives the same answer or says what is wrong."""
    if type(order) is Move:
        unit = order.unit
        return (
            not order.via_convoy
            and occupants.get(unit[2]) == (power, unit)
            and order.dest in board.steps.get(unit, ())
        )
    if type(order) is SupportMove:
        unit, target, dest = order.unit, order.target, order.dest
        mover = occupants.get(target)
        return (
            occupants.get(unit[2]) == (power, unit)
            and mover is not None
            and target != dest
            and target != unit[2]
            and dest in board.reach.get(unit, ())
            and dest in board.reach.get(mover[1], ())
        )
    if type(order) is SupportHold:
        unit, target = order.unit, order.target
        return (
            occupants.get(unit[2]) == (power, unit)
            and target != unit[2]
            and target in board.reach.get(unit, ())
        )
    if type(order) is Hold:
        unit = order.unit
        return occupants.get(unit[2]) == (power, unit)
    return False


@cache
def _table(ruleset: Ruleset) -> OrderChecks:
    """The ruleset's orders and their checks, asked once."""
    return ruleset.order_checks()


@cache
def _checks_now(now: PhaseKind, ruleset: Ruleset) -> dict[type, Check]:
    """The check for each kind of order allowed in this kind of phase, on this ruleset."""
    return {kind: check for kind, (phases, check) in _table(ruleset).items() if now in phases}


# Listing legal orders -----------------------------------------------------------------------


def legal_orders(position: Position, province: str) -> list[Order]:
    """Everything the unit in ``province`` may be ordered to do now, in canonical order.

    In an adjustment phase: the builds possible there, or the removal of the unit there.

    >>> from engine.orders import format_order
    >>> [format_order(o) for o in legal_orders(Position.initial(), "PAR")][:3]
    ['A PAR H', 'A PAR - BRE', 'A PAR - BUR']
    """
    code = province_of(province.strip().upper())
    if code not in position.variant.provinces:
        return []
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        owner, candidates = _movement_candidates(position, code)
    elif kind is PhaseKind.RETREATS:
        owner, candidates = _retreat_candidates(position, code)
    else:
        owner, candidates = _adjustment_candidates(position, code)
    return _keep_legal(position, owner, candidates)


def _keep_legal(position: Position, power: str | None, candidates: Iterable[Order]) -> list[Order]:
    # an order read twice is listed once, where it came first (orders are values: a large
    # board has tens of thousands of candidates, so not by comparing each with each)
    found: dict[Order, None] = {}
    if power is None:
        return []
    for candidate in candidates:
        try:
            order = check_order(position, power, candidate)
        except OrderError:
            continue
        found.setdefault(order)
    return list(found)


def _movement_candidates(position: Position, code: str) -> tuple[str | None, list[Order]]:
    unit, power = position.unit_in(code), position.owner_in(code)
    if unit is None:
        return None, []
    orders: list[Order] = [Hold(unit)]
    orders.extend(_move_candidates(position, unit))
    orders.extend(_support_candidates(position, unit))
    ruleset = position.variant.rules.ruleset
    if ruleset.port_seizures:
        orders.extend(seizure_candidates(position, unit))
    if ruleset.hop_convoys:
        orders.extend(hop_candidates(position, unit))
    else:
        orders.extend(_convoy_candidates(position, unit))
    return power, orders


def _move_candidates(position: Position, unit: Unit) -> Iterator[Move]:
    variant = position.variant
    if unit.type is UnitType.FLEET:
        for location in sorted(variant.fleet_adjacency.get(unit.location, ())):
            yield Move(unit, location)
        return
    adjacent = variant.army_adjacency.get(unit.province, frozenset())
    for dest in sorted(adjacent):
        yield Move(unit, dest)
    if is_coast(variant, unit.province):
        # hop by hop there is no "via convoy": a move is a convoy when a fleet carries it
        # (Diplomacia 7.4.1.2)
        via = not variant.rules.ruleset.hop_convoys
        for dest in _coasts(variant):
            if dest not in adjacent and dest != unit.province:
                yield Move(unit, dest, via_convoy=via)


@cache
def _coasts(variant: Variant) -> tuple[str, ...]:
    return tuple(sorted(c for c in variant.provinces if is_coast(variant, c)))


def _destinations(variant: Variant, unit: Unit) -> list[str]:
    """Provinces ``unit`` might move to, by the board alone (an army's by convoy too)."""
    if unit.type is UnitType.FLEET:
        return sorted(variant.neighbours(UnitType.FLEET, unit.location))
    return _coasts_and_neighbours(variant, unit)


def _coasts_and_neighbours(variant: Variant, unit: Unit) -> list[str]:
    near = set(variant.army_adjacency.get(unit.province, frozenset()))
    if is_coast(variant, unit.province):
        near.update(_coasts(variant))
    near.discard(unit.province)
    return sorted(near)


def _support_candidates(position: Position, unit: Unit) -> Iterator[Order]:
    others = sorted(
        (other for _, other in position.all_units() if other.province != unit.province),
        key=lambda u: u.province,
    )
    for other in others:
        yield SupportHold(unit, other.province, other.type)
    without = unit.province if unit.type is UnitType.FLEET else None
    variant = position.variant
    for other in others:
        for dest in _destinations(variant, other):
            # where the supporter reaches first: a few places, while asking whether the other
            # could get there may mean looking for a chain of fleets
            if (
                dest != unit.province
                and variant.reaches(unit.type, unit.location, dest)
                and could_move(position, other, dest, without)
            ):
                yield SupportMove(unit, other.province, dest, other.type)


def _convoy_candidates(position: Position, unit: Unit) -> Iterator[Convoy]:
    variant = position.variant
    if (
        unit.type is not UnitType.FLEET
        or variant.provinces[unit.province].kind is not ProvinceKind.SEA
    ):
        return
    fleets = fleets_at_sea(position)
    armies = sorted(u.province for _, u in position.all_units() if u.type is UnitType.ARMY)
    for army in armies:
        if not is_coast(variant, army):
            continue
        for dest in _coasts(variant):
            if dest != army and unit.province in needed_fleets(variant, fleets, army, dest):
                yield Convoy(unit, army, dest)


def _retreat_candidates(position: Position, code: str) -> tuple[str | None, list[Order]]:
    dislodged = position.dislodged_in(code)
    if dislodged is None:
        return None, []
    orders: list[Order] = [Retreat(dislodged.unit, dest) for dest in dislodged.retreats]
    orders.append(Disband(dislodged.unit))
    return dislodged.power, orders


def _adjustment_candidates(position: Position, code: str) -> tuple[str | None, list[Order]]:
    unit = position.unit_in(code)
    if unit is not None:
        return position.owner_in(code), [Disband(unit)]
    if position.variant.rules.ruleset.two_accounts:
        # an army in a home territory, a fleet in any port its power controls (6.5.2)
        owner = position.control.get(code)
        return owner, [Build(Unit(UnitType.ARMY, code)), Build(Unit(UnitType.FLEET, code))]
    for power in position.variant.powers:
        if code in position.homes.get(power, ()):
            units: list[Order] = [Build(Unit(UnitType.ARMY, code))]
            units.extend(
                Build(Unit(UnitType.FLEET, loc)) for loc in position.variant.fleet_locations(code)
            )
            return power, units
    return None, []
