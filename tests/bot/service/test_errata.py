"""The league's errata (../shared/rulebooks/slack-league-rules-and-errata.md), section by
section, with the 1961 rules on press and the issue's requirements: the edge cases a strict
game master would check, as the players see them."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from bot.service.options.agreed_end import EndRule
from bot.service.turn.endings import ending_text, outcome_json, winners
from bot.store import Game, Player, PowerStatus, Store
from engine import Position
from tests.bot.service.harness import SEVEN, Table, open_table, said
from tests.bot.service.test_conditional import FALL, SPRING
from tests.bot.service.test_setups import FOUR as UK_FOUR
from tests.bot.store.support import BACKENDS

FOUR = """
gm> /dip newgame hague reminders=off
alice> /dip join austria
carol> /dip join france
dave> /dip join germany
eve> /dip join italy
gm> /dip start
"""


@pytest.fixture(params=BACKENDS)
async def four(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    """Austria (alice), France (carol), Germany (dave) and Italy (eve) play; the other three
    stand in civil disorder."""
    async with open_table(request.param, tmp_path) as table:
        await table.play(FOUR)
        table.fresh()
        yield table


async def statuses(table: Table) -> dict[str, PowerStatus]:
    async with table.sessions() as session:
        return await Store(session).power_statuses(1)


async def game_row(table: Table) -> Game:
    async with table.sessions() as session:
        game = await session.scalar(select(Game))
        assert game is not None
        return game


def votes_of(channel: list[str]) -> list[str]:
    """The draw and surrender lines of the results' Votes section."""
    start = channel.index("Votes")
    return [line for line in channel[start + 1 :] if line.startswith(("Draw:", "Surrender:"))][:2]


# Ending the game in a draw -----------------------------------------------------------------------


async def test_a_draw_vote_in_a_retreat_phase_counts(four: Table) -> None:
    """The errata: "each player must include DRAW along with their normally issued orders";
    the votes of whatever phase is open count, a retreat phase too."""
    await four.play(SPRING + FALL + "gm> /dip process")
    four.fresh()
    lines = await four.play("\n".join(f"{u}@dm> draw" for u in ("alice", "carol", "dave", "eve")))
    assert said(lines, "dm:alice")[0] == (
        "Austria votes for a draw in Fall 1901 retreats. The vote is secret until the phase is "
        "adjudicated, then reported to all."
    )
    lines = await four.play("gm> /dip process")
    assert "The game ended in a draw shared by Austria, France, Germany and Italy." in said(
        lines, "#game"
    )


async def test_a_team_has_one_vote_for_its_power(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players(options="reminders=off")
        async with table.sessions.begin() as session:
            session.add(Player(game_id=1, user_id="fred", display_name="fred", power="FRANCE"))
        table.fresh()
        await table.play("carol@dm> draw")
        lines = await table.play("fred@dm> draw")
        assert lines == [
            "[dm:fred] You already vote for a draw in Spring 1901; `undraw` takes it back."
        ]
        lines = await table.play("fred@dm> undraw")
        assert lines == ["[dm:fred] You no longer vote for a draw in Spring 1901."]
        lines = await table.play(
            "\n".join(f"{u}@dm> draw" for u in SEVEN if u != "carol") + "\ngm> /dip process"
        )
        channel = said(lines, "#game")
        assert votes_of(channel) == ["Draw: Austria, England, Germany, Italy, Russia, Turkey"]
        assert "Next: Fall 1901" in channel


async def test_a_player_of_two_powers_votes_for_each(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.play(UK_FOUR)
        table.fresh()
        lines = await table.play("alice@dm> draw")
        assert said(lines, "dm:alice")[0].startswith(
            "Austria and France vote for a draw in Spring 1901."
        )
        lines = await table.play("bob@dm> draw\ndave@dm> draw\neve@dm> draw\ngm> /dip process")
        assert (
            "The game ended in a draw shared by Austria, England, France, Germany, Italy, "
            "Russia and Turkey." in said(lines, "#game")
        )


# Ending the game in surrender --------------------------------------------------------------------


async def test_surrender_outweighs_a_draw_vote_of_the_same_power(four: Table) -> None:
    lines = await four.play(
        """
        alice@dm> draw
        alice@dm> surrender confirm
        carol@dm> draw
        dave@dm> draw
        eve@dm> draw
        gm> /dip process
        """
    )
    channel = said(lines, "#game")
    assert "The game ended in a draw shared by France, Germany and Italy." in channel
    assert votes_of(channel) == ["Draw: France, Germany, Italy", "Surrender: Austria"]


async def test_a_surrendered_power_is_in_civil_disorder(four: Table) -> None:
    """A surrendered power is "considered under civil disorder" (1961: its units hold, a
    dislodged unit is routed, no new units are raised): nobody is asked for its retreats or
    builds, and the conditional orders it sent with the surrender are not applied."""
    await four.play(SPRING + FALL)
    await four.play("carol@dm> order if BUR dislodged retreat MAR; if +1 build A PAR")
    await four.play("carol@dm> surrender confirm")
    lines = await four.play("gm> /dip process")
    assert said(lines, "dm:carol") == []
    assert (await statuses(four))["FRANCE"] == PowerStatus.SURRENDERED
    lines = await four.play("clock +2h")
    channel = said(lines, "#game")
    assert not any("A BUR R" in line for line in channel)
    assert any(line.startswith("A BUR") and "disbanded" in line for line in channel), channel
    assert said(lines, "dm:carol") == []
    lines = await four.play("clock +2h")
    assert not any("A PAR B" in line for line in said(lines, "#game"))


# Submitting conditional retreats and adjustments --------------------------------------------------


async def test_a_conditional_retreat_skips_a_province_left_empty_by_a_standoff(
    tmp_path: Path,
) -> None:
    """1961: no retreat "to a space which was left vacant due to a stand-off"; the next
    preference is taken."""
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players(options="reminders=off")
        await table.play("bob@dm> order F LON - ENG\n" + SPRING)
        await table.play(
            FALL
            + "carol@dm> order F BRE - PIC\nbob@dm> order F ENG - PIC\n"
            + "carol@dm> order if BUR dislodged retreat PIC, GAS"
        )
        lines = await table.play("gm> /dip process")
        channel = said(lines, "#game")
        assert "F BRE - PIC  ✗ bounced" in channel, channel
        carol = said(lines, "dm:carol")
        applied = carol.index("Applied from your conditional orders")
        assert carol[applied + 1] == "A BUR R GAS"


# Prematurely leaving the game: a replacement ------------------------------------------------------


async def test_a_replaced_players_surrender_does_not_bind_the_new_player(four: Table) -> None:
    await four.play("eve@dm> surrender confirm\ngm> /dip replace italy zoe")
    lines = await four.play("gm> /dip process")
    channel = said(lines, "#game")
    assert "Surrender: Italy" not in channel
    assert "Next: Fall 1901" in channel
    assert (await statuses(four))["ITALY"] == PowerStatus.PLAYING
    lines = await four.play("zoe@dm> order A VEN H")
    assert said(lines, "dm:zoe")[0] == "Orders: 1 accepted"


async def test_a_replaced_players_draw_vote_does_not_count(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players(options="reminders=off")
        await table.play("\n".join(f"{u}@dm> draw" for u in SEVEN))
        await table.play("gm> /dip kick france\ngm> /dip replace france zoe")
        lines = await table.play("gm> /dip process")
        channel = said(lines, "#game")
        assert votes_of(channel) == ["Draw: Austria, England, Germany, Italy, Russia, Turkey"]
        assert "Next: Fall 1901" in channel
        assert (await game_row(table)).outcome is None


# Required player involvement: missed orders -------------------------------------------------------


async def test_conditional_orders_alone_are_no_missed_deadline(tmp_path: Path) -> None:
    """A player who sent their retreats ahead has shown up: their units hold, but they have
    not abandoned the game."""
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players(options="nmr=cd reminders=off")
        others = "\n".join(f"{u}@dm> ready" for u in SEVEN if u != "carol")
        await table.play(others + "\ncarol@dm> order if PAR dislodged retreat PIC")
        lines = await table.play("clock +2d")
        assert not any("civil disorder" in line for line in lines)
        assert (await statuses(table))["FRANCE"] == PowerStatus.PLAYING


async def test_a_player_of_two_powers_who_orders_one_has_not_abandoned_the_game(
    tmp_path: Path,
) -> None:
    """The UK rule book's four-player game: alice commands Austria and France. Ordering
    Austria alone leaves France's units holding, but alice is there: nobody falls."""
    async with open_table("sqlite", tmp_path) as table:
        await table.play(
            """
            gm> /dip newgame hague players=4 nmr=cd reminders=off
            alice> /dip join austria
            bob> /dip join england
            dave> /dip join germany
            eve> /dip join italy
            gm> /dip start
            """
        )
        await table.play("bob@dm> ready\ndave@dm> ready\neve@dm> ready")
        lines = await table.play("alice@dm> order A VIE H")
        assert said(lines, "dm:alice")[:2] == ["Austria — Orders: 1 accepted", "✓ A VIE H"]
        lines = await table.play("clock +2d")
        assert not any("civil disorder" in line for line in lines)
        assert (await statuses(table))["FRANCE"] == PowerStatus.PLAYING
        assert (await statuses(table))["AUSTRIA"] == PowerStatus.PLAYING
        lines = await table.play("alice> /dip players")
        assert any(line.endswith("alice") for line in said(lines, "only:alice#game"))


async def test_no_call_for_a_replacement_once_the_game_is_over(tmp_path: Path) -> None:
    """France votes DRAW but sends no orders: the draw passes at the deadline, and a finished
    game puts nobody in civil disorder nor asks for a new player."""
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players(options="nmr=cd reminders=off")
        await table.play("\n".join(f"{u}@dm> draw" for u in SEVEN))
        await table.play("\n".join(f"{u}@dm> ready" for u in SEVEN if u != "carol"))
        table.fresh()
        lines = await table.play("clock +2d")
        assert "Game over" in said(lines, "#game")
        texts = [line for line in lines if not line.startswith("[file ")]
        assert not any("civil disorder" in line or "replacement" in line for line in texts)
        assert said(lines, "dm:carol") == []
        assert (await statuses(table))["FRANCE"] == PowerStatus.PLAYING


# Press ------------------------------------------------------------------------------------------


async def test_press_goes_to_powers_still_in_the_game(four: Table) -> None:
    await four.play("eve@dm> surrender confirm\ngm> /dip process")
    four.fresh()
    lines = await four.play("carol@dm> press italy Hello?")
    assert lines == ["[dm:carol] Italy is out of the game: press goes to powers still in it."]
    lines = await four.play("carol@dm> press all Hello")
    assert said(lines, "dm:carol")[0] == (
        "Sent to Austria, England, Germany, Russia and Turkey, signed France."
    )
    assert said(lines, "dm:eve") == []
    assert said(lines, "dm:alice") == ["hague: press from France", "To: all powers", "Hello"]


async def test_no_grey_press_in_a_gunboat_game(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        lines = await table.play("gm> /dip newgame hague press=none+grey")
        assert lines == [
            "[only:gm#game] press=none allows no press at all, so it cannot allow grey press."
        ]


async def test_the_archive_does_not_name_a_grey_writer(tmp_path: Path) -> None:
    """Grey press to every other power lists every power but the writer: the archive gives
    no recipients for grey press."""
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players(options="press=grey reminders=off")
        await table.play("carol@dm> press all grey Beware of the Kaiser")
        await table.play("\n".join(f"{u}@dm> draw" for u in SEVEN) + "\ngm> /dip process")
        table.fresh()
        lines = await table.play("alice@dm> game hague export")
        [path] = [line.split("] ", 1)[1] for line in lines if line.startswith("[file ")]
        data: dict[str, Any] = json.loads(Path(path).read_text())
        [press] = data["phases"][0]["press"]
        assert press["text"] == "Beware of the Kaiser"
        assert press["from"] is None and press["to"] is None
        assert "FRANCE" not in json.dumps(data["phases"][0]["press"])


# Game schedule: the agreed end ------------------------------------------------------------------


def test_only_powers_still_playing_win_at_the_agreed_end() -> None:
    """The errata: "after the two month limit is reached, the player with the most units
    wins". Russia starts with four units, everyone else three; out of the game (surrendered,
    in civil disorder), Russia cannot win."""
    start = Position.initial()
    rule = EndRule(year=1900, by="units")
    everyone = set(start.variant.powers)
    assert winners(rule, start, everyone).powers == ("RUSSIA",)
    shared = winners(rule, start, everyone - {"RUSSIA"})
    assert shared.powers == ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "TURKEY")
    assert shared.counts.get("RUSSIA") is None
    text = ending_text(start.variant, outcome_json(shared, start))
    assert text == (
        "The agreed end came: Austria, England, France, Germany, Italy and Turkey share the "
        "win with 3 units each."
    )
