"""Several orders written on one line with nothing between them, told apart.

The 1961 rules print each power's orders as one run (``England: A Liv.—Yor. F Lon.—North
Sea F Edi.—Norw. Sea``), and players paste them so. A new order starts where a unit is
named (``A``, ``F``, ``Army``, ``Fleet`` and one of the power's own units, or an order word
for a unit left unnamed: ``F Stands``), and only where the words before it already make a
whole order: the ``A`` of ``A Mar S A Par-Bur`` or ``F NTH C A Lon-Bel`` starts nothing,
since ``A Mar S`` and ``F NTH C`` are not orders yet. A text that reads as one order is
never split. ``and`` between two orders is a separator (``builds F Kiel and A Mun``).

>>> from engine.position import Position
>>> split_run("A Par.—Bur. A Mar.—Spa. F Bre.—Pic.", Position.initial(), "FRANCE")
['A Par.—Bur.', 'A Mar.—Spa.', 'F Bre.—Pic.']
>>> split_run("A Mar S A Par-Bur", Position.initial(), "FRANCE")
['A Mar S A Par-Bur']
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Sequence
from functools import cache

from engine.errors import OrderError
from engine.names import Names, names_for
from engine.parse_grammar import (
    UNIT_WORDS,
    DraftKind,
    Notation,
    notation_for,
    order_tokens,
    read_words,
)
from engine.phase import PhaseKind
from engine.position import Position
from engine.units import UnitType
from engine.variant import ProvinceKind

# a unit word standing alone: after a space, a bracket or a colon, before a space, a bracket
# or a dot; "cA(" in the UK rule book's F(NTH)cA(Yor)-Nwy is inside an order, never a start.
# The words of a text cut just before one are the words of the text: the cut is between words.
_UNIT_WORD = re.compile(r"(?i)(?<=[\s(\[{:])(?:army|fleet|a|f)(?=[\s(\[.]|$)")
# Diplomacia orders start with the area's name (handbook 8): any word after a space may
_WORD = re.compile(r"(?<=\s)\w")
_LOOKAHEAD = 8  # words enough to name a unit after its letter


def split_run(text: str, position: Position, power: str) -> list[str]:
    """The orders ``text`` holds, each as written; ``[text]`` when it is one order (or
    cannot be told apart). ``power`` is the power's code.

    On a Diplomacia board an order may also start with the name of the area of one of the
    power's units and an order word, as the handbook writes them (``Karélie O``).
    """
    names = names_for(position.variant)
    notation = notation_for(names)
    adjustments = position.phase.kind is PhaseKind.ADJUSTMENTS
    starts = {m.start() for m in _UNIT_WORD.finditer(text)}
    if notation.areas_first:
        starts.update(m.start() for m in _WORD.finditer(text))
    cuts = [0, *sorted(starts - {0}), len(text)]
    # the words between one possible start and the next, read once: a long text of stray
    # letters costs one pass, not one per letter
    segments = [order_tokens(text[a:b]) for a, b in itertools.pairwise(cuts)]
    if len(segments) == 1 or _whole(names, [w for s in segments for w in s], adjustments):
        return [text]
    own = set(_own_places(position, power))
    trailing = _trailing_join(notation.joins)
    pieces: list[str] = []
    start = 0
    head = list(segments[0])
    for i in range(1, len(segments)):
        if _starts_order(names, notation, _ahead(segments, i), own) and _whole(
            names, _without_join(head, notation.joins), adjustments
        ):
            pieces.append(trailing.sub("", text[cuts[start] : cuts[i]]).strip())
            start, head = i, []
        head.extend(segments[i])
    pieces.append(text[cuts[start] :].strip())
    return pieces


@cache
def _trailing_join(joins: frozenset[str]) -> re.Pattern[str]:
    listed = "|".join(re.escape(word) for word in sorted(joins))
    return re.compile(rf"(?i)\s+(?:{listed})\s*$")


def _without_join(words: list[str], joins: frozenset[str]) -> list[str]:
    return words[:-1] if words and words[-1] in joins else words


def _ahead(segments: Sequence[list[str]], i: int) -> list[str]:
    """The first words from segment ``i`` on."""
    words: list[str] = []
    for segment in segments[i:]:
        words.extend(segment)
        if len(words) >= _LOOKAHEAD:
            break
    return words


def _whole(names: Names, words: Sequence[str], adjustments: bool) -> bool:
    """The words make a whole order (a unit alone is one only as a build)."""
    try:
        draft = read_words(names, words)
    except OrderError:
        return False
    return draft.kind is not DraftKind.BARE or adjustments


def _starts_order(names: Names, notation: Notation, words: Sequence[str], own: set[str]) -> bool:
    """The words open with a unit word and the province of one of the power's units, or an
    order word (the unit left for the rest of the order to pick out); on a Diplomacia board
    also with the area of one of the power's units and an order word."""
    if len(words) < 2:
        return False
    if words[0] not in UNIT_WORDS:
        return notation.areas_first and _own_area_acts(names, notation, words, own)
    if words[1] in notation.order_words:
        return True
    span = names.span(words, 1, notation.stop)
    if span is None:
        return False
    letter = UnitType.FLEET if words[0] in ("f", "fleet") else UnitType.ARMY
    return any(
        code in own and _may_hold(names, code, letter) for tier in span.tiers for code in tier
    )


def _own_area_acts(names: Names, notation: Notation, words: Sequence[str], own: set[str]) -> bool:
    span = names.span(words, 0, notation.stop)
    if span is None or span.end >= len(words) or words[span.end] not in notation.order_words:
        return False
    return any(code in own for tier in span.tiers for code in tier)


def _may_hold(names: Names, code: str, letter: UnitType) -> bool:
    """A unit of that letter could stand in ``code``: on a Diplomacia board, where one kind
    of unit goes to an area, the Czech "a" (and) before a sector names no army."""
    variant = names.variant
    if not variant.rules.ruleset.one_unit_kind_per_area:
        return True
    province = variant.provinces.get(code)
    at_sea = province is not None and province.kind is ProvinceKind.SEA
    return at_sea is (letter is UnitType.FLEET)


def _own_places(position: Position, power: str) -> Iterator[str]:
    """Where the power has a unit to order now; in adjustments also where it may build."""
    kind = position.phase.kind
    if kind is PhaseKind.RETREATS:
        yield from (d.unit.province for d in position.dislodged if d.power == power)
        return
    yield from (u.province for u in position.units.get(power, ()))
    if kind is PhaseKind.ADJUSTMENTS:
        yield from position.homes.get(power, ())
