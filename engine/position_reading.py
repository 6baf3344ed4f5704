"""Reading a position from the ``dipgm adjudicate`` contract's JSON.

Every section is checked as it is read, in a fixed order, and the first thing wrong is
refused with a :class:`PositionError` saying what was wrong and what would be right; the
contract's stored answers depend on that order. Sections keyed by power accept the power
names in any case.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypedDict

from engine.dislodged import Dislodged, retreat_options
from engine.errors import PositionError
from engine.phase import Phase
from engine.units import Unit, UnitType
from engine.variant import Variant, load_variant


class PositionFields(TypedDict):
    """The fields of a :class:`engine.position.Position`, read and checked."""

    variant: Variant
    phase: Phase
    neutral: frozenset[str]
    units: dict[str, tuple[Unit, ...]]
    centers: dict[str, frozenset[str]]
    homes: dict[str, tuple[str, ...]]
    dislodged: tuple[Dislodged, ...]
    contested: frozenset[str]
    seats: tuple[tuple[str, ...], ...]
    control: dict[str, str]


def position_fields(data: Mapping[str, Any]) -> PositionFields:
    """The fields of the position ``data`` describes; raise :class:`PositionError` saying
    exactly what is wrong."""
    if not isinstance(data, Mapping):
        raise PositionError("a position must be a JSON object")
    variant, phase = _read_variant_and_phase(data)
    units = {
        p: tuple(_read_units(variant, p, raw))
        for p, raw in _by_power(variant, data.get("units", {}), "units").items()
    }
    centers, control = _read_centres_and_control(variant, data)
    homes = _read_homes(variant, data.get("homes"))
    contested = frozenset(_read_provinces(variant, "contested", data.get("contested", ()), False))
    occupied = _refuse_shared(units, centers)
    neutral = _read_neutral(variant, phase, data.get("neutral"))
    _refuse_closed_units(variant, neutral, units)
    dislodged: list[Dislodged] = []
    for power, entries in _by_power(variant, data.get("dislodged", {}), "dislodged").items():
        if not isinstance(entries, list | tuple):
            raise PositionError(f"dislodged units of {power} must be a list of entries")
        for entry in entries:
            dislodged.append(_read_dislodged(variant, power, entry, occupied, contested, neutral))
    seats = data.get("seats", ())
    if not isinstance(seats, list | tuple) or not all(
        isinstance(seat, list | tuple) and all(isinstance(p, str) for p in seat) for seat in seats
    ):
        raise PositionError('\'seats\' must be a list of lists of powers: [["AUSTRIA", "FRANCE"]]')
    return PositionFields(
        variant=variant,
        phase=phase,
        neutral=neutral,
        units={p: units.get(p, ()) for p in variant.powers},
        centers={p: centers.get(p, frozenset()) for p in variant.powers},
        homes={p: homes.get(p, ()) for p in variant.powers},
        dislodged=tuple(dislodged),
        contested=contested,
        seats=checked_seats(variant, seats),
        control=control,
    )


def _read_variant_and_phase(data: Mapping[str, Any]) -> tuple[Variant, Phase]:
    try:
        variant = load_variant(str(data.get("variant", "standard")))
    except ValueError as exc:
        raise PositionError(str(exc)) from None
    try:
        phase = Phase.parse(str(data["phase"]))
    except KeyError:
        raise PositionError("the position has no 'phase' (e.g. \"S1901M\")") from None
    except ValueError as exc:
        raise PositionError(str(exc)) from None
    return variant, phase


def _read_centres_and_control(
    variant: Variant, data: Mapping[str, Any]
) -> tuple[dict[str, frozenset[str]], dict[str, str]]:
    centers = {
        p: frozenset(_read_provinces(variant, p, raw, True))
        for p, raw in _by_power(variant, data.get("centers", {}), "centers").items()
    }
    control: dict[str, str] = {}
    if variant.rules.ruleset.keeps_control:
        control = _read_control(variant, data.get("control"))
        # control says who holds every centre: a "centers" given besides must agree
        derived = _centres_of(variant, control)
        for p, owned in centers.items():
            if owned != derived[p]:
                raise PositionError(
                    f"{p}: 'centers' {sorted(owned)} disagree with 'control', which gives "
                    f"{sorted(derived[p])}; in Diplomacia 'centers' may be left out"
                )
        centers = derived
    elif "control" in data:
        raise PositionError(f"'control' is for Diplomacia boards; {variant.name} has none")
    return centers, control


def _read_homes(variant: Variant, raw_homes: Any) -> dict[str, tuple[str, ...]]:
    if raw_homes is None:
        return {p: variant.power_info[p].homes for p in variant.powers}
    # where control is kept, a power's homes are all its home areas, sectors and
    # territories without a centre among them (Diplomacia, handbook 5.1)
    centres_only = not variant.rules.ruleset.keeps_control
    return {
        p: tuple(_read_provinces(variant, p, raw, centres_only))
        for p, raw in _by_power(variant, raw_homes, "homes").items()
    }


def _refuse_shared(
    units: Mapping[str, tuple[Unit, ...]], centers: Mapping[str, frozenset[str]]
) -> dict[str, str]:
    """Refuse two units in one province and a centre owned twice; province -> the power of
    the unit standing there."""
    occupied: dict[str, str] = {}
    for power, power_units in units.items():
        for unit in power_units:
            if unit.province in occupied:
                raise PositionError(f"two units in {unit.province}")
            occupied[unit.province] = power
    seen_centers: dict[str, str] = {}
    for power, owned in centers.items():
        for c in owned:
            if c in seen_centers:
                raise PositionError(f"{c} is owned by both {seen_centers[c]} and {power}")
            seen_centers[c] = power
    return occupied


def _read_control(variant: Variant, raw: Any) -> dict[str, str]:
    """Area -> power from the contract's ``control`` (areas listed per power); when left out,
    the control at the start of the game."""
    if raw is None:
        return {area: p for p in variant.powers for area in variant.power_info[p].homes}
    control: dict[str, str] = {}
    for power, areas in _by_power(variant, raw, "control").items():
        for code in _read_provinces(variant, power, areas, False):
            if code in control:
                raise PositionError(f"{code} is controlled by both {control[code]} and {power}")
            control[code] = power
    return control


def _centres_of(variant: Variant, control: Mapping[str, str]) -> dict[str, frozenset[str]]:
    centres = variant.supply_centers
    return {
        p: frozenset(a for a, owner in control.items() if owner == p and a in centres)
        for p in variant.powers
    }


def checked_seats(variant: Variant, seats: Iterable[Iterable[str]]) -> tuple[tuple[str, ...], ...]:
    """Seats of known powers, each power in one seat at most; seats of one power left out
    (a power alone is its own seat anyway)."""
    out: list[tuple[str, ...]] = []
    seated: set[str] = set()
    for seat in seats:
        powers = tuple(sorted({str(p).upper() for p in seat}))
        for power in powers:
            if power not in variant.power_info:
                known = " ".join(variant.powers)
                raise PositionError(f"unknown power {power!r} in 'seats' (powers: {known})")
            if power in seated:
                raise PositionError(f"{power} is in two seats")
            seated.add(power)
        if len(powers) > 1:
            out.append(powers)
    return tuple(sorted(out))


def _read_neutral(variant: Variant, phase: Phase, raw: Any) -> frozenset[str]:
    """The powers given as still neutral; when not given, those the rules make neutral in the
    phase's year."""
    if raw is None:
        return variant.rules.neutral_in(phase.year)
    if not isinstance(raw, list | tuple) or not all(isinstance(p, str) for p in raw):
        raise PositionError("'neutral' must be a list of powers, e.g. [\"ITALY\"]")
    powers = frozenset(p.upper() for p in raw)
    can_be = {n.power for n in variant.rules.neutral}
    for power in sorted(powers - can_be):
        known = " ".join(sorted(can_be)) or "none"
        raise PositionError(
            f"{power} cannot be neutral in {variant.name} (neutral powers: {known})"
        )
    return powers


def _by_power(variant: Variant, section: Any, name: str) -> dict[str, Any]:
    """A section keyed by power, read with the power names in any case (``"france"``)."""
    if not isinstance(section, Mapping):
        raise PositionError(f"'{name}' must be an object keyed by power")
    found: dict[str, Any] = {}
    for key, value in section.items():
        power = str(key).upper()
        if power not in variant.power_info:
            known = " ".join(variant.powers)
            raise PositionError(f"unknown power {key!r} in '{name}' (powers: {known})")
        if power in found:
            raise PositionError(f"{power} is given twice in '{name}'")
        found[power] = value
    return found


def _read_units(variant: Variant, power: str, raw: Any) -> list[Unit]:
    if not isinstance(raw, list | tuple):
        raise PositionError(f'units of {power} must be a list like ["A PAR", "F BRE"]')
    standing = variant.standing_units
    if all(type(text) is str and text in standing for text in raw):
        # units as the contract writes them (``F STP/SC``): one lookup each
        return [standing[text] for text in raw]
    return [_read_unit(variant, power, text) for text in raw]


def _refuse_closed_units(
    variant: Variant, neutral: frozenset[str], units: Mapping[str, Sequence[Unit]]
) -> None:
    """Refuse a unit standing in a neutral power's territory, closed to every other power's
    units while it stays neutral, as a unit where no unit can stand is refused."""
    closed_by = {
        code: n.power for n in variant.rules.neutral if n.power in neutral for code in n.territory
    }
    for power, power_units in units.items():
        for unit in power_units:
            owner = closed_by.get(unit.province)
            if owner is not None and owner != power:
                info = variant.power_info[owner]
                raise PositionError(
                    f"{power}: {unit} cannot stand there: "
                    f"{variant.province_name(unit.province)} ({unit.province}) is neutral "
                    f"{info.adjective} territory, closed to other powers' units while "
                    f"{info.name} is neutral"
                )


def _read_unit(variant: Variant, power: str, text: Any) -> Unit:
    try:
        unit = Unit.parse(str(text))
    except ValueError as exc:
        raise PositionError(f"{power}: {exc}") from None
    if not variant.can_stand(unit.type, unit.location):
        raise PositionError(f"{power}: {unit} cannot stand there: {_why_not(variant, unit)}")
    return unit


def _why_not(variant: Variant, unit: Unit) -> str:
    """Why a unit cannot stand where it is written: the province is not on this board, or
    the unit's kind stands elsewhere in it (another coast, no coast, not there at all)."""
    province = variant.provinces.get(unit.province)
    if province is None:
        return f"{unit.province} is not on the {variant.name} board"
    named = f"{variant.province_name(unit.province)} ({unit.province})"
    if unit.type is UnitType.ARMY:
        if province.army_can_stand:
            return f"an army stands in {named} itself, not on a coast: A {unit.province}"
        return f"an army cannot stand in {named}"
    places = variant.fleet_locations(unit.province)
    if not places:
        return f"a fleet cannot stand in {named}"
    if province.coasts:
        return f"a fleet in {named} stands on one of its coasts: {', '.join(places)}"
    return f"{named} has no coasts to name: F {unit.province}"


def _read_provinces(variant: Variant, owner: str, raw: Any, centres: bool) -> list[str]:
    if not isinstance(raw, list | tuple):
        raise PositionError(f"{owner}: expected a list of province codes")
    known = variant.supply_centers if centres else variant.provinces
    if all(type(text) is str and text in known for text in raw):
        # codes as the contract writes them: nothing to tidy, nothing to refuse
        return list(raw)
    return [_read_province(variant, owner, text, centres) for text in raw]


def _read_province(variant: Variant, owner: str, text: Any, centres: bool) -> str:
    code = str(text).upper()
    province = variant.provinces.get(code)
    if province is None:
        raise PositionError(f"{owner}: unknown province {text!r}")
    if centres and not province.supply_center:
        raise PositionError(f"{owner}: {code} is not a supply centre")
    return code


def _read_dislodged(
    variant: Variant,
    power: str,
    entry: Any,
    occupied: Mapping[str, str],
    contested: frozenset[str],
    neutral: frozenset[str],
) -> Dislodged:
    if not isinstance(entry, Mapping) or "unit" not in entry:
        raise PositionError(f'{power}: a dislodged entry must be like {{"unit": "A PAR"}}')
    (unit,) = _read_units(variant, power, [entry["unit"]])
    _refuse_closed_units(variant, neutral, {power: (unit,)})
    closed = variant.rules.closed(neutral)
    attacker = entry.get("from")
    if attacker is not None:
        attacker = str(attacker).upper()
        if attacker not in variant.provinces:
            raise PositionError(f"{power}: unknown province {entry['from']!r} in 'from'")
    if "retreats" in entry:
        given = entry["retreats"]
        if not isinstance(given, list | tuple):
            raise PositionError(f'{power}: "retreats" must be a list like ["GAS", "PIC"]')
        retreats = []
        for loc in given:
            loc = str(loc).upper()
            if not variant.can_stand(unit.type, loc):
                raise PositionError(f"{power}: {unit} cannot retreat to {loc}")
            retreats.append(loc)
    else:
        retreats = list(retreat_options(variant, unit, attacker, occupied, contested, closed))
    carrying = entry.get("carrying")
    if carrying is not None:
        carrying = str(carrying).upper()
        if occupied.get(carrying) is None:
            raise PositionError(f"{power}: 'carrying' names {carrying}, where no army stands")
    return Dislodged(power, unit, attacker, tuple(sorted(retreats)), carrying)
