"""Agreed ends of a game: after a year (the most centres or units win) or on a date (a Fall
campaign is finished first)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import select

from bot.service.errors import UserError
from bot.service.options.game_options import GameOptions
from bot.store import Game, GameStatus
from engine import load_variant
from tests.bot.service.harness import Table, open_table, said
from tests.bot.service.option_text import parse_newgame
from tests.bot.store.support import BACKENDS

# France ends 1901 with five centres (Spain and Portugal), Russia keeps four.
FRANCE_GROWS = """
carol@dm> order A MAR - SPA; F BRE - MAO
gm> /dip process
carol@dm> order F MAO - POR
gm> /dip process
"""


async def game(table: Table) -> Game:
    async with table.sessions() as session:
        found = await session.scalar(select(Game))
        assert found is not None
        return found


@pytest.mark.parametrize("backend", BACKENDS)
async def test_after_the_last_year_the_most_centres_win(backend: str, tmp_path: Path) -> None:
    async with open_table(backend, tmp_path) as table:
        await table.seven_players(options="end=1901")
        lines = await table.play(FRANCE_GROWS)
        assert "Next: Winter 1901 adjustments" in said(lines, "#game")
        lines = await table.play("carol@dm> order build A PAR; build A MAR\ngm> /dip process")
        channel = said(lines, "#game")
        assert channel[channel.index("Game over") + 1] == (
            "The agreed end came: France won with the most supply centres (5)."
        )
        assert "Scores of the draw" not in channel, "one power ahead at the end is a win"
        assert (
            "France won at the agreed end: a win scores 100% under any system, and every "
            "other power nothing." in channel
        )
        finished = await game(table)
        assert finished.status == GameStatus.FINISHED
        assert finished.outcome is not None
        assert (finished.outcome["kind"], finished.outcome["powers"]) == ("limit", ["FRANCE"])


async def test_the_league_counts_units(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players(options="end=1901:units")
        await table.play(FRANCE_GROWS)
        lines = await table.play("carol@dm> order waive; waive\ngm> /dip process")
        assert "The agreed end came: Russia won with the most units (4)." in said(lines, "#game")


async def test_a_year_without_adjustments_ends_after_its_fall(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players(options="end=1901")
        lines = await table.play("gm> /dip process\ngm> /dip process")
        channel = said(lines, "#game")
        assert channel[channel.index("Game over") + 1] == (
            "The agreed end came: Russia won with the most supply centres (4)."
        )


async def test_a_date_ends_the_game_once_a_campaign_is_done(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players(options="end=2026-01-06 schedule=24h/1h/1h")
        lines = await table.play("carol@dm> order A MAR - SPA\ngm> /dip process")
        assert "Next: Fall 1901" in said(lines, "#game"), "before the date, play goes on"
        lines = await table.play("carol@dm> order A SPA H\nclock +1d")
        channel = said(lines, "#game")
        assert "Next: Winter 1901 adjustments" in channel, "the Fall campaign is finished first"
        lines = await table.play("clock +1h")
        channel = said(lines, "#game")
        assert (
            "The agreed end came: France and Russia share the win with 4 supply centres each."
            in channel
        )
        # level at the end, they share it as a draw
        assert channel[channel.index("Scores of the draw") + 1] == "In the draw: France and Russia."


@pytest.mark.parametrize(
    ("text", "year", "at", "by"),
    [
        ("end=1910", 1910, None, "centres"),
        ("end=1910:units", 1910, None, "units"),
        ("end=2027-01-15", None, datetime(2027, 1, 15, tzinfo=UTC), "centres"),
        (
            "end=2027-01-15:units tz=Europe/Paris",
            None,
            datetime(2027, 1, 14, 23, tzinfo=UTC),
            "units",
        ),
    ],
)
def test_end_rules_are_read(text: str, year: int | None, at: datetime | None, by: str) -> None:
    _, options = parse_newgame(text, "UTC")
    assert options.end is not None
    counted = options.end.counted_by(load_variant().rules)
    assert (options.end.year, options.end.at, counted) == (year, at, by)
    assert GameOptions.from_settings(options.to_settings()).end == options.end


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("end=soon", "end=soon is not an end of game"),
        ("end=1899", "the game starts in 1901"),
        ("end=1910:votes", "counted by centres or by units"),
        ("end=2027-02-30", "2027-02-30 is not a date"),
    ],
)
def test_bad_end_rules(text: str, message: str) -> None:
    with pytest.raises(UserError) as caught:
        parse_newgame(text, "UTC")
    assert message in str(caught.value)
