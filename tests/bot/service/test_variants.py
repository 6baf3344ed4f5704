"""Games on a variant's board (`newgame variant=...`): the 1961 rules' smaller boards for
fewer players, won by a majority of the pieces on the board, checked after every phase."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import select

from bot.service.arguments import Suggest, read_typed
from bot.service.commands.registry import BY_NAME
from bot.service.errors import UserError
from bot.service.options.agreed_end import parse_end
from bot.service.turn.endings import winners
from bot.store import Game, GameStatus, Phase, PhaseStatus
from engine import Position, available_variants, load_variant
from tests.bot.service.harness import Table, open_table, said
from tests.bot.service.option_text import parse_changes, parse_newgame
from tests.bot.store.support import BACKENDS

JOIN_THREE = """
alice> /dip join france
bob> /dip join england
carol> /dip join germany
"""
PIECES = "To win: a majority of the pieces on the board, counted after every phase."


async def the_game(table: Table) -> Game:
    async with table.sessions() as session:
        game = await session.scalar(select(Game))
        assert game is not None
        return game


async def put_board(table: Table, board: dict[str, object]) -> None:
    """The open phase's position replaced by ``board`` (a position in the contract's JSON)."""
    async with table.sessions.begin() as session:
        phase = await session.scalar(select(Phase).where(Phase.status == PhaseStatus.OPEN))
        assert phase is not None
        phase.position = board
        phase.name = str(board["phase"])


@pytest.mark.parametrize("backend", BACKENDS)
async def test_a_three_player_1961_game_from_newgame_to_a_win_by_pieces(
    backend: str, tmp_path: Path
) -> None:
    async with open_table(backend, tmp_path) as table:
        lines = await table.play("gm> /dip newgame hague variant=1961-3 reminders=off")
        channel = said(lines, "#game")
        assert "The game master starts the game with `start` (2 to 3 players)." in channel
        assert (
            "Variant 1961-3 — 1961 rules for three players: England, France and Germany on the "
            "western board; a majority of the pieces on the board wins." in channel
        )
        lines = await table.play(JOIN_THREE)
        assert "[#game] carol joined hague (3 of 3 players)." in lines
        lines = await table.play("dave> /dip join")
        assert said(lines, "only:dave#game") == ["hague is full: 3 players have joined."]

        lines = await table.play("gm> /dip start")
        channel = said(lines, "#game")
        assert channel[1:4] == ["England: bob", "France: alice", "Germany: carol"]
        for absent in ("Italy", "Austria", "Russia", "Turkey"):
            assert not any(absent in line for line in channel)
        assert PIECES in channel
        welcome = said(lines, "dm:alice")
        assert welcome[:2] == ["hague: you play France", "Your units: F BRE, A MAR, A PAR"]
        assert PIECES in welcome
        assert (await the_game(table)).variant == "1961-3"
        lines = await table.play("bob> /dip status")
        status = said(lines, "only:bob#game")
        assert status[status.index("Toward victory") :] == [
            "Toward victory",
            "England: 3/5 pieces",
            "France: 3/5 pieces",
            "Germany: 3/5 pieces",
            "To win: a majority of the pieces on the board (5 of the 9 now).",
        ]

        # A province off the smaller board is refused by name.
        lines = await table.play("carol@dm> order A MUN - TYR; F KIE - HOL")
        assert said(lines, "dm:carol")[:3] == [
            "Orders: 1 accepted, 1 not accepted",
            "✗ A MUN - TYR — illegal: Tyrolia (TYR) is off the board in 1961-3",
            "✓ F KIE - HOL",
        ]
        lines = await table.play("gm> /dip process")
        channel = said(lines, "#game")
        assert "F KIE - HOL  ✓ moved" in channel
        assert "Fall 1901" in " ".join(channel)

        # Fall 1901: France has five of the ten pieces, not a majority, and takes Munich,
        # whose German army has nowhere to retreat: five of nine.
        board = Position.initial(load_variant("1961-3")).to_json()
        board["phase"] = "F1901M"
        board["units"] = {
            "ENGLAND": ["F LON", "A LVP"],
            "FRANCE": ["A BUR", "A RUH", "A SIL", "A PAR", "F BRE"],
            "GERMANY": ["A MUN", "A BER", "F KIE"],
        }
        await put_board(table, board)
        lines = await table.play(
            """
            alice@dm> order A BUR - MUN; A RUH S A BUR - MUN; A SIL S A BUR - MUN
            gm> /dip process
            """
        )
        channel = said(lines, "#game")
        assert "A MUN  ✗ destroyed (dislodged with nowhere to retreat)" in channel
        assert channel[channel.index("Game over") + 1] == (
            "France wins with 5 units of the 9 on the board!"
        )
        final = channel.index("hague: final standings")
        assert channel[final + 1] == "France won with a majority of the pieces on the board."
        game = await the_game(table)
        assert game.status == GameStatus.FINISHED
        assert game.outcome is not None and game.outcome["winner"] == "FRANCE"
        lines = await table.play("bob> /dip status")
        assert said(lines, "only:bob#game")[:2] == [
            "hague is over",
            "France won with a majority of the pieces on the board.",
        ]
        lines = await table.play("alice@dm> game hague order A PAR - PIC")
        assert said(lines, "dm:alice")[0].startswith("hague ended in Fall 1901")


async def test_a_1961_four_player_game_has_its_four_powers(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        lines = await table.play(
            """
            gm> /dip newgame hague variant=1961-4
            alice> /dip join italy
            bob> /dip join england
            carol> /dip join france
            dave> /dip join germany
            gm> /dip start
            """
        )
        assert "[#game] The game master starts the game with `start` (2 to 4 players)." in lines
        channel = said(lines, "#game")
        assert [line for line in channel if line.endswith(("alice", "bob", "carol", "dave"))] == [
            "England: bob",
            "France: carol",
            "Germany: dave",
            "Italy: alice",
        ]
        assert "hague: you play Italy" in said(lines, "dm:alice")
        lines = await table.play("alice@dm> order F NAP - ION; A VEN - TRI; A ROM - GRE")
        assert "✗ A ROM - GRE — illegal: Greece (GRE) is off the board in 1961-4" in said(
            lines, "dm:alice"
        )


async def test_an_unknown_variant_is_refused_with_the_known_ones(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        lines = await table.play("gm> /dip newgame hague variant=1961-9")
    refusal = said(lines, "only:gm#game")
    assert refusal[0] == "variant=1961-9 is not a variant here. The variants:"
    # the standard game first, as `help newgame` and the menus list them
    names = ["standard", *(name for name in available_variants() if name != "standard")]
    assert refusal[1:] == [f"{name} — {load_variant(name).description}" for name in names]
    assert not said(lines, "#game"), "no game was made"


def test_the_uk_layouts_are_refused_on_a_1961_board() -> None:
    with pytest.raises(UserError) as caught:
        parse_newgame("hague variant=1961-4 players=4", "UTC")
    assert str(caught.value).startswith(
        "players=4 lays out the standard board for fewer players (the UK rule book: some "
        "players command two powers), and variant=1961-4 is a board of its own (1961 rules "
        "for four players:"
    )
    assert str(caught.value).endswith("Choose one: drop players=, or write variant=standard.")
    _, options = parse_newgame("hague players=3:2", "UTC")
    with pytest.raises(UserError, match=r"^players=3:2 lays out"):
        parse_changes("variant=1961-3", options)
    _, options = parse_newgame("hague variant=1961-3", "UTC")
    with pytest.raises(UserError, match=r"^players=6 lays out"):
        parse_changes("players=6", options)


async def test_the_variant_changes_before_the_start_and_not_after(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        lines = await table.play(
            """
            gm> /dip newgame hague
            alice> /dip join turkey
            bob> /dip join england
            carol> /dip join france
            dave> /dip join germany
            """
        )
        lines = await table.play("gm> /dip settings variant=1961-3")
        channel = said(lines, "#game")
        assert channel[0] == "hague: the game master changed the settings (variant)"
        assert channel[1].startswith("Variant 1961-3 — 1961 rules for three players")
        assert channel[-2:] == [
            "4 players have joined and 1961-3 takes 3: 1 must `leave` before the game can start.",
            "Wishes for powers not in 1961-3 count for nothing: its powers are England, France "
            "and Germany; `join` again to change yours.",
        ]
        assert (await the_game(table)).variant == "1961-3"
        lines = await table.play("gm> /dip start")
        assert said(lines, "only:gm#game") == [
            "hague is played on 1961-3, which has 3 powers; 4 joined: 1 must `leave` first, or "
            "the game master changes the variant with `settings variant=...`."
        ]
        lines = await table.play(
            """
            alice> /dip leave
            gm> /dip start
            gm> /dip settings variant=standard
            """
        )
        assert "[#game] hague has begun: Spring 1901" in lines
        assert said(lines, "only:gm#game")[-1] == (
            "variant cannot change now: the board was set when the game started. "
            "Nothing was changed."
        )
        assert (await the_game(table)).variant == "1961-3"


async def test_settings_and_help_list_the_variant(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        lines = await table.play("gm> /dip help newgame")
        text = "\n".join(said(lines, "only:gm#game"))
        assert (
            "variant=standard|1961-3|1961-4|1961-5|1961-6|diplomacia|ww1  the board and its rules"
        ) in text
        assert "1961-4 (4 powers: a majority of the pieces on the board)" in text
        assert "diplomacia (10 powers: 26 supply centres)" in text
        assert "newgame hague variant=1961-4" in text
        await table.play("gm> /dip newgame hague variant=1961-5 end=1905")
        lines = await table.play("alice> /dip settings")
        assert said(lines, "only:alice#game")[1:2] == [
            "Variant 1961-5 — 1961 rules for five players: Turkey, Russia, Bulgaria and "
            "Rumania are off the board; a majority of the pieces on the board wins."
        ]
        assert "The game ends after 1905, the most units win." in said(lines, "only:alice#game")[3]
    variant = {a.name: a for a in BY_NAME["newgame"].arguments}["variant"]
    assert variant.suggest is Suggest.VARIANTS and not variant.choices
    typed = read_typed(BY_NAME["newgame"], {"variant": "1961-4"})
    assert typed.settings("settings") == {"variant": "1961-4"}


def test_a_short_1961_game_is_won_by_the_most_pieces() -> None:
    rule = parse_end("1901", "UTC", 1901)
    assert rule is not None
    board = Position.initial(load_variant("1961-3")).to_json()
    board["phase"] = "S1902M"
    # Germany holds more centres, France more units.
    board["units"]["FRANCE"] = ["A MAR", "A PAR", "F BRE", "A PIC"]
    board["centers"]["GERMANY"] = ["BER", "KIE", "MUN", "HOL", "DEN"]
    after = Position.from_json(board)
    ending = winners(rule, after, {"ENGLAND", "FRANCE", "GERMANY"})
    assert (ending.powers, ending.by) == (("FRANCE",), "units")
    standard = Position.initial().to_json()
    standard["centers"]["GERMANY"] = ["BER", "KIE", "MUN", "HOL", "DEN"]
    standard["phase"] = "S1902M"
    ending = winners(rule, Position.from_json(standard), set(load_variant().powers))
    assert (ending.powers, ending.by) == (("GERMANY",), "centres")
    centres = parse_end("1901:centres", "UTC", 1901)
    assert centres is not None
    assert winners(centres, after, {"FRANCE", "GERMANY"}).powers == ("GERMANY",)


async def test_a_map_of_what_the_board_takes_away_is_refused_by_name(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.play(
            """
            gm> /dip newgame hague variant=1961-5 reminders=off
            alice> /dip join
            bob> /dip join
            carol> /dip join
            dave> /dip join
            erin> /dip join
            gm> /dip start
            """
        )
        lines = await table.play("alice> /dip map CON")
        assert lines == [
            "[only:alice#game] Constantinople (CON) is off the board in 1961-5: there is no map "
            "of it."
        ]
        lines = await table.play("alice> /dip map russia")
        assert lines == [
            "[only:alice#game] The region russia is off the board in 1961-5: there is no map of it."
        ]
