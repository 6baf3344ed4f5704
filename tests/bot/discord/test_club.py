"""The club on Discord, on SQLite and on PostgreSQL: `/club` commands, a seat advertised to
the server's lobby channel, answered there with the advert's button, and handed over from the
game master's DM; ratings and reliability records that move only with what is over; a vote to
pause that fails and lapses with its phase, and one that passes."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from tests.bot.discord.table import (
    GAME_CHANNEL,
    OTHER_CHANNEL,
    SEVEN,
    DiscordTable,
    discord_table,
    texts,
)
from tests.bot.store.support import BACKENDS


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[DiscordTable]:
    async with discord_table(tmp_path, request.param) as table:
        yield table


async def test_a_lobby_answered_from_another_channel(table: DiscordTable) -> None:
    await table.seven_players()
    sent = await table.slash(
        "owner", "club", under="club", admin=True, lobby="here", channel=OTHER_CHANNEL
    )
    assert "Lobby: this channel." in sent[-1].text()
    await table.slash("master", "gm kick", power="england")
    adverts = [s for s in await table.deliver() if s.channel_id == OTHER_CHANNEL]
    (advert,) = adverts
    assert "hague needs a player for England" in advert.text()
    assert "England in hague is in civil disorder: 3 supply centres, 3 units" in advert.text()
    # zoe answers in the lobby with the advert's button
    await table.press("zoe", advert, "Play England")
    dms = [s for s in await table.deliver() if s.kind == "dm"]
    (offer,) = [s for s in dms if "volunteers to play England" in s.text()]
    assert offer.only(table.user("master").id)
    # the game master hands it over with one click in the DM
    await table.press("master", offer, "Hand England to Zoe")
    handed = await table.deliver()
    channel = "\n".join(s.text() for s in handed if s.channel_id == GAME_CHANNEL)
    assert "Zoe now plays England." in channel
    briefing = [s for s in handed if s.kind == "dm" and s.only(table.user("zoe").id)]
    assert any("hague: you now play England" in s.text() for s in briefing)


async def test_standings_are_a_club_command(table: DiscordTable) -> None:
    await table.seven_players()
    for user in ("alice", "bob", "carol", "dave", "eve", "frank", "grace"):
        await table.slash(user, "draw")
    await table.advance(days=3)
    await table.deliver()
    (reply,) = await table.slash("zoe", "standings", under="club", channel=OTHER_CHANNEL)
    assert reply.public
    # a draw of seven by sum of squares: Russia 16 / (6 × 9 + 16) = 22.9, the others 9/70
    assert "Standings of the club (1 game finished)" in reply.text()
    assert "1. Frank: 22.9 points (1 game; 1 draw)" in reply.text()
    assert "Alice: 12.9 points (1 game; 1 draw)" in reply.text()


async def test_a_vote_to_extend_is_secret_until_it_passes(table: DiscordTable) -> None:
    await table.seven_players()
    players = ("alice", "bob", "carol", "dave", "eve", "frank")
    for user in players:
        (reply,) = await table.slash(user, "vote", under="club", vote="extend", by="12h")
        assert reply.only(table.user(user).id)
        assert "is counted, in secret" in reply.text()
    sent = await table.slash("grace", "vote", under="club", vote="extend", by="12h")
    shown = [s for s in sent if s.public]
    assert shown and "The players voted to extend the deadline by 12 hours." in shown[0].text()


async def test_ratings_and_reliability_move_only_once_a_phase_or_game_is_over(
    table: DiscordTable,
) -> None:
    await table.seven_players()
    for user in SEVEN:
        await table.slash(user, "draw")
    # the draw is voted but the phase not yet adjudicated: nothing to rate or count yet
    (reply,) = await table.slash("zoe", "ratings", under="club", channel=OTHER_CHANNEL)
    assert reply.only(table.user("zoe").id)
    assert reply.text().startswith("Nobody has a rating yet")
    (reply,) = await table.slash("frank", "reliability", under="club", channel=OTHER_CHANNEL)
    assert reply.only(table.user("frank").id)
    assert reply.text().startswith("Your reliability: no record yet.")

    await table.advance(days=3)
    model = PlackettLuce()
    rated = model.rate([[model.rating()] for _ in SEVEN], ranks=[1.0] * len(SEVEN))
    mu, sigma = rated[0][0].mu, rated[0][0].sigma
    (reply,) = await table.slash("zoe", "ratings", under="club", channel=OTHER_CHANNEL)
    assert reply.public
    assert f"Frank: {mu - 3 * sigma:.1f} (skill {mu:.1f} ± {sigma:.1f}, 1 game)" in reply.text()
    (reply,) = await table.slash("frank", "reliability", under="club", channel=OTHER_CHANNEL)
    assert reply.text().startswith("Your reliability: 100% (1 of 1 phase).")

    # a second game: the game master hears a joiner's record by DM
    await table.slash("master", "newgame", name="delft", channel=OTHER_CHANNEL)
    await table.slash("frank", "join", channel=OTHER_CHANNEL)
    dms = [s for s in await table.deliver() if s.kind == "dm"]
    assert "Frank's reliability: 100% (1 of 1 phase)." in texts(dms)
    assert all(s.only(table.user("master").id) for s in dms)
    # and sees it in `players`, where another player sees the rating alone
    shown = texts(await table.slash("master", "players", channel=OTHER_CHANNEL))
    assert f"Frank: rating {mu - 3 * sigma:.1f}; reliability 100% (1 of 1 phase)" in shown
    shown = texts(await table.slash("zoe", "players", channel=OTHER_CHANNEL))
    assert f"Frank: rating {mu - 3 * sigma:.1f}" in shown
    assert "reliability" not in shown


async def test_a_pause_vote_fails_with_its_phase_and_another_passes(table: DiscordTable) -> None:
    await table.seven_players()
    for user in SEVEN[:6]:
        (reply,) = await table.slash(user, "vote", under="club", vote="pause", until="2026-01-20")
        assert reply.only(table.user(user).id)
        assert "Your vote to pause the game until 2026-01-20 is counted, in secret" in (
            reply.text()
        )
    # six of seven: not passed; the phase ends, and its results say who voted for it
    results = texts(await table.advance(days=2))
    assert (
        "Not enough votes to pause the game until 2026-01-20: Austria, England, France, "
        "Germany, Italy and Russia voted for it." in results
    )
    # Fall 1901: every power votes the pause, and the channel is told
    for user in SEVEN[:6]:
        await table.slash(user, "vote", under="club", vote="pause", until="2026-01-20")
    sent = await table.slash("grace", "vote", under="club", vote="pause", until="2026-01-20")
    shown = texts([s for s in sent if s.public])
    assert "The players voted to pause the game until 2026-01-20." in shown
    assert "Fall 1901 is now adjudicated Thu 22 Jan 2026 00:00 UTC" in shown
