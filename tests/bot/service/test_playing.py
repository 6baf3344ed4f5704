"""A player's commands in a running game: order, orders, clear, possible, ready, unready,
status, map and history."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.bot.service.harness import FakeRenderer, Table, open_table, said
from tests.bot.store.support import BACKENDS


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table(request.param, tmp_path) as table:
        await table.seven_players()
        table.fresh()
        yield table


# order -----------------------------------------------------------------------------------------


async def test_orders_in_any_notation_and_separators(table: Table) -> None:
    lines = await table.play(
        "carol@dm> order Paris army to Burgundy, F (Bre) — ENG; A Mar-Spa; A Par H"
    )
    assert said(lines, "dm:carol") == [
        "Orders: 3 accepted",
        "⚠ A PAR - BUR — replaced by a later line for A PAR",
        "✓ F BRE - ENG",
        "✓ A MAR - SPA",
        "✓ A PAR H",
        "Nothing is missing: every order is in.",
    ]


async def test_bad_orders_are_refused_with_the_engine_reason(table: Table) -> None:
    lines = await table.play("carol@dm> order A Par-Mos; F Bre-Par; wibble; A Mun-Bur")
    carol = said(lines, "dm:carol")
    assert carol[0] == "Orders: 0 accepted, 4 not accepted"
    assert carol[1].startswith("✗ A Par-Mos — illegal: ")
    assert carol[2].startswith("✗ F Bre-Par — illegal: fleets cannot move inland: PAR")
    assert carol[3].startswith("✗ wibble — invalid: ")
    assert carol[4] == "✗ A Mun-Bur — illegal: you have no unit in MUN"
    assert carol[5] == "Units without orders: A MAR, A PAR, F BRE"


async def test_orders_in_the_channel_are_answered_to_the_player_alone(table: Table) -> None:
    lines = await table.play("carol> /dip order A PAR - BUR")
    assert lines[0] == "[only:carol#game] Orders: 1 accepted"
    assert all(line.startswith("[only:carol#game] ") for line in lines)


async def test_order_needs_orders_and_a_power(table: Table) -> None:
    lines = await table.play("carol@dm> order")
    assert lines == [
        "[dm:carol] Write the orders after `order`, e.g. `order A PAR - BUR; F BRE - MAO`. "
        "`possible` shows what your units may do."
    ]
    lines = await table.play("gm> /dip order A PAR - BUR")
    assert lines == ["[only:gm#game] You do not play in hague."]
    # the game master plays no power, but runs hague: told which game a DM must name
    lines = await table.play("gm@dm> order A PAR - BUR")
    assert lines == ["[dm:gm] Say which game you mean: you run hague, e.g. `game hague order`."]
    lines = await table.play("carol@dm> order ;;")
    assert lines == ["[dm:carol] No orders found after `order`: write e.g. `order A PAR - BUR`."]


async def test_a_player_in_two_games_is_asked_which(table: Table) -> None:
    await table.play(
        """
        gm#second> /dip newgame vienna
        carol#second> /dip join
        zoe#second> /dip join
        gm#second> /dip start
        """
    )
    lines = await table.play("carol@dm> order A PAR - BUR")
    assert lines == [
        "[dm:carol] You play in several games (hague, vienna): say which, e.g. `game hague order`."
    ]
    lines = await table.play("carol@dm> game hague order A PAR - BUR")
    assert said(lines, "dm:carol")[:2] == ["Orders: 1 accepted", "✓ A PAR - BUR"]


# orders / clear ----------------------------------------------------------------------------


async def test_orders_shows_my_orders_only(table: Table) -> None:
    await table.play(
        """
        carol@dm> order A PAR - BUR
        dave@dm> order A MUN - RUH
        """
    )
    lines = await table.play("carol@dm> orders")
    assert said(lines, "dm:carol") == [
        "France: orders for Spring 1901",
        "A PAR - BUR",
        "Units without orders: A MAR, F BRE",
    ]


async def test_clear_one_all_and_mistakes(table: Table) -> None:
    await table.play("carol@dm> order A PAR - BUR; A MAR - SPA; F BRE - MAO")
    lines = await table.play("carol@dm> clear a par")
    assert said(lines, "dm:carol") == ["Cleared A PAR - BUR.", "Units without orders: A PAR"]
    lines = await table.play("carol@dm> clear Paris")
    assert said(lines, "dm:carol") == [
        "You have no order for PAR to clear. Your orders: A MAR - SPA; F BRE - MAO."
    ]
    lines = await table.play("carol@dm> clear Atlantis")
    assert lines == [
        "[dm:carol] unknown province 'Atlantis' (did you mean Mid-Atlantic Ocean?): `unit` takes "
        "a unit or province, e.g. A PAR, PAR, F StP/nc or Paris; or `all`, `waive`, `if`, "
        "`if MUN`, `if +2`. Usage: `clear [unit|all]`, e.g. `clear A PAR`."
    ]
    lines = await table.play("carol@dm> clear if Atlantis")
    assert lines[0].startswith("[dm:carol] unknown province 'Atlantis' (did you mean Mid-")
    assert lines[0].endswith("Usage: `clear [unit|all]`, e.g. `clear A PAR`.")
    lines = await table.play("carol@dm> clear waive")
    assert lines == ["[dm:carol] You have no waives to clear."]
    lines = await table.play("carol@dm> clear")
    assert said(lines, "dm:carol") == [
        "Cleared 2 orders.",
        "Units without orders: A MAR, A PAR, F BRE",
    ]


# possible --------------------------------------------------------------------------------------


async def test_possible_for_all_units_and_one(table: Table) -> None:
    lines = await table.play("carol@dm> possible")
    assert said(lines, "dm:carol")[:2] == [
        "Spring 1901: what your units may do",
        "A MAR: H | - BUR | - GAS | - PIE | - SPA",
    ]
    lines = await table.play("carol@dm> possible mar")
    carol = said(lines, "dm:carol")
    assert carol[0].startswith("Spring 1901: ") and carol[0].endswith(" possible orders in MAR")
    assert "A MAR S A PAR - BUR" in carol
    lines = await table.play("carol@dm> possible MUN")
    assert lines == [
        "[dm:carol] You have nothing to order in MUN this phase (your places: BRE, MAR, PAR)."
    ]
    lines = await table.play("carol@dm> possible F St Petersburg/sc")
    assert lines == [
        "[dm:carol] You have nothing to order in STP this phase (your places: BRE, MAR, PAR)."
    ]
    lines = await table.play("carol@dm> possible A Xyz")
    assert lines == [
        "[dm:carol] unknown province 'Xyz': `unit` takes a unit or province, e.g. A PAR, PAR, "
        "F StP/nc or Paris. Usage: `possible [province]`, e.g. `possible MAR`."
    ]


# ready / unready ---------------------------------------------------------------------------------


async def test_everyone_ready_adjudicates_early(table: Table) -> None:
    users = ("alice", "bob", "carol", "dave", "eve", "frank")
    lines = await table.play("\n".join(f"{u}@dm> ready" for u in users))
    assert not said(lines, "#game")
    assert said(lines, "dm:frank") == [
        "You are ready for Spring 1901.",
        "Still without orders: A MOS, A WAR, F SEV, F STP/SC (they take the default).",
    ]
    lines = await table.play("grace@dm> ready")
    assert said(lines, "dm:grace")[:3] == [
        "You are ready for Spring 1901.",
        "Still without orders: A CON, A SMY, F ANK (they take the default).",
        "Everyone is ready: the phase is adjudicated now.",
    ]
    assert said(lines, "#game")[0] == "hague: Spring 1901 — results"


async def test_unready_before_a_grace_period_ends_keeps_the_deadline(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players(options="grace=10m")
        users = ("alice", "bob", "carol", "dave", "eve", "frank", "grace")
        lines = await table.play("\n".join(f"{u}@dm> ready" for u in users))
        assert said(lines, "dm:grace")[-1] == (
            "Everyone is ready: the phase is adjudicated Mon 5 Jan 2026 09:10 UTC (in 10 minutes)."
        )
        lines = await table.play("bob@dm> unready")
        assert said(lines, "dm:bob") == [
            "You are no longer ready for Spring 1901.",
            "The phase keeps its scheduled deadline again.",
        ]
        lines = await table.play("clock +15m")
        assert not said(lines, "#game")
        lines = await table.play("bob@dm> ready")
        lines += await table.play("clock +10m")
        assert said(lines, "#game")[0] == "hague: Spring 1901 — results"


async def test_ready_early_off_keeps_the_deadline(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players(options="ready_early=off")
        users = ("alice", "bob", "carol", "dave", "eve", "frank", "grace")
        lines = await table.play("\n".join(f"{u}@dm> ready" for u in users))
        assert said(lines, "dm:grace")[-1] == "Everyone is ready; this game keeps its deadline."
        assert not said(lines, "#game")


# status --------------------------------------------------------------------------------------


async def test_status_names_who_is_still_ordering_never_their_counts(table: Table) -> None:
    await table.play(
        """
        carol@dm> order A PAR - BUR; A MAR - SPA
        dave@dm> order A MUN - RUH; A BER - KIE; F KIE - HOL
        dave@dm> ready
        """
    )
    lines = await table.play("alice> /dip status")
    status = said(lines, "only:alice#game")
    assert status[:2] == [
        "hague: Spring 1901 — status",
        "Deadline: Wed 7 Jan 2026 09:00 UTC (in 2 days)",
    ]
    assert status[2:10] == [
        "Orders",
        "Austria: 3 units without orders",
        "England: still ordering",
        "France: still ordering",
        "Germany: ready",
        "Italy: still ordering",
        "Russia: still ordering",
        "Turkey: still ordering",
    ]
    assert "Austria: 3 centres" in status
    assert not any("BUR" in line or "RUH" in line for line in status)
    lines = await table.play("carol> /dip status")
    status = said(lines, "only:carol#game")
    assert "France: 1 unit without orders" in status
    assert "Austria: still ordering" in status
    assert [line for line in status if "without orders" in line] == [
        "France: 1 unit without orders"
    ]
    lines = await table.play("gm> /dip status")
    assert not any("without orders" in line for line in said(lines, "only:gm#game"))


async def test_status_of_a_forming_game(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players(start=False)
        lines = await table.play("zoe> /dip status")
        assert said(lines, "only:zoe#game")[:2] == [
            "hague: forming",
            "7 of 7 players: alice, bob, carol, dave, eve, frank, grace",
        ]


# map ------------------------------------------------------------------------------------------


async def test_maps_now_past_regional_and_mine(table: Table) -> None:
    maps = table.map_dir
    lines = await table.play("alice> /dip map")
    assert lines == [
        "[#game] hague: Spring 1901",
        f"[file #game] {maps / 'hague-S1901M-board.png'}",
    ]
    await table.play(
        """
        carol@dm> order A PAR - BUR
        gm> /dip process
        """
    )
    lines = await table.play("alice> /dip map S1901M")
    assert lines == [
        "[#game] hague: Spring 1901 — orders and results",
        f"[file #game] {maps / 'hague-S1901M-results.png'}",
    ]
    lines = await table.play("alice> /dip map s1901m Balkans")
    assert lines[-1] == f"[file #game] {maps / 'hague-S1901M-results-balkans.png'}"
    lines = await table.play("carol@dm> order A BUR - MUN")
    lines = await table.play("carol> /dip map mine")
    assert lines == [
        "[only:carol#game] hague: your orders for Fall 1901 (only you see this)",
        f"[file only:carol#game] {maps / 'hague-F1901M-france-orders.png'}",
    ]
    renderer = table.renderer
    assert isinstance(renderer, FakeRenderer)
    preview = renderer.calls[-1]
    assert list(preview["orders"]) == ["FRANCE"]
    lines = await table.play("alice@dm> map ION")
    assert lines[-1] == f"[file dm:alice] {maps / 'hague-F1901M-ion.png'}"


@pytest.mark.parametrize(
    ("words", "error"),
    [
        (
            "atlantis",
            "`atlantis` is neither a phase nor a region: `region` takes a province code, or a "
            "region such as balkans or scandinavia. Usage: `map [phase] [region] [mine]`",
        ),
        ("F1905M", "hague has no phase F1905M to show. Played so far: none yet; now: S1901M."),
    ],
)
async def test_map_refuses_what_it_cannot_show(table: Table, words: str, error: str) -> None:
    lines = await table.play(f"alice> /dip map {words}")
    assert len(lines) == 1
    assert error in lines[0]


async def test_map_mine_is_for_players_and_the_current_phase(table: Table) -> None:
    lines = await table.play("gm> /dip map mine")
    assert lines == ["[only:gm#game] You do not play in hague."]
    await table.play("gm> /dip process")
    lines = await table.play("carol> /dip map S1901M mine")
    assert lines == ["[only:carol#game] `map mine` shows your orders for the current phase only."]


# history ---------------------------------------------------------------------------------------


async def test_history_of_past_phases_only(table: Table) -> None:
    lines = await table.play("alice> /dip history")
    assert lines == ["[only:alice#game] No phase of hague has been adjudicated yet."]
    await table.play(
        """
        carol@dm> order A PAR - BUR
        gm> /dip process
        """
    )
    lines = await table.play("alice> /dip history")
    history = said(lines, "only:alice#game")
    assert history[0] == "hague: Spring 1901 — orders and results"
    assert "A PAR - BUR  ✓ moved" in history
    lines = await table.play("alice> /dip history F1901M")
    assert lines == [
        "[only:alice#game] F1901M has not been adjudicated yet: its orders stay secret until then."
    ]
    lines = await table.play("alice> /dip history yesterday")
    assert lines == [
        "[only:alice#game] `yesterday` is not a phase: `phase` takes a phase, e.g. S1901M, "
        "F1901R or W1901A. Usage: `history [phase|undelivered]`, e.g. `history F1901M`."
    ]
    lines = await table.play("alice> /dip history S1905M")
    assert lines == ["[only:alice#game] hague has no adjudicated phase S1905M. Played: S1901M."]
