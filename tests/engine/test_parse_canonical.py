"""The canonical notation's shortcut reads every order as the full reader does.

For every legal order of random positions (games played forward on every shipped variant,
so movement, retreat and adjustment phases, and crowded standard boards) written canonically,
and three of each unit's also written every way players type them (:mod:`tools.order_texts`),
:func:`engine.parse.parse_order`'s reading (which takes the shortcut where it can) and the
full reader's alone agree, for the order's own power and for another, with and without the
rules' check: the same order, the same note, or the same error. Every legal order written
canonically takes the shortcut.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

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
from engine.parse_canonical import canonical_words, read_canonical_order
from engine.parse_runs import split_run
from engine.variant import load_variant
from tools.contract_corpus import VARIANTS, legal_random_orders
from tools.order_texts import sloppy_forms
from tools.scenarios import random_position

SETTINGS = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _played(variant: str, seed: int, phases: int) -> Position:
    rng = random.Random(seed)
    position = Position.initial(load_variant(variant))
    for _ in range(phases):
        resolution = adjudicate(position, legal_random_orders(rng, position))
        if resolution.winners:
            break
        position = resolution.position
    return position


POSITIONS = st.one_of(
    st.builds(
        _played,
        st.sampled_from(VARIANTS),
        st.integers(0, 10_000),
        st.integers(0, 14),
    ),
    st.builds(
        lambda seed: random_position(random.Random(seed), load_variant()),
        st.integers(0, 10_000),
    ),
)


def _outcome(read: object, *args: object, **kwargs: object) -> object:
    try:
        return read(*args, **kwargs)  # type: ignore[operator]
    except OrderError as error:
        return type(error), str(error), error.suggestion


def _places(position: Position) -> list[str]:
    if position.phase.kind is PhaseKind.RETREATS:
        return [d.unit.province for d in position.dislodged]
    places = [unit.province for _, unit in position.all_units()]
    if position.phase.kind is PhaseKind.ADJUSTMENTS:
        places += [home for power in position.variant.powers for home in position.homes[power]]
    return places


@SETTINGS
@given(POSITIONS, st.randoms(use_true_random=False))
def test_every_legal_order_reads_the_same_with_and_without_the_shortcut(
    position: Position, rng: random.Random
) -> None:
    variant = position.variant
    names = names_for(variant)
    for place in sorted(set(_places(position))):
        listed = legal_orders(position, place)
        typed = set(rng.sample(range(len(listed)), min(len(listed), 3)))
        for number, order in enumerate(listed):
            canonical = format_order(order)
            owner = next(p for p in variant.powers if _read_ok(canonical, position, p))
            assert read_canonical_order(canonical, position, owner, names) is not None, canonical
            other = rng.choice([p for p in variant.powers if p != owner])
            texts = [canonical]
            if number in typed:
                texts += sloppy_forms(order, variant)
            for text in texts:
                for power in (owner, other):
                    for check in (True, False):
                        both = _outcome(_read, text, position, power, check=check)
                        full = _outcome(read_by_words, text, position, power, check=check)
                        assert both == full, (text, power, check, str(position.phase))
                    if read_canonical_order(text, position, power, names) is not None:
                        # what lets parse_orders skip looking for a run of orders in it
                        assert split_run(text, position, power) == [text], text


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


def test_a_canonical_order_the_rules_refuse_is_left_to_the_full_reader() -> None:
    position = Position.initial()
    names = names_for(position.variant)
    assert read_canonical_order("A PAR - MUN", position, "FRANCE", names) is None
    with pytest.raises(OrderError, match="PAR"):
        _read("A PAR - MUN", position, "FRANCE", check=True)


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
