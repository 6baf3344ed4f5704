"""The rules of Diplomacia's own orders, each checked as :mod:`engine.legal_checks` checks
the standard ones: port seizure and its support (handbook 7.3.1), convoys ordered hop by hop
(7.4.1, 8.5), and the control evaluation's two accounts (6.5); :data:`CHECKS` is Diplomacia's
table of orders (:meth:`engine.rulesets.Ruleset.order_checks`).

A standard board refuses the Diplomacia orders by name (:mod:`engine.order_checks`); on a
Diplomacia board a standard convoy (``F NME C A KAT - WME``) is read as the one hop it
describes.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.control import power_accounts
from engine.errors import IllegalOrderError
from engine.legal_checks import (
    check_disband,
    either,
    known_province,
    own_unit,
    refuse_closed,
    refuse_neutral_unit,
)
from engine.order_checks import ADJUSTMENTS, MOVEMENT, RETREATS, STANDARD_CHECKS, OrderChecks
from engine.orders import Build, Convoy, ConvoyHop, Disband, Order, Seize, SupportSeize, Waive
from engine.phase import PhaseKind
from engine.position import Position
from engine.units import Unit, UnitType, province_of
from engine.variant import ProvinceKind, Variant

# how a hop runs, said whenever a hop is refused for its ends
_HOP = (
    "each fleet carries the army one hop (handbook 8.5), from the army's territory or the "
    "previous fleet's sector to the next fleet's sector or the territory where it lands"
)


def ports_off(variant: Variant, territory: str) -> list[str]:
    """The sectors whose ports lie off ``territory``: those an army there may seize."""
    return sorted(code for code in variant.ports if variant.provinces[code].port_off == territory)


def touching(variant: Variant, sector: str) -> frozenset[str]:
    """The areas a fleet in ``sector`` carries an army between: its coast and its sectors."""
    return variant.shores.get(sector, frozenset()) | variant.fleet_adjacency.get(
        sector, frozenset()
    )


# Candidates: what a unit could be ordered (engine.legal.legal_orders) ----------------


def seizure_candidates(position: Position, unit: Unit) -> Iterator[Order]:
    """Diplomacia: an army's seizures of the ports off its territory, and a fleet's supports
    of the seizures it could back."""
    variant = position.variant
    if unit.type is UnitType.ARMY:
        for sector in ports_off(variant, unit.province):
            yield Seize(unit, sector)
        return
    for _, army in position.all_units():
        if army.type is UnitType.ARMY:
            for sector in ports_off(variant, army.province):
                if variant.reaches(UnitType.FLEET, unit.location, sector):
                    yield SupportSeize(unit, army.province, sector)


def hop_candidates(position: Position, unit: Unit) -> Iterator[ConvoyHop]:
    """Diplomacia: every hop a fleet could carry an army on, from an army or a fleet next to
    it, to a territory or a fleet next to it."""
    if unit.type is not UnitType.FLEET:
        return
    variant = position.variant
    near = sorted(touching(variant, unit.province))
    held = [a for a in near if position.unit_in(a) is not None]
    for source in held:
        for dest in near:
            yield ConvoyHop(unit, source, dest)


# Port seizure -----------------------------------------------------------------------------


def check_seize(position: Position, power: str, order: Seize) -> Order:
    variant = position.variant
    unit = own_unit(position, power, order.unit)
    if unit.type is not UnitType.ARMY:
        raise IllegalOrderError(f"only armies seize ports (handbook 7.3.1), and {unit} is a fleet")
    sector = province_of(order.sector)
    target = known_province(variant, sector)
    mine = ports_off(variant, unit.province)
    can = f"; {unit} can seize {either(mine)}" if mine else f"; no port lies off {unit.province}"
    if target.kind is not ProvinceKind.SEA:
        raise IllegalOrderError(
            f"{sector} is a land territory: an army seizes the port of a sea sector off its "
            f"coast{can}"
        )
    if target.port is None:
        raise IllegalOrderError(f"{target.name} ({sector}) has no port to seize{can}")
    if target.port_off != unit.province:
        raise IllegalOrderError(
            f"the port of {target.port} in {sector} lies off {target.port_off}, not "
            f"{unit.province}: only an army in {target.port_off} can seize it{can}"
        )
    refuse_closed(position, sector, "its port cannot be seized")
    return Seize(unit, sector)


def check_support_seize(position: Position, power: str, order: SupportSeize) -> Order:
    variant = position.variant
    unit = own_unit(position, power, order.unit)
    if unit.type is not UnitType.FLEET:
        raise IllegalOrderError(
            f"only fleets can support a port seizure (handbook 7.3.1), and {unit} is an army"
        )
    army, sector = province_of(order.army), province_of(order.sector)
    known_province(variant, army)
    target = known_province(variant, sector)
    refuse_closed(position, sector, "its port cannot be seized, so a support there is pointless")
    if target.kind is not ProvinceKind.SEA or target.port is None:
        raise IllegalOrderError(f"{target.name} ({sector}) has no port to seize")
    if sector == unit.province:
        raise IllegalOrderError(f"{unit} cannot support a seizure of its own sector {sector}")
    if not variant.reaches(UnitType.FLEET, unit.location, sector):
        raise IllegalOrderError(
            f"{unit} cannot support a seizure of {sector}: a unit supports only where it could move"
        )
    there = position.unit_in(army)
    if there is None or there.type is not UnitType.ARMY:
        raise IllegalOrderError(f"there is no army in {army} to seize {sector}")
    refuse_neutral_unit(position, army, "a support of its seizure is pointless")
    if target.port_off != army:
        raise IllegalOrderError(
            f"the port of {target.port} in {sector} lies off {target.port_off}, so an army in "
            f"{army} cannot seize it"
        )
    return SupportSeize(unit, army, sector)


# Convoys, hop by hop --------------------------------------------------------------------


def check_convoy_hop(position: Position, power: str, order: ConvoyHop) -> Order:
    """A hop is legal when a fleet in a sector carries an army between two areas touching it,
    from an army or a fleet that is there, to a territory or to a fleet that carries it on.

    A hop into an empty sector is refused: nothing could carry the army on, and a convoy
    ending in a sector is invalid (7.4.1).
    """
    variant = position.variant
    unit = own_unit(position, power, order.unit)
    if unit.type is not UnitType.FLEET:
        raise IllegalOrderError(f"only fleets can convoy, and {unit} is an army")
    source, dest = province_of(order.source), province_of(order.dest)
    known_province(variant, source)
    known_province(variant, dest)
    if source == dest:
        raise IllegalOrderError(f"a unit cannot move from {source} to {source}")
    near = touching(variant, unit.province)
    for end, way in ((source, "from"), (dest, "to")):
        if end == unit.province:
            raise IllegalOrderError(f"{unit} cannot carry an army {way} its own sector: {_HOP}")
        if end not in near:
            raise IllegalOrderError(
                f"{unit} cannot carry an army {way} {end}: {end} does not touch "
                f"{unit.province}; {_HOP}"
            )
    refuse_closed(position, dest, "no army may be convoyed into it")
    there = position.unit_in(source)
    if variant.provinces[source].kind is ProvinceKind.SEA:
        if there is None:
            raise IllegalOrderError(f"no fleet in {source} can pass an army on to {unit}")
    else:
        refuse_neutral_unit(position, source, "there is no army to convoy")
        if there is None:
            raise IllegalOrderError(f"there is no army in {source} to convoy")
    if variant.provinces[dest].kind is ProvinceKind.SEA and position.unit_in(dest) is None:
        raise IllegalOrderError(
            f"a convoy must end in a land territory (handbook 7.4.1), and no fleet in {dest} "
            "could carry the army on"
        )
    return ConvoyHop(unit, source, dest)


def check_convoy_as_hop(position: Position, power: str, order: Convoy) -> Order:
    """A standard convoy on a Diplomacia board: the one hop from the army (or the fleet) it
    names to its destination."""
    return check_convoy_hop(position, power, ConvoyHop(order.unit, order.army, order.dest))


# Control evaluation: two accounts --------------------------------------------------------


def _name(position: Position, power: str) -> str:
    return position.variant.power_info[power].name


def check_account_build(position: Position, power: str, order: Build) -> Order:
    variant = position.variant
    code = province_of(order.unit.location)
    area = known_province(variant, code)
    name = _name(position, power)
    kind = order.unit.type
    if kind is UnitType.ARMY:
        if area.kind is ProvinceKind.SEA:
            raise IllegalOrderError(f"armies cannot be raised at sea: {code}")
        if code not in position.homes.get(power, ()) or not area.supply_center:
            raise IllegalOrderError(
                f"{code} is not a home territory of {name} with a supply centre: armies are "
                "raised only there (handbook 6.5.1)"
            )
    else:
        if area.kind is ProvinceKind.LAND:
            raise IllegalOrderError(f"fleets are built in port sectors, not in territories: {code}")
        if area.port is None:
            raise IllegalOrderError(
                f"{area.name} ({code}) has no port: fleets are built only in ports (handbook 6.5.2)"
            )
    if position.control.get(code) != power:
        raise IllegalOrderError(f"{name} does not control {code}, so cannot build there")
    if position.unit_in(code) is not None:
        raise IllegalOrderError(f"{code} is occupied: units are built only in empty areas")
    have = power_accounts(position, power)
    if have.owed(kind) <= 0:
        raise IllegalOrderError(f"no {_word(kind)} can be built: {have.describe(name)}")
    return Build(Unit(kind, code))


def check_account_disband(position: Position, power: str, order: Disband) -> Order:
    if position.phase.kind is not PhaseKind.ADJUSTMENTS:
        return check_disband(position, power, order)
    unit = own_unit(position, power, order.unit)
    have = power_accounts(position, power)
    if have.owed(unit.type) >= 0:
        other = UnitType.FLEET if unit.type is UnitType.ARMY else UnitType.ARMY
        trade = (
            "armies and fleets are not traded (handbook 6.5.2); " if have.owed(other) < 0 else ""
        )
        raise IllegalOrderError(
            f"{unit} cannot be removed: {trade}{have.describe(_name(position, power))}"
        )
    return Disband(unit)


def check_account_waive(position: Position, power: str, order: Waive) -> Order:
    have = power_accounts(position, power)
    if have.owed(UnitType.ARMY) <= 0 and have.owed(UnitType.FLEET) <= 0:
        raise IllegalOrderError(f"nothing to waive: {have.describe(_name(position, power))}")
    return order


def _word(kind: UnitType) -> str:
    return "army" if kind is UnitType.ARMY else "fleet"


# Diplomacia's own orders, hop-by-hop convoys, and the two accounts at the evaluation
CHECKS: OrderChecks = {
    **STANDARD_CHECKS,
    Convoy: (MOVEMENT, check_convoy_as_hop),
    Seize: (MOVEMENT, check_seize),
    SupportSeize: (MOVEMENT, check_support_seize),
    ConvoyHop: (MOVEMENT, check_convoy_hop),
    Disband: (RETREATS | ADJUSTMENTS, check_account_disband),
    Build: (ADJUSTMENTS, check_account_build),
    Waive: (ADJUSTMENTS, check_account_waive),
}
