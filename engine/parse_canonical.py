"""Orders in the canonical notation, read without the fuzzy matching of :mod:`engine.parse`.

Every reply writes orders as :func:`engine.orders.format_order` does (``A PAR - BUR``,
``F NTH C A LON - BEL``, ``F STP/SC - BOT``, ``A KAR ZP GFI``), and front ends send that
back from their menus: most orders a game master reads are in it. Such a text splits on its
spaces into order words and codes, each looked up in a table, and means what the two-step
reading (:mod:`engine.parse_grammar`, :mod:`engine.parse_meaning`) would make of it:

- the words give the same draft: the codes of :meth:`engine.names.Names.canonical_locations`
  are read by the word-by-word reader as their own province and nothing else;
- the board gives the same order: the order the codes name exactly is built as
  :mod:`engine.parse_meaning` builds it and checked by the rules (tidied, as there). When
  it is allowed it is the reading, since exact names outrank abbreviations.

The same words in another case or spacing (``a par-bur``, ``F StP/sc - Bot``) are read so
too: the word-by-word reader reads an order from its words alone. So are the ways players
type the same order, each where the reader provably reads it as the canonical words:

- without the unit letter (``Par-Bur``), for the power's unit standing there;
- with order words (``A Mun supports A Ber to Sil``, ``F Lon holds``) or full names
  (``A Paris-Burgundy``, ``F St. Petersburg (south coast) - Bot``), read piece by piece as
  the reader reads them (``_Reader._spelled_out``).

An order the rules refuse is answered here too when its words were written as the notation
writes them and each location in it has one reading (no abbreviation makes it another
province, as ``TYR`` may be the Tyrrhenian Sea): the full reader then has one meaning to
judge, so it says what the rules say, or the letter was wrong (:func:`read_canonical_words`).

Anything else (another notation, a code the table leaves out, a power's name, an order the
rules refuse that could be read another way) gets ``None``, and the full reader takes it,
with its suggestions and its error messages.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from engine.errors import IllegalOrderError, OrderError
from engine.legal import check_order
from engine.names import Names, Written
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
)
from engine.parse_grammar import UNIT_LETTERS, canonical_phrases, notation_for, order_tokens
from engine.parse_meaning import misnamed
from engine.phase import PhaseKind
from engine.position import Position
from engine.units import Unit, UnitType
from engine.variant import ProvinceKind

_LETTERS = {"A": UnitType.ARMY, "F": UnitType.FLEET}
# every word of the canonical notation but the locations
_KEYWORDS = frozenset({"A", "F", "H", "-", "S", "C", "R", "D", "B", "ZP", "VIA", "WAIVE"})
_CONVOY_WORDS = frozenset({"by", "convoy"})
_BACKING = frozenset({"S", "C"})
_WAIVE = Waive()
# Texts whose words a reader keeps (a few megabytes at most)
_WORDS_KEPT = 20_000


def read_canonical_order(
    text: str, position: Position, power: str, names: Names
) -> tuple[Order, str | None] | None:
    """The order of ``power`` that ``text`` in the canonical notation means, and what to
    tell the player about it (a wrong unit letter); ``None`` for the full reader to take."""
    words, _ = canonical_words(names, text)
    return None if words is None else read_canonical_words(words, position, power, names)


def canonical_words(names: Names, text: str) -> tuple[list[str] | None, list[str] | None]:
    """The words of ``text`` as the canonical notation writes them, if it is written in it
    (else ``None``), and the words the full reader takes apart (:func:`order_tokens`) if
    they had to be: the full reader need not take them apart again."""
    return _reader(names).words(text)


def read_canonical_words(
    words: list[str],
    position: Position,
    power: str,
    names: Names,
    *,
    refused: bool | None = None,
) -> tuple[Order, str | None] | None:
    """:func:`read_canonical_order` for the words :func:`canonical_words` found.

    ``refused`` answers an order the rules refuse as the full reader would, when the words
    are the text's own (no order words or full names read into them) and each location has
    one reading: the full reader has one meaning to judge then, the order made here. With
    ``refused=True`` (the reader's ``check``) its error is raised: the wrong unit letter if
    the letter was wrong, else what the rules say; with ``False`` the order is returned as
    written, with its note. ``None`` leaves every refused order to the full reader.
    """
    if words == ["WAIVE"]:
        made: Order | None = _WAIVE
        letter = None
    else:
        reader = _reader(names)
        if len(words) >= 2 and words[0] not in _LETTERS:
            lettered = reader.lettered(words, position, power)
            if lettered is None:
                return None
            words = lettered
        if len(words) < 3:
            return None
        made = reader.made(words, position, power)
        letter = _LETTERS[words[0]]
    if made is None:
        return None
    try:
        result = check_order(position, power, made)
    except OrderError:
        if refused is None or not _reader(names).one_reading(words):
            # the full reader says what is wrong, or finds a meaning the rules allow
            return None
        note = None if letter is None else misnamed(letter, made, position)
        if not refused:
            return made, note
        if note is not None:
            # written for a unit the power does not have there: what the real one could
            # not do is beside the point
            raise IllegalOrderError(note) from None
        raise
    return result, None if letter is None else misnamed(letter, result, position)


@cache
def _reader(names: Names) -> _Reader:
    return _Reader(names)


class _Reader:
    """The canonical notation of one variant's orders."""

    def __init__(self, names: Names) -> None:
        notation = notation_for(names)
        self.names = names
        self.keywords = notation.keywords
        self.stop = notation.stop
        self.phrases = canonical_phrases(notation)
        self.locations = names.canonical_locations(notation.keywords, notation.stop)
        self.joined = names.hyphen_pairs()
        self.variant = names.variant
        ruleset = names.variant.rules.ruleset
        self.seizures = ruleset.port_seizures
        self.hops = ruleset.hop_convoys
        self.one_kind = ruleset.one_unit_kind_per_area
        self.coasts = {w.coast.lower(): w.coast for w in self.locations.values() if w.coast}
        self.vocabulary = {*self.locations, *_KEYWORDS}
        # text -> its words and tokens (see :meth:`words`): the same few texts come again
        # and again, in every phase and from every player (the menus send them)
        self._words_of: dict[str, tuple[tuple[str, ...] | None, tuple[str, ...] | None]] = {}
        # locations the reader reads as their province alone, in every tier: no
        # abbreviation of another name (TYR for the Tyrrhenian Sea, too)
        self.sole = frozenset(
            word for word, at in self.locations.items() if self._sole(names, at.code)
        )
        # where an order may start without its unit letter: the reader takes no power's
        # name from the words
        self.unlettered = frozenset(
            word
            for word, at in self.locations.items()
            if not names.may_start_power(at.code.lower())
        )

    def _sole(self, names: Names, code: str) -> bool:
        span = names.span([code.lower()], 0, self.stop)
        return span is not None and span.tiers == ((code,),) and not span.declared

    def one_reading(self, words: Sequence[str]) -> bool:
        """Every location in the canonical ``words`` has one reading."""
        return all(word in self.sole for word in words if word in self.locations)

    def words(self, text: str) -> tuple[list[str] | None, list[str] | None]:
        """The words of ``text`` as the canonical notation writes them, if it is written in
        it, in any case and spacing (``a par-bur``, ``F StP/sc - Bot``), else ``None``; and
        the text's :func:`order_tokens` if they were needed.

        The word-by-word reader reads an order from its words (:func:`order_tokens`) alone,
        so a text with the words of a canonical order means what that order means.
        """
        found = self._words_of.get(text)
        if found is None:
            words, tokens = self._read_words(text)
            found = (
                None if words is None else tuple(words),
                None if tokens is None else tuple(tokens),
            )
            if len(self._words_of) >= _WORDS_KEPT:
                self._words_of.clear()  # a bound on memory, rarely reached
            self._words_of[text] = found
        # lists of their own: callers may change them
        words_of, tokens_of = found
        return (
            None if words_of is None else list(words_of),
            None if tokens_of is None else list(tokens_of),
        )

    def _read_words(self, text: str) -> tuple[list[str] | None, list[str] | None]:
        if text.isascii() and "--" not in text:
            # the reader takes a dash apart from the words around it (A Par-Bur)
            plain = text.upper().replace("-", " - ").split()
            if all(word in self.vocabulary for word in plain):
                return plain, None
        tokens = order_tokens(text)
        words = self._from_tokens(tokens)
        return (words if words is not None else self._spelled_out(tokens)), tokens

    def _from_tokens(self, tokens: list[str]) -> list[str] | None:
        words: list[str] = []
        for token in tokens:
            coast = self.coasts.get(token)
            if coast is not None and words and words[-1] in self.locations and "/" not in words[-1]:
                # the coast the reader takes after a province: F STP SC is F STP/SC
                words[-1] = f"{words[-1]}/{coast}"
                continue
            word = token.upper()
            if word not in self.vocabulary and token not in _CONVOY_WORDS:
                return None
            words.append(word)
        if words[-2:] in (["VIA", "CONVOY"], ["BY", "CONVOY"]):
            # "via convoy" and "by convoy" are read as VIA is
            words[-2:] = ["VIA"]
        return words if all(word in self.vocabulary for word in words) else None

    def lettered(self, words: list[str], position: Position, power: str) -> list[str] | None:
        """``PAR - BUR`` as ``A PAR - BUR`` when the power's army stands in Paris (a unit
        dislodged there in a retreat phase); ``None`` when no unit of the power is there.

        Without its letter the reader reads the same draft but for the unit's type, and takes
        the power's unit standing where the order names one, whatever its type: the order
        written with that unit's letter means the same, with nothing to tell the player. A
        build names no unit standing there, so it is left to the full reader.
        """
        at = self.locations.get(words[0])
        if at is None or words[0] not in self.unlettered or words[1] == "B":
            return None
        if position.phase.kind is PhaseKind.RETREATS:
            found = next(
                (
                    d.unit
                    for d in position.dislodged
                    if d.power == power and d.unit.province == at.code
                ),
                None,
            )
        else:
            occupant = position.occupant(at.code)
            found = occupant[1] if occupant is not None and occupant[0] == power else None
        return None if found is None else [found.type.value, *words]

    def _spelled_out(self, tokens: Sequence[str]) -> list[str] | None:
        """The canonical words of an order written with order words or full names (``A Mun
        supports A Ber to Sil``, ``F North Sea - Belgium``), if the reader reads it as it
        reads those words; else ``None``.

        The words are read piece by piece as the reader reads them, so that each piece is
        what the reader takes at that point of either text: a unit word; a phrase of order
        words, the first the reader tries (:func:`canonical_phrases`: no first word starts
        phrases of two kinds, so the reader takes it whatever kind it looks for there); or
        a name, the span :meth:`~engine.names.Names.span` finds (what the reader finds
        there), whose best tier is one province, with the coast after it. The reader looks
        for a power's name at the start and in the unit a support or convoy names (``S FRA A
        PIC``), nowhere else: with none there, it reads none in either text.
        """
        names = self.names
        if names.power_span(tokens, 0) is not None:
            return None
        words: list[str] = []
        at = 0
        backed = False  # in the unit a support or convoy names
        while at < len(tokens):
            token = tokens[at]
            phrases = self.phrases.get(token)
            if phrases is not None:
                for phrase, word in phrases:
                    end = at + len(phrase)
                    if len(phrase) == 1 or tuple(tokens[at:end]) == phrase:
                        words.append(word)
                        at = end
                        backed = word in _BACKING
                        break
                else:
                    return None
                continue
            if backed and names.power_span(tokens, at) is not None:
                return None
            letter = UNIT_LETTERS.get(token)
            if letter is not None:
                words.append(letter)
                at += 1
                continue
            span = None if token in self.keywords else names.span(tokens, at, self.stop)
            if span is None or span.declared or len(span.tiers[0]) != 1:
                return None
            word = span.tiers[0][0]
            at = span.end
            coast = names.coast(tokens, at)
            if coast is not None:
                word = f"{word}/{coast[0]}"
                at = coast[1]
            if word not in self.locations:
                return None
            words.append(word)
            backed = False
        return words

    def made(self, words: Sequence[str], position: Position, power: str) -> Order | None:
        """The order the words name exactly, if they are in the canonical notation."""
        letter = _LETTERS.get(words[0])
        unit_at = self.locations.get(words[1])
        if letter is None or unit_at is None:
            return None
        verb = words[2]
        count = len(words)
        if count == 3:
            if verb == "B":
                return Build(self._written_unit(letter, unit_at))
            if verb == "H":
                return Hold(self._unit(position, power, letter, unit_at))
            if verb == "D":
                return Disband(self._unit(position, power, letter, unit_at))
            return None
        if verb == "-" or verb == "R":
            return self._move(words, position, power, letter, unit_at)
        if verb == "ZP":
            dest_at = self.locations.get(words[3])
            if not self.seizures or count != 4 or dest_at is None:
                return None
            return Seize(self._unit(position, power, letter, unit_at), dest_at.code)
        if verb == "S" or verb == "C":
            return self._backing(words, position, power, letter, unit_at)
        return None

    def _move(
        self, words: Sequence[str], position: Position, power: str, letter: UnitType, at: Written
    ) -> Order | None:
        """``A PAR - BUR``, ``A LON - BEL VIA``, ``A PAR R GAS``."""
        verb = words[2]
        if len(words) == 4:
            via = False
        elif len(words) == 5 and verb == "-" and words[4] == "VIA":
            via = True
        else:
            return None
        dest_at = self.locations.get(words[3])
        if dest_at is None or (verb == "-" and self._joined(words[1], at, dest_at)):
            return None
        unit = self._unit(position, power, letter, at)
        # an army's coast means nothing (DATC 4.B.6)
        dest = dest_at.code if unit.type is UnitType.ARMY else self._located(dest_at)
        if verb == "R" or position.phase.kind is PhaseKind.RETREATS:
            return Retreat(unit, dest)
        return Move(unit, dest, via)

    def _backing(
        self, words: Sequence[str], position: Position, power: str, letter: UnitType, at: Written
    ) -> Order | None:
        """A support (``S [A] MUN [- BUR | ZP GFI]``) or convoy (``C [A] LON - BEL``)."""
        rest = words[3:]
        target_type = _LETTERS.get(rest[0])
        if target_type is not None:
            rest = rest[1:]
        target_at = self.locations.get(rest[0]) if rest else None
        if target_at is None:
            return None
        support = words[2] == "S"
        target = target_at.code
        if len(rest) == 1:
            if not support:
                return None
            kind = target_type or self._kind_of(target)
            return SupportHold(self._unit(position, power, letter, at), target, kind)
        dest_at = self.locations.get(rest[2]) if len(rest) == 3 else None
        if dest_at is None:
            return None
        unit = self._unit(position, power, letter, at)
        if rest[1] == "ZP":
            if not self.seizures or not support:
                return None
            return SupportSeize(unit, target, dest_at.code)
        if rest[1] != "-" or self._joined(rest[0], target_at, dest_at):
            return None
        if support:
            kind = target_type or self._kind_of(target)
            return SupportMove(unit, target, self._located(dest_at), kind)
        if self.hops:
            return ConvoyHop(unit, target, dest_at.code)
        if target_type is UnitType.FLEET:
            return None  # only armies are convoyed: the full reader says so
        return Convoy(unit, target, dest_at.code)

    def _joined(self, first_word: str, first: Written, second: Written) -> bool:
        """``X - Y`` is read as one hyphenated name (only when ``X`` has no coast written)."""
        if not self.joined or "/" in first_word:
            return False
        return (first.code, second.code) in self.joined

    def _located(self, at: Written) -> str:
        """The location: a coast the province does not have means nothing (DATC 4.B.6)."""
        if at.coast is None or at.coast not in self.variant.provinces[at.code].coasts:
            return at.code
        return f"{at.code}/{at.coast}"

    def _written_unit(self, letter: UnitType, at: Written) -> Unit:
        if letter is UnitType.FLEET:
            return Unit(UnitType.FLEET, self._located(at))
        return Unit(UnitType.ARMY, at.code)

    def _unit(self, position: Position, power: str, letter: UnitType, at: Written) -> Unit:
        """The power's unit there as it really is (whatever letter was written), else the
        unit the words describe."""
        if position.phase.kind is PhaseKind.RETREATS:
            for d in position.dislodged:
                if d.power == power and d.unit.province == at.code:
                    return d.unit
        else:
            occupant = position.occupant(at.code)
            if occupant is not None and occupant[0] == power:
                return occupant[1]
        return self._written_unit(letter, at)

    def _kind_of(self, code: str) -> UnitType | None:
        """On a Diplomacia board, the only kind of unit ``code`` can hold."""
        if not self.one_kind:
            return None
        kind = self.variant.provinces[code].kind
        return UnitType.FLEET if kind is ProvinceKind.SEA else UnitType.ARMY
