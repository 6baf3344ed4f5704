"""Positions: the whole board at the start of a phase, as an immutable value with a JSON form."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from operator import itemgetter
from typing import Any, Generic, TypeVar, overload

from engine.errors import PositionError
from engine.orders import Order
from engine.phase import Phase
from engine.units import Unit, UnitType
from engine.variant import ProvinceKind, Variant, load_variant

_T = TypeVar("_T")


class _computed_once(Generic[_T]):  # noqa: N801 (used as a decorator, like cached_property)
    """A value computed from a position on first use and kept in its ``__dict__``, as
    ``functools.cached_property`` keeps it, without the lock that one takes on Python 3.11:
    a position is never shared while it is being made, and every movement phase computes
    several of these on a new position."""

    def __init__(self, compute: Callable[[Any], _T]) -> None:
        self._compute = compute
        self._name = compute.__name__
        self.__doc__ = compute.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> _computed_once[_T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> _T: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> Any:
        if instance is None:
            return self
        # kept where attribute look-up finds it first: later reads never come here
        value = instance.__dict__[self._name] = self._compute(instance)
        return value


@dataclass(frozen=True, slots=True)
class Dislodged:
    """A unit dislodged in the movement phase, waiting to retreat.

    ``attacker_from`` is the province the dislodging attack came from, or ``None`` when the
    attack was convoyed (then it does not block a retreat: DATC 4.A.5).
    """

    power: str
    unit: Unit
    attacker_from: str | None
    retreats: tuple[str, ...]
    # Diplomacia: the province of the army this fleet was convoying when the convoy failed
    # with its dislodgement; that army is destroyed if the fleet is (handbook 7.2.2.5)
    carrying: str | None = None


def retreat_options(
    variant: Variant,
    unit: Unit,
    attacker_from: str | None,
    occupied: Collection[str],
    contested: Collection[str],
    closed: Collection[str] = (),
) -> tuple[str, ...]:
    """Locations a dislodged unit may retreat to: adjacent, empty, not the attacker's
    origin, not left empty by a standoff, not a neutral power's territory. Never by convoy."""
    return tuple(
        [
            location
            for location, province in variant.index.retreat_steps.get(unit, ())
            if province not in occupied
            and province not in contested
            and province not in closed
            and province != attacker_from
        ]
    )


@dataclass(frozen=True, eq=False)
class Position:
    """The board at the start of a phase. Equal positions have equal JSON forms."""

    variant: Variant
    phase: Phase
    units: Mapping[str, tuple[Unit, ...]]
    centers: Mapping[str, frozenset[str]]
    homes: Mapping[str, tuple[str, ...]]
    dislodged: tuple[Dislodged, ...] = ()
    contested: frozenset[str] = field(default_factory=frozenset)
    # Powers commanded together by one player, who wins with their combined strength (the
    # UK rule book's games for fewer players); a power in no seat is a seat of its own.
    seats: tuple[tuple[str, ...], ...] = ()
    # Powers still neutral (see :class:`engine.rules.Neutral`): the rules say who starts so; a
    # power stops being neutral when it joins a seat (:func:`engine.neutrality.join_seat`).
    neutral: frozenset[str] = field(default_factory=frozenset)
    # Diplomacia: area -> the power controlling it (handbook 5); ``centers`` holds the supply
    # centres among them. Empty in the standard game, where only centres are owned.
    control: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def initial(
        cls, variant: Variant | None = None, seats: Iterable[Iterable[str]] = ()
    ) -> Position:
        """The opening position: Spring of the variant's first year."""
        v = variant or load_variant()
        control = (
            {area: p for p in v.powers for area in v.power_info[p].homes}
            if v.rules.diplomacia
            else {}
        )
        return cls(
            variant=v,
            phase=Phase.first(v.rules.diplomacia, v.rules.first_year),
            units={p: v.power_info[p].units for p in v.powers},
            centers={
                p: frozenset(h for h in v.power_info[p].homes if v.provinces[h].supply_center)
                for p in v.powers
            },
            homes={p: v.power_info[p].homes for p in v.powers},
            seats=checked_seats(v, seats),
            neutral=v.rules.neutral_in(v.rules.first_year),
            control=control,
        )

    def controlled(self, power: str) -> frozenset[str]:
        """Every area ``power`` controls (Diplomacia)."""
        return frozenset(area for area, p in self.control.items() if p == power)

    def ports_of(self, power: str) -> frozenset[str]:
        """The port sectors ``power`` controls (Diplomacia): what its fleets count against."""
        ports = self.variant.ports
        return frozenset(area for area, p in self.control.items() if p == power and area in ports)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    # Lookups -----------------------------------------------------------------

    @_computed_once
    def unit_list(self) -> tuple[tuple[str, Unit], ...]:
        """Every (power, unit) on the board, powers in the variant's order."""
        units = self.units
        return tuple([(p, u) for p in self.variant.powers for u in units.get(p, ())])

    @_computed_once
    def unit_index(self) -> dict[str, int]:
        """Province -> the index of its unit in :attr:`unit_list`."""
        return {placed[1][2]: i for i, placed in enumerate(self.unit_list)}

    def evolve(self, **changes: Any) -> Position:
        """This position with some fields changed, as ``dataclasses.replace`` makes it but
        without its cost (every phase makes two or three); nothing cached is carried over."""
        unknown = changes.keys() - _FIELDS
        if unknown:
            raise TypeError(f"a position has no field {sorted(unknown)[0]!r}")
        made = object.__new__(Position)
        values = made.__dict__  # frozen: its fields are set once, here
        values.update(zip(_FIELDS, _field_values(self.__dict__), strict=True))
        values.update(changes)
        return made

    @_computed_once
    def occupants(self) -> Mapping[str, tuple[str, Unit]]:
        """Province -> (power, unit) of the unit standing there."""
        return {placed[1][2]: placed for placed in self.unit_list}

    @_computed_once
    def allowed_orders(self) -> dict[tuple[str, Order], Order]:
        """(power, order given) -> the order tidied, for every order
        :func:`engine.legal.check_order` has allowed here: reading an order and adjudicating
        it both ask, and the answer cannot change on an immutable board."""
        return {}

    @_computed_once
    def _center_owners(self) -> dict[str, str]:
        return {c: power for power, centers in self.centers.items() for c in centers}

    @_computed_once
    def sea_fleets(self) -> frozenset[str]:
        """Sea provinces holding a fleet: the only places a convoy can pass."""
        provinces = self.variant.provinces
        return frozenset(
            u.province
            for _, u in self.all_units()
            if u.type is UnitType.FLEET and provinces[u.province].kind is ProvinceKind.SEA
        )

    @_computed_once
    def closed(self) -> frozenset[str]:
        """Provinces of neutral powers: no unit may enter them, nor support or convoy into them."""
        return self.variant.rules.closed(self.neutral)

    def occupant(self, province: str) -> tuple[str, Unit] | None:
        """(power, unit) of the unit standing in ``province``."""
        return self.occupants.get(province)

    def unit_in(self, province: str) -> Unit | None:
        found = self.occupants.get(province)
        return found[1] if found else None

    def owner_in(self, province: str) -> str | None:
        """The power whose unit stands in ``province``."""
        found = self.occupants.get(province)
        return found[0] if found else None

    def center_owner(self, province: str) -> str | None:
        return self._center_owners.get(province)

    def dislodged_in(self, province: str) -> Dislodged | None:
        for d in self.dislodged:
            if d.unit.province == province:
                return d
        return None

    def all_units(self) -> Iterable[tuple[str, Unit]]:
        for power in self.variant.powers:
            for unit in self.units.get(power, ()):
                yield power, unit

    # JSON ---------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The position in the form of the ``dipgm adjudicate`` contract."""
        powers = self.variant.powers
        dislodged: dict[str, list[dict[str, Any]]] = {}
        for d in self.dislodged:
            entry: dict[str, Any] = {"unit": str(d.unit)}
            if d.attacker_from is not None:
                entry["from"] = d.attacker_from
            entry["retreats"] = list(d.retreats)
            if d.carrying is not None:
                entry["carrying"] = d.carrying
            dislodged.setdefault(d.power, []).append(entry)
        data: dict[str, Any] = {
            "variant": self.variant.name,
            "phase": str(self.phase),
            "units": {p: sorted(str(u) for u in self.units.get(p, ())) for p in powers},
            "centers": {p: sorted(self.centers.get(p, ())) for p in powers},
            "homes": {p: list(self.homes.get(p, ())) for p in powers},
            "dislodged": dislodged,
            "contested": sorted(self.contested),
        }
        if self.variant.rules.diplomacia:
            data["control"] = {p: sorted(self.controlled(p)) for p in powers}
        if self.seats:
            data["seats"] = [list(seat) for seat in self.seats]
        if self.neutral != self.variant.rules.neutral_in(self.phase.year) or self.neutral:
            data["neutral"] = sorted(self.neutral)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Position:
        """Read a position; raise :class:`PositionError` saying exactly what is wrong."""
        if not isinstance(data, Mapping):
            raise PositionError("a position must be a JSON object")
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
        units = {
            p: tuple(_read_units(variant, p, raw))
            for p, raw in _by_power(variant, data.get("units", {}), "units").items()
        }
        centers = {
            p: frozenset(_read_provinces(variant, p, raw, True))
            for p, raw in _by_power(variant, data.get("centers", {}), "centers").items()
        }
        control: dict[str, str] = {}
        if variant.rules.diplomacia:
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
        raw_homes = data.get("homes")
        if raw_homes is None:
            homes = {p: variant.power_info[p].homes for p in variant.powers}
        else:
            # a Diplomacia power's homes are all its home areas, sectors and territories
            # without a centre among them (handbook 5.1)
            homes = {
                p: tuple(_read_provinces(variant, p, raw, not variant.rules.diplomacia))
                for p, raw in _by_power(variant, raw_homes, "homes").items()
            }
        contested = frozenset(
            _read_provinces(variant, "contested", data.get("contested", ()), False)
        )
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
        neutral = _read_neutral(variant, phase, data.get("neutral"))
        _refuse_closed_units(variant, neutral, units)
        dislodged: list[Dislodged] = []
        for power, entries in _by_power(variant, data.get("dislodged", {}), "dislodged").items():
            if not isinstance(entries, list | tuple):
                raise PositionError(f"dislodged units of {power} must be a list of entries")
            for entry in entries:
                dislodged.append(
                    _read_dislodged(variant, power, entry, occupied, contested, neutral)
                )
        seats = data.get("seats", ())
        if not isinstance(seats, list | tuple) or not all(
            isinstance(seat, list | tuple) and all(isinstance(p, str) for p in seat)
            for seat in seats
        ):
            raise PositionError(
                '\'seats\' must be a list of lists of powers: [["AUSTRIA", "FRANCE"]]'
            )
        return cls(
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


_FIELDS = {f.name: None for f in fields(Position)}.keys()  # ordered, and a set
_field_values = itemgetter(*_FIELDS)  # a position's fields from its __dict__, in that order


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
        raise PositionError(f"{power}: {unit} cannot stand there")
    return unit


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
