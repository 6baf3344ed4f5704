"""The final announcement: how the game ended, the standings, and the whole game animated,
posted once to the channel however the game ends."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy import select

from bot.store import Image as StoredImage
from bot.store import OutboxMessage
from tests.bot.service.harness import GIF, PNG, SEVEN, Table, open_table, said
from tests.bot.service.test_end_rules import FRANCE_GROWS
from tests.bot.store.support import BACKENDS


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table(request.param, tmp_path) as table:
        yield table


DRAW_AFTER_A_YEAR = """
carol@dm> order A Par-Bur; F Bre-MAO
frank@dm> order A War-Gal
clock +49h
carol@dm> order A Bur-Bel; F MAO-Por
frank@dm> order A Gal-Rum
clock +49h
clock +49h
alice@dm> draw
bob@dm> draw
carol@dm> draw
dave@dm> draw
eve@dm> draw
frank@dm> draw
grace@dm> draw
clock +49h
"""


async def test_a_draw_ends_with_standings_and_the_animated_game(table: Table) -> None:
    await table.seven_players()
    table.fresh()
    lines = await table.play(DRAW_AFTER_A_YEAR)
    channel = said(lines, "#game")
    start = channel.index("hague: final standings")
    assert channel[start + 1] == (
        "The game ended in a draw shared by Austria, England, France, Germany, Italy, Russia "
        "and Turkey."
    )
    assert channel[start + 2 : start + 10] == [
        "Standings",
        "1. Russia (frank): 5 supply centres, 4 units",
        "2. France (carol): 5 supply centres, 3 units",
        "3. Austria (alice): 3 supply centres, 3 units",
        "4. England (bob): 3 supply centres, 3 units",
        "5. Germany (dave): 3 supply centres, 3 units",
        "6. Italy (eve): 3 supply centres, 3 units",
        "7. Turkey (grace): 3 supply centres, 3 units",
    ]
    # The finale comes after the last results, and is posted once.
    assert channel.index("hague: Fall 1902 — results") < start
    assert channel.count("hague: final standings") == 1
    gif = table.map_dir / "hague-history.gif"
    assert f"[file #game] {gif}" in lines
    assert gif.read_bytes().startswith(GIF)
    # Every adjudicated phase with its results, then the board the game ended on.
    assert table.animator.calls == [
        [
            ("S1901M", True),
            ("F1901M", True),
            ("W1901A", True),
            ("S1902M", True),
            ("F1902M", True),
            ("W1902A", False),
        ]
    ]
    assert await table.play("clock +49h") == []


async def test_the_finale_names_the_last_phase_played_and_posts_the_chart(table: Table) -> None:
    await table.seven_players()
    table.fresh()
    lines = await table.play(DRAW_AFTER_A_YEAR)
    # The board the draw left is Winter 1902's, but nobody played that phase.
    async with table.sessions() as session:
        finale = await session.scalar(
            select(OutboxMessage).where(OutboxMessage.dedupe_key.endswith(":finale"))
        )
    assert finale is not None
    assert finale.payload["image"]["alt"] == (
        "The whole game on the map, Spring 1901 Movement to Fall 1902 Movement"
    )
    channel = said(lines, "#game")
    chart = channel.index("hague: supply centres by year")
    assert chart > channel.index("hague: final standings")
    assert channel[chart + 1 : chart + 4] == [
        "Scores of the draw",
        "In the draw: Austria, England, France, Germany, Italy, Russia and Turkey.",
        "Russia: 14.3% by draw size, 26.3% by sum of squares",
    ]
    # Its pictures are named and stored after Fall 1902, never after Winter 1902.
    picture = table.map_dir / "hague-F1902M-scoreboard.png"
    history = f"[file #game] {table.map_dir / 'hague-history.gif'}"
    assert lines.index(f"[file #game] {picture}") > lines.index(history)
    assert picture.read_bytes().startswith(PNG)
    async with table.sessions() as session:
        stored = (await session.execute(select(StoredImage.phase_name, StoredImage.kind))).all()
    assert sorted(p for p, kind in stored if kind in ("history", "scoreboard")) == [
        "F1902M",
        "F1902M",
    ]
    # The scoreboard asked for afterwards names the same phase.
    lines = await table.play("alice> /dip scoreboard")
    assert f"[file #game] {picture}" in lines


async def test_the_winners_come_first_in_the_final_standings(tmp_path: Path) -> None:
    # The league counts units: Russia wins with four, France has more centres but waived
    # its builds.
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players(options="end=1901:units")
        await table.play(FRANCE_GROWS)
        lines = await table.play("carol@dm> order waive; waive\ngm> /dip process")
        channel = said(lines, "#game")
        start = channel.index("hague: final standings")
        assert channel[start + 1] == "The agreed end came: Russia won with the most units (4)."
        assert channel[start + 3 : start + 5] == [
            "1. Russia (frank): 4 supply centres, 4 units",
            "2. France (carol): 5 supply centres, 3 units",
        ]


async def test_an_anonymous_game_names_no_players_in_its_standings(table: Table) -> None:
    await table.seven_players(options="anonymous=on")
    table.fresh()
    lines = await table.play(DRAW_AFTER_A_YEAR)
    channel = said(lines, "#game")
    start = channel.index("hague: final standings")
    assert channel[start + 3] == "1. Russia: 5 supply centres, 4 units"
    finale = "\n".join(channel[start:])
    assert not any(name in finale for name in ("alice", "carol", "frank"))


async def test_the_game_master_ending_a_game_keeps_the_open_phase_secret(table: Table) -> None:
    await table.seven_players()
    await table.play("clock +49h")
    table.fresh()
    lines = await table.play(
        """
        carol@dm> order A Par-Bur
        gm> /dip end confirm
        """
    )
    channel = said(lines, "#game")
    # said once, in the final standings
    assert channel[:2] == [
        "hague: final standings",
        "The game master ended the game without a winner.",
    ]
    assert channel.count("The game master ended the game without a winner.") == 1
    assert said(lines, "only:gm#game") == [
        "You ended hague: its final standings are posted in its channel."
    ]
    assert "A PAR - BUR" not in "\n".join(channel)
    # Spring 1901 with its results, then Fall 1901's board without its (secret) orders.
    assert table.animator.calls == [[("S1901M", True), ("F1901M", False)]]
    assert f"[file #game] {table.map_dir / 'hague-history.gif'}" in lines


async def test_ending_a_game_that_never_started_animates_nothing(table: Table) -> None:
    await table.seven_players(start=False)
    table.fresh()
    lines = await table.play("gm> /dip end confirm")
    assert said(lines, "#game") == [
        "hague is over",
        "The game master ended the game without a winner.",
    ]
    assert table.animator.calls == []
    assert await table.play("zoe> /dip join") == [
        "[only:zoe#game] hague ended before it started; there is nothing to play in it. "
        "`newgame` starts a new game in this channel."
    ]


ENDED = (
    "hague ended in Spring 1901; `status`, `history`, `map` and `export` still show how it "
    "went. `newgame` starts a new game in this channel."
)


async def test_the_channel_answers_about_its_game_until_the_next_is_created(
    table: Table,
) -> None:
    await table.seven_players()
    await table.play("\n".join(f"{user}@dm> draw" for user in SEVEN) + "\ngm> /dip process")
    table.fresh()
    # What the final announcement promises, asked in the channel without naming the game.
    lines = await table.play("alice> /dip status")
    assert said(lines, "only:alice#game")[:2] == [
        "hague is over",
        "The game ended in a draw shared by Austria, England, France, Germany, Italy, Russia "
        "and Turkey.",
    ]
    lines = await table.play("alice> /dip history")
    assert said(lines, "only:alice#game")[0] == "hague: Spring 1901 — orders and results"
    lines = await table.play("alice> /dip map")
    assert lines == [
        "[#game] hague: Spring 1901 — orders and results",
        f"[file #game] {table.map_dir / 'hague-S1901M-results.png'}",
    ]
    lines = await table.play("alice> /dip export")
    assert said(lines, "only:alice#game")[0] == "hague: the game record"
    lines = await table.play("alice> /dip scoreboard")
    assert said(lines, "#game")[:2] == ["hague: final scoreboard", "Standings"]
    # What would change the game is refused, saying when it ended.
    for command in (
        "carol> /dip order A PAR - BUR",
        "carol> /dip ready",
        "carol> /dip draw",
        "carol> /dip press all Again?",
        "zoe> /dip join",
        "carol> /dip leave confirm",
        "gm> /dip start",
        "gm> /dip process",
        "gm> /dip pause",
        "gm> /dip replace france zoe",
    ):
        user = command.split(">")[0]
        assert await table.play(command) == [f"[only:{user}#game] {ENDED}"], command
    # A new game in the channel is the channel's game from then on.
    lines = await table.play("gm> /dip newgame second")
    assert said(lines, "#game")[0] == "New game: second"
    lines = await table.play("zoe> /dip join")
    assert said(lines, "#game") == ["zoe joined second (1 of 7 players)."]
    lines = await table.play("alice> /dip status")
    assert said(lines, "only:alice#game")[0] == "second: forming"
    lines = await table.play("alice> /dip game hague history")
    assert said(lines, "only:alice#game")[0] == "hague: Spring 1901 — orders and results"


async def test_an_animation_cut_down_to_fit_the_platform_says_so(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.service.turn import final_announcement
    from bot.store import Platform

    limit = ("the test platform's 1 MB limit", 1_000_000)
    monkeypatch.setitem(final_announcement.UPLOAD_LIMITS, Platform.CONSOLE, limit)
    table.animator.kept = (3, 800)
    await table.seven_players()
    table.fresh()
    channel = said(await table.play(DRAW_AFTER_A_YEAR), "#game")
    assert table.animator.limits == [1_000_000]
    assert (
        "The animation shows 3 of the game's 6 phases, evenly spread, to stay within the "
        "test platform's 1 MB limit."
    ) in channel


async def test_an_animation_that_fits_says_nothing_of_limits(table: Table) -> None:
    await table.seven_players()
    table.fresh()
    channel = said(await table.play(DRAW_AFTER_A_YEAR), "#game")
    assert table.animator.limits == [None]  # the console writes a file: no limit
    assert not [line for line in channel if line.startswith("The animation shows")]


def test_the_platforms_limits_are_under_their_own() -> None:
    from bot.service.turn.final_announcement import UPLOAD_LIMITS
    from bot.store import Platform

    assert UPLOAD_LIMITS[Platform.DISCORD][1] < 10 * 1024 * 1024
    assert UPLOAD_LIMITS[Platform.SLACK][1] < 1024 * 1024 * 1024
