"""The game master's commands: process, pause, resume, extend, deadline and end."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.bot.service.harness import Table, open_table, said
from tests.bot.store.support import BACKENDS


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table(request.param, tmp_path, admins=["root"]) as table:
        await table.seven_players()
        table.fresh()
        yield table


@pytest.mark.parametrize(
    "command", ["process", "pause", "resume", "extend 1h", "deadline +1h", "end confirm"]
)
async def test_only_the_game_master_or_an_admin(table: Table, command: str) -> None:
    lines = await table.play(f"alice> /dip {command}")
    name = command.split()[0]
    assert lines == [
        "[only:alice#game] Only the game master of hague (its creator, or a workspace admin) "
        f"may use `{name}`."
    ]


async def test_an_admin_may_act_as_game_master(table: Table) -> None:
    lines = await table.play("root> /dip extend 1h")
    assert said(lines, "#game")[0] == "hague: deadline extended"


async def test_process_adjudicates_now(table: Table) -> None:
    lines = await table.play("gm> /dip process")
    assert lines[0] == (
        "[only:gm#game] Spring 1901 is adjudicated: the results go to the game's channel."
    )
    assert "[#game] hague: Spring 1901 — results" in lines


async def test_pause_keeps_the_time_left(table: Table) -> None:
    await table.play("clock +12h")
    lines = await table.play("gm> /dip pause")
    assert said(lines, "#game") == [
        "hague: paused",
        "The game master paused the clock with 1 day 12 hours left; orders can still be changed.",
    ]
    lines = await table.play("carol@dm> order A PAR - BUR")
    assert said(lines, "dm:carol")[0] == "Orders: 1 accepted"
    lines = await table.play("alice> /dip status")
    assert "Deadline: paused (1 day 12 hours left when resumed)" in lines[1]
    assert "[only:alice#game] The game is paused by the game master." in lines
    lines = await table.play("clock +10d")
    assert not said(lines, "#game"), "nothing is adjudicated while paused"
    lines = await table.play("gm> /dip process")
    assert lines == ["[only:gm#game] hague is paused: `resume` it first, then `process`."]
    lines = await table.play("gm> /dip pause")
    assert lines == ["[only:gm#game] hague is already paused; `resume` restarts the clock."]
    lines = await table.play("gm> /dip resume")
    assert said(lines, "#game") == [
        "hague: resumed",
        "The clock runs again with the time that was left.",
        "Deadline: Sat 17 Jan 2026 09:00 UTC (in 1 day 12 hours)",
    ]
    lines = await table.play("gm> /dip resume")
    assert lines == ["[only:gm#game] hague is not paused."]


async def test_extend(table: Table) -> None:
    lines = await table.play("gm> /dip extend 1d12h")
    assert said(lines, "#game") == [
        "hague: deadline extended",
        "Deadline extended by 1 day 12 hours.",
        "Deadline: Thu 8 Jan 2026 21:00 UTC (in 3 days 12 hours)",
    ]
    lines = await table.play("gm> /dip extend")
    assert lines == [
        "[only:gm#game] No `duration` was given: `duration` takes a duration, e.g. 24h, 90m or "
        "1d12h. Usage: `extend <duration>`, e.g. `extend 24h`."
    ]
    lines = await table.play("gm> /dip extend soon")
    assert "cannot read 'soon' as a duration" in lines[0]
    await table.play("gm> /dip pause")
    lines = await table.play("gm> /dip extend 1h")
    assert "Deadline extended by 1 hour: 3 days 13 hours left when the game resumes." in lines[1]


async def test_deadline(table: Table) -> None:
    lines = await table.play("gm> /dip deadline tomorrow 18:00")
    assert said(lines, "#game") == [
        "hague: new deadline",
        "The game master set a new deadline.",
        "Deadline: Tue 6 Jan 2026 18:00 UTC (in 1 day 9 hours)",
    ]
    lines = await table.play("gm> /dip deadline 2020-01-01 10:00")
    assert "'2020-01-01 10:00' is in the past" in lines[0]
    lines = await table.play("gm> /dip deadline")
    assert lines[0].startswith("[only:gm#game] No `when` was given: `when` takes a time in")
    assert lines[0].endswith("Usage: `deadline <when>`, e.g. `deadline +2h`.")
    lines = await table.play("gm> /dip deadline +1h")
    assert said(lines, "#game")[-1] == "Deadline: Mon 5 Jan 2026 10:00 UTC (in 1 hour)"
    lines = await table.play("clock +1h")
    assert said(lines, "#game")[0] == "hague: Spring 1901 — results"


async def test_the_game_master_from_a_dm_announces_in_the_channel(table: Table) -> None:
    lines = await table.play("gm@dm> game hague extend 2h")
    assert lines[0] == "[#game] hague: deadline extended"


async def test_end(table: Table) -> None:
    await table.play("carol@dm> order A PAR - BUR")
    lines = await table.play("gm> /dip end")
    assert "Write `end confirm` to do it." in lines[0]
    lines = await table.play("gm> /dip end confirm")
    channel = said(lines, "#game")
    assert channel[:2] == [
        "hague: final standings",
        "The game master ended the game without a winner.",
    ]
    assert channel.count("The game master ended the game without a winner.") == 1
    assert "A PAR - BUR" not in "\n".join(channel), "orders never adjudicated stay secret"
    lines = await table.play("alice> /dip status")
    assert said(lines, "only:alice#game") == [
        "hague is over",
        "The game master ended the game without a winner.",
        "`history` and `map` show how it went.",
    ]
    lines = await table.play("alice> /dip history")
    assert lines == ["[only:alice#game] No phase of hague has been adjudicated yet."]
    lines = await table.play("gm> /dip end confirm")
    assert lines == [
        "[only:gm#game] hague ended in Spring 1901; `status`, `history`, `map` and `export` "
        "still show how it went. `newgame` starts a new game in this channel."
    ]
    lines = await table.play("clock +3d")
    assert not said(lines, "#game"), "an ended game is never adjudicated"


async def test_commands_before_the_start(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players(start=False)
        for command in ("process", "pause", "extend 1h", "deadline +1h"):
            lines = await table.play(f"gm> /dip {command}")
            assert lines == [
                "[only:gm#game] hague has not started yet: the game master starts it with `start`."
            ]


async def test_a_game_master_in_a_dm_is_told_which_game_to_name(table: Table) -> None:
    """The game master runs hague but plays in no game: a DM names the game to use."""
    lines = await table.play("gm@dm> status")
    assert lines == ["[dm:gm] Say which game you mean: you run hague, e.g. `game hague status`."]
    lines = await table.play("root@dm> pause")
    assert lines == [
        "[dm:root] Say which game you mean: the games here are hague, e.g. `game hague pause`."
    ]
    lines = await table.play("zoe@dm> status")
    assert lines == [
        "[dm:zoe] You play in no game yet. Join one in its channel with `join`, or name a "
        "game: `game <name> status`."
    ]
