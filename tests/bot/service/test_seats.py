"""The game master's tools: lock / unlock, kick, replace, and players' `report`."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy import select

from bot.store import Phase, PhaseStatus, PowerStatus, Store
from tests.bot.service.harness import Table, open_table, said
from tests.bot.store.support import BACKENDS


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table(request.param, tmp_path, admins=["root"]) as table:
        await table.seven_players()
        table.fresh()
        yield table


async def status_of(table: Table, power: str) -> PowerStatus:
    async with table.sessions() as session:
        return (await Store(session).power_statuses(1))[power]


async def open_phase(table: Table) -> Phase:
    async with table.sessions() as session:
        phase = await session.scalar(select(Phase).where(Phase.status == PhaseStatus.OPEN))
        assert phase is not None
        return phase


@pytest.mark.parametrize("command", ["lock", "unlock", "kick france", "replace france zoe"])
async def test_only_the_game_master(table: Table, command: str) -> None:
    lines = await table.play(f"alice> /dip {command}")
    assert lines == [
        "[only:alice#game] Only the game master of hague (its creator, or a workspace admin) "
        f"may use `{command.split()[0]}`."
    ]


# lock / unlock ---------------------------------------------------------------------------------


async def test_a_locked_phase_waits_for_the_game_master(table: Table) -> None:
    lines = await table.play("gm> /dip lock")
    assert said(lines, "#game")[:2] == [
        "hague: Spring 1901 is locked",
        "The game master holds the phase: it is not adjudicated at its deadline, however late, "
        "until it is unlocked. Orders can still be changed.",
    ]
    lines = await table.play("gm> /dip lock")
    assert lines == ["[only:gm#game] Spring 1901 is already locked; `unlock` releases it."]
    lines = await table.play("carol@dm> order A PAR - BUR")
    assert said(lines, "dm:carol")[0] == "Orders: 1 accepted"
    lines = await table.play("clock +5d")
    assert not said(lines, "#game"), "never processed automatically while locked"
    assert await table.service.next_wakeup() is None
    lines = await table.play("alice> /dip status")
    assert (
        "[only:alice#game] The game master has locked this phase: it waits for them, not for "
        "the deadline." in lines
    )
    lines = await table.play("gm> /dip unlock")
    channel = said(lines, "#game")
    assert channel[:2] == [
        "hague: Spring 1901 is unlocked",
        "The game master released the phase; its deadline has passed, so it is adjudicated now.",
    ]
    assert "hague: Spring 1901 — results" in channel
    lines = await table.play("gm> /dip unlock")
    assert lines == ["[only:gm#game] Fall 1901 is not locked."]


async def test_the_game_master_may_process_a_locked_phase(table: Table) -> None:
    await table.play("gm> /dip lock")
    lines = await table.play("gm> /dip process")
    assert "[#game] hague: Spring 1901 — results" in lines
    assert not (await open_phase(table)).locked, "the next phase is not locked"


async def test_a_phase_locked_after_it_fell_due_is_left_alone(table: Table) -> None:
    phase = await open_phase(table)
    table.clock.now = phase.deadline or table.clock.now
    async with table.sessions.begin() as session:
        row = await session.get(Phase, phase.id)
        assert row is not None
        row.locked = True
    assert await table.service.process_due() == 0


# kick / replace --------------------------------------------------------------------------------


async def test_kick_puts_the_power_in_civil_disorder(table: Table) -> None:
    await table.play("carol@dm> order A PAR - BUR")
    lines = await table.play("gm> /dip kick france")
    assert said(lines, "#game") == [
        "hague: France is in civil disorder",
        "The game master removed carol from the game.",
        "Its units hold and it gives no orders until a new player takes over.",
        "A replacement is wanted: if you would like to play France, write `join france`; "
        "the game master is told, and hands it over with `replace france <user>`.",
    ]
    assert said(lines, "dm:carol") == [
        "hague: you were removed",
        "The game master removed you from hague: France is in civil disorder.",
    ]
    assert await status_of(table, "FRANCE") == PowerStatus.CIVIL_DISORDER
    lines = await table.play("carol@dm> order A PAR - PIC")
    assert "You no longer play in hague: France has been in civil disorder since" in lines[0]
    lines = await table.play("alice> /dip status")
    assert "[only:alice#game] France: civil disorder (its units hold)" in lines
    lines = await table.play("gm> /dip kick france")
    assert lines == ["[only:gm#game] Nobody plays France in hague: there is nobody to remove."]
    lines = await table.play("gm> /dip process")
    channel = said(lines, "#game")
    assert "A PAR  held (no order)" in channel, "the order of the removed player does not count"
    lines = await table.play("frank> /dip history S1901M")
    assert "A PAR  held (no order)" in said(lines, "only:frank#game")


async def test_kick_in_an_anonymous_game_names_nobody(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players(options="anonymous=on")
        lines = await table.play("gm> /dip kick france")
        assert said(lines, "#game")[1] == "The game master removed France's player from the game."
        assert not any("carol" in line for line in said(lines, "#game"))


async def test_replace_hands_the_power_over_with_its_orders(table: Table) -> None:
    await table.play("carol@dm> order A PAR - BUR; F BRE - MAO\ngm> /dip kick france")
    lines = await table.play("gm> /dip replace france <@zoe|Zoe>")
    assert said(lines, "#game") == [
        "hague: France is played again",
        "Zoe now plays France.",
        "Its units take orders again from this phase on.",
    ]
    assert said(lines, "only:gm#game") == ["Zoe plays France now and has the picture by DM."]
    assert said(lines, "dm:zoe") == [
        "hague: you now play France",
        "The game master handed France to you in Spring 1901.",
        "Your units: A MAR, A PAR, F BRE",
        "Your supply centres: BRE, MAR, PAR",
        "Orders on file for your power this phase",
        "A PAR - BUR",
        "F BRE - MAO",
        "`orders` shows what you have given, `possible` what your units may do.",
        "Deadline: Wed 7 Jan 2026 09:00 UTC (in 2 days)",
    ]
    assert await status_of(table, "FRANCE") == PowerStatus.PLAYING
    lines = await table.play("zoe@dm> A MAR - SPA")
    assert said(lines, "dm:zoe")[:2] == ["Orders: 1 accepted", "✓ A MAR - SPA"]
    lines = await table.play("gm> /dip process")
    channel = said(lines, "#game")
    assert "A PAR - BUR  ✓ moved" in channel
    assert "A MAR - SPA  ✓ moved" in channel
    lines = await table.play("alice> /dip players")
    assert "France: Zoe" in said(lines, "only:alice#game")


async def test_replace_swaps_a_playing_player(table: Table) -> None:
    lines = await table.play("gm> /dip replace france zoe")
    assert said(lines, "dm:carol") == [
        "hague: you were replaced",
        "The game master handed France to another player; you no longer play in hague.",
    ]
    assert said(lines, "dm:zoe")[0] == "hague: you now play France"
    assert said(lines, "dm:zoe")[5] == "None yet (units without orders hold)."


async def test_replace_says_what_is_wrong(table: Table) -> None:
    for command, reply in [
        ("replace", "No `power` was given: `power` takes a power. Usage: `replace <power> <user>`"),
        ("replace france", "No `user` was given: `user` takes a person: type @ and pick them"),
        ("replace prussia zoe", "`prussia` is no power of standard: `power` takes a power: "),
        ("replace france carol", "carol already plays France."),
        ("replace france bob", "bob already plays England in hague."),
        ("replace france two words", "`two words` names nobody I can tell"),
    ]:
        lines = await table.play(f"gm> /dip {command}")
        assert len(lines) == 1 and reply in lines[0], (command, lines)
    await table.play("eve@dm> surrender confirm\ngm> /dip process")
    lines = await table.play("gm> /dip replace italy zoe")
    assert lines == ["[only:gm#game] Italy surrendered: it stays out of the game."]


# report ----------------------------------------------------------------------------------------


async def test_report_goes_to_the_game_master_alone(table: Table) -> None:
    lines = await table.play("carol@dm> report England threatened to key my car")
    assert said(lines, "dm:carol") == [
        "Your note went to the game master of hague; nobody else sees it."
    ]
    assert said(lines, "dm:gm") == [
        "hague: a note for the game master",
        "From carol (France):",
        "England threatened to key my car",
    ]
    assert {line.split("]")[0] for line in lines} == {"[dm:carol", "[dm:gm"}
    lines = await table.play("carol> /dip report")
    assert lines[0] == (
        "[only:carol#game] No `text` was given: `text` takes some text. Usage: `report <text>`, "
        "e.g. `report England threatened to damage my bike`."
    )
