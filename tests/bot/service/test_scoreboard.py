"""`scoreboard`: the supply centres of every power by year as a picture, the standings with
their players, and what a draw would score; public, for anyone at the table."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from PIL import Image

from render.styles import get_style
from tests.bot.service.harness import PNG, Table, open_table, said
from tests.bot.service.test_finale import DRAW_AFTER_A_YEAR
from tests.bot.store.support import BACKENDS

# France takes Spain and Portugal in 1901, Russia Rumania: five centres each after the Fall.
FRANCE_AND_RUSSIA_GROW = """
carol@dm> order A Par-Bur; F Bre-MAO; A Mar-Spa
frank@dm> order A War-Gal; F Sev-Bla
gm> /dip process
carol@dm> order F MAO-Por
frank@dm> order A Gal-Rum
gm> /dip process
"""


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table(request.param, tmp_path) as table:
        yield table


async def test_anyone_in_the_channel_sees_the_chart_standings_and_scores(table: Table) -> None:
    await table.seven_players()
    await table.play(FRANCE_AND_RUSSIA_GROW)
    lines = await table.play("zed> /dip scoreboard")  # zed plays no power
    channel = said(lines, "#game")
    assert channel[:9] == [
        "hague: scoreboard, Winter 1901 adjustments",
        "Standings",
        "1. Russia (frank): 5 supply centres, 4 units",
        "2. France (carol): 5 supply centres, 3 units",
        "3. Austria (alice): 3 supply centres, 3 units",
        "4. England (bob): 3 supply centres, 3 units",
        "5. Germany (dave): 3 supply centres, 3 units",
        "6. Italy (eve): 3 supply centres, 3 units",
        "7. Turkey (grace): 3 supply centres, 3 units",
    ]
    # squares: 25 + 25 + 5 × 9 = 95
    assert channel[9:13] == [
        "Scores if the game were drawn now",
        "In the draw: Austria, England, France, Germany, Italy, Russia and Turkey.",
        "Russia: 14.3% by draw size, 26.3% by sum of squares",
        "France: 14.3% by draw size, 26.3% by sum of squares",
    ]
    assert channel[-1].startswith("Draw size: the powers in the draw share it equally.")
    picture = table.map_dir / "hague-W1901A-scoreboard.png"
    assert f"[file #game] {picture}" in lines
    assert picture.read_bytes().startswith(PNG)
    with Image.open(picture) as image:
        assert image.size == (800, 480)


async def test_a_power_nobody_plays_takes_no_share_of_a_draw(table: Table) -> None:
    await table.seven_players()
    await table.play(FRANCE_AND_RUSSIA_GROW)
    await table.play("gm> /dip kick russia")
    channel = said(await table.play("alice> /dip scoreboard"), "#game")
    assert "1. Russia: 5 supply centres, 4 units — in civil disorder" in channel
    start = channel.index("Scores if the game were drawn now")
    assert channel[start + 1 : start + 5] == [
        "In the draw: Austria, England, France, Germany, Italy and Turkey.",
        "Russia: not in the draw, no share",
        # squares of the draw: 25 + 5 × 9 = 70; Russia's 5 centres count for nobody
        "France: 16.7% by draw size, 35.7% by sum of squares",
        "Austria: 16.7% by draw size, 12.9% by sum of squares",
    ]


async def test_an_anonymous_game_names_nobody(table: Table) -> None:
    await table.seven_players(options="anonymous=on")
    channel = said(await table.play("bob> /dip scoreboard"), "#game")
    assert channel[2] == "1. Russia: 4 supply centres, 4 units"
    assert not any(name in "\n".join(channel) for name in ("alice", "frank", "grace"))


async def test_asked_by_direct_message_it_comes_by_direct_message(table: Table) -> None:
    await table.seven_players()
    lines = await table.play("dave@dm> scoreboard")
    assert said(lines, "#game") == []
    assert said(lines, "dm:dave")[0] == "hague: scoreboard, Spring 1901"
    assert f"[file dm:dave] {table.map_dir / 'hague-S1901M-scoreboard.png'}" in lines


async def test_a_finished_draw_scores_its_own_powers(table: Table) -> None:
    await table.seven_players()
    await table.play(DRAW_AFTER_A_YEAR)
    channel = said(await table.play("bob> /dip game hague scoreboard"), "#game")
    assert channel[0] == "hague: final scoreboard"
    assert "Scores of the draw" in channel


async def test_before_the_start_there_is_no_scoreboard(table: Table) -> None:
    await table.seven_players(start=False)
    lines = await table.play("bob> /dip scoreboard")
    assert said(lines, "only:bob#game") == [
        "hague has not started: the scoreboard begins with `start`."
    ]


async def test_the_chart_takes_the_games_palette(table: Table) -> None:
    """A colour-blind game's chart draws each power in the colour its maps give it."""
    await table.seven_players(options="palette=colourblind")
    await table.play(FRANCE_AND_RUSSIA_GROW)
    lines = await table.play("zed> /dip scoreboard")
    picture = table.map_dir / "hague-W1901A-scoreboard-colorblind.png"
    assert f"[file #game] {picture}" in lines
    with Image.open(picture) as image:
        colours = {c for _, c in image.convert("RGB").getcolors(1 << 16) or []}

    def shows(colour: tuple[int, int, int]) -> bool:
        return any(all(abs(a - b) <= 6 for a, b in zip(c, colour, strict=True)) for c in colours)

    for power in ("RUSSIA", "ITALY"):
        assert shows(get_style("colorblind").colour(power)), power
        assert not shows(get_style("default").colour(power)), power
