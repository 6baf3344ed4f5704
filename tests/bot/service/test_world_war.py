"""The UK rule book's World War I game for two players (variant ww1): the two sides drawn by
lot, Italy neutral in 1914, the coin tossed before the Winter 1914 adjustments and Italy
joining the winner's player in Spring 1915."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import select

from bot.service.options.fewer_players import blocs_of
from bot.store import Game, PowerStatus, Store
from tests.bot.service.harness import Table, open_table, said


async def _world_war(table: Table) -> dict[str, str]:
    """A ww1 game `hague` started by alice and bob; power name -> its player."""
    await table.play("gm> /dip newgame hague reminders=off")
    async with table.sessions.begin() as session:
        game = await session.scalar(select(Game))
        assert game is not None
        game.variant = "ww1"
    await table.play("alice> /dip join\nbob> /dip join")
    lines = await table.play("gm> /dip start")
    channel = said(lines, "#game")
    assert channel[0] == "hague has begun: Spring 1914"
    assert "Played as the rule book sets out 2 players." in channel
    assert (
        "Italy is neutral in 1914: nobody may enter its territory and its units hold. A coin "
        "tossed before the Winter 1914 adjustments decides which side it joins in Spring 1915."
        in channel
    )
    assert not any(line.startswith("No player for") for line in channel)
    return {line.split(": ")[0]: line.split(": ")[1] for line in channel if ": " in line}


async def test_status_counts_each_sides_units_toward_victory(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        seated = await _world_war(table)
        player = seated["England"]
        status = said(await table.play(f"{player}> /dip status"), f"only:{player}#game")
        assert status[status.index("Toward victory") :] == [
            "Toward victory",
            "Austria + Germany + Turkey: 9/24 units",
            "England + France + Russia: 10/24 units",
            "Italy (neutral): 3/24 units",
            "To win: 24 units on the board.",
        ]


async def _game(table: Table) -> Game:
    async with table.sessions() as session:
        game = await session.scalar(select(Game))
        assert game is not None
        return game


async def test_two_players_take_the_two_sides_by_lot(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        seated = await _world_war(table)
        allies = {seated[p] for p in ("England", "France", "Russia")}
        central = {seated[p] for p in ("Austria", "Germany", "Turkey")}
        assert len(allies) == len(central) == 1 and allies | central == {"alice", "bob"}
        assert seated["Italy"] == "—"
        england = seated["England"]
        lines = await table.play(f"{england}@dm> order F Lon - Nth; A Par - Pie")
        mine = said(lines, f"dm:{england}")
        assert "✓ F LON - NTH" in mine, mine
        assert any(
            "Piedmont (PIE) is neutral Italian territory in 1914: no unit may enter it" in line
            for line in mine
        ), mine


async def test_the_coin_gives_italy_to_one_side_from_spring_1915(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        seated = await _world_war(table)
        england = seated["England"]
        await table.play(f"{england}@dm> order F Lon - Nth")
        await table.play("gm> /dip process")
        await table.play(f"{england}@dm> order F Nth - Nwy")
        lines = await table.play("gm> /dip process")
        channel = said(lines, "#game")
        toss = [line for line in channel if line.startswith("Before the Winter 1914")]
        assert len(toss) == 1, channel
        side = "England, France and Russia" if "joins England" in toss[0] else None
        side = side or "Austria, Germany and Turkey"
        assert toss[0].endswith(f"Italy joins {side} in Spring 1915, as a power of its own.")
        assert "hague: Fall 1914 — results" in channel
        # the toss comes of these results: it is posted after them
        assert channel.index("hague: Fall 1914 — results") < channel.index(
            "hague: the coin for Italy"
        )
        assert "Next: Winter 1914 adjustments" in channel
        winner = seated[side.split(",")[0]]
        assert not any("Italy has joined" in t for t in said(lines, f"dm:{winner}"))
        assert (await _game(table)).settings["coin"] == {"ITALY": side.split(",")[0].upper()}

        lines = await table.play("gm> /dip process")
        channel = said(lines, "#game")
        joined = f"Italy is neutral no more: from Spring 1915 it plays for {side}."
        assert channel.index("hague: Winter 1914 adjustments — results") < channel.index(joined)
        assert "Italy has joined your side: you command it too from now." in said(
            lines, f"dm:{winner}"
        )
        game = await _game(table)
        assert blocs_of(game.settings)["ITALY"] == side.split(",")[0].upper()
        async with table.sessions() as session:
            assert (await Store(session).power_statuses(game.id))["ITALY"] == PowerStatus.PLAYING
        lines = await table.play(f"{winner}@dm> order A Ven - Tyr")
        assert "✓ A VEN - TYR" in said(lines, f"dm:{winner}")
