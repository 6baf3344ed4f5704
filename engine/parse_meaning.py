"""Which order a draft means on the board: the second of the two steps of :mod:`engine.parse`.

Every combination of the draft's candidates (each province a written name could be, each
unit of the power an order without its unit could be for) is made into an order and
checked against the rules. The legal one wins, preferring exact names to abbreviations:
"a badly written order, which nevertheless can have only one meaning, must be followed".
Two equally good meanings make the order ambiguous; when none is legal, the error says
what went wrong with the likeliest one.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from engine.errors import AmbiguousOrderError, IllegalOrderError, InvalidOrderError, OrderError
from engine.legal import check_order
from engine.legal_checks import no_unit_error
from engine.names import Names
from engine.orders import (
    Build,
    Convoy,
    ConvoyHop,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    Seize,
    SupportHold,
    SupportMove,
    SupportSeize,
    Waive,
    format_order,
)
from engine.parse_grammar import NAMES_A_UNIT, Draft, DraftKind, Place
from engine.phase import PhaseKind
from engine.position import Position
from engine.units import Unit, UnitType, province_of
from engine.variant import ProvinceKind

_PLURAL = {UnitType.ARMY: "armies", UnitType.FLEET: "fleets", None: "units"}
_WITH_ARTICLE = {UnitType.ARMY: "an army", UnitType.FLEET: "a fleet"}


def order_meant(
    draft: Draft, position: Position, power: str, names: Names, text: str, *, check: bool
) -> Order:
    """The one order ``draft`` of ``power`` can mean; raise Illegal- or AmbiguousOrderError.

    ``text`` is the order as written, for the messages. With ``check=False`` an order the
    rules forbid is still returned when it is the only meaning.
    """
    return _Interpreter(names, position, power, check, text).order(draft)


def wrong_letter(draft: Draft, order: Order, position: Position) -> str | None:
    """What to tell a player whose order names the unit with the wrong letter, if it does.

    The order stands for the unit actually there (DATC 4.C.2), so only the player's own unit
    can be misnamed: another power's unit is never looked up under a letter not written.
    """
    if draft.unit_type is None or draft.unit is None:
        return None
    return misnamed(draft.unit_type, order, position)


def misnamed(letter: UnitType, order: Order, position: Position) -> str | None:
    """:func:`wrong_letter` for an order written with the unit letter ``letter``."""
    if isinstance(order, Build | Waive):
        return None
    unit = order.unit
    if unit.type is letter:
        return None
    name = position.variant.province_name(unit.province)
    return f"there is {_WITH_ARTICLE[unit.type]} in {name}, not {_WITH_ARTICLE[letter]}"


@dataclass(frozen=True, slots=True)
class _Reading:
    """One meaning of a draft: how good its names are, the order, and what is wrong with it."""

    rank: int
    order: Order | None
    error: OrderError | None


class _Interpreter:
    def __init__(
        self, names: Names, position: Position, power: str, check: bool, text: str
    ) -> None:
        self.names = names
        self.position = position
        self.variant = position.variant
        # one unit to an area, and the area's kind says which: a territory holds an army, a
        # sector a fleet (handbook 8: an order names only the area)
        self.one_kind = self.variant.rules.ruleset.one_unit_kind_per_area
        self.power = power
        self.check = check
        self.text = text

    def order(self, draft: Draft) -> Order:
        only = self._only_best(draft)
        if only is not None:
            return only
        readings = [self._judge(rank, made) for rank, made in self._meanings(draft)]
        legal = [r for r in readings if r.error is None]
        if legal:
            # Names read exactly outrank names read as prefixes even when their order is
            # illegal: `A SER - ROM` is an illegal move to Rome, never a move to Rumania, and
            # `A ROM H` from Russia names Italy's army, not Russia's fleet in Rumania.
            # A closer reading gives way only when it could never be meant: no unit stands
            # where it names one, or the unit could never stand where it sends it (the 1961
            # sample game's `F Nap.—Tyr.` is the Tyrrhenian Sea, not Tyrolia).
            best = min(r.rank for r in legal)
            closer = [
                r
                for r in readings
                if r.rank < best and r.order is not None and self._conceivable(r.order)
            ]
            if closer and self.check:
                raise self._blame(draft, closer)
            return self._one(draft, closer or legal)
        usable = [r for r in readings if r.order is not None]
        if self.check or not usable:
            raise self._blame(draft, readings)
        return self._one(draft, usable)

    def _only_best(self, draft: Draft) -> Order | None:
        """The order when the draft has one meaning of rank 0 (each name's best tier holds one
        province, and the unit is named) and the rules allow it; else ``None``.

        That meaning is what :meth:`order` would pick: every other meaning ranks lower, so
        none is closer, and it is the only legal meaning of the best rank. Taking it without
        making and checking the others is most orders players type.
        """
        unit_place = draft.unit
        if unit_place is None or draft.kind is DraftKind.WAIVE or draft.kind is DraftKind.BUILD:
            return None
        if draft.kind is DraftKind.BARE and self.position.phase.kind is PhaseKind.ADJUSTMENTS:
            return None
        codes = []
        for place in (unit_place, draft.target, draft.dest):
            if place is None:
                codes.append("")
                continue
            best = place.tiers[0]
            if len(best) != 1:
                return None
            codes.append(self._located(best[0], place.coast))
        unit = self._unit_in(
            self._pool(), unit_place.tiers[0][0], draft.unit_type, unit_place.coast
        )
        if isinstance(unit, OrderError):
            return None
        made = self._make(draft, unit, codes[1], codes[2])
        if isinstance(made, OrderError):
            return None
        try:
            return check_order(self.position, self.power, made)
        except OrderError:
            return None

    def _one(self, draft: Draft, readings: list[_Reading]) -> Order:
        best = min(r.rank for r in readings)
        orders: list[Order] = []
        for reading in readings:
            if reading.rank == best and reading.order is not None and reading.order not in orders:
                orders.append(reading.order)
        if len(orders) == 1:
            return orders[0]
        declared = self._declared(draft)
        if declared is not None:
            raise declared
        listed = ", ".join(format_order(o) for o in orders[:-1])
        hint = "name the unit" if draft.unit is None else "say which"
        raise AmbiguousOrderError(
            f"{self.text!r} could mean {listed} or {format_order(orders[-1])}: {hint}"
        )

    def _blame(self, draft: Draft, readings: list[_Reading]) -> OrderError:
        failed = [r for r in sorted(readings, key=lambda r: r.rank) if r.error is not None]
        errors = [r.error for r in failed if r.error is not None]
        likeliest = failed[0].order if failed else None
        misnamed = None if likeliest is None else wrong_letter(draft, likeliest, self.position)
        if misnamed is not None:
            # the order was written for a unit the power does not have there; what the real
            # unit could not do is beside the point
            return IllegalOrderError(misnamed)
        declared = self._declared(draft)
        # when every meaning fails alike, the doubtful name is not what went wrong
        if declared is not None and len({str(e) for e in errors}) > 1:
            return declared
        fits = [u for u in self._pool() if draft.unit_type in (None, u.type)]
        if draft.kind in NAMES_A_UNIT and draft.unit is None and len(fits) > 1:
            noun = _PLURAL[draft.unit_type]
            return IllegalOrderError(f"none of your {noun} can carry out {self.text!r}")
        return errors[0]

    def _conceivable(self, order: Order) -> bool:
        """A unit stands where the order names one, and could stand where it is sent."""
        if isinstance(order, Build | Waive):
            return True
        unit = order.unit
        if self.position.phase.kind is PhaseKind.RETREATS:
            present = any(d.unit.province == unit.province for d in self.position.dislodged)
        else:
            present = self.position.unit_in(unit.province) is not None
        if not present:
            return False
        if isinstance(order, Move | Retreat):
            province = self.variant.provinces.get(province_of(order.dest))
            if province is None:
                return False
            if unit.type is UnitType.FLEET:
                return bool(self.variant.fleet_locations(province.code))
            return province.kind is not ProvinceKind.SEA
        return True

    def _declared(self, draft: Draft) -> AmbiguousOrderError | None:
        """The variant's own word on a name it lists as ambiguous, if the draft has one."""
        for place in (draft.unit, draft.target, draft.dest):
            if place is not None and place.declared is not None:
                return AmbiguousOrderError(self.names.ambiguity(place.declared, place.tiers[0]))
        return None

    def _judge(self, rank: int, made: Order | OrderError) -> _Reading:
        if isinstance(made, OrderError):
            return _Reading(rank, None, made)
        try:
            return _Reading(rank, check_order(self.position, self.power, made), None)
        except OrderError as error:
            return _Reading(rank, made, error)

    # meanings -------------------------------------------------------------------------

    def _meanings(self, draft: Draft) -> Iterator[tuple[int, Order | OrderError]]:
        if draft.kind is DraftKind.WAIVE:
            yield 0, Waive()
            return
        if draft.kind is DraftKind.BUILD or (
            draft.kind is DraftKind.BARE and self.position.phase.kind is PhaseKind.ADJUSTMENTS
        ):
            yield from self._builds(draft)
            return
        places = list(itertools.product(self._options(draft.target), self._options(draft.dest)))
        for rank, unit in self._units(draft):
            for (target_rank, target), (dest_rank, dest) in places:
                total = rank + target_rank + dest_rank
                if isinstance(unit, OrderError):
                    yield total, unit
                else:
                    yield total, self._make(draft, unit, target, dest)

    def _options(self, place: Place | None) -> list[tuple[int, str]]:
        if place is None:
            return [(0, "")]
        return [(rank, self._located(code, place.coast)) for rank, code in place.options()]

    def _located(self, code: str, coast: str | None) -> str:
        province = self.variant.provinces.get(code)
        # a coast the province does not have means nothing, and is ignored (DATC 4.B.6)
        if coast is None or province is None or coast not in province.coasts:
            return code
        return f"{code}/{coast}"

    def _pool(self) -> tuple[Unit, ...]:
        if self.position.phase.kind is PhaseKind.RETREATS:
            return tuple(d.unit for d in self.position.dislodged if d.power == self.power)
        return tuple(self.position.units.get(self.power, ()))

    def _units(self, draft: Draft) -> Iterator[tuple[int, Unit | OrderError]]:
        pool = self._pool()
        if draft.unit is None:
            fits = [u for u in pool if draft.unit_type in (None, u.type)]
            if not fits:
                noun = draft.unit_type.noun if draft.unit_type else "unit"
                yield 0, IllegalOrderError(f"you have no {noun} that could carry out {self.text!r}")
            for unit in fits:
                yield 0, unit
            return
        for rank, code in draft.unit.options():
            yield rank, self._unit_in(pool, code, draft.unit_type, draft.unit.coast)

    def _unit_in(
        self, pool: Sequence[Unit], code: str, unit_type: UnitType | None, coast: str | None
    ) -> Unit | OrderError:
        """The power's unit in ``code`` as it really is, else the unit the text describes."""
        for unit in pool:
            if unit.province == code:
                return unit
        there = self.position.unit_in(code)
        if unit_type is None and there is not None:
            unit_type = there.type
        if unit_type is None:
            unit_type = self._kind_of(code)
        if unit_type is None:
            return no_unit_error(self.position, code)
        return Unit(unit_type, self._located(code, coast) if unit_type is UnitType.FLEET else code)

    def _make(self, draft: Draft, unit: Unit, target: str, dest: str) -> Order | OrderError:
        if unit.type is UnitType.ARMY and dest and draft.kind is not DraftKind.SUPPORT:
            dest = province_of(dest)  # an army's coast means nothing (DATC 4.B.6)
        match draft.kind:
            case DraftKind.HOLD:
                return Hold(unit)
            case DraftKind.MOVE if self.position.phase.kind is PhaseKind.RETREATS:
                return Retreat(unit, dest)
            case DraftKind.MOVE | DraftKind.CONVOYED_MOVE:
                return Move(unit, dest, draft.via)
            case DraftKind.RETREAT:
                return Retreat(unit, dest)
            case DraftKind.SUPPORT if dest:
                # a coast named in a support is kept: it must match the move (DATC 6.B.9)
                return SupportMove(unit, province_of(target), dest, self._type_of(draft, target))
            case DraftKind.SUPPORT:
                return SupportHold(unit, province_of(target), self._type_of(draft, target))
            case DraftKind.CONVOY if self.one_kind:
                # Diplomacia's convoys go hop by hop: from the army's territory or the previous
                # fleet's sector (handbook 8.5), so what stands there is not the question
                return ConvoyHop(unit, province_of(target), province_of(dest))
            case DraftKind.CONVOY:
                return self._convoy(unit, target, dest, draft.target_type)
            case DraftKind.SEIZE:
                return Seize(unit, province_of(dest))
            case DraftKind.SUPPORT_SEIZE:
                return SupportSeize(unit, province_of(target), province_of(dest))
            case DraftKind.DISBAND:
                return Disband(unit)
        return InvalidOrderError(f"{unit} has no order: add H, - and a province, S or C")

    def _kind_of(self, code: str) -> UnitType | None:
        """On a Diplomacia board, the only kind of unit ``code`` can hold."""
        province = self.variant.provinces.get(code)
        if not self.one_kind or province is None:
            return None
        return UnitType.FLEET if province.kind is ProvinceKind.SEA else UnitType.ARMY

    def _type_of(self, draft: Draft, target: str) -> UnitType | None:
        """The supported unit's type as written, or where the area tells it, as it must be."""
        return draft.target_type or self._kind_of(province_of(target))

    def _convoy(
        self, unit: Unit, army: str, dest: str, army_type: UnitType | None
    ) -> Order | OrderError:
        # unchecked, the order is kept as read; a Convoy has no room for the wrong letter
        if army_type is UnitType.FLEET and self.check:
            return IllegalOrderError("only armies can be convoyed")
        return Convoy(unit, province_of(army), province_of(dest))

    def _builds(self, draft: Draft) -> Iterator[tuple[int, Order | OrderError]]:
        if draft.unit is None:
            yield 0, InvalidOrderError("say where to build, e.g. 'Build A MUN'")
            return
        for rank, code in draft.unit.options():
            yield rank, self._build(code, draft.unit_type, draft.unit.coast)

    def _build(
        self, code: str, unit_type: UnitType | None, coast: str | None
    ) -> Order | OrderError:
        """What to build, read as DATC 4.C.3 prefers when the unit letter is missing."""
        province = self.variant.provinces.get(code)
        located = self._located(code, coast)
        if unit_type is None and province is not None:
            if located != code or province.kind is ProvinceKind.SEA:
                # a Diplomacia fleet is built in a port sector
                unit_type = UnitType.FLEET
            elif province.kind is not ProvinceKind.COAST:
                unit_type = UnitType.ARMY
            else:
                fleets = " or ".join(
                    f"'Build F {loc}'" for loc in self.variant.fleet_locations(code)
                )
                return AmbiguousOrderError(
                    f"build an army or a fleet in {code}? Write 'Build A {code}' or {fleets}"
                )
        if unit_type is UnitType.FLEET:
            return Build(Unit(UnitType.FLEET, located))
        return Build(Unit(UnitType.ARMY, code))
