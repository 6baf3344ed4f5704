"""The notations players write orders in, read word by word into a draft.

This is the first of the two steps of :mod:`engine.parse`: it knows the order keywords
(``S``, ``supports``, ``-``, ``to``, ``via convoy``, ...) and the shape of each kind of
order, but not the board. Province names are looked up in :mod:`engine.names`; a name
that could mean several provinces (``Tyr.``) is kept with all its candidates, and an
order without its unit keeps that slot empty, for :mod:`engine.parse_meaning` to settle.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum, auto

from engine.errors import InvalidOrderError
from engine.names import DASH, Names, Span, words
from engine.units import UnitType
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
# "field" is the Diplomacia handbook's word (6.5.1), "raise" the bot's own ("1 army to raise")
_BUILD: list[Phrase] = [
    ("b",),
    ("builds",),
    ("build",),
    ("fields",),
    ("field",),
    ("raises",),
    ("raise",),
]
_WAIVE: list[Phrase] = [("waives",), ("waive",)]
_VIA: list[Phrase] = [("via", "convoy"), ("by", "convoy"), ("via",)]
_AND = frozenset({"and", "&"})


@dataclass(frozen=True, slots=True)
class Notation:
    """The order words of one ruleset; the board's rules pick it (:func:`notation_for`)."""

    hold: tuple[Phrase, ...]
    support: tuple[Phrase, ...]
    convoy: tuple[Phrase, ...]
    seize: tuple[Phrase, ...]
    # words that join two orders run together on one line ("builds F Kiel and A Mun")
    joins: frozenset[str]
    keywords: frozenset[str]
    # a name may not run on over these: "F Bla S ..." is the Black Sea supporting, not "Bla S(ea)"
    stop: frozenset[str]
    # the first word of what a unit is ordered to do, as in the 1961 rules' "F Stands"
    order_words: frozenset[str]
    # in orders run together on one line, an area's name alone may start the next order
    areas_first: bool = False


def _notation(
    hold: Sequence[Phrase],
    support: Sequence[Phrase],
    convoy: Sequence[Phrase],
    seize: Sequence[Phrase],
    joins: frozenset[str],
    *,
    areas_first: bool = False,
) -> Notation:
    unit_orders = (hold, _MOVE, _RETREAT, support, convoy, seize, _DISBAND)
    keywords = frozenset(
        word
        for table in (*unit_orders, _BUILD, _WAIVE, _VIA)
        for phrase in table
        for word in phrase
    ) | frozenset(_TYPES)
    return Notation(
        tuple(hold),
        tuple(support),
        tuple(convoy),
        tuple(seize),
        joins,
        keywords,
        keywords | {"coast", "nc", "sc", "ec", "wc"},
        frozenset(phrase[0] for table in unit_orders for phrase in table),
        areas_first,
    )


STANDARD = _notation(_HOLD, _SUPPORT, _CONVOY, (), _AND)
# The Diplomacia handbook (section 8) marks defence O, H or X; support P, S or a tilde (PO for
# a defence); port seizure ZP; convoy T; orders on one sheet are joined by the Czech "a".
DIPLOMACIA = _notation(
    [*_HOLD, ("o",), ("x",)],
    [*_SUPPORT, ("po",), ("p",), ("~",)],
    [*_CONVOY, ("t",)],
    [("zp",), ("seizes",), ("seize",)],
    _AND | {"a"},
    areas_first=True,
)


def notation_for(names: Names) -> Notation:
    """The order words of the board ``names`` belongs to."""
    return names.variant.rules.ruleset.notation


UNIT_WORDS = frozenset(_TYPES)
# the words an order may start with besides a place: a unit, or an adjustment
OPENING_WORDS = UNIT_WORDS | frozenset(
    phrase[0] for table in (_BUILD, _DISBAND, _WAIVE) for phrase in table
)
# where each kind of unit can never stand: no suggestion for its move names one
_SHUNNED = {
    UnitType.ARMY: frozenset({ProvinceKind.SEA}),
    UnitType.FLEET: frozenset({ProvinceKind.LAND}),
}
UNIT_LETTERS = {word: unit_type.value for word, unit_type in _TYPES.items()}


def canonical_phrases(notation: Notation) -> dict[str, tuple[tuple[Phrase, str], ...]]:
    """The order words of ``notation`` by their first word: each phrase, in the order the
    reader tries it, with the one word the canonical notation writes for it (``moves to``
    is ``-``, ``supports`` is ``S``), itself a phrase of the same kind.

    A word that starts phrases of two kinds would make the reader's choice depend on where
    it stands; such a word is left out (none does in the notations here).
    """
    kinds = (
        (notation.hold, "H"),
        (_MOVE, "-"),
        (_RETREAT, "R"),
        (notation.support, "S"),
        (notation.convoy, "C"),
        (notation.seize, "ZP"),
        (_DISBAND, "D"),
        (_BUILD, "B"),
        (_WAIVE, "WAIVE"),
        (_VIA, "VIA"),
    )
    found: dict[str, list[tuple[Phrase, str]]] = {}
    for table, word in kinds:
        for phrase in table:
            found.setdefault(phrase[0], []).append((phrase, word))
    return {
        first: tuple(phrases)
        for first, phrases in found.items()
        if len({word for _, word in phrases}) == 1
    }


# the UK rule book glues the order letter to the next unit: F(NTH)cA(Yor)-Nwy
_GLUED = re.compile(r"\)\s*([sc])\s*([af])\s*\(", re.IGNORECASE)
# every arrow is a dash (the handbook's double and dashed arrows mark an intended attack)
_ARROWS = re.compile(r"->|=>|>|[→⇒⇢⟶⟹⇨➔➜➝]")


class DraftKind(Enum):
    """The kind of order the words make; ``BARE`` is a unit with no order word after it."""

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
    # Diplomacia: an army's port seizure (ZP), and a fleet's support of one
    SEIZE = auto()
    SUPPORT_SEIZE = auto()


# orders for a unit already on the board, which the text may leave the power to pick out
NAMES_A_UNIT = frozenset(DraftKind) - {DraftKind.BUILD, DraftKind.WAIVE, DraftKind.BARE}


@dataclass(frozen=True, slots=True)
class Place:
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
class Draft:
    """One order as written, before the board is consulted: any slot may be missing, and
    each province slot may hold several candidates. ``power`` is a power the text names
    as its own (``France: A Par - Bur``)."""

    kind: DraftKind
    unit_type: UnitType | None = None
    unit: Place | None = None
    target_type: UnitType | None = None
    target: Place | None = None
    dest: Place | None = None
    via: bool = False
    power: str | None = None


def read_draft(names: Names, text: str) -> Draft:
    """Read the words of one order; raise InvalidOrderError where they make no order.

    >>> from engine.names import names_for
    >>> from engine.variant import load_variant
    >>> draft = read_draft(names_for(load_variant()), "Army to Tyr.")
    >>> draft.kind, draft.unit_type, draft.unit, draft.dest.tiers
    (<DraftKind.MOVE: 3>, <UnitType.ARMY: 'A'>, None, (('TYR',), ('TYS',)))
    """
    return read_words(names, order_tokens(text))


def read_words(names: Names, tokens: Sequence[str]) -> Draft:
    """:func:`read_draft` for words already taken apart by :func:`order_tokens`."""
    return _Reader(names, tokens).order()


def order_tokens(text: str) -> list[str]:
    """The words of an order as the reader takes them (:func:`engine.names.words`, with the
    UK rule book's glued order letters and arrows undone)."""
    if ")" in text:
        text = _GLUED.sub(r") \1 \2 (", text)
    if ">" in text or not text.isascii():  # every other arrow is not ASCII
        text = _ARROWS.sub(" - ", text)
    # words() turns every dash into its own word; the handbook's tilde (a support) is one too
    return words(text.replace("~", " ~ ") if "~" in text else text)


class _Reader:
    """A recursive-descent reader over the words of one order."""

    def __init__(self, names: Names, tokens: Sequence[str]) -> None:
        self.names = names
        self.tokens = tokens
        self.pos = 0
        self.notation = notation_for(names)
        self.stop = self.notation.stop
        # where the last name read starts and ends: a misspelt second word of a name follows
        # its first word read as an abbreviation ("Finský zálif")
        self.last_name = (0, 0)
        # kinds of province the place being read cannot be (an army's move never ends at
        # sea), so that no suggestion names one
        self.shunned: frozenset[ProvinceKind] = frozenset()

    def order(self) -> Draft:
        if not self.tokens:
            raise InvalidOrderError("the order is empty")
        power = self._leading_power()
        draft = self._body()
        draft.power = power
        if self.pos < len(self.tokens):
            if draft.kind is DraftKind.MOVE and self.tokens[self.pos] == DASH:
                raise self._second_move()
            raise self._unexpected()
        return draft

    def _body(self) -> Draft:
        if self._take(_WAIVE):
            return Draft(DraftKind.WAIVE)
        for table, kind in ((_BUILD, DraftKind.BUILD), (_DISBAND, DraftKind.DISBAND)):
            if self._take(table):
                unit_type, unit = self._unit()
                if unit is None and self._name_follows():
                    # "field A Xyz": the province to build in, misspelt
                    raise self._no_place()
                if unit_type is None and unit is None:
                    raise InvalidOrderError(f"say which unit, e.g. '{kind.name.title()} A MUN'")
                return Draft(kind, unit_type, unit)
        unit_type, unit = self._unit()
        if unit is None and self._name_follows():
            # "A Xyz - Bur" or "Xyz - Bur": where the unit stands, misspelt
            raise self._no_place()
        if unit_type is None and unit is None:
            raise self._unexpected()
        self.shunned = _SHUNNED.get(unit_type, frozenset()) if unit_type else frozenset()
        draft = self._action()
        draft.unit_type, draft.unit = unit_type, unit
        return draft

    def _action(self) -> Draft:
        if self.pos == len(self.tokens):
            return Draft(DraftKind.BARE)
        if self._take(self.notation.hold):
            return Draft(DraftKind.HOLD)
        if self._take(_RETREAT):
            return Draft(DraftKind.RETREAT, dest=self._required_place())
        if self._take(_MOVE):
            dest = self._required_place()
            return Draft(DraftKind.MOVE, dest=dest, via=self._take(_VIA))
        # what a support or convoy names may stand anywhere
        self.shunned = frozenset()
        if self._take(self.notation.support):
            return self._support()
        if self._take(self.notation.convoy):
            return self._convoy()
        if self._take(self.notation.seize):
            return Draft(DraftKind.SEIZE, dest=self._required_place())
        for table, kind in ((_DISBAND, DraftKind.DISBAND), (_BUILD, DraftKind.BUILD)):
            if self._take(table):
                return Draft(kind)
        raise self._unexpected()

    def _support(self) -> Draft:
        target_type, target = self._target()
        if self._take(_MOVE):
            dest = self._required_place()
            return Draft(DraftKind.SUPPORT, target_type=target_type, target=target, dest=dest)
        if self._take(self.notation.seize):
            dest = self._required_place()
            return Draft(DraftKind.SUPPORT_SEIZE, target_type=target_type, target=target, dest=dest)
        return Draft(DraftKind.SUPPORT, target_type=target_type, target=target)

    def _convoy(self) -> Draft:
        target_type, target = self._target()
        if self._take(_MOVE):
            dest = self._required_place()
            return Draft(DraftKind.CONVOY, target_type=target_type, target=target, dest=dest)
        if target_type is None and self.pos == len(self.tokens):
            # "A (Lond) c Bel" in the UK rule book: an army "convoys" itself, i.e. moves by sea
            return Draft(DraftKind.CONVOYED_MOVE, dest=target, via=True)
        raise InvalidOrderError("a convoy names an army and where it goes: F NTH C A LON - BEL")

    # pieces -------------------------------------------------------------------------

    def _leading_power(self) -> str | None:
        """``France: A Par - Bur``, ``England builds F Edi``: a power naming itself."""
        found = self.names.power_span(self.tokens, 0)
        if found is None or found[1] >= len(self.tokens):
            return None
        code, end = found
        place = self.names.span(self.tokens, 0, self.stop)
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

    def _unit(self) -> tuple[UnitType | None, Place | None]:
        first = self._unit_type()
        place = self._place()
        second = self._unit_type() if place is not None else None
        return first or second, place

    def _target(self) -> tuple[UnitType | None, Place]:
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
        place = self.names.span(self.tokens, self.pos, self.stop)
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
        if pos >= len(self.tokens) or self.tokens[pos] in self.notation.keywords:
            return None
        return self.names.span(self.tokens, pos, self.stop)

    def _place(self) -> Place | None:
        span = self._span_at(self.pos)
        if span is None:
            return None
        declared = " ".join(self.tokens[self.pos : span.end]) if span.declared else None
        self.last_name = (self.pos, span.end)
        self.pos = span.end
        coast = self.names.coast(self.tokens, self.pos)
        if coast is not None:
            self.pos = coast[1]
        return Place(span.tiers, coast[0] if coast else None, declared)

    def _required_place(self) -> Place:
        place = self._place()
        if place is None:
            raise self._no_place()
        return place

    def _take(self, table: Sequence[Phrase]) -> bool:
        if self.pos >= len(self.tokens):
            return False
        first = self.tokens[self.pos]
        for phrase in table:
            if phrase[0] != first:
                continue
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
        if word in self.stop or word == DASH:
            return InvalidOrderError(f"expected a province, not {word!r}")
        written = " ".join(self._name_like())
        suggestion = self._suggest(written) or self._suggest(word)
        return InvalidOrderError(f"unknown province {written!r}", suggestion=suggestion)

    def _suggest(self, written: str) -> str | None:
        return self.names.suggest(written, shunned=self.shunned)

    def _name_follows(self) -> bool:
        """Whether the next word is no order word: what stands there is meant as a name."""
        if self.pos >= len(self.tokens):
            return False
        word = self.tokens[self.pos]
        return word not in self.stop and word != DASH and not self._place_at(self.pos)

    def _second_move(self) -> InvalidOrderError:
        """``A Par-Bur-Pic``: a move goes to one province; a convoy's route is the fleets'."""
        steps = [t for t in self.tokens[self.pos :] if t != DASH]
        shown = " - ".join(t.upper() for t in steps) or "…"
        return InvalidOrderError(
            f"a move names one destination, but '- {shown}' follows it: a unit moves one "
            "step a turn (an army convoyed names only where it lands; the fleets' orders "
            "give the route)"
        )

    def _name_like(self) -> list[str]:
        """The words from here that could be meant as one name (up to a keyword)."""
        end = self.pos + 1
        while end < min(len(self.tokens), self.pos + 3) and self.tokens[end] not in self.stop:
            end += 1
        return list(self.tokens[self.pos : end])

    def _unexpected(self) -> InvalidOrderError:
        word = self.tokens[self.pos]
        if self._place_at(self.pos):
            return InvalidOrderError(f"did not expect the province {word!r} there")
        if word not in self.stop and word != DASH:
            start, end = self.last_name
            if end == self.pos and end > start:
                longer = " ".join([*self.tokens[start:end], *self._name_like()])
                suggestion = self._suggest(longer)
                if suggestion is not None:
                    return InvalidOrderError(f"unknown province {longer!r}", suggestion=suggestion)
            written = " ".join(self._name_like())
            suggestion = self._suggest(written) or self._suggest(word)
            if suggestion is not None:
                return InvalidOrderError(f"unknown province {written!r}", suggestion=suggestion)
        return InvalidOrderError(f"could not read the order from {word!r} on")
