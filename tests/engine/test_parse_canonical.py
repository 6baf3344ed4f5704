"""The canonical notation's shortcut reads every order as the full reader does.

For every legal order of a sweep of positions (games played forward on every shipped
variant to a movement, a retreat and an adjustment phase, and crowded standard boards)
written canonically, and three of each unit's also written every way players type them
(:mod:`tools.order_texts`), :func:`engine.parse.parse_order`'s reading (which takes the
shortcut where it can) and the full reader's alone agree, for the order's own power and for
another, with and without the rules' check: the same order, the same note, or the same
error. Every legal order written canonically takes the shortcut. The orders listed for the
phase before, tried on the board after (units gone, moved, or of another kind of phase),
get the same answer from the shortcut, where it answers, as from the full reader.

The sweep is cut into slices of each position's orders. ``make test`` checks one slice of
every position (a different slice from position to position, the same every run);
``make sweep`` (``DIPGM_SWEEP=full``) checks every slice of every position, and more games.
"""

from __future__ import annotations

import itertools
import os
import random
import re
from dataclasses import dataclass
from functools import cache

import pytest

from engine import (
    Order,
    OrderError,
    PhaseKind,
    Position,
    adjudicate,
    format_order,
    legal_orders,
)
from engine.names import names_for
from engine.parse import _read, parse_order, read_by_words
from engine.parse_canonical import (
    _reader,
    canonical_words,
    read_canonical_order,
    read_canonical_words,
)
from engine.parse_runs import split_run
from engine.variant import load_variant
from tools.contract_corpus import VARIANTS, legal_random_orders
from tools.order_texts import sloppy_forms
from tools.scenarios import diplomacia_movement_orders, random_orders, random_position

FULL = os.environ.get("DIPGM_SWEEP") == "full"
SLICES = 4
KINDS = (PhaseKind.MOVEMENT, PhaseKind.RETREATS, PhaseKind.ADJUSTMENTS)
# games per variant and phase kind, and crowded boards, in the sweep
GAMES = range(4) if FULL else range(1)
CROWDED = range(12) if FULL else range(2)
_LONGEST_GAME = 30


@dataclass(frozen=True)
class Case:
    """One position of the sweep, and the slice of its orders checked."""

    variant: str
    seed: int
    kind: PhaseKind | None  # None: a crowded standard board
    part: int

    def __str__(self) -> str:
        board = self.kind.name.lower() if self.kind else "crowded"
        return f"{self.variant}-{board}-{self.seed}-slice{self.part}"


def _cases() -> list[Case]:
    boards: list[tuple[str, int, PhaseKind | None]] = [
        (v, seed, kind) for v in VARIANTS for kind in KINDS for seed in GAMES
    ]
    boards += [("standard", seed, None) for seed in CROWDED]
    if FULL:
        return [Case(*board, part) for board in boards for part in range(SLICES)]
    # each position one slice, the slices taken in turn along the list
    return [Case(*board, number % SLICES) for number, board in enumerate(boards)]


def _positions(case: Case) -> tuple[Position, Position]:
    """The case's position, and the position of the phase before it (the opening for
    crowded boards)."""
    return _board(case.variant, case.seed, case.kind)


@cache
def _board(variant_name: str, seed: int, kind: PhaseKind | None) -> tuple[Position, Position]:
    variant = load_variant(variant_name)
    opening = Position.initial(variant)
    if kind is None:
        return random_position(random.Random(seed), variant), opening
    # a game that never reaches such a phase in time gives way to the next seed's
    for tried in range(seed, seed + 1_000_000, 1000):
        found = _played_to(opening, random.Random(tried), kind, played=2 + seed % 5)
        if found is not None:
            return found
    raise AssertionError(f"no {kind.name} phase in {variant_name} games")


def _played_to(
    opening: Position, rng: random.Random, kind: PhaseKind, played: int
) -> tuple[Position, Position] | None:
    """The first phase of ``kind`` after ``played`` phases (boards get busier as games go
    on), and the one before, in a game of the busy random orders that dislodge units."""
    before, position = opening, opening
    for number in range(_LONGEST_GAME):
        if number >= played and position.phase.kind is kind:
            return position, before
        if position.phase.kind is not PhaseKind.MOVEMENT:
            orders = legal_random_orders(rng, position)
        elif position.variant.rules.ruleset.hop_convoys:
            orders = diplomacia_movement_orders(rng, position)
        else:
            orders = random_orders(rng, position)
        resolution = adjudicate(position, orders)
        if resolution.winners:
            return None
        before, position = position, resolution.position
    return None


def _outcome(read: object, *args: object, **kwargs: object) -> object:
    try:
        return read(*args, **kwargs)  # type: ignore[operator]
    except OrderError as error:
        return type(error), str(error), error.suggestion


def _places(position: Position) -> list[str]:
    if position.phase.kind is PhaseKind.RETREATS:
        places = [d.unit.province for d in position.dislodged]
    else:
        places = [unit.province for _, unit in position.all_units()]
    if position.phase.kind is PhaseKind.ADJUSTMENTS:
        places += [home for power in position.variant.powers for home in position.homes[power]]
    return sorted(set(places))


def _sliced(position: Position, part: int) -> list[tuple[Order, bool]]:
    """The legal orders of the slice, numbered across the whole position, each with
    whether it is also tried as typed (three of each place's). The few orders of a retreat or
    an adjustment phase are all in every slice."""
    rng = random.Random(f"{position.phase} {part}")
    whole = position.phase.kind is not PhaseKind.MOVEMENT
    orders: list[tuple[Order, bool]] = []
    number = 0
    for place in _places(position):
        listed = legal_orders(position, place)
        typed = set(rng.sample(range(len(listed)), min(len(listed), 3)))
        for at, order in enumerate(listed):
            if whole or number % SLICES == part:
                orders.append((order, at in typed))
            number += 1
    return orders


def _owner(position: Position, order: Order) -> str:
    """The power that may give ``order``: the one standing where it names a unit first."""
    unit = getattr(order, "unit", None)
    standing = None if unit is None else position.occupant(unit.province)
    first = [standing[0]] if standing is not None else []
    powers = [*first, *position.variant.powers]
    return next(p for p in powers if _read_ok(format_order(order), position, p))


@pytest.mark.parametrize("case", _cases(), ids=str)
def test_every_legal_order_reads_the_same_with_and_without_the_shortcut(case: Case) -> None:
    position, _ = _positions(case)
    variant = position.variant
    names = names_for(variant)
    rng = random.Random(str(case))
    sliced = _sliced(position, case.part)
    assert sliced
    for order, typed in sliced:
        canonical = format_order(order)
        owner = _owner(position, order)
        assert read_canonical_order(canonical, position, owner, names) is not None, canonical
        other = rng.choice([p for p in variant.powers if p != owner])
        texts = [canonical, *(sloppy_forms(order, variant) if typed else ())]
        for text in texts:
            for power in (owner, other):
                for check in (True, False):
                    both = _outcome(_read, text, position, power, check=check)
                    full = _outcome(read_by_words, text, position, power, check=check)
                    assert both == full, (text, power, check, str(position.phase))
                if read_canonical_order(text, position, power, names) is not None:
                    # what lets parse_orders skip looking for a run of orders in it
                    assert split_run(text, position, power) == [text], text


@pytest.mark.parametrize("case", _cases(), ids=str)
def test_orders_of_another_phase_get_the_full_readers_answer_from_the_shortcut(
    case: Case,
) -> None:
    """The orders listed for the phase before, tried on this board by the power that could
    give them then and by another: refused (a unit gone or moved, a retreat in a movement
    phase) or not, the shortcut's answer, where it gives one, is the full reader's; and it
    gives one for every order refused whose locations each have one reading."""
    position, before = _positions(case)
    names = names_for(position.variant)
    reader = _reader(names)
    rng = random.Random(str(case))
    refused = 0
    for order, _ in _sliced(before, case.part):
        text = format_order(order)
        words, tokens = canonical_words(names, text)
        assert words is not None and tokens is None, text
        powers = {_owner(before, order), rng.choice(position.variant.powers)}
        for power, check in itertools.product(sorted(powers), (True, False)):
            full = _outcome(read_by_words, text, position, power, check=check)
            found = _outcome(read_canonical_words, words, position, power, names, refused=check)
            if found is None and _is_error(full) and reader.one_reading(words):
                raise AssertionError(f"{text!r} refused for {power} without the shortcut")
            assert found in (None, full), (text, power, check, str(position.phase))
            refused += _is_error(found)
    assert refused > 0 or not any(reader.one_reading(w) for w in _words_of(before, case.part))


def _words_of(position: Position, part: int) -> list[list[str]]:
    names = names_for(position.variant)
    return [canonical_words(names, format_order(o))[0] or [] for o, _ in _sliced(position, part)]


def _is_error(outcome: object) -> bool:
    return isinstance(outcome, tuple) and isinstance(outcome[0], type)


def _read_ok(text: str, position: Position, power: str) -> bool:
    try:
        _read(text, position, power, check=True)
    except OrderError:
        return False
    return True


def _by_the_shortcut(text: str, position: Position, power: str) -> tuple[Order, str | None]:
    """What the shortcut reads ``text`` as (it must read it), which is the reading."""
    found = read_canonical_order(text, position, power, names_for(position.variant))
    assert found is not None, text
    assert _read(text, position, power, check=True) == read_by_words(
        text, position, power, check=True
    )
    return found


def _left_to_the_full_reader(text: str, position: Position, power: str) -> None:
    """The shortcut does not read ``text``; with or without the rules' check, reading it is
    the full reader's reading, order or error."""
    assert read_canonical_order(text, position, power, names_for(position.variant)) is None
    for check in (True, False):
        both = _outcome(_read, text, position, power, check=check)
        assert both == _outcome(read_by_words, text, position, power, check=check)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_opening_order_in_canonical_notation_takes_the_shortcut(variant: str) -> None:
    position = Position.initial(load_variant(variant))
    names = names_for(position.variant)
    for power, unit in position.all_units():
        for order in legal_orders(position, unit.province):
            text = format_order(order)
            assert read_canonical_order(text, position, power, names) == (order, None), text
            for check in (True, False):
                assert read_by_words(text, position, power, check=check) == (order, None)


@pytest.mark.parametrize(
    ("power", "text", "error"),
    [
        ("FRANCE", "A PAR - MUN", "PAR is not adjacent to MUN"),
        ("GERMANY", "A PAR - BUR", "you have no unit in PAR"),
        ("FRANCE", "F BRE - PAR", "fleets cannot move inland: PAR"),
        ("FRANCE", "A BRE - PAR", "there is a fleet in Brest, not an army"),
        ("FRANCE", "a par b", "it is Spring 1901 Movement: only holds"),
        ("FRANCE", "WAIVE", "only holds"),
    ],
)
def test_a_refused_canonical_order_with_one_reading_gets_the_full_readers_answer_on_the_shortcut(
    power: str, text: str, error: str
) -> None:
    """With the rules' check, the full reader's error; without, the order as written."""
    position = Position.initial()
    names = names_for(position.variant)
    words, _ = canonical_words(names, text)
    assert words is not None
    assert read_canonical_order(text, position, power, names) is None  # not a legal order
    for check in (True, False):
        found = _outcome(read_canonical_words, words, position, power, names, refused=check)
        assert found == _outcome(read_by_words, text, position, power, check=check)
    with pytest.raises(OrderError, match=re.escape(error)):
        read_canonical_words(words, position, power, names, refused=True)


def test_a_refused_canonical_order_that_reads_another_way_is_left_to_the_full_reader() -> None:
    """``TYR`` is Tyrolia, and as an abbreviation the Tyrrhenian Sea: a fleet in Naples
    cannot go to Tyrolia, so the order is the move to the sea."""
    position = Position.initial()
    names = names_for(position.variant)
    words, _ = canonical_words(names, "F NAP - TYR")
    assert words is not None
    for check in (True, False):
        assert read_canonical_words(words, position, "ITALY", names, refused=check) is None
    assert format_order(parse_order("F NAP - TYR", position, "ITALY")) == "F NAP - TYS"


def test_a_wrong_unit_letter_is_told_on_the_shortcut_too() -> None:
    position = Position.initial()
    names = names_for(position.variant)
    order, note = read_canonical_order("A BRE - MAO", position, "FRANCE", names) or (None, None)
    assert order is not None and format_order(order) == "F BRE - MAO"
    assert note == "there is a fleet in Brest, not an army"


@pytest.mark.parametrize(
    ("power", "text", "expected"),
    [
        ("RUSSIA", "f stp/sc-bot", "F STP/SC - BOT"),
        ("RUSSIA", "F StP(sc) - Bot", "F STP/SC - BOT"),
        ("ENGLAND", "F(Lon)-(Nth)", "F LON - NTH"),
        ("GERMANY", "A Mun-Bur", "A MUN - BUR"),
        ("FRANCE", "  a mar   s a par-bur ", "A MAR S A PAR - BUR"),
    ],
)
def test_the_canonical_words_in_any_case_and_spacing_take_the_shortcut(
    power: str, text: str, expected: str
) -> None:
    order, _ = _by_the_shortcut(text, Position.initial(), power)
    assert format_order(order) == expected


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_opening_order_without_its_unit_letter_takes_the_shortcut(variant: str) -> None:
    """``PAR - BUR`` for France's army in Paris is ``A PAR - BUR``, read by the shortcut,
    unless the province's code could start a power's name (``ENG`` and England)."""
    position = Position.initial(load_variant(variant))
    names = names_for(position.variant)
    taken = 0
    for power, unit in position.all_units():
        for order in legal_orders(position, unit.province):
            text = format_order(order).partition(" ")[2]
            expected = read_by_words(text, position, power, check=True)
            found = read_canonical_order(text, position, power, names)
            if names.may_start_power(unit.province.lower()):
                assert found is None, text
                continue
            assert found == expected == (order, None), text
            taken += 1
    assert taken > 0


@pytest.mark.parametrize(
    ("power", "text", "expected"),
    [
        ("FRANCE", "Par-Bur", "A PAR - BUR"),
        ("FRANCE", "bre h", "F BRE H"),
        ("RUSSIA", "StP/sc - Bot", "F STP/SC - BOT"),
        ("GERMANY", "KIE S MUN - BER", "F KIE S MUN - BER"),
    ],
)
def test_an_order_without_its_unit_letter_takes_the_shortcut(
    power: str, text: str, expected: str
) -> None:
    order, note = _by_the_shortcut(text, Position.initial(), power)
    assert note is None
    assert format_order(order) == expected


@pytest.mark.parametrize(
    ("power", "text"),
    [
        ("FRANCE", "Mun - Ruh"),  # Germany's army
        ("FRANCE", "Gas - Bur"),  # no unit there
        ("ENGLAND", "Eng H"),  # ENG could start England's name
    ],
)
def test_an_order_without_a_letter_for_no_unit_of_the_power_is_left_to_the_full_reader(
    power: str, text: str
) -> None:
    position = Position.initial()
    if text == "Eng H":
        position = adjudicate(
            position, {"ENGLAND": [parse_order("F LON - ENG", position, "ENGLAND")]}
        ).position
    _left_to_the_full_reader(text, position, power)


@pytest.mark.parametrize(
    ("power", "text", "expected"),
    [
        ("FRANCE", "A Paris moves to Burgundy", "A PAR - BUR"),
        ("FRANCE", "A Paris-Burgundy", "A PAR - BUR"),
        ("GERMANY", "A Mun supports A Ber to Sil", "A MUN S A BER - SIL"),
        ("ENGLAND", "F London holds", "F LON H"),
        ("ENGLAND", "F Edinburgh supports F London to North Sea", "F EDI S F LON - NTH"),
        ("RUSSIA", "F St. Petersburg (south coast) - Gulf of Bothnia", "F STP/SC - BOT"),
        ("RUSSIA", "Sevastopol stands", "F SEV H"),
        ("FRANCE", "F Brest moves to English Channel", "F BRE - ENG"),
    ],
)
def test_order_words_and_full_names_take_the_shortcut(power: str, text: str, expected: str) -> None:
    order, note = _by_the_shortcut(text, Position.initial(), power)
    assert note is None
    assert format_order(order) == expected


@pytest.mark.parametrize(
    ("power", "text"),
    [
        ("ENGLAND", "England: F London - North Sea"),  # a power's name
        ("ENGLAND", "F Lon S English Channel"),  # the supported unit starts as a power's name
        ("AUSTRIA", "Army to Tyr."),  # no unit named
        ("FRANCE", "build A Paris"),  # a build's order word comes first
    ],
)
def test_other_wordings_are_left_to_the_full_reader(power: str, text: str) -> None:
    _left_to_the_full_reader(text, Position.initial(), power)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("F North Sea convoys A Yorkshire to Norway", "F NTH C A YOR - NWY"),
        ("A Yor moves to Nwy via convoy", "A YOR - NWY VIA"),
        ("Yorkshire - Norway by convoy", "A YOR - NWY VIA"),
    ],
)
def test_convoys_in_words_take_the_shortcut(text: str, expected: str) -> None:
    start = Position.initial()
    opening = [parse_order(t, start, "ENGLAND") for t in ("F LON - NTH", "A LVP - YOR")]
    position = adjudicate(start, {"ENGLAND": opening}).position
    order, _ = _by_the_shortcut(text, position, "ENGLAND")
    assert format_order(order) == expected


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("A Par-Bur", ["A", "PAR", "-", "BUR"]),
        ("  f stp/sc-bot ", ["F", "STP/SC", "-", "BOT"]),
    ],
)
def test_canonical_words_joined_by_a_dash_need_no_taking_apart(text: str, words: list[str]) -> None:
    """Split at spaces and dashes, the words are the canonical ones: the full reader's
    taking apart of the text (order_tokens) is not needed."""
    assert canonical_words(names_for(load_variant()), text) == (words, None)
