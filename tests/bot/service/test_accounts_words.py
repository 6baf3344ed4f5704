"""What players read of a power whose units are counted in two accounts, one owing a build
and the other a removal (Diplomacia's control evaluation, handbook 6.5.2): every message says
it from the engine's answers, account by account."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.service.commands.order_menus import choices_for
from bot.service.effects import Deadline
from bot.service.words.notices import choices, reminder
from bot.service.words.order_lists import orders_message
from bot.service.words.status import status_lines
from engine import still_to_order
from tests.engine.diplomacia_boards import board, orders

# Russia: two centres (UPP, and KAR left empty) with one army; one port (GFI) with two fleets
EVALUATION = board(
    {"RUSSIA": ["A UPP", "F GBO", "F GFI"]}, phase="T2A", control={"EBA": "VISEGRAD"}
)
DEADLINE = Deadline(datetime(2026, 1, 5, 11, tzinfo=UTC), "Mon 5 Jan 11:00 UTC")
ACCOUNTS = (
    "2 centres and 1 army — 1 army to raise (in Karelia (KAR)); "
    "1 port and 2 fleets — 1 fleet to remove"
)


def test_the_menus_offer_the_fleets_to_remove_and_the_army_to_raise() -> None:
    assert choices_for(EVALUATION, "RUSSIA") == [
        ("F GBO", ["F GBO D"]),
        ("F GFI", ["F GFI D"]),
        ("Build in KAR", ["A KAR B", "WAIVE"]),
    ]


def test_the_order_list_counts_a_build_and_a_removal_left() -> None:
    text = orders_message(EVALUATION, "RUSSIA", []).plain_text().splitlines()
    assert text[-1] == (
        f"Builds and removals left: 2 (your accounts: {ACCOUNTS}; free places to raise: KAR)"
    )
    built = orders(russia=["A KAR B"])["RUSSIA"]
    text = orders_message(EVALUATION, "RUSSIA", built).plain_text().splitlines()
    assert text[-1].startswith("Builds and removals left: 1 (")
    assert text[-1].endswith("free places to raise: none)")


def test_the_reminder_names_a_build_and_a_removal_both() -> None:
    missing = still_to_order(EVALUATION, "RUSSIA", [])
    lines = reminder("hague", EVALUATION, "RUSSIA", missing, DEADLINE).plain_text().splitlines()
    assert "Russia still has no orders for: 2 builds and removals" in lines
    assert f"Your accounts: {ACCOUNTS}." in lines


def test_the_direct_message_starts_from_a_removal_and_a_build() -> None:
    message = choices("hague", EVALUATION, "RUSSIA", DEADLINE)
    assert message is not None
    lines = message.plain_text().splitlines()
    assert f"Your accounts: {ACCOUNTS}." in lines
    assert "order remove F GFI" in lines
    assert "order A KAR B   (`order waive` gives up a build)" in lines


def test_status_shows_accounts_where_units_are_counted_in_two() -> None:
    message = status_lines(
        EVALUATION, ready=set(), missing={}, deadline_text="soon", own={"RUSSIA"}
    )
    lines = message.plain_text().splitlines()
    assert "Russia: 2 builds and removals to order" in lines
    assert "Accounts" in lines
    assert f"Russia: {ACCOUNTS}" in lines
