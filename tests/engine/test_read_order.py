"""`read_order`: one order read as a value with what to tell the player, for a caller that
must try a text for several powers and keep the reading of the one it goes to."""

from __future__ import annotations

import pytest

from engine import IllegalOrderError, InvalidOrderError, Position, format_order
from engine.parse import OrderLine, parse_orders, read_order


@pytest.mark.parametrize("text", ["A Par-Bur", "A PAR - BUR", "A Bre-MAO", "A Mun-Ruh", "waive"])
def test_one_order_reads_as_parse_orders_reads_it(text: str) -> None:
    start = Position.initial()
    assert [_shown(read_order(text, start, "FRANCE"))] == [
        _shown(line) for line in parse_orders(text, start, "FRANCE")
    ]


def _shown(line: OrderLine) -> tuple[object, ...]:
    """What a reading tells (errors compare by their kind and words)."""
    return (line.text, line.order, type(line.error), str(line.error), line.note)


def test_the_reading_keeps_the_order_and_what_to_tell_the_player() -> None:
    line = read_order("A Bre-MAO", Position.initial(), "FRANCE")
    assert line.order is not None and format_order(line.order) == "F BRE - MAO"
    assert line.note == "there is a fleet in Brest, not an army"


def test_a_text_not_taken_says_why() -> None:
    start = Position.initial()
    refused = read_order("A Mun-Ruh", start, "FRANCE")
    assert refused.order is None and isinstance(refused.error, IllegalOrderError)
    assert str(refused.error) == "you have no unit in MUN"
    # one order only: orders run together are not taken apart (parse_orders does that)
    run = read_order("A Par-Bur F Bre-MAO", start, "FRANCE")
    assert run.order is None and isinstance(run.error, InvalidOrderError)


def test_unchecked_an_order_the_rules_forbid_is_read_as_written() -> None:
    start = Position.initial()
    assert not read_order("A Par R Gas", start, "FRANCE").ok
    line = read_order("A Par R Gas", start, "FRANCE", check=False)
    assert line.order is not None and format_order(line.order) == "A PAR R GAS"
