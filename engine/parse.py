"""Reading orders as players write them: many notations in, one :class:`~engine.orders.Order` out.

Accepted, case-insensitively, with the unit letter optional where only one unit fits::

    A Lon-NTH        A(Par)-Bur       F (Bre) — ENG       A Liv.—Yor.      Munich army to Ruhr
    A Mun H / holds / stands          A Bur S A Pic-Bel   A HOL S A FRA PIC—BEL
    F NTH C A Yor-Nwy                 F(NTH)cA(Yor)-Nwy   A Lon-Bel via convoy
    F StP/sc  F StP(sc)  F St. Petersburg (South Coast)  F Spa nc
    A Par R Gas   A Par retreats to Gas   A Par D   Build F Edi   F EDI B   Remove A Mun   waive

Reading happens in two steps. First the words are read into a draft whose province slots
may hold several candidates (``Tyr.`` is Tyrolia or, for a fleet, the Tyrrhenian Sea; an
order without its unit could be for any of the power's units). Then every combination is
tried against the board, and the one that makes a legal order wins, preferring exact names
to abbreviations: "a badly written order, which nevertheless can have only one meaning,
must be followed". Two equally good meanings make the order ambiguous.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum, auto

from engine.errors import AmbiguousOrderError, IllegalOrderError, InvalidOrderError, OrderError
from engine.legal import check_order, no_unit_error
from engine.names import DASH, Names, Span, names_for, words
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
    format_order,
)
from engine.phase import PhaseKind
from engine.position import Position
from engine.units import Unit, UnitType, province_of
from engine.variant import ProvinceKind

Phrase = tuple[str, ...]

_TYPES = {"a": UnitType.ARMY, "army": UnitType.ARMY, "f": UnitType.FLEET, "fleet": UnitType.FLEET}
_HOLD: list[Phrase] = [("h",), ("hold",), ("holds",), ("stand",), ("stands",), ("stays",)]
_MOVE: list[Phrase] = [
    ("moves", "to"),
    ("move", "to"),
    ("in", "attack", "on"),
    (DASH,),
    ("to",),
    ("moves",),
    ("move",),
    ("attacks",),
]
_RETREAT: list[Phrase] = [
    ("retreats", "to"),
    ("retreat", "to"),
    ("r",),
    ("retreats",),
    ("retreat",),
]
# "ms" is the UK rule book's mutual support; read here as this unit's half of it
_SUPPORT: list[Phrase] = [("s",), ("supports",), ("support",), ("ms",)]
_CONVOY: list[Phrase] = [("c",), ("convoys",), ("convoy",)]
_DISBAND: list[Phrase] = [("d",), ("disbands",), ("disband",), ("removes",), ("remove",)]
_BUILD: list[Phrase] = [("b",), ("builds",), ("build",)]
_WAIVE: list[Phrase] = [("waives",), ("waive",)]
_VIA: list[Phrase] = [("via", "convoy"), ("by", "convoy"), ("via",)]

_KEYWORDS = frozenset(
    word
    for table in (_HOLD, _MOVE, _RETREAT, _SUPPORT, _CONVOY, _DISBAND, _BUILD, _WAIVE, _VIA)
    for phrase in table
    for word in phrase
) | frozenset(_TYPES)
# a name may not run on over these: "F Bla S ..." is the Black Sea supporting, not "Bla S(ea)"
_STOP = _KEYWORDS | {"coast", "nc", "sc", "ec", "wc"}

# the UK rule book glues the order letter to the next unit: F(NTH)cA(Yor)-Nwy
_GLUED = re.compile(r"\)\s*([sc])\s*([af])\s*\(", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\n;,]")
_PLURAL = {UnitType.ARMY: "armies", UnitType.FLEET: "fleets", None: "units"}


class _Kind(Enum):
    BARE = auto()
    HOLD = auto()
    MOVE = auto()
    CONVOYED_MOVE = auto()
    RETREAT = auto()
    SUPPORT = auto()
    CONVOY = auto()
    DISBAND = auto()
    BUILD = auto()
    WAIVE = auto()


# orders for a unit already on the board, which the text may leave the power to pick out
_NAMES_A_UNIT = frozenset(_Kind) - {_Kind.BUILD, _Kind.WAIVE, _Kind.BARE}


@dataclass(frozen=True, slots=True)
class _Place:
    """A province as written: candidate codes in tiers (best first), and any coast.

    ``declared`` holds the words when the variant lists them as ambiguous (``Nor``).
    """

    tiers: tuple[tuple[str, ...], ...]
    coast: str | None
    declared: str | None = None

    def options(self) -> Iterator[tuple[int, str]]:
        for rank, tier in enumerate(self.tiers):
            for code in tier:
                yield rank, code


@dataclass(slots=True)
class _Draft:
    kind: _Kind
    unit_type: UnitType | None = None
    unit: _Place | None = None
    target_type: UnitType | None = None
    target: _Place | None = None
    dest: _Place | None = None
    via: bool = False
    power: str | None = None


@dataclass(frozen=True, slots=True)
class OrderLine:
    """One order of a multi-order text: what was written, and the order or why not."""

    text: str
    order: Order | None
    error: OrderError | None

    @property
    def ok(self) -> bool:
        return self.error is None


def parse_order(text: str, position: Position, power: str, *, check: bool = True) -> Order:
    """Read one order of ``power``; raise Invalid-, Illegal- or AmbiguousOrderError.

    With ``check=False`` an order the rules forbid is still returned as read (so the caller
    can report it); text that cannot be read, or that means two things, still raises.

    >>> from engine.orders import format_order
    >>> format_order(parse_order("F St. P.—Both.", Position.initial(), "RUSSIA"))
    'F STP/SC - BOT'
    >>> format_order(parse_order("Army to Serbia", Position.initial(), "AUSTRIA"))
    'A BUD - SER'
    """
    names = names_for(position.variant)
    own = names.power(power)
    if own is None:
        raise IllegalOrderError(f"unknown power {power!r}")
    draft = _Reader(names, _tokens(text)).order()
    if draft.power is not None and draft.power != own:
        raise IllegalOrderError(f"you play {own}, so you cannot order {draft.power}'s units")
    return _Interpreter(names, position, own, check, text.strip()).order(draft)


def parse_orders(
    text: str, position: Position, power: str, *, check: bool = True
) -> list[OrderLine]:
    """Read several orders, one per line or separated by ``;`` or ``,``.

    Every separator ends an order: no notation we accept needs a comma inside an order.
    Blank pieces are skipped; each other piece gives an :class:`OrderLine`.
    """
    lines: list[OrderLine] = []
    for piece in _SEPARATORS.split(text):
        written = piece.strip()
        if not written:
            continue
        try:
            order = parse_order(written, position, power, check=check)
        except OrderError as error:
            lines.append(OrderLine(written, None, error))
        else:
            lines.append(OrderLine(written, order, None))
    return lines


def _tokens(text: str) -> list[str]:
    text = _GLUED.sub(r") \1 \2 (", text)
    # arrows and "=>" are dashes too; words() turns every dash into its own word
    return words(re.sub(r"->|=>|→|>", " - ", text))


# Step 1: words to a draft ---------------------------------------------------------------


class _Reader:
    """A recursive-descent reader over the words of one order."""

    def __init__(self, names: Names, tokens: Sequence[str]) -> None:
        self.names = names
        self.tokens = tokens
        self.pos = 0

    def order(self) -> _Draft:
        if not self.tokens:
            raise InvalidOrderError("the order is empty")
        power = self._leading_power()
        draft = self._body()
        draft.power = power
        if self.pos < len(self.tokens):
            raise self._unexpected()
        return draft

    def _body(self) -> _Draft:
        if self._take(_WAIVE):
            return _Draft(_Kind.WAIVE)
        for table, kind in ((_BUILD, _Kind.BUILD), (_DISBAND, _Kind.DISBAND)):
            if self._take(table):
                unit_type, unit = self._unit()
                if unit_type is None and unit is None:
                    raise InvalidOrderError(f"say which unit, e.g. '{kind.name.title()} A MUN'")
                return _Draft(kind, unit_type, unit)
        unit_type, unit = self._unit()
        if unit_type is None and unit is None:
            raise self._unexpected()
        draft = self._action()
        draft.unit_type, draft.unit = unit_type, unit
        return draft

    def _action(self) -> _Draft:
        if self.pos == len(self.tokens):
            return _Draft(_Kind.BARE)
        if self._take(_HOLD):
            return _Draft(_Kind.HOLD)
        if self._take(_RETREAT):
            return _Draft(_Kind.RETREAT, dest=self._required_place())
        if self._take(_MOVE):
            dest = self._required_place()
            return _Draft(_Kind.MOVE, dest=dest, via=self._take(_VIA))
        if self._take(_SUPPORT):
            return self._support()
        if self._take(_CONVOY):
            return self._convoy()
        for table, kind in ((_DISBAND, _Kind.DISBAND), (_BUILD, _Kind.BUILD)):
            if self._take(table):
                return _Draft(kind)
        raise self._unexpected()

    def _support(self) -> _Draft:
        target_type, target = self._target()
        if self._take(_MOVE):
            dest = self._required_place()
            return _Draft(_Kind.SUPPORT, target_type=target_type, target=target, dest=dest)
        return _Draft(_Kind.SUPPORT, target_type=target_type, target=target)

    def _convoy(self) -> _Draft:
        target_type, target = self._target()
        if self._take(_MOVE):
            dest = self._required_place()
            return _Draft(_Kind.CONVOY, target_type=target_type, target=target, dest=dest)
        if target_type is None and self.pos == len(self.tokens):
            # "A (Lond) c Bel" in the UK rule book: an army "convoys" itself, i.e. moves by sea
            return _Draft(_Kind.CONVOYED_MOVE, dest=target, via=True)
        raise InvalidOrderError("a convoy names an army and where it goes: F NTH C A LON - BEL")

    # pieces -------------------------------------------------------------------------

    def _leading_power(self) -> str | None:
        """``France: A Par - Bur``, ``England builds F Edi``: a power naming itself."""
        found = self.names.power_span(self.tokens, 0)
        if found is None or found[1] >= len(self.tokens):
            return None
        code, end = found
        place = self.names.span(self.tokens, 0, _STOP)
        if place is not None and place.end > end:
            return None
        after = self.tokens[end]
        follows = (
            after in _TYPES
            or any(after == phrase[0] for t in (_BUILD, _DISBAND, _WAIVE) for phrase in t)
            or (place is None and self._place_at(end))
        )
        if not follows:
            return None
        self.pos = end
        return code

    def _unit(self) -> tuple[UnitType | None, _Place | None]:
        first = self._unit_type()
        place = self._place()
        second = self._unit_type() if place is not None else None
        return first or second, place

    def _target(self) -> tuple[UnitType | None, _Place]:
        """A supported or convoyed unit: ``A Pic``, ``Turk. A Bul``, ``A FRA PIC``, ``Pic``."""
        self._nationality()
        target_type = self._unit_type()
        self._nationality()
        place = self._required_place()
        return target_type or self._unit_type(), place

    def _nationality(self) -> None:
        """Skip a power's name before a unit; it is never checked (DATC 4.C.5, 4.C.6)."""
        found = self.names.power_span(self.tokens, self.pos)
        if found is None:
            return
        end = found[1]
        place = self.names.span(self.tokens, self.pos, _STOP)
        if place is not None and place.end > end:
            return  # "English Channel" is a sea, not an Englishman
        after = end + 1 if end < len(self.tokens) and self.tokens[end] in _TYPES else end
        if self._place_at(after):
            self.pos = end

    def _unit_type(self) -> UnitType | None:
        if self.pos < len(self.tokens) and self.tokens[self.pos] in _TYPES:
            self.pos += 1
            return _TYPES[self.tokens[self.pos - 1]]
        return None

    def _place_at(self, pos: int) -> bool:
        return self._span_at(pos) is not None

    def _span_at(self, pos: int) -> Span | None:
        if pos >= len(self.tokens) or self.tokens[pos] in _KEYWORDS:
            return None
        return self.names.span(self.tokens, pos, _STOP)

    def _place(self) -> _Place | None:
        span = self._span_at(self.pos)
        if span is None:
            return None
        declared = " ".join(self.tokens[self.pos : span.end]) if span.declared else None
        self.pos = span.end
        coast = self.names.coast(self.tokens, self.pos)
        if coast is not None:
            self.pos = coast[1]
        return _Place(span.tiers, coast[0] if coast else None, declared)

    def _required_place(self) -> _Place:
        place = self._place()
        if place is None:
            raise self._no_place()
        return place

    def _take(self, table: Sequence[Phrase]) -> bool:
        for phrase in table:
            end = self.pos + len(phrase)
            if tuple(self.tokens[self.pos : end]) == phrase:
                self.pos = end
                return True
        return False

    # errors -------------------------------------------------------------------------

    def _no_place(self) -> InvalidOrderError:
        if self.pos >= len(self.tokens):
            return InvalidOrderError("the order stops where a province should follow")
        word = self.tokens[self.pos]
        if word in _STOP or word == DASH:
            return InvalidOrderError(f"expected a province, not {word!r}")
        written = " ".join(self._name_like())
        suggestion = self.names.suggest(written) or self.names.suggest(word)
        return InvalidOrderError(f"unknown province {written!r}", suggestion=suggestion)

    def _name_like(self) -> list[str]:
        """The words from here that could be meant as one name (up to a keyword)."""
        end = self.pos + 1
        while end < min(len(self.tokens), self.pos + 3) and self.tokens[end] not in _STOP:
            end += 1
        return list(self.tokens[self.pos : end])

    def _unexpected(self) -> InvalidOrderError:
        word = self.tokens[self.pos]
        if self._place_at(self.pos):
            return InvalidOrderError(f"did not expect the province {word!r} there")
        if word not in _STOP and word != DASH:
            written = " ".join(self._name_like())
            suggestion = self.names.suggest(written) or self.names.suggest(word)
            if suggestion is not None:
                return InvalidOrderError(f"unknown province {written!r}", suggestion=suggestion)
        return InvalidOrderError(f"could not read the order from {word!r} on")


# Step 2: a draft to an order, against the board -------------------------------------------


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
        self.power = power
        self.check = check
        self.text = text

    def order(self, draft: _Draft) -> Order:
        readings = [self._judge(rank, made) for rank, made in self._meanings(draft)]
        legal = [r for r in readings if r.error is None]
        if legal:
            return self._one(draft, legal)
        usable = [r for r in readings if r.order is not None]
        if self.check or not usable:
            raise self._blame(draft, readings)
        return self._one(draft, usable)

    def _one(self, draft: _Draft, readings: list[_Reading]) -> Order:
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

    def _blame(self, draft: _Draft, readings: list[_Reading]) -> OrderError:
        errors = [r.error for r in sorted(readings, key=lambda r: r.rank) if r.error is not None]
        declared = self._declared(draft)
        # when every meaning fails alike, the doubtful name is not what went wrong
        if declared is not None and len({str(e) for e in errors}) > 1:
            return declared
        fits = [u for u in self._pool() if draft.unit_type in (None, u.type)]
        if draft.kind in _NAMES_A_UNIT and draft.unit is None and len(fits) > 1:
            noun = _PLURAL[draft.unit_type]
            return IllegalOrderError(f"none of your {noun} can carry out {self.text!r}")
        return errors[0]

    def _declared(self, draft: _Draft) -> AmbiguousOrderError | None:
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

    def _meanings(self, draft: _Draft) -> Iterator[tuple[int, Order | OrderError]]:
        if draft.kind is _Kind.WAIVE:
            yield 0, Waive()
            return
        if draft.kind is _Kind.BUILD or (
            draft.kind is _Kind.BARE and self.position.phase.kind is PhaseKind.ADJUSTMENTS
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

    def _options(self, place: _Place | None) -> list[tuple[int, str]]:
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

    def _units(self, draft: _Draft) -> Iterator[tuple[int, Unit | OrderError]]:
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
            return no_unit_error(self.position, code)
        return Unit(unit_type, self._located(code, coast) if unit_type is UnitType.FLEET else code)

    def _make(self, draft: _Draft, unit: Unit, target: str, dest: str) -> Order | OrderError:
        if unit.type is UnitType.ARMY and dest and draft.kind is not _Kind.SUPPORT:
            dest = province_of(dest)  # an army's coast means nothing (DATC 4.B.6)
        match draft.kind:
            case _Kind.HOLD:
                return Hold(unit)
            case _Kind.MOVE if self.position.phase.kind is PhaseKind.RETREATS:
                return Retreat(unit, dest)
            case _Kind.MOVE | _Kind.CONVOYED_MOVE:
                return Move(unit, dest, draft.via)
            case _Kind.RETREAT:
                return Retreat(unit, dest)
            case _Kind.SUPPORT if dest:
                # a coast named in a support is kept: it must match the move (DATC 6.B.9)
                return SupportMove(unit, province_of(target), dest, draft.target_type)
            case _Kind.SUPPORT:
                return SupportHold(unit, province_of(target), draft.target_type)
            case _Kind.CONVOY:
                return self._convoy(unit, target, dest, draft.target_type)
            case _Kind.DISBAND:
                return Disband(unit)
        return InvalidOrderError(f"{unit} has no order: add H, - and a province, S or C")

    def _convoy(
        self, unit: Unit, army: str, dest: str, army_type: UnitType | None
    ) -> Order | OrderError:
        # unchecked, the order is kept as read; a Convoy has no room for the wrong letter
        if army_type is UnitType.FLEET and self.check:
            return IllegalOrderError("only armies can be convoyed")
        return Convoy(unit, province_of(army), province_of(dest))

    def _builds(self, draft: _Draft) -> Iterator[tuple[int, Order | OrderError]]:
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
            if located != code:
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
