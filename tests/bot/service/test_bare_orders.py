"""Bare orders in a direct message: taken as `order` when all of the text reads as orders
of the writer's power; anything else gets the "not a command" help."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.bot.service.harness import Table, open_table, said
from tests.bot.store.support import BACKENDS


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table(request.param, tmp_path) as table:
        await table.seven_players()
        table.fresh()
        yield table


async def test_bare_orders_in_a_dm_are_orders(table: Table) -> None:
    lines = await table.play("carol@dm> A Par-Bur, F Bre-MAO")
    assert said(lines, "dm:carol") == [
        "Orders: 2 accepted",
        "✓ A PAR - BUR",
        "✓ F BRE - MAO",
        "Units without orders: A MAR",
    ]
    lines = await table.play("carol@dm> Marseilles army to Spain; A Par H")
    assert said(lines, "dm:carol")[:3] == [
        "Orders: 2 accepted",
        "✓ A MAR - SPA",
        "⚠ A PAR H — replaces your earlier order for A PAR",
    ]
    lines = await table.play("carol@dm> orders")
    assert "A PAR H" in said(lines, "dm:carol")


async def test_bare_orders_addressed_to_a_game(table: Table) -> None:
    lines = await table.play("carol@dm> game hague A Par-Bur")
    assert said(lines, "dm:carol")[:2] == ["Orders: 1 accepted", "✓ A PAR - BUR"]


async def test_orders_with_a_typo_are_read_line_by_line(table: Table) -> None:
    lines = await table.play("carol@dm> A Par - Bur; A Marsailles - Spa; F Bre - MAO")
    assert said(lines, "dm:carol") == [
        "Orders: 2 accepted, 1 not accepted",
        "✓ A PAR - BUR",
        "✗ A Marsailles - Spa — invalid: unknown province 'marsailles' (did you mean Marseilles?)",
        "✓ F BRE - MAO",
        "Units without orders: A MAR",
    ]
    lines = await table.play("carol@dm> orders")
    assert "A PAR - BUR" in said(lines, "dm:carol") and "F BRE - MAO" in said(lines, "dm:carol")


async def test_what_starts_as_an_order_is_answered_as_orders(table: Table) -> None:
    lines = await table.play("carol@dm> A Par-Bur, A Mun-Ruh")
    assert said(lines, "dm:carol")[:3] == [
        "Orders: 1 accepted, 1 not accepted",
        "✓ A PAR - BUR",
        "✗ A Mun-Ruh — illegal: you have no unit in MUN",
    ]
    # a province first, or an adjustment word, starts orders too
    lines = await table.play("carol@dm> Marseilles army to Spain")
    assert said(lines, "dm:carol")[:2] == ["Orders: 1 accepted", "✓ A MAR - SPA"]
    lines = await table.play("carol@dm> build A Par")
    assert said(lines, "dm:carol")[1].startswith("✗ build A Par — illegal:")


async def test_text_that_does_not_start_as_orders_gets_the_command_help(table: Table) -> None:
    lines = await table.play("carol@dm> xyzzy plugh")
    assert lines == ["[dm:carol] `xyzzy` is not a command. `help` lists every command."]
    lines = await table.play("carol@dm> statsu")
    assert lines == [
        "[dm:carol] `statsu` is not a command. Did you mean `status`? `help` lists every command."
    ]
    lines = await table.play("carol@dm> Germany is attacking me; A Par-Bur")
    assert "is not a command" in lines[0]
    lines = await table.play("carol@dm> orders")
    assert "No orders yet." in said(lines, "dm:carol")


async def test_bare_orders_need_a_power_and_a_dm(table: Table) -> None:
    # someone who plays no game is told so, not that `A` is no command
    lines = await table.play("zoe@dm> A Par-Bur")
    assert lines == [
        "[dm:zoe] You play in no game yet. Join one in its channel with `join`, or name a "
        "game: `game <name> order`."
    ]
    lines = await table.play("zoe@dm> hello")
    assert lines == [
        "[dm:zoe] `hello` is not a command. Did you mean `help`? `help` lists every command."
    ]
    lines = await table.play("carol> /dip A Par-Bur")
    assert lines == [
        "[only:carol#game] `A` is not a command. To give orders, start with `order`, e.g. "
        "`order A Par-Bur`."
    ]
    lines = await table.play("dave@dm> A Par-Bur")
    assert said(lines, "dm:dave")[:2] == [
        "Orders: 0 accepted, 1 not accepted",
        "✗ A Par-Bur — illegal: you have no unit in PAR",
    ]


async def test_an_order_not_taken_says_the_earlier_one_stands(table: Table) -> None:
    await table.play("carol@dm> A Par-Bur; A Mar H; F Bre H")
    lines = await table.play("carol@dm> A Par - Xyz")
    assert said(lines, "dm:carol") == [
        "Orders: 0 accepted, 1 not accepted",
        "✗ A Par - Xyz — invalid: unknown province 'xyz'; your earlier order A PAR - BUR stands",
        "Nothing is missing: every order is in.",
    ]
    # replaced in the same message: no earlier order stands
    lines = await table.play("carol@dm> A Par H; A Par - Xyz")
    assert said(lines, "dm:carol")[2] == "✗ A Par - Xyz — invalid: unknown province 'xyz'"


async def test_a_misread_province_is_named_as_the_player_meant_it(table: Table) -> None:
    """An army's move suggests no sea; an unknown province is called one wherever it
    stands, in a move, a build or a removal."""
    lines = await table.play("eve@dm> A Ven - Try")
    assert said(lines, "dm:eve")[1] == (
        "✗ A Ven - Try — invalid: unknown province 'try' (did you mean Tyrolia?)"
    )
    lines = await table.play("carol@dm> A Xyz - Bur; A Par-Bur-Pic")
    assert said(lines, "dm:carol")[1:3] == [
        "✗ A Xyz - Bur — invalid: unknown province 'xyz'",
        "✗ A Par-Bur-Pic — invalid: a move names one destination, but '- PIC' follows it: a "
        "unit moves one step a turn (an army convoyed names only where it lands; the fleets' "
        "orders give the route)",
    ]
    await table.play("carol@dm> A Mar - Spa\ngm> /dip process\ngm> /dip process")
    lines = await table.play("carol@dm> build A Xyz; field F Xyz")
    assert said(lines, "dm:carol")[1:3] == [
        "✗ build A Xyz — invalid: unknown province 'xyz'",
        "✗ field F Xyz — invalid: unknown province 'xyz'",
    ]
