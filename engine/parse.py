"""Reading orders as players write them: many notations in, one :class:`~engine.orders.Order` out.

Accepted, case-insensitively, with the unit letter optional where only one unit fits. Each
text below is read for one power on the opening board; ``check=False`` keeps orders the
rules forbid there (a retreat in Spring, a unit the power does not have), so that only the
reading shows:

>>> from engine.orders import format_order
>>> def show(power: str, *texts: str) -> None:
...     for text in texts:
...         order = parse_order(text, Position.initial(), power, check=False)
...         print(f"{text:37} {format_order(order)}")
>>> show("ENGLAND", "Lon-NTH", "A Liv.—Yor.", "F NTH C A Yor-Nwy", "F(NTH)cA(Yor)-Nwy")
Lon-NTH                               F LON - NTH
A Liv.—Yor.                           A LVP - YOR
F NTH C A Yor-Nwy                     F NTH C A YOR - NWY
F(NTH)cA(Yor)-Nwy                     F NTH C A YOR - NWY
>>> show("ENGLAND", "A Lvp-Bel via convoy", "Build F Edi", "F EDI B", "waive")
A Lvp-Bel via convoy                  A LVP - BEL VIA
Build F Edi                           F EDI B
F EDI B                               F EDI B
waive                                 WAIVE
>>> show("FRANCE", "A(Par)-Bur", "F (Bre) — ENG", "A Bur S A Pic-Bel", "F Mao - Spa nc")
A(Par)-Bur                            A PAR - BUR
F (Bre) — ENG                         F BRE - ENG
A Bur S A Pic-Bel                     A BUR S A PIC - BEL
F Mao - Spa nc                        F MAO - SPA/NC
>>> show("FRANCE", "A Par R Gas", "A Par retreats to Gas", "A Par D")
A Par R Gas                           A PAR R GAS
A Par retreats to Gas                 A PAR R GAS
A Par D                               A PAR D
>>> show("GERMANY", "Munich army to Ruhr", "A Mun H", "A Mun holds", "A Mun stands")
Munich army to Ruhr                   A MUN - RUH
A Mun H                               A MUN H
A Mun holds                           A MUN H
A Mun stands                          A MUN H
>>> show("GERMANY", "A HOL S A FRA PIC—BEL", "Remove A Mun")
A HOL S A FRA PIC—BEL                 A HOL S A PIC - BEL
Remove A Mun                          A MUN D
>>> show("RUSSIA", "F StP/sc - Bot", "F StP(sc) - Bot", "F St. Petersburg (South Coast) - Bot")
F StP/sc - Bot                        F STP/SC - BOT
F StP(sc) - Bot                       F STP/SC - BOT
F St. Petersburg (South Coast) - Bot  F STP/SC - BOT

On a Diplomacia board (its ruleset's :meth:`~engine.rulesets.Ruleset.notation`) the
handbook's notation (its section 8) is read as well: an order names only the area, whose
kind says which unit stands there (``Karélie O``, ``Estonsko P Karélie – Lotyšsko``,
``Karélie ZP Finský záliv``, ``Finský záliv T Karélie – Botnický záliv``), and every convoy
is a hop (:class:`~engine.orders.ConvoyHop`). :mod:`engine.parse_grammar` holds each ruleset's order
words.

Reading happens in two steps. First the words are read into a draft whose province slots
may hold several candidates (``Tyr.`` is Tyrolia or, for a fleet, the Tyrrhenian Sea; an
order without its unit could be for any of the power's units): :mod:`engine.parse_grammar`.
Then every combination is tried against the board, and the one that makes a legal order
wins, preferring exact names to abbreviations: "a badly written order, which nevertheless
can have only one meaning, must be followed". Two equally good meanings make the order
ambiguous: :mod:`engine.parse_meaning`.

Orders in the canonical notation (``A PAR - BUR``, what every reply writes and front ends
send back) skip both steps: :mod:`engine.parse_canonical` reads them with a table lookup
per word, to the same order, or to the same error when the rules refuse one that can be
read only one way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.errors import IllegalOrderError, OrderError
from engine.names import names_for
from engine.orders import Order
from engine.parse_canonical import canonical_words, read_canonical_order, read_canonical_words
from engine.parse_grammar import order_tokens, read_words
from engine.parse_meaning import order_meant, wrong_letter
from engine.parse_runs import split_run
from engine.position import Position

_SEPARATORS = re.compile(r"[\n;,]")


@dataclass(frozen=True, slots=True)
class OrderLine:
    """One order of a multi-order text: what was written, and the order or why not.

    ``note`` is something the player should hear about an order that was taken: it was
    written with the wrong unit letter, and stands for the unit actually there.
    """

    text: str
    order: Order | None
    error: OrderError | None
    note: str | None = None

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
    return _read(text, position, power, check=check)[0]


def read_order(text: str, position: Position, power: str, *, check: bool = True) -> OrderLine:
    """Read one order of ``power`` as :func:`parse_order` does, kept as a value with what
    to tell the player: the :class:`OrderLine` :func:`parse_orders` gives an order it reads,
    or why it cannot be taken. A caller that must try a text before it knows which power
    it is for keeps the line instead of reading the text again."""
    return _line(text, position, power, check=check)


def _read(text: str, position: Position, power: str, *, check: bool) -> tuple[Order, str | None]:
    """The order, and what to tell the player about how it was read."""
    names = names_for(position.variant)
    own = names.power(power)
    if own is None:
        raise IllegalOrderError(f"unknown power {power!r}")
    words, tokens = canonical_words(names, text)
    # words the text spells out itself (no tokens needed) are answered even when the rules
    # refuse them, where that is the full reader's answer
    refused = check if tokens is None else None
    fast = (
        None
        if words is None
        else read_canonical_words(words, position, own, names, refused=refused)
    )
    if fast is not None:
        return fast
    return read_by_words(text, position, own, check=check, tokens=tokens)


def read_by_words(
    text: str, position: Position, power: str, *, check: bool, tokens: list[str] | None = None
) -> tuple[Order, str | None]:
    """The full reader, for any notation (the canonical one included): the order, and what
    to tell the player about how it was read. ``power`` is the power's code; ``tokens``, if
    given, are the text's :func:`~engine.parse_grammar.order_tokens`."""
    names = names_for(position.variant)
    own = power
    draft = read_words(names, order_tokens(text) if tokens is None else tokens)
    if draft.power is not None and draft.power != own:
        info = position.variant.power_info
        raise IllegalOrderError(
            f"you play {info[own].name}, so you cannot order {info[draft.power].name}'s units"
        )
    order = order_meant(draft, position, own, names, text.strip(), check=check)
    return order, wrong_letter(draft, order, position)


def parse_orders(
    text: str, position: Position, power: str, *, check: bool = True
) -> list[OrderLine]:
    """Read several orders, one per line or separated by ``;`` or ``,``, or run together
    on one line as the 1961 rules print them (:mod:`engine.parse_runs`).

    Every separator ends an order: no notation we accept needs a comma inside an order.
    Blank pieces are skipped; each other piece gives an :class:`OrderLine`.

    >>> [line.text for line in parse_orders("A Par-Bur F Bre-MAO; A Mar S A Par-Bur",
    ...                                     Position.initial(), "FRANCE")]
    ['A Par-Bur', 'F Bre-MAO', 'A Mar S A Par-Bur']
    """
    names = names_for(position.variant)
    own = names.power(power)
    lines: list[OrderLine] = []
    for piece in _SEPARATORS.split(text):
        piece = piece.strip()
        # A piece the shortcut reads is one order (the full reader would read all its words
        # as one order too): no run to take apart, and nothing to read twice.
        fast = (
            None if own is None or not piece else read_canonical_order(piece, position, own, names)
        )
        if fast is not None:
            lines.append(OrderLine(piece, fast[0], None, fast[1]))
            continue
        for written in _orders_in(piece, position, own):
            lines.append(_line(written, position, power, check=check))
    return lines


def _orders_in(piece: str, position: Position, power: str | None) -> list[str]:
    if not piece:
        return []
    if power is None:
        return [piece]  # reading it says the power is unknown
    return split_run(piece, position, power)


def _line(written: str, position: Position, power: str, *, check: bool) -> OrderLine:
    try:
        order, note = _read(written, position, power, check=check)
    except OrderError as error:
        return OrderLine(written, None, error)
    return OrderLine(written, order, None, note)
