"""Whole games through the console front end: forming, starting, orders from DMs, deadlines,
results with their maps, retreats, adjustments and a solo victory."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy import select

from bot.store import Game, GameStatus, Phase, PhaseStatus
from engine import Position
from render import map_png
from tests.bot.service.harness import PNG, Table, open_table, said
from tests.bot.store.support import BACKENDS


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table(request.param, tmp_path) as table:
        yield table


async def open_phase(table: Table) -> Phase:
    async with table.sessions() as session:
        phase = await session.scalar(select(Phase).where(Phase.status == PhaseStatus.OPEN))
        assert phase is not None
        return phase


async def test_a_first_turn_from_newgame_to_the_results_map(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path, renderer=map_png) as table:
        lines = await table.play(
            """
            gm> /dip newgame hague
            alice> /dip join austria
            bob> /dip join england
            carol> /dip join france
            dave> /dip join germany
            eve> /dip join italy
            frank> /dip join russia
            grace> /dip join turkey
            """
        )
        assert "alice joined hague (1 of 7 players)." in said(lines, "#game")
        assert "grace joined hague (7 of 7 players)." in said(lines, "#game")

        lines = await table.play("gm> /dip start")
        channel = said(lines, "#game")
        assert channel[0] == "hague has begun: Spring 1901"
        assert "France: carol" in channel
        assert "Deadline: Wed 7 Jan 2026 09:00 UTC (in 2 days)" in channel
        welcome = said(lines, "dm:carol")
        assert welcome[0] == "hague: you play France"
        assert "Your units: F BRE, A MAR, A PAR" in welcome

        lines = await table.play(
            """
            carol@dm> order A Par-Bur; A Mar S A Par-Bur
            carol@dm> F Bre-MAO
            carol@dm> order F Bre-MAO
            dave@dm> order A Mun-Bur
            """
        )
        assert said(lines, "dm:carol")[:4] == [
            "Orders: 2 accepted",
            "✓ A PAR - BUR",
            "✓ A MAR S A PAR - BUR",
            "Units without orders: F BRE",
        ]
        # Bare orders in a DM are taken as `order`.
        assert said(lines, "dm:carol")[4:7] == [
            "Orders: 1 accepted",
            "✓ F BRE - MAO",
            "Nothing is missing: every order is in.",
        ]
        assert not said(lines, "#game")

        lines = await table.play("clock +48h")
        channel = said(lines, "#game")
        assert channel[0] == "hague: Spring 1901 — results"
        assert "A PAR - BUR  ✓ moved" in channel
        assert "A MUN - BUR  ✗ bounced" in channel
        assert "Next: Fall 1901" in channel
        files = [line for line in lines if line.startswith("[file #game] ")]
        assert files == [f"[file #game] {tmp_path / 'maps' / 'hague-S1901M-results.png'}"]
        png = (tmp_path / "maps" / "hague-S1901M-results.png").read_bytes()
        assert png.startswith(PNG)

        lines = await table.play("carol> /dip status")
        assert said(lines, "only:carol#game")[0] == "hague: Fall 1901 — status"


async def test_missed_deadlines_run_in_order_when_the_clock_jumps(table: Table) -> None:
    await table.seven_players()
    lines = await table.play("clock +5d")
    titles = [t for t in said(lines, "#game") if t.endswith("— results")]
    assert titles == ["hague: Spring 1901 — results", "hague: Fall 1901 — results"]
    phase = await open_phase(table)
    assert phase.name == "S1902M"


async def test_reminders_go_to_powers_missing_orders_only(table: Table) -> None:
    await table.seven_players()
    await table.play(
        """
        alice@dm> order A BUD - SER; A VIE - GAL; F TRI - ALB
        bob@dm> order F LON - NTH
        """
    )
    lines = await table.play("clock +24h")
    assert said(lines, "dm:alice") == []
    reminder = said(lines, "dm:bob")
    assert reminder[0] == "hague: reminder — Spring 1901"
    assert reminder[1] == "England still has no orders for: A LVP, F EDI"
    assert said(lines, "dm:carol")[1] == "France still has no orders for: A MAR, A PAR, F BRE"
    lines = await table.play("clock +10m")
    assert not said(lines, "dm:bob"), "a reminder goes once"


async def test_dislodged_units_retreat(table: Table) -> None:
    await table.seven_players()
    await table.play(
        """
        carol@dm> order A PAR - BUR
        dave@dm> order A MUN - RUH; A BER - MUN
        gm> /dip process
        dave@dm> order A RUH - BUR; A MUN S A RUH - BUR
        """
    )
    lines = await table.play("gm> /dip process")
    assert "[only:gm#game] Fall 1901 is adjudicated: the results go to the game's channel." in lines
    choices = said(lines, "dm:carol")
    assert choices[0] == "hague: Fall 1901 retreats — France to act"
    # What happened to France, then what it must decide; the map comes with it.
    assert choices[1] == "Your orders in Fall 1901"
    assert choices[2].startswith("A BUR  ✗ dislodged (may retreat to ")
    assert any(line.startswith("A BUR was dislodged: it may retreat to ") for line in choices)
    assert any(line.startswith("[file dm:carol] ") for line in lines)
    assert not said(lines, "dm:alice")
    lines = await table.play(
        """
        carol@dm> possible
        carol@dm> order A BUR R PAR
        """
    )
    assert said(lines, "dm:carol")[:2] == [
        "Fall 1901 retreats: what your units may do",
        "A BUR: R BEL | R GAS | R PAR | R PIC | D",
    ]
    assert "✓ A BUR R PAR" in said(lines, "dm:carol")
    lines = await table.play("clock +2h")
    assert "A BUR R PAR  ✓ retreated" in said(lines, "#game")


async def test_builds_are_limited_to_what_is_owed(table: Table) -> None:
    await table.seven_players()
    await table.play(
        """
        carol@dm> order A MAR - SPA; A PAR - GAS
        gm> /dip process
        carol@dm> order A SPA - POR
        gm> /dip process
        """
    )
    lines = await table.play("carol@dm> order build A MAR; build A PAR")
    carol = said(lines, "dm:carol")
    assert "✓ A MAR B" in carol
    assert (
        "✗ build A PAR — illegal: you have 1 build to order and all are given (A MAR B): "
        "`clear` one first"
    ) in carol
    lines = await table.play(
        """
        carol@dm> clear MAR
        carol@dm> order waive
        carol@dm> orders
        """
    )
    assert "Cleared A MAR B." in said(lines, "dm:carol")
    assert "WAIVE" in said(lines, "dm:carol")
    lines = await table.play("clock +2h")
    assert any("waived" in t for t in said(lines, "#game"))


async def test_a_solo_victory_ends_the_game(table: Table) -> None:
    await table.seven_players()
    phase = await open_phase(table)
    board = Position.initial().to_json()
    taken = [c for cs in board["centers"].values() for c in cs]
    neutral = sorted(set(Position.initial().variant.supply_centers) - set(taken))
    board["phase"] = "F1901M"
    # France holds 17 centres: its own, every neutral one, and two of England's.
    board["centers"]["FRANCE"] = sorted([*board["centers"]["FRANCE"], *neutral, "EDI", "LON"])
    board["centers"]["ENGLAND"] = ["LVP"]
    board["units"]["ENGLAND"] = ["A LVP"]
    board["units"]["FRANCE"] = ["A MAR", "A PAR", "F BRE", "A BUR"]
    board["units"]["GERMANY"] = ["F KIE", "A BER"]
    board["centers"]["GERMANY"] = ["BER", "KIE", "MUN"]
    async with table.sessions.begin() as session:
        row = await session.get(Phase, phase.id)
        assert row is not None
        row.position = board
        row.name = "F1901M"
    lines = await table.play(
        """
        carol@dm> order A BUR - MUN
        gm> /dip process
        """
    )
    channel = said(lines, "#game")
    assert "Game over" in channel
    assert "France wins with 18 supply centres!" in channel
    async with table.sessions() as session:
        game = await session.scalar(select(Game))
        assert game is not None
        assert game.status == GameStatus.FINISHED
        assert game.outcome is not None and game.outcome["winner"] == "FRANCE"
    lines = await table.play("alice> /dip game hague status")
    assert said(lines, "only:alice#game")[:2] == [
        "hague is over",
        "France won with 18 supply centres.",
    ]
    lines = await table.play("alice@dm> game hague order A VIE H")
    assert said(lines, "dm:alice") == [
        "hague ended in Fall 1901; `status`, `history`, `map` and `export` still show how it went."
    ]
