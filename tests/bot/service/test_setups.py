"""Games for fewer players (UK rule book III.2): which powers are played, players commanding
two powers as separate states, and the powers nobody plays in civil disorder."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest
from sqlalchemy import select

from bot.service.commands.order_routing import Share, route
from bot.service.errors import UserError
from bot.service.options.fewer_players import LAYOUTS
from bot.service.turn.endings import Ending, ending_text, outcome_json
from bot.service.words.results import results_message
from bot.store import Phase, PhaseStatus, PowerStatus, Store
from engine import Position, adjudicate, format_order
from tests.bot.service.harness import Table, open_table, said
from tests.bot.service.option_text import parse_newgame
from tests.bot.store.support import BACKENDS

FOUR = """
gm> /dip newgame hague players=4 reminders=off
alice> /dip join austria
bob> /dip join england
dave> /dip join germany
eve> /dip join italy
gm> /dip start
"""


async def statuses(table: Table) -> dict[str, PowerStatus]:
    async with table.sessions() as session:
        return await Store(session).power_statuses(1)


async def test_six_players_leave_italy_out(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        lines = await table.play("gm> /dip newgame hague players=6")
        channel = said(lines, "#game")
        assert "The game master starts the game with `start` (6 players)." in channel
        assert (
            "Seats: Austria; England; France; Germany; Russia; Turkey. Not played (civil "
            "disorder): Italy." in channel
        )
        for user, power in zip(
            ("alice", "bob", "carol", "dave", "frank", "grace"),
            ("austria", "england", "france", "germany", "italy", "turkey"),
            strict=True,
        ):
            await table.play(f"{user}> /dip join {power}")
        lines = await table.play("zoe> /dip join")
        assert lines == ["[only:zoe#game] hague is full: 6 players have joined."]
        lines = await table.play("gm> /dip start")
        channel = said(lines, "#game")
        assert "Italy: —" in channel
        assert "No player for Italy: civil disorder, their units hold." in channel
        assert (await statuses(table))["ITALY"] == PowerStatus.CIVIL_DISORDER


@pytest.mark.parametrize("backend", BACKENDS)
async def test_four_players_command_two_powers_each(backend: str, tmp_path: Path) -> None:
    async with open_table(backend, tmp_path) as table:
        lines = await table.play(FOUR)
        channel = said(lines, "#game")
        assert "England: bob" in channel
        assert "Played as the rule book sets out 4 players." in channel
        seated = {line.split(": ")[0]: line.split(": ")[1] for line in channel if ": " in line}
        assert seated["Austria"] == seated["France"]
        assert seated["Germany"] == seated["Turkey"]
        assert seated["Italy"] == seated["Russia"]
        owner = seated["Austria"]
        welcomes = [t for t in said(lines, f"dm:{owner}") if " you play " in t]
        assert welcomes == ["hague: you play Austria", "hague: you play France"]
        assert set((await statuses(table)).values()) == {PowerStatus.PLAYING}

        lines = await table.play(f"{owner}@dm> order A Vie-Gal; A Par-Bur; F Bre-MAO")
        mine = said(lines, f"dm:{owner}")
        assert mine[:3] == [
            "Austria — Orders: 1 accepted",
            "✓ A VIE - GAL",
            "Units without orders: A BUD, F TRI",
        ]
        assert mine[3:6] == ["France — Orders: 2 accepted", "✓ A PAR - BUR", "✓ F BRE - MAO"]
        lines = await table.play(f"{owner}@dm> A Bud-Ser")
        assert said(lines, f"dm:{owner}")[:2] == ["Austria — Orders: 1 accepted", "✓ A BUD - SER"]
        lines = await table.play(f"{owner}@dm> order A Mun-Ruh")
        assert said(lines, f"dm:{owner}")[1].startswith("✗ A Mun-Ruh — illegal")
        lines = await table.play(f"{owner}@dm> orders")
        titles = [t for t in said(lines, f"dm:{owner}") if t.endswith(": orders for Spring 1901")]
        assert titles == ["Austria: orders for Spring 1901", "France: orders for Spring 1901"]

        lines = await table.play(f"{owner}@dm> press all Hello from the south")
        assert said(lines, f"dm:{owner}") == [
            "Sent to England, Germany, Italy, Russia and Turkey, signed Austria and France."
        ]
        assert said(lines, "dm:bob")[0] == "hague: press from Austria and France"

        lines = await table.play("gm> /dip process")
        channel = said(lines, "#game")
        assert "A VIE - GAL  ✓ moved" in channel
        assert "A PAR - BUR  ✓ moved" in channel


async def test_kick_and_replace_in_a_two_power_seat(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        lines = await table.play(FOUR)
        seated = {
            line.split(": ")[0]: line.split(": ")[1]
            for line in said(lines, "#game")
            if ": " in line
        }
        owner = seated["Austria"]
        lines = await table.play("gm> /dip kick france")
        channel = said(lines, "#game")
        assert channel[0] == "hague: Austria and France are in civil disorder"
        assert {p: s for p, s in (await statuses(table)).items() if s != PowerStatus.PLAYING} == {
            "AUSTRIA": PowerStatus.CIVIL_DISORDER,
            "FRANCE": PowerStatus.CIVIL_DISORDER,
        }
        assert said(lines, f"dm:{owner}")[0] == "hague: you were removed"
        lines = await table.play("gm> /dip replace austria zoe")
        assert said(lines, "#game")[:2] == [
            "hague: Austria and France are played again",
            "zoe now plays Austria and France.",
        ]
        assert [t for t in said(lines, "dm:zoe") if "you now play" in t] == [
            "hague: you now play Austria",
            "hague: you now play France",
        ]
        lines = await table.play("gm> /dip replace france yan")
        assert said(lines, "#game")[1] == "yan now plays France."
        lines = await table.play("zoe@dm> order A Par-Bur")
        assert "illegal" in said(lines, "dm:zoe")[1], "France is yan's alone now"
        lines = await table.play("yan@dm> order A Par-Bur")
        assert said(lines, "dm:yan")[:2] == ["Orders: 1 accepted", "✓ A PAR - BUR"]


async def test_a_start_needs_the_set_number_of_players(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.play("gm> /dip newgame hague players=3\nalice> /dip join\nbob> /dip join")
        lines = await table.play("gm> /dip start")
        assert lines == [
            "[only:gm#game] hague is set for 3 players; 2 joined so far. Players join with `join`."
        ]


async def test_preferences_choose_a_seat(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.play(
            """
            gm> /dip newgame hague players=3
            alice> /dip join russia
            bob> /dip join austria
            carol> /dip join turkey
            gm> /dip start
            """
        )
        async with table.sessions() as session:
            phase = await session.scalar(select(Phase).where(Phase.status == PhaseStatus.OPEN))
            assert phase is not None
        lines = await table.play("alice> /dip players")
        assert "You play France and Russia." in said(lines, "only:alice#game")
        lines = await table.play("bob> /dip players")
        assert "You play England and Austria." in said(lines, "only:bob#game")


@pytest.mark.parametrize(
    ("text", "seats"),
    [
        ("players=7", 7),
        ("players=6", 6),
        ("players=5", 5),
        ("players=4", 4),
        ("players=4:2", 4),
        ("players=4:3", 4),
        ("players=3", 3),
        ("players=3:2", 3),
    ],
)
def test_layouts_are_read(text: str, seats: int) -> None:
    _, options = parse_newgame(text, "UTC")
    assert options.setup is not None
    assert len(options.setup.seats) == seats
    played = [p for seat in options.setup.seats for p in seat]
    assert len(played) == len(set(played)), "no power in two seats"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("players=2", "World War I game"),
        ("players=4:4", "players=4:4 is not a rule-book layout"),
        ("players=8", "players=8 is not a rule-book layout"),
        ("players=many", "players=many: write players=3, 3:2, 4"),
    ],
)
def test_bad_layouts(text: str, message: str) -> None:
    with pytest.raises(UserError) as caught:
        parse_newgame(text, "UTC")
    assert message in str(caught.value)


def test_every_layout_covers_what_the_rule_book_plays() -> None:
    assert {p for seat in LAYOUTS[(3, 1)] for p in seat} == {
        "ENGLAND",
        "AUSTRIA",
        "FRANCE",
        "RUSSIA",
        "GERMANY",
        "TURKEY",
    }
    for key in ((4, 1), (4, 2), (4, 3)):
        assert len({p for seat in LAYOUTS[key] for p in seat}) == 7


class Hand:
    def __init__(self, position: Position, power: str) -> None:
        self.position = position
        self.power = power


def _read(routed: Mapping[str, Share]) -> dict[str, list[tuple[str, str | None]]]:
    """Each power's orders as written, with what each was read as (None: refused)."""
    return {
        power: [(line.text, line.order and format_order(line.order)) for line in share.lines]
        for power, share in routed.items()
    }


def test_orders_go_to_the_power_they_name() -> None:
    start = Position.initial()
    hands = [Hand(start, "AUSTRIA"), Hand(start, "FRANCE")]
    routed, refused = route(hands, "A Vie-Gal, A Par-Bur; France: A Mar H; A Mun-Ruh")
    assert _read(routed) == {
        "AUSTRIA": [("A Vie-Gal", "A VIE - GAL"), ("A Mun-Ruh", None)],
        "FRANCE": [("A Par-Bur", "A PAR - BUR"), ("A Mar H", "A MAR H")],
    }
    assert refused == []
    winter = Position.from_json(
        {
            **start.to_json(),
            "phase": "W1901A",
            "units": {"AUSTRIA": ["A BUD"], "FRANCE": ["A PAR"]},
        }
    )
    hands = [Hand(winter, "AUSTRIA"), Hand(winter, "FRANCE")]
    routed, refused = route(hands, "build A VIE; waive; France: waive")
    assert _read(routed) == {
        "AUSTRIA": [("build A VIE", "A VIE B")],
        "FRANCE": [("waive", "WAIVE")],
    }
    assert refused == [("waive", "it could be Austria or France's: write e.g. `Austria: waive`")]


async def test_a_two_power_player_missing_orders_is_replaced_once(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        lines = await table.play(FOUR.replace("players=4", "players=4 nmr=cd"))
        seated = {
            line.split(": ")[0]: line.split(": ")[1]
            for line in said(lines, "#game")
            if ": " in line
        }
        others = {seated[p] for p in ("England", "Germany", "Italy")}
        lines = await table.play("\n".join(f"{u}@dm> ready" for u in others) + "\nclock +2d")
        channel = said(lines, "#game")
        assert channel.count("hague: Austria and France are in civil disorder") == 1
        assert not any(t.startswith("hague: France is") for t in channel)
        assert (await statuses(table))["FRANCE"] == PowerStatus.CIVIL_DISORDER


async def test_an_unplayed_powers_dislodged_unit_is_disbanded_with_no_retreat(
    tmp_path: Path,
) -> None:
    """UK III.2: units of a power nobody plays that are attacked successfully are disbanded
    at once; no retreat phase opens for them, and the history and map say the same."""
    async with open_table("sqlite", tmp_path) as table:
        await table.play("gm> /dip newgame hague players=6 reminders=off")
        for user, power in zip(
            ("alice", "bob", "carol", "dave", "frank", "grace"),
            ("austria", "england", "france", "germany", "russia", "turkey"),
            strict=True,
        ):
            await table.play(f"{user}> /dip join {power}")
        await table.play("gm> /dip start")
        await table.play("alice@dm> order A Vie-Tyr; F Tri H; A Bud H")
        await table.play("gm> /dip process")
        await table.play("alice@dm> order A Tyr-Ven; F Tri S A Tyr-Ven; A Bud H")
        lines = await table.play("gm> /dip process")
        channel = said(lines, "#game")
        assert "A VEN  disbanded (civil disorder)" in channel
        assert "A TYR - VEN  ✓ moved" in channel
        assert not any("retreat" in line.lower() for line in channel)
        async with table.sessions() as session:
            phases = [p.name for p in await Store(session).phases_of(1)]
        assert "F1901R" not in phases
        assert phases[-1] == "W1901A"
        lines = await table.play("alice> /dip history F1901M")
        assert "A VEN  disbanded (civil disorder)" in said(lines, "#game") + said(
            lines, "only:alice#game"
        )


async def test_the_second_reading_of_the_three_player_table_seats_germany_with_austria(
    tmp_path: Path,
) -> None:
    """The table names Germany twice: players=3:2 reads the first seat as Germany and
    Austria, and a player's powers are one seat for victory in the stored position."""
    async with open_table("sqlite", tmp_path) as table:
        await table.play(
            """
            gm> /dip newgame hague players=3:2
            alice> /dip join germany
            bob> /dip join russia
            carol> /dip join turkey
            gm> /dip start
            """
        )
        for user, powers in (
            ("alice", "Germany and Austria"),
            ("bob", "France and Russia"),
            ("carol", "England and Turkey"),
        ):
            lines = await table.play(f"{user}> /dip players")
            assert f"You play {powers}." in said(lines, f"only:{user}#game")
        async with table.sessions() as session:
            phase = await session.scalar(select(Phase).where(Phase.status == PhaseStatus.OPEN))
            assert phase is not None
        assert Position.from_json(phase.position).seats == (
            ("AUSTRIA", "GERMANY"),
            ("ENGLAND", "TURKEY"),
            ("FRANCE", "RUSSIA"),
        )
        assert (await statuses(table))["ITALY"] == PowerStatus.CIVIL_DISORDER


def test_a_player_with_two_powers_wins_with_their_centres_between_them() -> None:
    fall = Position.from_json(
        {
            "phase": "F1905M",
            "units": {"AUSTRIA": ["A VIE"], "FRANCE": ["A PAR"], "ENGLAND": ["F LON"]},
            "centers": {
                "AUSTRIA": ["BUD", "TRI", "VIE", "SER", "GRE", "BUL", "RUM", "SEV", "WAR"],
                "FRANCE": ["BRE", "MAR", "PAR", "SPA", "POR", "BEL", "HOL", "MUN", "KIE"],
                "ENGLAND": ["LON"],
            },
            "seats": [["AUSTRIA", "FRANCE"]],
        }
    )
    resolution = adjudicate(fall, {})
    text = results_message(fall, resolution, game_name="hague").plain_text()
    assert "Austria and France win with 18 supply centres between them!" in text
    ending = Ending("solo", resolution.winners)
    assert (
        ending_text(fall.variant, outcome_json(ending, resolution.position))
        == "Austria and France won with 18 supply centres between them."
    )
