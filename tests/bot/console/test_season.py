"""A club's season through the console front end: three games finished (two draws and an
agreed end won by one power), their standings under each scoring system and the players'
ratings, checked by hand; a season's standings apart from the club's; the club's settings."""

from __future__ import annotations

import math
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from tests.bot.service.harness import Table, open_table, said
from tests.bot.store.support import BACKENDS

# g1 (season autumn): France (alice), Germany (bob) and Russia (carol) vote a draw in Spring 1901.
# g2 (no season): England (alice) and Turkey (bob) vote a draw.
# g3 (season autumn, end=1901): Austria (alice), Italy (bob), Russia (carol) hold; at the
# agreed end Russia leads with 4 centres to everyone's 3, and wins.
# g5 (anonymous): alice and bob draw; it counts for nobody, as who played which power stays
# secret after the end too.
SEASON = """
gm#g1> /dip newgame g1 season=autumn
alice#g1> /dip join france
bob#g1> /dip join germany
carol#g1> /dip join russia
gm#g1> /dip start
alice#g1> /dip draw
bob#g1> /dip draw
carol#g1> /dip draw
clock +3d
gm#g2> /dip newgame g2
alice#g2> /dip join england
bob#g2> /dip join turkey
gm#g2> /dip start
alice#g2> /dip draw
bob#g2> /dip draw
clock +3d
gm#g3> /dip newgame g3 season=autumn end=1901
alice#g3> /dip join austria
bob#g3> /dip join italy
carol#g3> /dip join russia
gm#g3> /dip start
clock +3d
clock +3d
clock +3d
gm#g5> /dip newgame g5 anonymous=on
alice#g5> /dip join austria
bob#g5> /dip join england
gm#g5> /dip start
alice#g5> /dip draw
bob#g5> /dip draw
clock +3d
"""


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table(request.param, tmp_path, admins=("gm",)) as table:
        await table.play(SEASON)
        yield table


async def test_a_season_of_three_games_scored_by_hand(table: Table) -> None:
    printed = await table.play("zoe#lobby> /dip standings")
    # with the chart of each player's points game by game, for everyone there
    assert [line for line in printed if line.startswith("[file #lobby]")] == [
        f"[file #lobby] {table.map_dir / 'standings.png'}"
    ]
    lines = said(printed, "#lobby")
    # Sum of squares, among the powers in each draw: g1 is 3, 3 and 4 centres (9 + 9 + 16 =
    # 34): France and Germany 9/34 = 26.47, Russia 16/34 = 47.06; g2 is 3 and 3: 50 each; g3 is
    # Russia's win: 100. carol 47.06 + 100, alice and bob 26.47 + 50.
    assert lines[:4] == [
        "Standings of the club (3 games finished)",
        "1. carol: 147.1 points (2 games; 1 solo, 1 draw)",
        "2. alice: 76.5 points (3 games; 2 draws)",
        "3. bob: 76.5 points (3 games; 2 draws)",
    ]
    assert "g3: won by Russia" in lines
    assert "g1: drawn by France, Germany and Russia" in lines
    # g5 is over, drawn, and left out: it is anonymous
    assert not [line for line in lines if line.startswith("g5")]
    over = said(await table.play("zoe#g5> /dip scoreboard"), "#g5")
    assert over[0] == "g5: final scoreboard"

    lines = said(await table.play("zoe#lobby> /dip season autumn"), "#lobby")
    assert lines[:4] == [
        "Standings of season autumn (2 games finished)",
        "1. carol: 147.1 points (2 games; 1 solo, 1 draw)",
        "2. alice: 26.5 points (2 games; 1 draw)",
        "3. bob: 26.5 points (2 games; 1 draw)",
    ]


async def test_draw_size_and_c_diplo(table: Table) -> None:
    lines = said(await table.play("zoe#lobby> /dip standings scoring=draw-size"), "#lobby")
    # g1 a third each, g2 a half each, g3 all to Russia
    assert lines[1:4] == [
        "1. carol: 133.3 points (2 games; 1 solo, 1 draw)",
        "2. alice: 83.3 points (3 games; 2 draws)",
        "3. bob: 83.3 points (3 games; 2 draws)",
    ]
    lines = said(await table.play("zoe#lobby> /dip standings autumn scoring=c-diplo"), "#lobby")
    # g1 without a solo: Russia 1 + 4 + 38 = 43; the six powers on 3 centres share second and
    # third (14 + 7) / 6 = 3.5: 1 + 3 + 3.5 = 7.5 each. g3 is a win: 100 to Russia.
    assert lines[1:4] == [
        "1. carol: 143 points (2 games; 1 solo, 1 draw)",
        "2. alice: 7.5 points (2 games; 1 draw)",
        "3. bob: 7.5 points (2 games; 1 draw)",
    ]


# OpenSkill's Plackett-Luce defaults: every rating starts at 25 ± 25/3; beta 25/6; the
# additive dynamics factor tau 25/300; kappa 0.0001.
BETA, TAU, KAPPA = 25 / 6, 25 / 300, 0.0001
FRESH = (25.0, 25 / 3)


def plackett_luce(
    ratings: list[tuple[float, float]], ranks: list[int]
) -> list[tuple[float, float]]:
    """One game of single-person teams rated by hand, by Weng and Lin's Plackett-Luce update
    (Journal of Machine Learning Research 12, 2011, Algorithm 4), as OpenSkill states it: each
    sigma first widened by tau; c the spread of the whole table; a tie of A teams shares each
    place's term by A."""
    widened = [(mu, math.sqrt(sigma**2 + TAU**2)) for mu, sigma in ratings]
    c = math.sqrt(sum(sigma**2 + BETA**2 for _, sigma in widened))
    tied = [ranks.count(r) for r in ranks]
    below = [
        sum(math.exp(mu / c) for (mu, _), r in zip(widened, ranks, strict=True) if r >= rank)
        for rank in ranks
    ]
    rated = []
    for i, (mu, sigma) in enumerate(widened):
        omega = delta = 0.0
        for q, rank in enumerate(ranks):
            if rank <= ranks[i]:
                p = math.exp(mu / c) / below[q]
                omega += ((q == i) - p) / tied[q]
                delta += p * (1 - p) / tied[q]
        gamma = sigma / c
        variance = sigma**2 * max(1 - gamma * sigma**2 / c**2 * delta, KAPPA)
        rated.append((mu + sigma**2 / c * omega, math.sqrt(variance)))
    return rated


async def test_ratings_move_as_the_model_ranks_each_game(table: Table) -> None:
    # g1: the three share the draw; g2: alice and bob share it; g3: carol first, then alice
    # and bob tied on 3 centres.
    alice, bob, carol = plackett_luce([FRESH, FRESH, FRESH], [1, 1, 1])
    alice, bob = plackett_luce([alice, bob], [1, 1])
    # a draw of equals moves nobody's skill, only narrows how unsure it is
    assert alice[0] == bob[0] == carol[0] == pytest.approx(25.0)
    assert alice[1] < carol[1] < FRESH[1]
    carol, alice, bob = plackett_luce([carol, alice, bob], [1, 2, 2])
    assert alice == bob and alice[0] == pytest.approx(23.6576, abs=1e-4)
    assert carol[0] == pytest.approx(27.8640, abs=1e-4)

    def shown(name: str, rating: tuple[float, float], games: int) -> str:
        mu, sigma = rating
        return f"{name}: {mu - 3 * sigma:.1f} (skill {mu:.1f} ± {sigma:.1f}, {games} games)"

    lines = said(await table.play("zoe#lobby> /dip ratings"), "#lobby")
    assert lines[:4] == [
        "Ratings of the club",
        "1. " + shown("carol", carol, 2),
        "2. " + shown("alice", alice, 3),
        "3. " + shown("bob", bob, 3),
    ]
    assert lines[1:3] == [
        "1. carol: 3.6 (skill 27.9 ± 8.1, 2 games)",
        "2. alice: 0.6 (skill 23.7 ± 7.7, 3 games)",
    ]
    # and the library the bot rates with agrees with the hand count to the last digits
    model = PlackettLuce()
    a, b, c = (model.rating() for _ in range(3))
    [a], [b], [c] = model.rate([[a], [b], [c]], ranks=[1, 1, 1])
    [a], [b] = model.rate([[a], [b]], ranks=[1, 1])
    [c], [a], [b] = model.rate([[c], [a], [b]], ranks=[1, 2, 2])
    assert (c.mu, c.sigma) == pytest.approx(carol, abs=1e-9)
    assert (a.mu, a.sigma) == pytest.approx(alice, abs=1e-9)


async def test_the_club_turns_ratings_off_and_picks_its_scoring(table: Table) -> None:
    lines = await table.play("alice#lobby> /dip club ratings=off")
    assert said(lines, "only:alice#lobby") == [
        "Only an admin of this workspace or server may change the club's settings; `club` "
        "alone shows them."
    ]
    lines = await table.play("gm#lobby> /dip club ratings=off scoring=dss lobby=here")
    assert said(lines, "only:gm#lobby")[1:4] == [
        "Lobby: this channel.",
        "Standings scored by draw size (a solo 100; a draw shared equally by the powers in it).",
        "Ratings: off.",
    ]
    lines = await table.play("zoe#lobby> /dip ratings")
    assert said(lines, "only:zoe#lobby") == [
        "This club keeps no ratings (its admins chose `club ratings=off`)."
    ]
    lines = said(await table.play("zoe#lobby> /dip standings"), "#lobby")
    assert lines[1] == "1. carol: 133.3 points (2 games; 1 solo, 1 draw)"
    # nor are ratings shown beside the players of a game
    lines = said(await table.play("carol#g3> /dip players"), "only:carol#g3")
    assert not [line for line in lines if "rating" in line]


async def test_bad_choices_are_named(table: Table) -> None:
    lines = await table.play("zoe#lobby> /dip standings scoring=elo")
    assert said(lines, "only:zoe#lobby") == [
        "'elo' is not a scoring system: write one of draw-size, sum-of-squares, c-diplo."
    ]
    lines = await table.play("gm#lobby> /dip club colour=blue")
    assert "`colour` is not a club setting" in said(lines, "only:gm#lobby")[0]


async def test_reliability_counts_resolved_movement_phases(table: Table) -> None:
    # alice owed orders in g1's and g2's Spring 1901 (she voted a draw in each: she was
    # there), and in g3's Spring and Fall 1901; she gave none in g3's Spring, which is
    # recorded as missed orders. 3 of 4: the anonymous g5 is left out, as its results tell
    # which power gave no orders, and her record moving with them would tell she played it.
    lines = await table.play("alice#lobby> /dip reliability")
    assert said(lines, "only:alice#lobby")[0] == "Your reliability: 75% (3 of 4 phases)."
    lines = await table.play("zoe#lobby> /dip reliability @alice")
    assert said(lines, "only:zoe#lobby") == [
        "This club shows a player's reliability to game masters alone (at `join`, `start` and "
        "in `players`); `reliability` alone shows yours."
    ]
    await table.play("gm#lobby> /dip club reliability=public")
    lines = await table.play("zoe#lobby> /dip reliability @alice")
    assert said(lines, "only:zoe#lobby")[0] == "alice's reliability: 75% (3 of 4 phases)."
    lines = await table.play("zoe#lobby> /dip reliability")
    assert said(lines, "only:zoe#lobby")[0] == "Your reliability: no record yet."


async def test_a_game_may_ask_for_a_minimum_to_join(table: Table) -> None:
    lines = await table.play(
        """
        gm#g4> /dip newgame g4 reliability=85
        alice#g4> /dip join
        zoe#g4> /dip join
        dave#g4> /dip join
        """
    )
    assert said(lines, "only:alice#g4") == [
        "g4 asks for a reliability of 85% or more to join; yours is 75% (3 of 4 phases). "
        "`reliability` shows your record; the game master may change the minimum with "
        "`settings reliability=...`."
    ]
    assert "zoe joined g4 (1 of 7 players)." in said(lines, "#g4")
    lines = await table.play(
        """
        gm#g4> /dip settings reliability=70
        alice#g4> /dip join
        gm#g4> /dip players
        """
    )
    # the game master hears a joiner's record, and sees it in `players` with the ratings
    assert said(lines, "dm:gm")[-1] == "alice's reliability: 75% (3 of 4 phases)."
    players = said(lines, "only:gm#g4")
    assert players[-2] == "Across the club's games"
    assert players[-1].startswith("alice: rating ")
    assert players[-1].endswith("; reliability 75% (3 of 4 phases)")
    # a player sees the ratings, not the records, while the club keeps them private
    # (ratings shown: carol's, from the three games, in a finished game's `players` too)
    lines = said(await table.play("carol#g3> /dip players"), "only:carol#g3")
    assert any(line.startswith("carol: rating ") for line in lines)
    lines = said(await table.play("zoe#g4> /dip players"), "only:zoe#g4")
    assert lines[-1].startswith("alice: rating ") and "reliability" not in lines[-1]
    # and the game master sees every record at `start`
    lines = said(await table.play("gm#g4> /dip start"), "only:gm#g4")
    assert lines[-2:] == ["The players' reliability", "alice: 75% (3 of 4 phases)"]
