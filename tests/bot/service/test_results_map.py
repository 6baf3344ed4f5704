"""The map posted with a phase's results shows the board as it now stands: after a Fall, the
centres each power now holds (as the results' text counts them) and every unit where it now
is, with the orders drawn from where each unit stood; every phase, in the channel."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from PIL import Image

from render import map_png
from render.geometry import load_board
from render.styles import get_style
from render.view import board_view
from tests.bot.service.harness import Table, open_table, said
from tests.bot.service.test_scoreboard import FRANCE_AND_RUSSIA_GROW
from tests.bot.store.support import BACKENDS
from tests.render.helpers import close, count_near, plain_fill_point


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    # the real renderer: what is checked is the picture itself
    async with open_table(request.param, tmp_path, renderer=map_png, map_size=1200) as table:
        yield table


async def test_the_fall_results_map_shows_the_centres_and_units_as_they_now_stand(
    table: Table,
) -> None:
    await table.seven_players()
    lines = await table.play(FRANCE_AND_RUSSIA_GROW)
    channel = said(lines, "#game")
    assert "France: 5 centres (+2)" in channel
    picture = table.map_dir / "hague-F1901M-results.png"
    assert f"[file #game] {picture}" in lines
    board = load_board()
    style = get_style("default")
    with Image.open(picture) as image:
        rgb = image.convert("RGB")
    view = board_view(board, rgb.width)
    # Portugal and Spain in France's colour, Rumania in Russia's: the centres after the Fall
    for code, power in (("POR", "FRANCE"), ("SPA", "FRANCE"), ("RUM", "RUSSIA")):
        assert close(rgb.getpixel(plain_fill_point(board, view, code)), style.tint(power)), code  # type: ignore[arg-type]
    # the fleet stands in Portugal, not in the Atlantic it left
    por, mao = board.anchor("POR"), board.anchor("MAO")
    assert por is not None and mao is not None
    france = style.colour("FRANCE")
    assert count_near(rgb, view.pt(por), 10, france, 12) > 40
    assert count_near(rgb, view.pt(mao), 10, france, 12) < 5


async def test_every_phase_posts_its_map_in_the_channel(table: Table) -> None:
    await table.seven_players()
    lines = await table.play(FRANCE_AND_RUSSIA_GROW)
    for phase in ("S1901M", "F1901M"):
        assert f"[file #game] {table.map_dir / f'hague-{phase}-results.png'}" in lines
