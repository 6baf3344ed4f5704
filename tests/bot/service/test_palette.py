"""Palettes: the game master's `palette=` option colours every map everyone sees (results,
`map`, the final animation); a player's `palette` colours the maps sent to them alone
(`map mine`, `map` in a DM, the results map in their retreat and adjustment messages)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service.errors import UserError
from bot.service.options.game_options import GameOptions
from bot.service.options.palette import Palette
from bot.service.schedule import Schedule
from tests.bot.service.harness import FakeRenderer, Table, open_table, said
from tests.bot.service.option_text import parse_changes
from tests.bot.store.support import BACKENDS


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table(request.param, tmp_path) as table:
        yield table


def styles(table: Table) -> list[str]:
    """The style of each map drawn since the last call."""
    renderer = table.renderer
    assert isinstance(renderer, FakeRenderer)
    drawn = [call["style"] for call in renderer.calls]
    renderer.calls.clear()
    return drawn


async def test_the_games_palette_colours_every_public_map(table: Table) -> None:
    await table.seven_players(options="palette=colourblind")
    styles(table)
    lines = await table.play("alice> /dip map")
    assert lines[-1] == f"[file #game] {table.map_dir / 'hague-S1901M-board-colorblind.png'}"
    await table.play("gm> /dip process")
    lines = await table.play("alice> /dip map S1901M balkans")
    assert lines[-1].endswith("hague-S1901M-results-balkans-colorblind.png")
    assert styles(table) == ["colorblind"] * 3
    lines = await table.play("alice> /dip settings")
    assert (
        "Maps: colour-blind palette (Okabe-Ito colours, failures in black)."
        in (said(lines, "only:alice#game")[3])
    )
    await table.play("gm> /dip end confirm")
    assert table.animator.styles == ["colorblind"]


async def test_the_game_master_changes_the_palette_under_way(table: Table) -> None:
    await table.seven_players()
    await table.play("gm> /dip process")
    styles(table)
    lines = await table.play("gm> /dip settings palette=colorblind")
    assert said(lines, "#game")[0] == "hague: the game master changed the settings (palette)"
    lines = await table.play("alice> /dip map S1901M")
    # the stored results map is in the old palette: it is drawn again in the new one
    assert lines[-1].endswith("hague-S1901M-results-colorblind.png")
    assert styles(table) == ["colorblind"]
    lines = await table.play("gm> /dip settings palette=pastel")
    assert said(lines, "only:gm#game") == [
        "'pastel' is not a palette: write palette=standard or palette=colourblind."
    ]


async def test_a_players_palette_colours_the_maps_for_them_alone(table: Table) -> None:
    await table.seven_players()
    lines = await table.play("carol@dm> palette")
    assert "use each game's palette (you chose none)" in said(lines, "dm:carol")[0]
    lines = await table.play("carol@dm> palette colourblind")
    assert "now use the colour-blind palette" in said(lines, "dm:carol")[0]
    styles(table)
    await table.play(
        """
        carol@dm> order A PAR - BUR
        carol> /dip map mine
        carol@dm> map
        carol> /dip map
        alice> /dip map mine
        """
    )
    # carol's own and in her DM: hers; in the channel, and alice's own: the game's
    assert styles(table) == ["colorblind", "colorblind", "default", "default"]
    lines = await table.play("carol@dm> palette game")
    assert "now follow each game's palette" in said(lines, "dm:carol")[0]
    await table.play("carol> /dip map mine")
    assert styles(table) == ["default"]
    lines = await table.play("carol@dm> palette sepia")
    assert said(lines, "dm:carol") == [
        "`sepia` is not a choice: `palette` takes one of `standard`, `colourblind`, `game`. "
        "Usage: `palette [standard|colourblind|game]`, e.g. `palette colourblind`."
    ]


async def test_retreat_and_adjustment_messages_bring_the_players_own_map(table: Table) -> None:
    await table.seven_players()
    await table.play(
        """
        carol@dm> palette colourblind
        carol@dm> order F BRE - MAO
        dave@dm> order F KIE - HOL
        gm> /dip process
        carol@dm> order F MAO - POR
        """
    )
    styles(table)
    lines = await table.play("gm> /dip process")
    # the public results map in the game's palette, and once more in carol's
    assert styles(table) == ["default", "colorblind"]
    maps = table.map_dir
    assert f"[file #game] {maps / 'hague-F1901M-results.png'}" in lines
    assert f"[file dm:carol] {maps / 'hague-F1901M-results-colorblind.png'}" in lines
    assert f"[file dm:dave] {maps / 'hague-F1901M-results.png'}" in lines


def test_the_palette_option_reads_both_spellings() -> None:
    base = GameOptions(schedule=Schedule())
    assert parse_changes("palette=Colorblind", base)[0].palette is Palette.COLOURBLIND
    blind = parse_changes("palette=colourblind", base)[0]
    assert GameOptions.from_settings(blind.to_settings()).palette is Palette.COLOURBLIND
    assert GameOptions.from_settings({}).palette is Palette.STANDARD
    with pytest.raises(UserError, match="is not a palette"):
        parse_changes("palette=grey", base)
