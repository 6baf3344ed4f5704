"""The rules each kind of order is checked against, one function per kind of order.

:func:`engine.legal.check_order` picks the function for an order's type (after checking
the phase allows it); each takes the board, the power and the order, and returns the order
tidied or raises. Tidying covers what a player may leave out or get wrong without changing
the meaning (DATC 3.1 preferences): the real unit replaces a wrong unit letter or coast
(4.B.5, 4.C.2), a fleet's only reachable coast is filled in (4.B.2), coasts that mean
nothing are dropped (4.B.4, 4.B.6).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.convoys import coastal, needed_fleets, route_exists
from engine.errors import IllegalOrderError, InvalidOrderError
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
from engine.owed import Adjustment, adjustment
from engine.phase import PhaseKind
from engine.position import Dislodged, Position
from engine.units import Unit, UnitType, coast_of, province_of
from engine.variant import Province, ProvinceKind, Variant


def no_unit_error(position: Position, province: str) -> IllegalOrderError:
    """The error for an order to a unit the power does not have (DATC 6.A.6)."""
    if position.phase.kind is PhaseKind.RETREATS:
        return IllegalOrderError(f"you have no dislodged unit in {province}")
    return IllegalOrderError(f"you have no unit in {province}")


# Looking things up --------------------------------------------------------------------


def known_province(variant: Variant, code: str) -> Province:
    """The province ``code``; refused by name if it is impassable or off this board."""
    province = variant.provinces.get(code)
    if province is not None:
        return province
    if code in variant.impassable:
        raise IllegalOrderError(f"{variant.impassable[code]} ({code}) is impassable")
    if code in variant.out_of_play:
        raise IllegalOrderError(
            f"{variant.out_of_play[code]} ({code}) is off the board in {variant.name}"
        )
    raise InvalidOrderError(f"unknown province {code!r}")


def refuse_closed(position: Position, location: str, consequence: str) -> None:
    """Refuse an order into a neutral power's territory (``location`` may name a coast),
    saying whose it is and why not."""
    closed = position.closed
    if not closed:
        return  # most boards have no neutral power: nothing to look up
    code = province_of(location)
    if code not in closed:
        return
    rules = position.variant.rules
    neutral = next(n for n in rules.neutral if n.power in position.neutral and code in n.territory)
    adjective = position.variant.power_info[neutral.power].adjective
    raise IllegalOrderError(
        f"{position.variant.province_name(code)} ({code}) is neutral {adjective} territory "
        f"in {position.phase.year}: {consequence}"
    )


def refuse_neutral_unit(position: Position, location: str, what: str) -> None:
    """Refuse an order that counts on a neutral power's unit acting: it only holds."""
    if not position.neutral:
        return
    owner = position.owner_in(province_of(location))
    if owner is not None and owner in position.neutral:
        name = position.variant.power_info[owner].name
        raise IllegalOrderError(
            f"{name} is neutral in {position.phase.year}: its units only hold, so {what}"
        )


def own_unit(position: Position, power: str, unit: Unit) -> Unit:
    """The power's unit in the ordered province, as it really stands (DATC 4.B.5, 4.C.2)."""
    if position.phase.kind is PhaseKind.RETREATS:
        dislodged = _own_dislodged(position, power, unit.province)
        if dislodged is not None:
            return dislodged.unit
    else:
        occupant = position.occupant(unit.province)
        if occupant is not None and occupant[0] == power:
            return occupant[1]
    known_province(position.variant, unit.province)
    raise no_unit_error(position, unit.province)


def _own_dislodged(position: Position, power: str, province: str) -> Dislodged | None:
    dislodged = position.dislodged_in(province)
    return dislodged if dislodged is not None and dislodged.power == power else None


def either(options: Iterable[str]) -> str:
    listed = list(options)
    if len(listed) < 2:
        return "".join(listed)
    return ", ".join(listed[:-1]) + f" or {listed[-1]}"


# Convoy routes (the list of legal orders asks these too) -----------------------------


def fleets_at_sea(position: Position, without: str | None = None) -> frozenset[str]:
    """Sea provinces holding a fleet of any power; only these can carry an army."""
    fleets = position.sea_fleets
    return fleets - {without} if without in fleets else fleets


def is_coast(variant: Variant, code: str) -> bool:
    """Whether an army in ``code`` could be convoyed from it, or land there: it touches a sea."""
    return code in coastal(variant)


def _convoy_problem(position: Position, source: str, dest: str, without: str | None) -> str | None:
    """Why an army in ``source`` could not be convoyed to ``dest``; ``None`` if it could."""
    variant = position.variant
    if not is_coast(variant, source):
        return f"an army in {source} cannot be convoyed: it is not on the coast"
    if not is_coast(variant, dest):
        return f"an army cannot be convoyed to {dest}: it is not on the coast"
    if not route_exists(variant, fleets_at_sea(position, without), source, dest):
        return f"no chain of fleets at sea links {source} to {dest} for a convoy"
    return None


def could_move(position: Position, unit: Unit, dest: str, without: str | None) -> bool:
    """Whether ``unit`` could reach province ``dest`` this turn (for supporting its move)."""
    variant = position.variant
    if unit.type is UnitType.FLEET:
        return variant.reaches(UnitType.FLEET, unit.location, dest)
    if dest in variant.army_adjacency.get(unit.province, frozenset()):
        return True
    return _convoy_problem(position, unit.province, dest, without) is None


# Movement phase ---------------------------------------------------------------------------


def _unhindered(position: Position, power: str, unit: Unit) -> bool:
    """Whether ``unit`` is exactly the power's unit standing there, on a board with no
    neutral power: then nothing about an order for it needs tidying, and only the board's
    geometry can refuse it. Most orders of a phase are such, and are checked in a few
    look-ups (the general reasoning below accepts them just the same)."""
    placed = position.occupants.get(unit[2])
    return placed is not None and placed[1] == unit and placed[0] == power and not position.neutral


def check_hold(position: Position, power: str, order: Hold) -> Order:
    unit = own_unit(position, power, order.unit)
    return order if unit == order.unit else Hold(unit)


def check_move(position: Position, power: str, order: Move) -> Order:
    unit = order.unit
    if _unhindered(position, power, unit) and not order.via_convoy:
        variant = position.variant
        steps = variant.army_adjacency if unit.type is UnitType.ARMY else variant.fleet_adjacency
        if order.dest in steps.get(unit.location, ()):
            return order  # a step to a neighbour
    unit = own_unit(position, power, unit)
    refuse_closed(position, order.dest, "no unit may enter it")
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
    target = known_province(position.variant, dest)
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
        if variant.rules.ruleset.one_unit_kind_per_area:
            raise IllegalOrderError(f"fleets cannot enter land territories: {dest}")
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
                f"{unit} cannot reach {wanted}; it can reach {either(reachable)}"
            )
        return wanted
    if len(reachable) > 1:
        raise IllegalOrderError(f"{unit} can reach {either(reachable)}: say which coast")
    return reachable[0]


def _army_move(position: Position, unit: Unit, dest: str, via_convoy: bool) -> Move:
    variant = position.variant
    if variant.provinces[dest].kind is ProvinceKind.SEA:
        raise IllegalOrderError(
            f"armies cannot move to sea: {dest}{_seizure_hint(variant, unit, dest)}"
        )
    adjacent = dest in variant.army_adjacency.get(unit.province, frozenset())
    if adjacent and not via_convoy:
        return Move(unit, dest)
    problem = _convoy_problem(position, unit.province, dest, None)
    if problem is not None:
        lead = f"{unit.province} is not adjacent to {dest}, and " if not adjacent else ""
        raise IllegalOrderError(lead + problem)
    return Move(unit, dest, via_convoy)


def _seizure_hint(variant: Variant, army: Unit, sector: str) -> str:
    """Diplomacia: how to say what an army "moving" into the sector of its port means."""
    if variant.provinces[sector].port_off != army.province:
        return ""
    return f" (to take its port, seize it: {army} ZP {sector})"


def _support_reach(position: Position, unit: Unit, province: str, what: str) -> None:
    variant = position.variant
    if variant.reaches(unit.type, unit.location, province):
        return
    kind = variant.provinces[province].kind
    if unit.type is UnitType.FLEET and kind is ProvinceKind.LAND:
        if variant.rules.ruleset.one_unit_kind_per_area:
            raise IllegalOrderError(f"fleets cannot support into land territories: {province}")
        raise IllegalOrderError(f"fleets cannot support inland: {province}")
    if unit.type is UnitType.ARMY and kind is ProvinceKind.SEA:
        raise IllegalOrderError(f"armies cannot support at sea: {province}")
    raise IllegalOrderError(
        f"{unit} cannot support {what} {province}: a unit supports only where it could move"
    )


def check_support_hold(position: Position, power: str, order: SupportHold) -> Order:
    unit = order.unit
    if (
        _unhindered(position, power, unit)
        and order.target != unit.province
        and position.variant.reaches(unit.type, unit.location, order.target)
    ):
        return order  # a neighbour's province, written plainly
    unit = own_unit(position, power, unit)
    refuse_closed(position, order.target, "nobody may attack it, so support there is pointless")
    if (
        order.target != unit.province
        and unit == order.unit
        and position.variant.reaches(unit.type, unit.location, order.target)
    ):
        return order  # the common case: a neighbour's province, written plainly
    target = province_of(order.target)
    known_province(position.variant, target)
    if target == unit.province:
        raise IllegalOrderError(f"{unit} cannot support itself; it holds anyway")
    _support_reach(position, unit, target, "a unit in")
    return SupportHold(unit, target, order.target_type)


def check_support_move(position: Position, power: str, order: SupportMove) -> Order:
    if _unhindered(position, power, order.unit) and _plain_support(position, order.unit, order):
        return order
    unit = own_unit(position, power, order.unit)
    refuse_closed(position, order.dest, "no unit may enter it, so a support there is pointless")
    refuse_neutral_unit(position, order.target, "a support of its move is pointless")
    if _plain_support(position, unit, order):
        return order
    target, dest = province_of(order.target), province_of(order.dest)
    known_province(position.variant, target)
    known_province(position.variant, dest)
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
    if not any(could_move(position, other, dest, without) for other in supported):
        there = position.unit_in(target)
        mover = f"{there} cannot" if there is not None else f"no unit in {target} could"
        hint = ""
        if (
            there is not None
            and there.type is UnitType.ARMY
            and _seizure_hint(position.variant, there, dest)
        ):
            hint = f"; to back its port seizure: {unit} S {there} ZP {dest}"
        raise IllegalOrderError(f"{mover} move to {dest}, so that move cannot be supported{hint}")
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


def check_convoy(position: Position, power: str, order: Convoy) -> Order:
    variant = position.variant
    unit = own_unit(position, power, order.unit)
    if unit.type is not UnitType.FLEET:
        raise IllegalOrderError(f"only fleets can convoy, and {unit} is an army")
    if variant.provinces[unit.province].kind is not ProvinceKind.SEA:
        raise IllegalOrderError(f"a fleet on a coast cannot convoy: {unit.location}")
    army, dest = province_of(order.army), province_of(order.dest)
    known_province(variant, army)
    known_province(variant, dest)
    refuse_closed(position, dest, "no army may be convoyed into it")
    refuse_neutral_unit(position, army, "there is no army to convoy")
    carried = position.unit_in(army)
    if carried is not None and carried.type is UnitType.FLEET:
        raise IllegalOrderError(f"only armies can be convoyed, and {carried} is a fleet")
    if army == dest:
        raise IllegalOrderError(f"a unit cannot move from {army} to {army}")
    for end in (army, dest):
        if not is_coast(variant, end):
            raise IllegalOrderError(f"armies are convoyed only between coasts; {end} is not one")
    if unit.province not in needed_fleets(variant, fleets_at_sea(position), army, dest):
        raise IllegalOrderError(
            f"{unit} is on no chain of fleets from {army} to {dest}, so it cannot convoy that army"
        )
    return Convoy(unit, army, dest)


# Retreat phase ----------------------------------------------------------------------------


def check_retreat(position: Position, power: str, order: Retreat) -> Order:
    unit = own_unit(position, power, order.unit)
    dislodged = _own_dislodged(position, power, unit.province)
    options = dislodged.retreats if dislodged is not None else ()
    dest = order.dest if unit.type is UnitType.FLEET else province_of(order.dest)
    known_province(position.variant, province_of(dest))
    refuse_closed(position, dest, "no unit may retreat into it")
    if dest in options:
        return Retreat(unit, dest)
    coasts = [o for o in options if province_of(o) == dest]
    if len(coasts) == 1:
        return Retreat(unit, coasts[0])
    if not options:
        raise IllegalOrderError(f"{unit} has nowhere to retreat to; it can only disband")
    raise IllegalOrderError(f"{unit} may retreat to {either(options)}")


def check_disband(position: Position, power: str, order: Disband) -> Order:
    unit = own_unit(position, power, order.unit)
    if position.phase.kind is PhaseKind.ADJUSTMENTS:
        owed = adjustment(position, power)
        if owed.removals == 0:
            units, centers = _counts(owed)
            raise IllegalOrderError(
                f"{_name(position, power)} has no units to remove: {units} units and {centers} "
                "supply centres"
            )
    return Disband(unit)


# Adjustment phase ---------------------------------------------------------------------------


def _name(position: Position, power: str) -> str:
    """A power as players read it: ``England``, not its code."""
    info = position.variant.power_info.get(power)
    return power if info is None else info.name


def _counts(owed: Adjustment) -> tuple[int, int]:
    """The power's units and supply centres, as its account counts them."""
    return sum(a.units for a in owed.accounts), sum(a.holdings for a in owed.accounts)


def _require_builds(position: Position, power: str) -> None:
    owed = adjustment(position, power)
    if owed.owed <= 0:
        units, centers = _counts(owed)
        raise IllegalOrderError(
            f"{_name(position, power)} has no builds: {units} units and {centers} supply centres"
        )


def check_build(position: Position, power: str, order: Build) -> Order:
    _require_builds(position, power)
    code = order.unit.province
    province = known_province(position.variant, code)
    if code not in position.homes.get(power, ()):
        raise IllegalOrderError(f"{code} is not a home supply centre of {_name(position, power)}")
    if position.center_owner(code) != power:
        raise IllegalOrderError(
            f"{_name(position, power)} does not own {code}, so cannot build there"
        )
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
        options = either(f"F {code}/{c}" for c in province.coasts)
        raise IllegalOrderError(f"a fleet built in {code} needs a coast: {options}")
    return Build(Unit(UnitType.FLEET, f"{code}/{coast}"))


def check_waive(position: Position, power: str, order: Waive) -> Order:
    _require_builds(position, power)
    return order
