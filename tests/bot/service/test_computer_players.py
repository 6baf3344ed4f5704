"""Computer players at the table: `bots=` fills seats at the start, `cd=bot` takes over a
power in civil disorder until `replace`, the game master's `bot <power> [off]`; their orders
are given as each phase opens and adjudicated with everyone's; they read no press, join a
draw only with every person, and are named as computers."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy import select

from bot.store import Order, Phase, PhaseStatus, Press, Store
from tests.bot.service.harness import SEVEN, Table, open_table, said
from tests.bot.store.support import BACKENDS

COMPUTERS = ("AUSTRIA", "ENGLAND", "GERMANY", "ITALY", "RUSSIA", "TURKEY")


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    """alice plays France against six computers (`bots=all`)."""
    async with open_table(request.param, tmp_path) as table:
        await table.play(
            """
            gm> /dip newgame hague bots=all reminders=off
            alice> /dip join france
            gm> /dip start
            """
        )
        table.fresh()
        yield table


async def computer_powers(table: Table) -> set[str]:
    async with table.sessions() as session:
        return await Store(session).computer_powers(1)


async def open_orders(table: Table) -> dict[str, list[str]]:
    """The orders on file in the open phase, by power."""
    async with table.sessions() as session:
        phase = await session.scalar(select(Phase).where(Phase.status == PhaseStatus.OPEN))
        assert phase is not None
        rows = await session.scalars(select(Order).where(Order.phase_id == phase.id))
        found: dict[str, list[str]] = {}
        for row in rows:
            found.setdefault(row.power, []).append(row.canonical_text or row.raw_text)
        return found


async def seven(table: Table, options: str) -> None:
    await table.seven_players(options=f"{options} reminders=off")
    table.fresh()


async def test_bots_fill_the_seats_nobody_took(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        lines = await table.play(
            """
            gm> /dip newgame hague bots=all
            alice> /dip join france
            gm> /dip start
            """
        )
        channel = said(lines, "#game")
        assert "Computer players: every seat nobody takes is played by a computer." in channel
        assert "England: computer" in channel
        assert "France: alice" in channel
        assert not [line for line in lines if "No player for" in line]
        assert await computer_powers(table) == set(COMPUTERS)
        # each computer's orders are on file from the moment the phase opens
        orders = await open_orders(table)
        assert set(orders) == set(COMPUTERS)
        assert len(orders["RUSSIA"]) == 4


async def test_bots_keep_seats_free_of_people(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.play("gm> /dip newgame hague bots=6\nalice> /dip join")
        lines = await table.play("bob> /dip join")
        assert lines == [
            "[only:bob#game] hague is full: 1 players have joined and computers take the other "
            "6 seats (bots=6); the game master may lower bots= with `settings`."
        ]
        lines = await table.play("gm> /dip start")
        assert "hague has begun: Spring 1901" in said(lines, "#game")
        assert len(await computer_powers(table)) == 6


@pytest.mark.parametrize(
    ("option", "error"),
    [
        ("bots=many", "bots=many: write bots=3 (a number of seats) or bots=all"),
        ("cd=robot", "cd=robot: write cd=bot (a computer plays the power) or cd=hold"),
    ],
)
async def test_bad_options_are_refused(tmp_path: Path, option: str, error: str) -> None:
    async with open_table("sqlite", tmp_path) as table:
        lines = await table.play(f"gm> /dip newgame hague {option}")
        assert len(lines) == 1
        assert lines[0].startswith(f"[only:gm#game] {error}")


async def test_named_as_computers_in_players_and_status(table: Table) -> None:
    lines = await table.play("alice> /dip players\nalice> /dip status")
    assert "England: computer (it reads no press)" in said(lines, "only:alice#game")
    assert "France: alice" in said(lines, "only:alice#game")
    assert "England (computer): ready" in said(lines, "only:alice#game")
    assert "France: 3 units without orders" in said(lines, "only:alice#game")


async def test_a_game_of_computers_runs_to_its_end(table: Table) -> None:
    await table.play("gm> /dip settings end=1902")
    # alice says ready with no orders (all hold); the computers are ready already
    lines = await table.play("alice@dm> ready")
    assert "hague: Spring 1901 — results" in said(lines, "#game")
    lines = await table.play("\n".join(["clock +2d"] * 6))
    channel = said(lines, "#game")
    assert "hague: final standings" in channel
    standings = [line for line in channel if line[:2] in {f"{n}." for n in range(1, 8)}]
    assert len(standings) == 7
    assert [line for line in standings if "France (alice)" in line]
    assert len([line for line in standings if "(computer)" in line]) == 6


async def test_press_never_reaches_a_computer(table: Table) -> None:
    lines = await table.play("alice> /dip press england Shall we share the Channel?")
    assert lines == [
        "[only:alice#game] England is played by a computer, which cannot read press. "
        "Nothing was sent."
    ]
    lines = await table.play("alice> /dip press all Peace in our time.")
    assert lines == [
        "[only:alice#game] Austria, England, Germany, Italy, Russia and Turkey are played by "
        "computers, which cannot read press. Nothing was sent."
    ]
    async with table.sessions() as session:
        assert list(await session.scalars(select(Press))) == []


async def test_press_to_people_and_computers_goes_to_the_people_only(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await seven(table, "")
        await table.play("gm> /dip bot england")
        table.fresh()
        lines = await table.play("carol> /dip press england,germany A northern alliance?")
        assert said(lines, "only:carol#game") == [
            "Sent to Germany, signed France.",
            "England is played by a computer, which cannot read press. It was not sent there.",
        ]
        assert said(lines, "dm:dave")[0] == "hague: press from France"
        assert not said(lines, "dm:bob"), "bob no longer plays England"
        async with table.sessions() as session:
            (press,) = await session.scalars(select(Press))
            assert press.to_powers == ["GERMANY"]


async def test_computers_join_a_draw_only_with_every_person(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.play(
            """
            gm> /dip newgame hague bots=all reminders=off
            alice> /dip join france
            bob> /dip join england
            gm> /dip start
            """
        )
        lines = await table.play("alice@dm> draw\nalice@dm> ready\nbob@dm> ready")
        channel = said(lines, "#game")
        assert "hague: Spring 1901 — results" in channel
        assert "hague: final standings" not in channel, "bob did not vote for the draw"
        lines = await table.play("alice@dm> draw\nbob@dm> draw\nalice@dm> ready\nbob@dm> ready")
        channel = said(lines, "#game")
        assert "hague: final standings" in channel
        assert [line for line in channel if "Draw" in line or "draw" in line]


async def test_cd_bot_takes_over_after_missed_orders_and_hands_back_on_replace(
    tmp_path: Path,
) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await seven(table, "nmr=cd cd=bot")
        others = "\n".join(f"{user}@dm> ready" for user in SEVEN if user != "carol")
        lines = await table.play(others + "\nclock +2d")
        channel = said(lines, "#game")
        assert "hague: France is played by a computer" in channel
        assert (
            "France sent no orders for Spring 1901 (its first missed deadline): carol is "
            "removed, and a computer plays France until a new player takes over." in channel
        )
        assert said(lines, "dm:carol")[-1] == (
            "France sent no orders for Spring 1901, so you no longer play in hague; a computer "
            "plays France now."
        )
        assert await computer_powers(table) == {"FRANCE"}
        given = sorted((await open_orders(table))["FRANCE"])
        assert len(given) == 3
        lines = await table.play("alice> /dip status")
        assert "France (computer): ready" in said(lines, "only:alice#game")
        lines = await table.play("gm> /dip replace france zoe")
        assert "zoe now plays France." in said(lines, "#game")
        briefing = said(lines, "dm:zoe")
        assert briefing[0] == "hague: you now play France"
        assert "Orders on file for your power this phase" in briefing
        assert sorted(line for line in briefing if line in given) == given
        assert await computer_powers(table) == set()
        lines = await table.play("alice> /dip status")
        assert "France: orders in, not marked ready" in said(lines, "only:alice#game")


async def test_cd_bot_takes_over_a_kicked_power_at_once(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await seven(table, "cd=bot")
        lines = await table.play("gm> /dip kick france")
        assert said(lines, "#game")[:3] == [
            "hague: France is played by a computer",
            "The game master removed carol from the game.",
            "A computer gives its orders until a new player takes over (cd=bot).",
        ]
        assert said(lines, "dm:carol")[-1] == (
            "The game master removed you from hague: a computer plays France now."
        )
        assert len((await open_orders(table))["FRANCE"]) == 3


async def test_without_cd_bot_a_kicked_power_holds(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await seven(table, "")
        lines = await table.play("gm> /dip kick france")
        assert said(lines, "#game")[0] == "hague: France is in civil disorder"
        assert await computer_powers(table) == set()


async def test_the_game_master_puts_a_computer_on_and_takes_it_off(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await seven(table, "")
        lines = await table.play("gm> /dip bot germany")
        assert said(lines, "#game") == [
            "hague: Germany is played by a computer",
            "The game master took Germany from dave.",
            "A computer plays Germany from now on: it gives its orders as each phase opens.",
            "It reads no press. `replace germany <user>` hands it to a person, `bot germany "
            "off` takes the computer off.",
        ]
        assert said(lines, "dm:dave")[-1] == (
            "The game master removed you from hague: a computer plays Germany now."
        )
        assert len((await open_orders(table))["GERMANY"]) == 3
        lines = await table.play("gm> /dip bot germany")
        assert lines == [
            "[only:gm#game] A computer already plays Germany; `bot germany off` takes it off."
        ]
        lines = await table.play("gm> /dip kick germany")
        assert lines == [
            "[only:gm#game] A computer plays Germany: `bot germany off` takes it off, or "
            "`replace germany <user>` hands it to a person."
        ]
        lines = await table.play("gm> /dip bot germany off")
        assert said(lines, "#game")[:2] == [
            "hague: Germany is in civil disorder",
            "The game master took the computer off Germany: its units hold until a new player "
            "takes over.",
        ]
        assert await computer_powers(table) == set()
        lines = await table.play("gm> /dip bot germany off")
        assert lines == ["[only:gm#game] No computer plays Germany: there is nothing to take off."]
        lines = await table.play("alice> /dip bot germany")
        assert lines == [
            "[only:alice#game] Only the game master of hague (its creator, or a workspace "
            "admin) may use `bot`."
        ]


async def test_a_computer_that_took_over_gives_its_own_adjustments_not_the_players_conditionals(
    tmp_path: Path,
) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await seven(table, "")
        await table.play("carol@dm> order A MAR - SPA; F BRE - MAO\ngm> /dip process")
        await table.play("carol@dm> order F MAO - POR; if +2 build A PAR, A MAR")
        await table.play("gm> /dip bot france")
        lines = await table.play("gm> /dip process")
        assert "Next: Winter 1901 adjustments" in said(lines, "#game")
        assert not [line for line in lines if "conditional" in line.lower()]
        async with table.sessions() as session:
            phase = await session.scalar(select(Phase).where(Phase.status == PhaseStatus.OPEN))
            assert phase is not None
            rows = await session.scalars(
                select(Order).where(Order.phase_id == phase.id, Order.power == "FRANCE")
            )
            assert {row.submitted_by for row in rows} == {"computer:"}
