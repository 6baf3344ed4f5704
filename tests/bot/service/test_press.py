"""`press`: messages between powers by DM, signed or grey, under each game's press rule, and
kept for the archive."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from sqlalchemy import select

from bot.logs import LIBRARY_LOG_LEVELS
from bot.store import Player, Press
from tests.bot.service.harness import SEVEN, Table, open_table, said
from tests.bot.store.support import BACKENDS


async def stored_press(table: Table) -> list[Press]:
    async with table.sessions() as session:
        return list(await session.scalars(select(Press).order_by(Press.id)))


@pytest.mark.parametrize("backend", BACKENDS)
async def test_press_to_one_power_is_signed_and_kept(backend: str, tmp_path: Path) -> None:
    async with open_table(backend, tmp_path) as table:
        await table.seven_players()
        table.fresh()
        lines = await table.play("carol@dm> press germany Shall we share Burgundy?")
        assert said(lines, "dm:carol") == ["Sent to Germany, signed France."]
        assert said(lines, "dm:dave") == [
            "hague: press from France",
            "To: Germany",
            "Shall we share Burgundy?",
        ]
        assert not said(lines, "#game")
        assert {line.split("]")[0] for line in lines} == {"[dm:carol", "[dm:dave"}
        [kept] = await stored_press(table)
        assert (kept.phase_name, kept.from_power, kept.to_powers, kept.grey, kept.body) == (
            "S1901M",
            "FRANCE",
            ["GERMANY"],
            False,
            "Shall we share Burgundy?",
        )
        assert kept.sent_by == "carol"


async def test_press_to_several_and_to_all(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players()
        table.fresh()
        lines = await table.play("carol> /dip press England , germany A northern alliance?")
        assert said(lines, "only:carol#game") == ["Sent to England and Germany, signed France."]
        assert said(lines, "dm:bob")[:2] == ["hague: press from France", "To: England and Germany"]
        assert said(lines, "dm:dave")[2] == "A northern alliance?"
        lines = await table.play("carol@dm> press all Peace in our time.")
        for user in SEVEN:
            if user != "carol":
                assert said(lines, f"dm:{user}") == [
                    "hague: press from France",
                    "To: all powers",
                    "Peace in our time.",
                ]
        assert said(lines, "dm:carol") == [
            "Sent to Austria, England, Germany, Italy, Russia and Turkey, signed France."
        ]


async def test_every_player_of_a_power_gets_it(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players()
        async with table.sessions.begin() as session:
            session.add(Player(game_id=1, user_id="dora", display_name="dora", power="GERMANY"))
            session.add(Player(game_id=1, user_id="fred", display_name="fred", power="FRANCE"))
        table.fresh()
        lines = await table.play("carol@dm> press germany Hello")
        assert said(lines, "dm:dave")[-1] == "Hello"
        assert said(lines, "dm:dora")[-1] == "Hello"
        assert said(lines, "dm:fred") == ["hague: your power sent press to Germany", "Hello"]


async def test_grey_press_never_names_its_writer(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    for name, level in LIBRARY_LOG_LEVELS.items():
        caplog.set_level(level, logger=name)
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players(options="press=grey")
        table.fresh()
        lines = await table.play("carol@dm> press all grey Beware of the Kaiser")
        assert said(lines, "dm:carol") == [
            "Sent to Austria, England, Germany, Italy, Russia and Turkey, unsigned (grey press)."
        ]
        assert said(lines, "dm:dave") == [
            "hague: grey press (the writer is not named)",
            "Beware of the Kaiser",
        ]
        others = [line for line in lines if not line.startswith("[dm:carol]")]
        assert len(others) == 12
        assert not any("France" in line or "carol" in line for line in others)
        lines = await table.play("carol@dm> press germany grey")
        assert lines == [
            "[dm:carol] No `message` was given: `message` takes some text. Usage: "
            "`press <powers|all> [grey] <message>`, e.g. `press germany Shall we share Burgundy?`."
        ]
        [kept] = await stored_press(table)
        assert kept.grey and kept.from_power == "FRANCE"
    assert "Beware" not in caplog.text
    assert "carol" not in caplog.text


async def test_grey_press_where_it_is_not_allowed(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players()
        table.fresh()
        lines = await table.play("carol@dm> press germany grey Boo")
        assert lines == [
            "[dm:carol] hague does not allow grey press, so your message was not sent. Leave out "
            "`grey` to send it signed with your power."
        ]
        assert await stored_press(table) == []


async def test_public_press_goes_to_the_channel_only(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players(options="press=public+grey")
        table.fresh()
        lines = await table.play("carol@dm> press germany Psst")
        assert lines == [
            "[dm:carol] hague allows public press only: write `press all <message>`; it is "
            "posted in the game's channel for everyone."
        ]
        lines = await table.play("carol@dm> press all To arms!")
        assert lines == [
            "[dm:carol] Posted in the game's channel, signed France.",
            "[#game] hague: press from France",
            "[#game] To arms!",
        ]
        lines = await table.play("carol@dm> press all grey Who am I?")
        assert said(lines, "#game") == ["hague: grey press (the writer is not named)", "Who am I?"]


async def test_no_press_in_a_gunboat_game(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players(options="press=none")
        table.fresh()
        lines = await table.play("carol@dm> press germany Hello")
        assert lines == [
            "[dm:carol] hague is a no-press (gunboat) game: players send no messages through me."
        ]


async def test_rulebook_press_stops_during_retreats_and_adjustments(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players(options="press=rulebook")
        await table.play(
            """
            carol@dm> order A PAR - BUR
            dave@dm> order A MUN - RUH; A BER - MUN
            gm> /dip process
            dave@dm> order A RUH - BUR; A MUN S A RUH - BUR
            carol@dm> press germany Why?
            gm> /dip process
            """
        )
        lines = await table.play("carol@dm> press germany Why?")
        assert lines == [
            "[dm:carol] hague follows the rule book: there is no diplomacy during retreats and "
            "adjustments. Your message was not sent; press opens again with the next movement "
            "phase."
        ]
        assert len(await stored_press(table)) == 1


async def test_bad_press_says_what_would_be_right(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players(start=False)
        lines = await table.play("carol> /dip press germany Hi")
        assert lines == [
            "[only:carol#game] hague has not started yet: the game master starts it with `start`."
        ]
        await table.play("gm> /dip start")
        table.fresh()
        for text, reply in [
            ("press", "No `to` was given: `to` takes names separated by commas. Usage: `press"),
            ("press germany", "No `message` was given: `message` takes some text. Usage: `"),
            ("press prussia Hi", "`prussia` is no power of standard: `to` takes a power: Austria,"),
            ("press france Hi", "Name another power than your own"),
            ("press all,germany Hi", "`all` with powers: `to` takes `all` alone, or powers."),
            ("press germany " + "x" * 4000, "That message has 4000 characters"),
        ]:
            lines = await table.play(f"carol@dm> {text}")
            assert len(lines) == 1 and reply in lines[0], (text, lines)
        lines = await table.play("gm> /dip press germany Hi")
        assert lines == ["[only:gm#game] You do not play in hague."]
        assert await stored_press(table) == []
