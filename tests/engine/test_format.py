"""The canonical notation reads back as the same order: parse(format(o)) == o."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Order, Position, format_order, legal_orders, parse_order, parse_orders
from tests.engine.test_legal import PROVINCES, owner_of_orders, positions

OPENING = Position.initial()


def _opening_orders() -> list[tuple[str, Order]]:
    return [
        (power, order)
        for power, unit in OPENING.all_units()
        for order in legal_orders(OPENING, unit.province)
    ]


@pytest.mark.parametrize(
    ("power", "order"),
    _opening_orders(),
    ids=lambda x: format_order(x) if not isinstance(x, str) else x,
)
def test_every_opening_order_reads_back(power: str, order: Order) -> None:
    assert parse_order(format_order(order), OPENING, power) == order


@settings(max_examples=60, deadline=None)
@given(positions(), st.data())
def test_legal_orders_read_back_in_any_position(position: Position, data: st.DataObject) -> None:
    provinces = [p for p in PROVINCES if legal_orders(position, p)]
    if not provinces:
        return
    province = data.draw(st.sampled_from(provinces))
    power = owner_of_orders(position, province)
    assert power is not None
    for order in legal_orders(position, province):
        text = format_order(order)
        assert parse_order(text, position, power) == order, text
        assert parse_order(text.lower(), position, power, check=False) == order, text


@settings(max_examples=30, deadline=None)
@given(positions(), st.data())
def test_an_order_sheet_reads_back(position: Position, data: st.DataObject) -> None:
    by_power: dict[str, list[Order]] = {}
    for province in PROVINCES:
        orders = legal_orders(position, province)
        power = owner_of_orders(position, province)
        if orders and power is not None:
            by_power.setdefault(power, []).append(data.draw(st.sampled_from(orders)))
    for power, orders in by_power.items():
        sheet = "\n".join(format_order(o) for o in orders)
        assert [line.order for line in parse_orders(sheet, position, power)] == orders
