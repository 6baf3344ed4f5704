"""The club's lobby through the console: seats advertised there by the game master and by the
call for a replacement, answered there, and handed over with one more command."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.bot.service.harness import Table, open_table, said
from tests.bot.store.support import BACKENDS


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table(request.param, tmp_path, admins=("gm",)) as table:
        yield table


async def test_a_seat_is_advertised_answered_in_the_lobby_and_handed_over(table: Table) -> None:
    lines = await table.play(
        """
        gm#g> /dip newgame g
        gm#g> /dip advertise
        """
    )
    assert said(lines, "only:gm#g") == [
        "This club has no lobby to advertise in: an admin names one by writing `club "
        "lobby=here` in that channel."
    ]
    lines = await table.play(
        """
        gm#lobby> /dip club lobby=here
        alice#g> /dip join france
        gm#g> /dip advertise
        """
    )
    assert said(lines, "#lobby")[:2] == [
        "g is looking for players",
        "g is forming: 1 of 7 players have joined (standard).",
    ]
    assert said(lines, "#lobby")[-1].startswith("Answer with `game g join`")
    # answered from the lobby: the join is told in the game's channel
    lines = await table.play("bob#lobby> /dip game g join germany")
    assert said(lines, "#g") == ["bob joined g (2 of 7 players)."]
    lines = await table.play(
        """
        gm#g> /dip start
        gm#g> /dip kick germany
        """
    )
    assert "The call is posted in the club's lobby too." in said(lines, "#g")
    assert said(lines, "#lobby") == [
        "g needs a player for Germany",
        "Germany in g is in civil disorder: 3 supply centres, 3 units as of Spring 1901.",
        "Movement 2 days, retreats 2 hours, adjustments 2 hours (times in UTC); adjudicated as "
        "soon as everyone is ready; reminders 1 day and 1 hour before orders close.",
        "Answer with `game g join germany`: the game master is told, and hands it over; its "
        "units, the phase and its orders come by DM.",
    ]
    lines = await table.play("zoe#lobby> /dip game g join germany")
    assert said(lines, "dm:gm")[:2] == [
        "g: zoe volunteers to play Germany",
        "zoe would like to take over Germany, which is in civil disorder.",
    ]
    assert said(lines, "only:zoe#lobby")[0].startswith(
        "The game master of g is told you volunteer to play Germany."
    )
    lines = await table.play("gm@dm> /dip game g replace germany zoe")
    assert said(lines, "dm:zoe")[0] == "g: you now play Germany"
    assert said(lines, "#g")[:2] == ["g: Germany is played again", "zoe now plays Germany."]


async def test_the_game_master_advertises_one_power_or_every_free_one(table: Table) -> None:
    await table.play(
        """
        gm#lobby> /dip club lobby=here
        gm#g> /dip newgame g
        alice#g> /dip join france
        bob#g> /dip join germany
        gm#g> /dip start
        """
    )
    lines = await table.play("gm#g> /dip advertise france")
    assert said(lines, "only:gm#g") == [
        "France has a player (or is out of the game): only a power in civil disorder or "
        "played by a computer is advertised."
    ]
    lines = await table.play("gm#g> /dip advertise italy")
    assert said(lines, "#lobby")[0] == "g needs a player for Italy"
    lines = await table.play("gm#g> /dip advertise")
    titles = [t for t in said(lines, "#lobby") if t.startswith("g needs")]
    assert [t.removeprefix("g needs a player for ") for t in titles] == [
        "Austria",
        "England",
        "Italy",
        "Russia",
        "Turkey",
    ]
    lines = await table.play("alice#g> /dip advertise")
    assert said(lines, "only:alice#g")[0].startswith("Only the game master of g")


async def test_only_an_admin_names_the_lobby(table: Table) -> None:
    lines = await table.play("alice#lobby> /dip club lobby=here")
    assert said(lines, "only:alice#lobby")[0].startswith("Only an admin of this workspace")
    lines = await table.play("gm@dm> /dip club lobby=here")
    assert said(lines, "dm:gm") == [
        "A lobby is a channel: write `club lobby=here` in that channel."
    ]


async def test_a_power_a_computer_plays_is_advertised_as_such(table: Table) -> None:
    await table.play(
        """
        gm#lobby> /dip club lobby=here
        gm#g> /dip newgame g
        alice#g> /dip join france
        bob#g> /dip join germany
        gm#g> /dip start
        gm#g> /dip bot italy
        """
    )
    lines = await table.play("gm#g> /dip advertise italy")
    assert said(lines, "#lobby")[1] == (
        "Italy in g is played by a computer: 3 supply centres, 3 units as of Spring 1901."
    )
    lines = await table.play("zoe#lobby> /dip game g join italy")
    assert said(lines, "dm:gm")[1] == (
        "zoe would like to take over Italy, which is played by a computer."
    )


async def test_a_volunteer_below_the_games_minimum_is_refused_in_the_lobby(table: Table) -> None:
    # bob misses Spring 1901 of g and loses Germany: his record is 0 of 1
    await table.play(
        """
        gm#lobby> /dip club lobby=here
        gm#g> /dip newgame g nmr=cd reliability=90
        alice#g> /dip join france
        bob#g> /dip join germany
        gm#g> /dip start
        alice#g> /dip ready
        clock +2d
        """
    )
    lines = await table.play("bob#lobby> /dip game g join germany")
    assert said(lines, "only:bob#lobby") == [
        "g asks for a reliability of 90% or more to join; yours is 0% (0 of 1 phase), left or "
        "replaced in 1 game. `reliability` shows your record; the game master may change the "
        "minimum with `settings reliability=...`."
    ]
    assert said(lines, "dm:gm") == []
    # someone with no record yet may
    lines = await table.play("zoe#lobby> /dip game g join germany")
    assert said(lines, "dm:gm")[0] == "g: zoe volunteers to play Germany"
