"""Volunteering for a power nobody plays: `join <power>` after the start tells the game master,
with the `replace` that hands it over as one click; a power someone plays is not for the
taking in a game of one player per power."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import select

from bot.store import OutboxMessage
from tests.bot.service.harness import Table, open_table, said


async def buttons_to(table: Table, user_id: str) -> list[dict[str, Any]]:
    """The buttons under the last direct message to a user."""
    async with table.sessions() as session:
        rows = await session.scalars(select(OutboxMessage).order_by(OutboxMessage.id))
        last = [r for r in rows if r.target.get("user_id") == user_id][-1]
        return list(last.payload.get("buttons", []))


async def test_a_volunteer_is_handed_the_power_in_one_step(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players()
        await table.play("gm> /dip kick france")
        lines = await table.play("zoe> /dip join france")
        assert said(lines, "only:zoe#game") == [
            "The game master of hague is told you volunteer to play France. When they hand it "
            "to you, its units, the phase and its orders so far come by DM."
        ]
        assert said(lines, "dm:gm")[:3] == [
            "hague: zoe volunteers to play France",
            "zoe would like to take over France, which is in civil disorder.",
            # the player's name in words: a mention inside code shows its markup
            "The button hands France to zoe in one step, with the picture by DM; "
            "`replace france` naming zoe does the same.",
        ]
        assert await buttons_to(table, "gm") == [
            {"label": "Hand France to zoe", "command": "game hague replace france <@zoe|zoe>"}
        ]
        # the button's command, as the game master clicks it
        lines = await table.play("gm@dm> game hague replace france <@zoe|zoe>")
        assert "zoe now plays France." in said(lines, "#game")
        assert said(lines, "dm:zoe")[0] == "hague: you now play France"


async def test_volunteering_for_a_computers_power(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players()
        await table.play("gm> /dip bot france")
        lines = await table.play("zoe@dm> game hague join france")
        assert said(lines, "dm:gm")[1] == (
            "zoe would like to take over France, which is played by a computer."
        )


async def test_a_power_with_a_player_is_not_for_the_taking(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players()
        lines = await table.play("zoe> /dip join france")
        assert said(lines, "only:zoe#game") == [
            "France has a player, and hague has one player per power. Powers without a player "
            "are named in `players`; `join <power>` offers to take one over."
        ]
        assert not said(lines, "dm:gm")
        lines = await table.play("carol> /dip join england")
        assert said(lines, "only:carol#game") == ["You already play in hague."]


async def test_a_neutral_power_is_nobodys_to_take(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.play(
            "gm> /dip newgame hague variant=ww1\nalice> /dip join\nbob> /dip join\ngm> /dip start"
        )
        lines = await table.play("zoe> /dip join italy")
        assert said(lines, "only:zoe#game") == ["Italy is neutral: nobody plays it yet."]
