"""Forming a game: help, newgame, join, leave, games, players and start."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy import select

from bot.service.commands.forming import assign_powers
from bot.store import Game, Player
from tests.bot.service.harness import Table, open_table, said
from tests.bot.store.support import BACKENDS


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table(request.param, tmp_path, admins=["root"]) as table:
        yield table


async def test_help_is_private(table: Table) -> None:
    lines = await table.play("alice> /dip help order")
    assert said(lines, "only:alice#game")[0] == "order <orders>"
    lines = await table.play("alice@dm> help")
    assert said(lines, "dm:alice")[0] == "dipgm commands"
    lines = await table.play("alice> /dip")
    assert said(lines, "only:alice#game")[0] == "dipgm commands"


async def test_unknown_commands_are_answered_privately(table: Table) -> None:
    lines = await table.play("alice> /dip jion")
    assert lines == [
        "[only:alice#game] `jion` is not a command. Did you mean `join`? "
        "`help` lists every command."
    ]


async def test_table_talk_in_the_channel_is_not_for_the_bot(table: Table) -> None:
    assert await table.play("alice> hello all, who wants to play?") == []


async def test_newgame_with_options(table: Table) -> None:
    lines = await table.play(
        "gm> /dip newgame Vienna schedule=24h/1h/1h tz=Europe/Paris press=none anonymous=on"
    )
    channel = said(lines, "#game")
    assert channel[0] == "New game: vienna"
    assert "Game master: gm." in channel
    assert (
        "Movement 1 day, retreats 1 hour, adjustments 1 hour (times in Europe/Paris); "
        "adjudicated as soon as everyone is ready; reminders 1 hour before orders close."
    ) in channel
    assert "Press: none; anonymous (who plays which power stays secret)." in channel
    async with table.sessions() as session:
        game = await session.scalar(select(Game))
        assert game is not None
        assert (game.name, game.creator, game.channel) == ("vienna", "gm", "game")
        assert game.settings["press"] == "none"
        assert game.settings["anonymous"] is True
        assert game.settings["schedule"]["zone"] == "Europe/Paris"


async def test_newgame_names_itself(table: Table) -> None:
    lines = await table.play(
        """
        gm> /dip newgame
        gm#other> /dip newgame
        """
    )
    assert said(lines, "#game")[0] == "New game: game-1"
    assert said(lines, "#other")[0] == "New game: game-2"


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ("gm@dm> newgame", "Create a game in the channel where it will be played"),
        ("gm> /dip newgame Hague!", "'Hague!' cannot be a game name"),
        ("gm> /dip newgame x schedule=fortnightly", "schedule: not a schedule I know"),
        ("gm> /dip newgame x press=loud", "press=loud is not a press rule"),
        ("gm> /dip newgame x anonymous=maybe", "anonymous=maybe: write anonymous=on or"),
        ("gm> /dip newgame x colour=red", "unknown option 'colour'"),
        ("gm> /dip newgame x tz=Mars/Olympus", "unknown time zone 'Mars/Olympus'"),
        ("gm> /dip newgame x schedule", "'schedule': options are name=value"),
    ],
)
async def test_newgame_refuses_bad_input(table: Table, line: str, error: str) -> None:
    lines = await table.play(line)
    assert len(lines) == 1
    assert lines[0].startswith(("[dm:gm] ", "[only:gm#game] "))
    assert error in lines[0]


async def test_one_game_per_channel_and_unique_names(table: Table) -> None:
    await table.play("gm> /dip newgame hague")
    lines = await table.play("gm> /dip newgame vienna")
    assert "This channel already has a game, hague (forming)." in lines[0]
    lines = await table.play("gm#other> /dip newgame hague")
    assert lines == [
        "[only:gm#other] A game named hague already exists here: choose another name, "
        "e.g. `newgame hague-2`."
    ]


async def test_join_with_preferences_and_rejoin(table: Table) -> None:
    await table.play("gm> /dip newgame hague")
    lines = await table.play("alice> /dip join france, Eng")
    assert lines == [
        "[#game] alice joined hague (1 of 7 players).",
        "[only:alice#game] You joined hague. Your preferences: France, England.",
    ]
    lines = await table.play("alice> /dip join turkey")
    assert lines == ["[only:alice#game] You are already in hague. Your preferences: Turkey."]
    lines = await table.play("alice> /dip join atlantis")
    assert "`atlantis` is no power of standard: `powers` takes a power: Austria, " in lines[0]
    assert lines[0].endswith("e.g. `join france, england`.")


async def test_join_needs_a_game_and_room(table: Table) -> None:
    lines = await table.play("alice> /dip join")
    assert lines == [
        "[only:alice#game] There is no game in this channel. Create one with `newgame`, or "
        "name a game: `game <name> join`."
    ]
    await table.seven_players(start=False)
    lines = await table.play("zoe> /dip join")
    assert lines == ["[only:zoe#game] hague is full: 7 players have joined."]


async def test_join_by_name_from_elsewhere(table: Table) -> None:
    await table.play("gm> /dip newgame hague")
    lines = await table.play("alice@dm> game hague join")
    assert lines == [
        "[dm:alice] You joined hague. No preferences: any power will do.",
        "[#game] alice joined hague (1 of 7 players).",
    ]
    lines = await table.play("alice@dm> game vienna join")
    assert lines == [
        "[dm:alice] There is no game named 'vienna' here. `games` lists the games here."
    ]


async def test_leave_before_and_after_the_start(table: Table) -> None:
    await table.play(
        """
        gm> /dip newgame hague
        alice> /dip join
        bob> /dip join
        carol> /dip join
        """
    )
    lines = await table.play("carol> /dip leave")
    assert lines == [
        "[#game] carol left hague (2 of 7 players).",
        "[only:carol#game] You left hague.",
    ]
    lines = await table.play("carol> /dip leave")
    assert lines == ["[only:carol#game] You do not play in hague."]
    await table.play("gm> /dip start")
    lines = await table.play("bob> /dip leave")
    assert "Write `leave confirm` to leave." in lines[0]
    lines = await table.play("bob> /dip leave confirm")
    assert lines[0].startswith("[#game] bob left hague. ")
    assert lines[0].endswith("is in civil disorder: its units hold.")
    lines = await table.play("alice> /dip players")
    assert any("nobody (civil disorder: its units hold)" in line for line in lines)


async def test_games_lists_mine_and_the_others(table: Table) -> None:
    await table.play(
        """
        gm> /dip newgame hague
        alice> /dip join
        gm#other> /dip newgame vienna
        """
    )
    lines = await table.play("alice@dm> games")
    assert said(lines, "dm:alice") == [
        "Games",
        "Your games",
        "hague (#game): forming, 1 player",
        "Other games here",
        "vienna (#other): forming, 0 players; join with `game vienna join`",
    ]
    lines = await table.play("zoe@dm> games")
    assert "hague (#game): forming, 1 player; join with `game hague join`" in lines[-2]


async def test_start_assigns_powers_and_tells_each_player(table: Table) -> None:
    await table.seven_players(start=False)
    lines = await table.play("gm> /dip start")
    channel = said(lines, "#game")
    assert channel[:8] == [
        "hague has begun: Spring 1901",
        "Austria: alice",
        "England: bob",
        "France: carol",
        "Germany: dave",
        "Italy: eve",
        "Russia: frank",
        "Turkey: grace",
    ]
    for user in ("alice", "bob", "carol", "dave", "eve", "frank", "grace"):
        assert said(lines, f"dm:{user}")[0].startswith("hague: you play ")
    assert said(lines, "dm:carol")[3] == "order F BRE - ENG; A MAR - BUR; A PAR - GAS"
    lines = await table.play("alice> /dip players")
    assert said(lines, "only:alice#game")[-1] == "You play Austria."


async def test_start_needs_the_game_master_and_players(table: Table) -> None:
    await table.play(
        """
        gm> /dip newgame hague
        alice> /dip join
        """
    )
    lines = await table.play("alice> /dip start")
    assert lines == [
        "[only:alice#game] Only the game master of hague (its creator, or a workspace admin) "
        "may use `start`."
    ]
    lines = await table.play("gm> /dip start")
    assert lines == [
        "[only:gm#game] hague needs at least 2 players to start; 1 joined so far. Players join "
        "with `join`."
    ]
    await table.play("bob> /dip join")
    lines = await table.play("root> /dip start")
    assert said(lines, "#game")[0] == "hague has begun: Spring 1901"
    empty = [t for t in said(lines, "#game") if t.startswith("No player for ")]
    assert len(empty) == 1
    assert empty[0].split(":")[0].count(",") == 4  # five powers without a player
    assert empty[0].endswith(": civil disorder, their units hold.")
    lines = await table.play("gm> /dip start")
    assert lines == ["[only:gm#game] hague has already started."]
    lines = await table.play("carol> /dip join")
    assert "hague has already started: players join before" in lines[0]


async def test_anonymous_games_keep_powers_secret(table: Table) -> None:
    await table.seven_players(options="anonymous=on")
    lines = table.lines
    assert "[#game] 7 players; each has learnt their power by direct message." in lines
    assert not any(line.startswith("[#game] France:") for line in lines)
    lines = await table.play("bob> /dip players")
    assert said(lines, "only:bob#game") == [
        "hague: players",
        "7 players; who plays which power is secret in this game.",
        "Players: alice, bob, carol, dave, eve, frank, grace",
        "You play England.",
    ]


def test_powers_by_lot_honour_preferences_and_are_repeatable() -> None:
    powers = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
    players = [
        Player(id=1, user_id="a", preferences=["FRANCE", "ENGLAND"]),
        Player(id=2, user_id="b", preferences=["FRANCE"]),
        Player(id=3, user_id="c", preferences=[]),
    ]
    first = assign_powers(players, powers, "seed")
    assert first == assign_powers(players, powers, "seed")
    assert sorted(first) == ["a", "b", "c"]
    assert len(set(first.values())) == 3
    assert "FRANCE" in first.values()
    assert first["a"] in ("FRANCE", "ENGLAND")
    draws = {tuple(sorted(assign_powers(players, powers, f"s{n}").items())) for n in range(20)}
    assert len(draws) > 1, "the lot depends on the seed"
