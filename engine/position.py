"""Positions: the whole board at the start of a phase, as an immutable value with a JSON form."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, fields
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

from engine.dislodged import Dislodged, retreat_options
from engine.orders import Order
from engine.phase import Phase
from engine.position_reading import checked_seats, position_fields
from engine.units import Unit, UnitType
from engine.variant import ProvinceKind, Variant, load_variant

if TYPE_CHECKING:
    from engine.owed import Adjustment

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
        """The opening position: the ruleset's first phase (Spring of the variant's first
        year, or turn 1)."""
        v = variant or load_variant()
        ruleset = v.rules.ruleset
        return cls(
            variant=v,
            phase=ruleset.first_phase(v.rules.first_year),
            units={p: v.power_info[p].units for p in v.powers},
            centers={
                p: frozenset(h for h in v.power_info[p].homes if v.provinces[h].supply_center)
                for p in v.powers
            },
            homes={p: v.power_info[p].homes for p in v.powers},
            seats=checked_seats(v, seats),
            neutral=v.rules.neutral_in(v.rules.first_year),
            control=ruleset.initial_control(v),
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
    def accounts_asked(self) -> dict[str, Adjustment]:
        """Power -> its accounts here, once asked (:func:`engine.owed.adjustment`): a phase
        asks whether an adjustment is due, then settles it, the service asks again."""
        return {}

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
        if self.variant.rules.ruleset.keeps_control:
            data["control"] = {p: sorted(self.controlled(p)) for p in powers}
        if self.seats:
            data["seats"] = [list(seat) for seat in self.seats]
        if self.neutral != self.variant.rules.neutral_in(self.phase.year) or self.neutral:
            data["neutral"] = sorted(self.neutral)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Position:
        """Read a position; raise :class:`PositionError` saying exactly what is wrong."""
        return cls(**position_fields(data))


_FIELDS = {f.name: None for f in fields(Position)}.keys()  # ordered, and a set
_field_values = itemgetter(*_FIELDS)  # a position's fields from its __dict__, in that order

# Dislodged and retreat_options are imported from here by older callers; reading lives apart
__all__ = ["Dislodged", "Position", "checked_seats", "retreat_options"]
