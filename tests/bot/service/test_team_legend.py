"""A teams game's maps name each team's members in the legend; an anonymous game's never do,
and a game without teams keeps the legend of powers alone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.bot.service.harness import FakeRenderer, open_table, said


def teams_game(options: str = "") -> str:
    return f"""
    gm> /dip newgame hague teams=any reminders=off {options}
    alice> /dip join france
    bob> /dip join with alice
    carol> /dip join
    gm> /dip start
    """


def results_calls(renderer: FakeRenderer) -> list[dict[str, Any]]:
    return [c for c in renderer.calls if c["results"] is not None]


async def test_a_teams_game_s_results_map_names_the_members(tmp_path: Path) -> None:
    renderer = FakeRenderer()
    async with open_table("sqlite", tmp_path, renderer=renderer) as table:
        lines = await table.play(teams_game())
        carol = next(
            line.split(": ")[0].upper() for line in said(lines, "#game") if line.endswith(": carol")
        )
        await table.play("alice@dm> order A Par-Bur\ngm> /dip process")
        (drawn,) = results_calls(renderer)
        assert drawn["players"] == {"FRANCE": "alice, bob", carol: "carol"}
        await table.play("alice> /dip map")
        assert renderer.calls[-1]["players"] == {"FRANCE": "alice, bob", carol: "carol"}
        await table.play("gm> /dip end confirm")
        assert table.animator.players == [{"FRANCE": "alice, bob", carol: "carol"}]


async def test_an_anonymous_teams_game_names_nobody_on_its_maps(tmp_path: Path) -> None:
    renderer = FakeRenderer()
    async with open_table("sqlite", tmp_path, renderer=renderer) as table:
        await table.play(teams_game("anonymous=on"))
        await table.play("alice@dm> order A Par-Bur\ngm> /dip process\nalice> /dip map")
        assert results_calls(renderer)
        assert renderer.calls
        assert all(c["players"] is None for c in renderer.calls)
        await table.play("gm> /dip end confirm")
        assert table.animator.players == [None]


async def test_a_game_without_teams_names_nobody_on_its_maps(tmp_path: Path) -> None:
    renderer = FakeRenderer()
    async with open_table("sqlite", tmp_path, renderer=renderer) as table:
        await table.seven_players()
        await table.play("gm> /dip process\nalice> /dip map")
        assert results_calls(renderer)
        assert all(c["players"] is None for c in renderer.calls)
