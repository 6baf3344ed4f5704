"""`settings`: anyone reads a game's options; the game master changes them, all of them
before the start, only those that break no promise once the game is under way."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service.errors import UserError
from bot.service.options.game_options import Press
from tests.bot.service.harness import Table, open_table, said
from tests.bot.service.option_text import parse_changes, parse_newgame
from tests.bot.store.support import BACKENDS


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table(request.param, tmp_path) as table:
        yield table


async def test_anyone_reads_the_settings(table: Table) -> None:
    await table.seven_players(options="schedule=24h/1h/1h press=public nmr=cd")
    lines = await table.play("alice> /dip settings")
    assert said(lines, "only:alice#game") == [
        "hague: settings",
        "Variant standard — The standard game for seven: Spring 1901, 18 supply centres win "
        "(players=6..3 for the UK rule book's layouts for fewer players).",
        "Movement 1 day, retreats 1 hour, adjustments 1 hour (times in UTC); "
        "adjudicated as soon as everyone is ready; reminders 1 hour before orders close.",
        "Press: public; players' powers are public. Missed orders: a power without orders "
        "falls into civil disorder at once.",
        "The game master changes them with `settings option=value ...`, e.g. "
        "`settings press=public`; `help newgame` lists the options.",
    ]


async def test_before_the_start_every_option_may_change(table: Table) -> None:
    await table.seven_players(start=False)
    table.fresh()
    lines = await table.play("gm> /dip settings anonymous=on players=6 press=none")
    channel = said(lines, "#game")
    assert channel[0] == ("hague: the game master changed the settings (anonymous, players, press)")
    assert "Press: none; anonymous (who plays which power stays secret)." in channel[2]
    assert channel[3].startswith("Seats: ")
    assert "Not played (civil disorder): Italy." in channel[3]
    lines = await table.play("alice@dm> game hague settings")
    assert (
        "Press: none; anonymous (who plays which power stays secret)." in said(lines, "dm:alice")[3]
    )


async def test_under_way_the_rest_applies_from_now_on(table: Table) -> None:
    await table.seven_players()
    table.fresh()
    lines = await table.play("gm> /dip settings schedule=24h/1h/1h end=1905")
    channel = said(lines, "#game")
    assert channel[0] == "hague: the game master changed the settings (schedule, end)"
    assert channel[-1] == (
        "The new schedule applies from the next phase; the current deadline stays "
        "(`extend` or `deadline` moves it)."
    )
    # Spring 1901 keeps its 48 hours; Fall 1901 gets the new 24.
    lines = await table.play("clock +47h")
    assert not any("Spring 1901 — results" in line for line in lines)
    lines = await table.play("clock +1h")
    assert "[#game] Deadline: Thu 8 Jan 2026 09:00 UTC (in 1 day)" in lines
    lines = await table.play("alice> /dip settings")
    assert (
        "The game ends after 1905, the most supply centres win."
        in said(lines, "only:alice#game")[3]
    )
    lines = await table.play("gm> /dip settings end=none")
    assert not any("The game ends" in line for line in lines)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ("anonymous=on", "who plays which power was settled when the game started"),
        ("players=5", "the powers were assigned when the game started"),
        ("negotiation=3d", "the negotiation period is over once the game has started"),
    ],
)
async def test_under_way_some_options_are_settled(table: Table, change: str, reason: str) -> None:
    await table.seven_players()
    table.fresh()
    name = change.partition("=")[0]
    lines = await table.play(f"gm> /dip settings press=none {change}")
    assert said(lines, "only:gm#game") == [
        f"{name} cannot change now: {reason}. Nothing was changed."
    ]
    lines = await table.play("gm> /dip settings")
    assert "Press: full; players' powers are public." in said(lines, "only:gm#game")


async def test_only_the_game_master_changes_settings(table: Table) -> None:
    await table.seven_players()
    table.fresh()
    lines = await table.play("alice> /dip settings press=none")
    assert said(lines, "only:alice#game") == [
        "Only the game master of hague (its creator, or a workspace admin) may use `settings`."
    ]
    lines = await table.play("gm> /dip settings press=loud")
    assert said(lines, "only:gm#game")[0].startswith("press=loud is not a press rule")
    lines = await table.play("gm> /dip settings press=full")
    assert said(lines, "only:gm#game") == [
        "Those are already the game's settings: nothing was changed."
    ]


async def test_a_finished_game_keeps_its_settings(table: Table) -> None:
    await table.seven_players()
    await table.play("gm> /dip end confirm")
    table.fresh()
    lines = await table.play("gm> /dip game hague settings press=none")
    assert said(lines, "only:gm#game") == [
        "hague ended in Spring 1901; `status`, `history`, `map` and `export` still show how it "
        "went. `newgame` starts a new game in this channel."
    ]
    lines = await table.play("alice> /dip settings")
    assert said(lines, "only:alice#game")[0] == "hague: settings"


def test_changes_keep_what_is_not_named() -> None:
    _, current = parse_newgame("schedule=league press=rulebook+grey anonymous=on", "UTC")
    changed, names = parse_changes("nmr=warn:2", current)
    assert names == ["nmr"]
    assert (changed.schedule, changed.press, changed.grey, changed.anonymous) == (
        current.schedule,
        Press.RULEBOOK,
        True,
        True,
    )
    assert changed.nmr != current.nmr


def test_changes_need_something_to_change() -> None:
    _, current = parse_newgame("", "UTC")
    with pytest.raises(UserError, match="Name the options to change"):
        parse_changes("  ", current)
    with pytest.raises(UserError, match="unknown option 'colour'") as refused:
        parse_changes("colour=red", current)
    # every option the game takes, listed once, and the sentence ends where it should
    assert str(refused.value).endswith(
        "The other options are variant, press, anonymous, nmr, end, players, teams, bots, cd, "
        "bot_level, palette, season, reliability and votes; `help newgame` explains each."
    )
