"""Which orders the rules allow, judged one order at a time against the board as it stands.

An order is *legal* when, before seeing anybody's other orders, it could succeed (DATC 4.E.1):
the unit is yours, it could move where it is sent or supports into, a convoyed army has a
chain of fleets at sea, a convoying fleet lies on such a chain. Whether it *does* succeed is
the adjudicator's business.

:func:`check_order` also tidies what a player may leave out or get wrong without changing the
meaning (DATC 3.1 preferences): the real unit replaces a wrong unit letter or coast (4.B.5,
4.C.2), a fleet's only reachable coast is filled in (4.B.2), coasts that mean nothing are
dropped (4.B.4, 4.B.6).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import cache
from typing import Any

from engine.convoys import needed_fleets, route_exists
from engine.errors import IllegalOrderError, InvalidOrderError, OrderError
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
    Waive,
)
from engine.phase import PhaseKind
from engine.position import Dislodged, Position
from engine.units import Unit, UnitType, coast_of, province_of
from engine.variant import Province, ProvinceKind, Variant

_ALLOWED_NOW = {
    PhaseKind.MOVEMENT: "holds, moves, supports and convoys",
    PhaseKind.RETREATS: "retreats and disbands",
    PhaseKind.ADJUSTMENTS: "builds, removals and waives",
}


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
    if power not in position.variant.power_info:
        raise IllegalOrderError(f"unknown power {power!r}")
    entry = _CHECKS.get(type(order))
    if entry is None:
        raise InvalidOrderError(f"not an order: {order!r}")
    phases, check = entry
    now = position.phase.kind
    if now not in phases:
        raise IllegalOrderError(
            f"it is {position.phase.long_name}: only {_ALLOWED_NOW[now]} can be ordered"
        )
    return check(position, power, order)


def no_unit_error(position: Position, province: str) -> IllegalOrderError:
    """The error for an order to a unit the power does not have (DATC 6.A.6)."""
    if position.phase.kind is PhaseKind.RETREATS:
        return IllegalOrderError(f"you have no dislodged unit in {province}")
    return IllegalOrderError(f"you have no unit in {province}")


# Looking things up --------------------------------------------------------------------


def _province(variant: Variant, code: str) -> Province:
    province = variant.provinces.get(code)
    if province is not None:
        return province
    if code in variant.impassable:
        raise IllegalOrderError(f"{variant.impassable[code]} ({code}) is impassable")
    raise InvalidOrderError(f"unknown province {code!r}")


def _own_unit(position: Position, power: str, unit: Unit) -> Unit:
    """The power's unit in the ordered province, as it really stands (DATC 4.B.5, 4.C.2)."""
    if position.phase.kind is PhaseKind.RETREATS:
        dislodged = _own_dislodged(position, power, unit.province)
        if dislodged is not None:
            return dislodged.unit
    else:
        occupant = position.occupant(unit.province)
        if occupant is not None and occupant[0] == power:
            return occupant[1]
    _province(position.variant, unit.province)
    raise no_unit_error(position, unit.province)


def _own_dislodged(position: Position, power: str, province: str) -> Dislodged | None:
    dislodged = position.dislodged_in(province)
    return dislodged if dislodged is not None and dislodged.power == power else None


def _either(options: Iterable[str]) -> str:
    listed = list(options)
    if len(listed) < 2:
        return "".join(listed)
    return ", ".join(listed[:-1]) + f" or {listed[-1]}"


# Convoy routes ----------------------------------------------------------------------------


def _fleets_at_sea(position: Position, without: str | None = None) -> frozenset[str]:
    """Sea provinces holding a fleet of any power; only these can carry an army."""
    fleets = position.sea_fleets
    return fleets - {without} if without in fleets else fleets


def _is_coast(variant: Variant, code: str) -> bool:
    return variant.provinces[code].kind is ProvinceKind.COAST


def _convoy_problem(position: Position, source: str, dest: str, without: str | None) -> str | None:
    """Why an army in ``source`` could not be convoyed to ``dest``; ``None`` if it could."""
    variant = position.variant
    if not _is_coast(variant, source):
        return f"an army in {source} cannot be convoyed: it is not on the coast"
    if not _is_coast(variant, dest):
        return f"an army cannot be convoyed to {dest}: it is not on the coast"
    if not route_exists(variant, _fleets_at_sea(position, without), source, dest):
        return f"no chain of fleets at sea links {source} to {dest} for a convoy"
    return None


def _could_move(position: Position, unit: Unit, dest: str, without: str | None) -> bool:
    """Whether ``unit`` could reach province ``dest`` this turn (for supporting its move)."""
    variant = position.variant
    if unit.type is UnitType.FLEET:
        return variant.reaches(UnitType.FLEET, unit.location, dest)
    if dest in variant.army_adjacency.get(unit.province, frozenset()):
        return True
    return _convoy_problem(position, unit.province, dest, without) is None


# Movement phase ---------------------------------------------------------------------------


def _check_hold(position: Position, power: str, order: Hold) -> Order:
    unit = _own_unit(position, power, order.unit)
    return order if unit == order.unit else Hold(unit)


def _check_move(position: Position, power: str, order: Move) -> Order:
    unit = _own_unit(position, power, order.unit)
    if not order.via_convoy:
        # the common case, a plain step to a neighbour, needs no further reasoning
        step = (
            position.variant.army_adjacency
            if unit.type is UnitType.ARMY
            else position.variant.fleet_adjacency
        )
        if order.dest in step.get(unit.location, ()):
            return order if unit == order.unit else Move(unit, order.dest)
    dest = province_of(order.dest)
    target = _province(position.variant, dest)
    if dest == unit.province:
        raise IllegalOrderError(f"{unit} cannot move to {dest}: it is already there")
    if unit.type is UnitType.FLEET:
        if order.via_convoy:
            raise IllegalOrderError(f"only armies can be convoyed, and {unit} is a fleet")
        return Move(unit, _fleet_destination(position.variant, unit, target, coast_of(order.dest)))
    return _army_move(position, unit, dest, order.via_convoy)


def _fleet_destination(variant: Variant, unit: Unit, target: Province, coast: str | None) -> str:
    """Where exactly the fleet goes: DATC 4.B.1-4.B.3 for two-coast provinces."""
    dest = target.code
    if target.kind is ProvinceKind.LAND:
        raise IllegalOrderError(f"fleets cannot move inland: {dest}")
    reachable = variant.fleet_targets(unit.location, dest)
    if not reachable:
        raise IllegalOrderError(
            f"{unit} cannot move to {dest}: fleets move only between adjacent seas and coasts"
        )
    if not target.coasts:
        return dest
    if coast in target.coasts:
        wanted = f"{dest}/{coast}"
        if wanted not in reachable:
            raise IllegalOrderError(
                f"{unit} cannot reach {wanted}; it can reach {_either(reachable)}"
            )
        return wanted
    if len(reachable) > 1:
        raise IllegalOrderError(f"{unit} can reach {_either(reachable)}: say which coast")
    return reachable[0]


def _army_move(position: Position, unit: Unit, dest: str, via_convoy: bool) -> Move:
    variant = position.variant
    if variant.provinces[dest].kind is ProvinceKind.SEA:
        raise IllegalOrderError(f"armies cannot move to sea: {dest}")
    adjacent = dest in variant.army_adjacency.get(unit.province, frozenset())
    if adjacent and not via_convoy:
        return Move(unit, dest)
    problem = _convoy_problem(position, unit.province, dest, None)
    if problem is not None:
        lead = f"{unit.province} is not adjacent to {dest}, and " if not adjacent else ""
        raise IllegalOrderError(lead + problem)
    return Move(unit, dest, via_convoy)


def _support_reach(position: Position, unit: Unit, province: str, what: str) -> None:
    variant = position.variant
    if variant.reaches(unit.type, unit.location, province):
        return
    kind = variant.provinces[province].kind
    if unit.type is UnitType.FLEET and kind is ProvinceKind.LAND:
        raise IllegalOrderError(f"fleets cannot support inland: {province}")
    if unit.type is UnitType.ARMY and kind is ProvinceKind.SEA:
        raise IllegalOrderError(f"armies cannot support at sea: {province}")
    raise IllegalOrderError(
        f"{unit} cannot support {what} {province}: a unit supports only where it could move"
    )


def _check_support_hold(position: Position, power: str, order: SupportHold) -> Order:
    unit = _own_unit(position, power, order.unit)
    if (
        order.target != unit.province
        and unit == order.unit
        and position.variant.reaches(unit.type, unit.location, order.target)
    ):
        return order  # the common case: a neighbour's province, written plainly
    target = province_of(order.target)
    _province(position.variant, target)
    if target == unit.province:
        raise IllegalOrderError(f"{unit} cannot support itself; it holds anyway")
    _support_reach(position, unit, target, "a unit in")
    return SupportHold(unit, target, order.target_type)


def _check_support_move(position: Position, power: str, order: SupportMove) -> Order:
    unit = _own_unit(position, power, order.unit)
    if _plain_support(position, unit, order):
        return order
    target, dest = province_of(order.target), province_of(order.dest)
    _province(position.variant, target)
    _province(position.variant, dest)
    if target == unit.province:
        raise IllegalOrderError(f"{unit} cannot support its own move; order the move instead")
    if dest == unit.province:
        raise IllegalOrderError(f"{unit} cannot support a move into its own province {dest}")
    if target == dest:
        raise IllegalOrderError(f"a unit cannot move from {target} to {target}")
    _support_reach(position, unit, dest, "a move to")
    # a fleet cannot convoy and support at once: the supported move may not need it (6.D.31)
    without = unit.province if unit.type is UnitType.FLEET else None
    supported = _supportable(position, target, order.target_type)
    if not any(_could_move(position, other, dest, without) for other in supported):
        there = position.unit_in(target)
        mover = f"{there} cannot" if there is not None else f"no unit in {target} could"
        raise IllegalOrderError(f"{mover} move to {dest}, so that move cannot be supported")
    return SupportMove(unit, target, _support_destination(position, order, dest), order.target_type)


def _plain_support(position: Position, unit: Unit, order: SupportMove) -> bool:
    """The common case, settled without the general reasoning below: a support, written
    with the real unit and no coast, of a unit next door stepping to a province the
    supporter reaches too."""
    dest, target = order.dest, order.target
    if unit != order.unit or dest == unit.province or target == dest:
        return False
    mover = position.unit_in(target)
    if mover is None or target == unit.province:
        return False
    variant = position.variant
    return variant.reaches(unit.type, unit.location, dest) and variant.reaches(
        mover.type, mover.location, dest
    )


def _support_destination(position: Position, order: SupportMove, dest: str) -> str:
    """Keep a coast the support names when it could be a fleet's (DATC 4.B.4, 6.B.9); a coast
    that cannot apply means nothing and is dropped (4.B.6)."""
    if order.dest == dest:
        return dest
    there = position.unit_in(province_of(order.target))
    army = (there.type if there is not None else order.target_type) is UnitType.ARMY
    if army or order.dest not in position.variant.fleet_adjacency:
        return dest
    return order.dest


def _supportable(position: Position, target: str, target_type: UnitType | None) -> list[Unit]:
    """The unit in ``target``; if none stands there, every unit the order could mean.

    An empty province still rules out moves no unit there could make ("F Bar S Norw.-St. P."
    cannot mean the Norwegian Sea), so a doubtful name resolves to the one that fits.
    """
    there = position.unit_in(target)
    if there is not None:
        return [there]
    variant = position.variant
    units: list[Unit] = []
    if target_type in (None, UnitType.ARMY) and variant.provinces[target].army_can_stand:
        units.append(Unit(UnitType.ARMY, target))
    if target_type in (None, UnitType.FLEET):
        units.extend(Unit(UnitType.FLEET, loc) for loc in variant.fleet_locations(target))
    return units


def _check_convoy(position: Position, power: str, order: Convoy) -> Order:
    variant = position.variant
    unit = _own_unit(position, power, order.unit)
    if unit.type is not UnitType.FLEET:
        raise IllegalOrderError(f"only fleets can convoy, and {unit} is an army")
    if variant.provinces[unit.province].kind is not ProvinceKind.SEA:
        raise IllegalOrderError(f"a fleet on a coast cannot convoy: {unit.location}")
    army, dest = province_of(order.army), province_of(order.dest)
    _province(variant, army)
    _province(variant, dest)
    carried = position.unit_in(army)
    if carried is not None and carried.type is UnitType.FLEET:
        raise IllegalOrderError(f"only armies can be convoyed, and {carried} is a fleet")
    if army == dest:
        raise IllegalOrderError(f"a unit cannot move from {army} to {army}")
    for end in (army, dest):
        if not _is_coast(variant, end):
            raise IllegalOrderError(f"armies are convoyed only between coasts; {end} is not one")
    if unit.province not in needed_fleets(variant, _fleets_at_sea(position), army, dest):
        raise IllegalOrderError(
            f"{unit} is on no chain of fleets from {army} to {dest}, so it cannot convoy that army"
        )
    return Convoy(unit, army, dest)


# Retreat phase ----------------------------------------------------------------------------


def _check_retreat(position: Position, power: str, order: Retreat) -> Order:
    unit = _own_unit(position, power, order.unit)
    dislodged = _own_dislodged(position, power, unit.province)
    options = dislodged.retreats if dislodged is not None else ()
    dest = order.dest if unit.type is UnitType.FLEET else province_of(order.dest)
    _province(position.variant, province_of(dest))
    if dest in options:
        return Retreat(unit, dest)
    coasts = [o for o in options if province_of(o) == dest]
    if len(coasts) == 1:
        return Retreat(unit, coasts[0])
    if not options:
        raise IllegalOrderError(f"{unit} has nowhere to retreat to; it can only disband")
    raise IllegalOrderError(f"{unit} may retreat to {_either(options)}")


def _check_disband(position: Position, power: str, order: Disband) -> Order:
    unit = _own_unit(position, power, order.unit)
    if position.phase.kind is PhaseKind.ADJUSTMENTS:
        units, centers = _counts(position, power)
        if units <= centers:
            raise IllegalOrderError(
                f"{power} has no units to remove: {units} units and {centers} supply centres"
            )
    return Disband(unit)


# Adjustment phase ---------------------------------------------------------------------------


def _counts(position: Position, power: str) -> tuple[int, int]:
    return len(position.units.get(power, ())), len(position.centers.get(power, ()))


def _require_builds(position: Position, power: str) -> None:
    units, centers = _counts(position, power)
    if centers <= units:
        raise IllegalOrderError(
            f"{power} has no builds: {units} units and {centers} supply centres"
        )


def _check_build(position: Position, power: str, order: Build) -> Order:
    _require_builds(position, power)
    code = order.unit.province
    province = _province(position.variant, code)
    if code not in position.homes.get(power, ()):
        raise IllegalOrderError(f"{code} is not a home supply centre of {power}")
    if position.center_owner(code) != power:
        raise IllegalOrderError(f"{power} does not own {code}, so cannot build there")
    if position.unit_in(code) is not None:
        raise IllegalOrderError(f"{code} is occupied: units are built only in empty centres")
    if order.unit.type is UnitType.ARMY:
        return Build(Unit(UnitType.ARMY, code))
    if province.kind is ProvinceKind.LAND:
        raise IllegalOrderError(f"fleets cannot be built inland: {code}")
    if not province.coasts:
        return Build(Unit(UnitType.FLEET, code))
    coast = coast_of(order.unit.location)
    if coast not in province.coasts:
        options = _either(f"F {code}/{c}" for c in province.coasts)
        raise IllegalOrderError(f"a fleet built in {code} needs a coast: {options}")
    return Build(Unit(UnitType.FLEET, f"{code}/{coast}"))


def _check_waive(position: Position, power: str, order: Waive) -> Order:
    _require_builds(position, power)
    return order


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
    found: list[Order] = []
    if power is None:
        return found
    for candidate in candidates:
        try:
            order = check_order(position, power, candidate)
        except OrderError:
            continue
        if order not in found:
            found.append(order)
    return found


def _movement_candidates(position: Position, code: str) -> tuple[str | None, list[Order]]:
    unit, power = position.unit_in(code), position.owner_in(code)
    if unit is None:
        return None, []
    orders: list[Order] = [Hold(unit)]
    orders.extend(_move_candidates(position, unit))
    orders.extend(_support_candidates(position, unit))
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
    if _is_coast(variant, unit.province):
        for dest in _coasts(variant):
            if dest not in adjacent and dest != unit.province:
                yield Move(unit, dest, via_convoy=True)


@cache
def _coasts(variant: Variant) -> tuple[str, ...]:
    return tuple(sorted(c for c in variant.provinces if _is_coast(variant, c)))


def _destinations(position: Position, unit: Unit, without: str | None) -> list[str]:
    """Provinces ``unit`` could move to, as a supporter at ``without`` would see it."""
    variant = position.variant
    if unit.type is UnitType.FLEET:
        return sorted(variant.neighbours(UnitType.FLEET, unit.location))
    return [
        d for d in _coasts_and_neighbours(variant, unit) if _could_move(position, unit, d, without)
    ]


def _coasts_and_neighbours(variant: Variant, unit: Unit) -> list[str]:
    near = set(variant.army_adjacency.get(unit.province, frozenset()))
    if _is_coast(variant, unit.province):
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
    for other in others:
        for dest in _destinations(position, other, without):
            if dest != unit.province and position.variant.reaches(unit.type, unit.location, dest):
                yield SupportMove(unit, other.province, dest, other.type)


def _convoy_candidates(position: Position, unit: Unit) -> Iterator[Convoy]:
    variant = position.variant
    if (
        unit.type is not UnitType.FLEET
        or variant.provinces[unit.province].kind is not ProvinceKind.SEA
    ):
        return
    fleets = _fleets_at_sea(position)
    armies = sorted(u.province for _, u in position.all_units() if u.type is UnitType.ARMY)
    for army in armies:
        if not _is_coast(variant, army):
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
    for power in position.variant.powers:
        if code in position.homes.get(power, ()):
            units: list[Order] = [Build(Unit(UnitType.ARMY, code))]
            units.extend(
                Build(Unit(UnitType.FLEET, loc)) for loc in position.variant.fleet_locations(code)
            )
            return power, units
    return None, []


_MOVEMENT = frozenset({PhaseKind.MOVEMENT})
_RETREATS = frozenset({PhaseKind.RETREATS})
_ADJUSTMENTS = frozenset({PhaseKind.ADJUSTMENTS})

# Each kind of order: the phases it belongs to, and how it is checked.
_CHECKS: dict[type, tuple[frozenset[PhaseKind], Callable[[Position, str, Any], Order]]] = {
    Hold: (_MOVEMENT, _check_hold),
    Move: (_MOVEMENT, _check_move),
    SupportHold: (_MOVEMENT, _check_support_hold),
    SupportMove: (_MOVEMENT, _check_support_move),
    Convoy: (_MOVEMENT, _check_convoy),
    Retreat: (_RETREATS, _check_retreat),
    Disband: (_RETREATS | _ADJUSTMENTS, _check_disband),
    Build: (_ADJUSTMENTS, _check_build),
    Waive: (_ADJUSTMENTS, _check_waive),
}
