"""Missed orders at movement deadlines: counted, warned, excused, or civil disorder with a
call for a replacement, as the game's `nmr=` option says."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import select

from bot.store import MissedOrders, PowerStatus, Store
from tests.bot.service.harness import SEVEN, Table, open_table, said
from tests.bot.store.support import BACKENDS

# Everyone but France (carol) gives an order, or says ready.
OTHERS = "\n".join(f"{user}@dm> ready" for user in SEVEN if user != "carol")


async def misses(table: Table) -> list[tuple[str, str, bool]]:
    async with table.sessions() as session:
        rows = await session.scalars(select(MissedOrders).order_by(MissedOrders.id))
        return [(r.power, r.phase_name, r.excused) for r in rows]


async def status_of(table: Table, power: str) -> PowerStatus:
    async with table.sessions() as session:
        return (await Store(session).power_statuses(1))[power]


@pytest.mark.parametrize("backend", BACKENDS)
async def test_misses_are_counted_and_nothing_else_by_default(backend: str, tmp_path: Path) -> None:
    async with open_table(backend, tmp_path) as table:
        await table.seven_players()
        await table.play("alice@dm> order A VIE H\nbob@dm> ready")
        table.fresh()
        lines = await table.play("clock +2d")
        assert not any("no orders from" in line or "civil disorder" in line for line in lines)
        missed = await misses(table)
        assert ("AUSTRIA", "S1901M", False) not in missed
        assert ("ENGLAND", "S1901M", False) not in missed
        assert ("FRANCE", "S1901M", False) in missed
        assert len(missed) == 5


async def test_warnings_then_civil_disorder(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players(options="nmr=warn:1 reminders=off")
        lines = await table.play(OTHERS + "\nclock +2d")
        assert said(lines, "dm:carol") == [
            "hague: no orders from France",
            "France sent no orders for Spring 1901: its units held. Missed deadlines: 1; at 2 "
            "France falls into civil disorder and you are replaced.",
        ]
        assert not any("no orders" in line for line in said(lines, "dm:alice"))
        lines = await table.play(OTHERS + "\nclock +2d")
        channel = said(lines, "#game")
        results = channel.index("hague: Fall 1901 — results")
        assert channel[results + 1 :].count("hague: France is in civil disorder") == 1
        start = channel.index("hague: France is in civil disorder")
        assert channel[start : start + 3] == [
            "hague: France is in civil disorder",
            "France sent no orders for Fall 1901 (2 missed deadlines): carol is removed, and "
            "France is in civil disorder; its units hold.",
            "A replacement is wanted: if you would like to play France, write `join france`; "
            "the game master is told, and hands it over with `replace france <user>`.",
        ]
        assert said(lines, "dm:carol")[-2:] == [
            "hague: you were removed",
            "France sent no orders for Fall 1901, so you no longer play in hague; France is in "
            "civil disorder.",
        ]
        assert await status_of(table, "FRANCE") == PowerStatus.CIVIL_DISORDER
        await table.play("gm> /dip replace france zoe")
        lines = await table.play("clock +2h")
        lines = await table.play(
            "\n".join(f"{u}@dm> ready" for u in SEVEN if u != "carol") + "\nclock +2d"
        )
        assert said(lines, "dm:zoe")[:1] == ["hague: no orders from France"], (
            "a new player starts with no misses"
        )


async def test_cd_at_the_first_miss(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players(options="nmr=cd reminders=off")
        lines = await table.play(OTHERS + "\nclock +2d")
        assert "hague: France is in civil disorder" in said(lines, "#game")
        assert (
            "France sent no orders for Spring 1901 (its first missed deadline): carol is "
            "removed, and France is in civil disorder; its units hold." in said(lines, "#game")
        )


async def test_ready_without_orders_is_no_miss(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players(options="nmr=cd reminders=off")
        lines = await table.play("\n".join(f"{u}@dm> ready" for u in SEVEN))
        assert "hague: Spring 1901 — results" in said(lines, "#game")
        assert "is in civil disorder" not in " ".join(said(lines, "#game"))
        assert await misses(table) == []


async def test_an_excused_miss_moves_the_deadline_for_everyone(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players(options="nmr=excuse:1 reminders=off")
        table.fresh()
        lines = await table.play(OTHERS + "\nclock +2d")
        assert said(lines, "#game") == [
            "hague: deadline extended — orders missing",
            "No orders yet from France for Spring 1901: the deadline moves 1 day for everyone.",
            "France: excused miss 1 of 1.",
            "Deadline: Thu 8 Jan 2026 09:00 UTC (in 1 day)",
        ]
        assert said(lines, "dm:carol") == [
            "hague: your orders for Spring 1901 are missing",
            "The deadline moved 1 day for everyone this time (1 of 1 excused); next time France "
            "falls into civil disorder and you are replaced.",
            "Deadline: Thu 8 Jan 2026 09:00 UTC (in 1 day)",
        ]
        assert await misses(table) == [("FRANCE", "S1901M", True)]
        lines = await table.play("carol@dm> A PAR - BUR\nclock +1d")
        channel = said(lines, "#game")
        assert channel[0] == "hague: Spring 1901 — results"
        assert "A PAR - BUR  ✓ moved" in channel
        assert "hague: France is in civil disorder" not in channel
        lines = await table.play(OTHERS + "\nclock +2d")
        channel = said(lines, "#game")
        assert "hague: deadline extended — orders missing" not in channel
        assert "hague: France is in civil disorder" in channel
        assert (
            "France sent no orders for Fall 1901 (2 missed deadlines): carol is removed, and "
            "France is in civil disorder; its units hold." in channel
        )


async def test_a_power_still_missing_after_its_excuse_falls(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players(options="nmr=excuse:2/12h schedule=blitz:10m reminders=off")
        table.fresh()
        lines = await table.play(OTHERS + "\nclock +10m")
        assert said(lines, "#game")[1] == (
            "No orders yet from France for Spring 1901: the deadline moves 12 hours for everyone."
        )
        lines = await table.play("clock +12h")
        channel = said(lines, "#game")
        assert channel[0] == "hague: Spring 1901 — results"
        assert "hague: France is in civil disorder" in channel
        assert await misses(table) == [("FRANCE", "S1901M", False)]


async def test_an_early_process_by_the_game_master_makes_nobody_miss(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players(options="nmr=excuse:1 schedule=blitz:10m reminders=off")
        lines = await table.play(OTHERS + "\ngm> /dip process")
        channel = said(lines, "#game")
        assert channel[0] == "hague: Spring 1901 — results"
        assert not any("civil disorder" in line or "extended" in line for line in channel)
        assert await misses(table) == []
        lines = await table.play("gm> /dip lock\nclock +1h\ngm> /dip process")
        assert "hague: France is in civil disorder" in said(lines, "#game"), (
            "after the deadline, the game master's process counts the miss"
        )


async def test_no_misses_outside_movement(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players(options="nmr=cd reminders=off")
        await table.play(
            """
            alice@dm> ready
            bob@dm> ready
            carol@dm> order A PAR - BUR
            dave@dm> order A MUN - RUH; A BER - MUN
            eve@dm> ready
            frank@dm> ready
            grace@dm> ready
            gm> /dip process
            """
        )
        lines = await table.play(
            """
            alice@dm> ready
            bob@dm> ready
            carol@dm> ready
            dave@dm> order A RUH - BUR; A MUN S A RUH - BUR
            eve@dm> ready
            frank@dm> ready
            grace@dm> ready
            gm> /dip process
            """
        )
        assert "hague: Fall 1901 — results" in said(lines, "#game")
        lines = await table.play("clock +2h")
        assert "hague: Fall 1901 retreats — results" in said(lines, "#game")
        assert await misses(table) == []


@pytest.mark.parametrize("backend", BACKENDS)
async def test_two_sweeps_excuse_a_miss_once(backend: str, tmp_path: Path) -> None:
    async with open_table(backend, tmp_path) as table:
        await table.seven_players(options="nmr=excuse:1 reminders=off")
        await table.play(OTHERS)
        table.fresh()
        table.clock.now += timedelta(days=2)
        other = table.new_service()
        done = await asyncio.gather(table.service.process_due(), other.process_due())
        assert done == [0, 0]
        lines = await table.play("clock +1m")
        assert said(lines, "#game").count("hague: deadline extended — orders missing") == 1
        assert await misses(table) == [("FRANCE", "S1901M", True)]
