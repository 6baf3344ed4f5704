"""A club's season on Slack, on SQLite and on PostgreSQL: ratings and reliability records
that move only with what is over, shown in `players` and to the game master at `join`; a vote
to pause that fails and lapses with its phase, and one that passes."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from tests.bot.slack.table import GAME, GM, PLAYERS, STRANGER, SlackTable, slack_table
from tests.bot.store.support import BACKENDS

LOBBY = "C0LOBBY001"
SECOND = "C0SECOND01"


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[SlackTable]:
    async with slack_table(tmp_path, request.param) as table:
        yield table


def said_to(table: SlackTable, user: str, since: int) -> str:
    return "\n".join(p.text for p in table.slack.received(user, since=since))


def said_in(table: SlackTable, channel: str, since: int) -> str:
    return "\n".join(p.text for p in table.slack.in_channel(channel, since=since))


async def test_ratings_and_reliability_move_only_once_a_phase_or_game_is_over(
    started: SlackTable,
) -> None:
    russia = PLAYERS["RUSSIA"]
    for user in PLAYERS.values():
        await started.slash(user, "draw")
    # the draw is voted but the phase not yet adjudicated: nothing to rate or count yet
    mark = len(started.slack.posts)
    await started.slash(STRANGER, "ratings", channel=LOBBY)
    await started.slash(russia, "reliability", channel=LOBBY)
    await started.deliver()
    assert said_in(started, LOBBY, mark) == ""
    assert said_to(started, STRANGER, mark).startswith("Nobody has a rating yet")
    assert said_to(started, russia, mark).startswith("Your reliability: no record yet.")

    started.clock.advance(days=3)
    await started.service.process_due()
    await started.deliver()
    # a draw of all seven: every power shares the first place
    model = PlackettLuce()
    rated = model.rate([[model.rating()] for _ in PLAYERS], ranks=[1.0] * len(PLAYERS))
    mu, sigma = rated[0][0].mu, rated[0][0].sigma
    mark = len(started.slack.posts)
    await started.slash(STRANGER, "ratings", channel=LOBBY)
    await started.slash(russia, "reliability", channel=LOBBY)
    await started.deliver()
    board = said_in(started, LOBBY, mark)
    assert "Ratings of the club" in board
    assert f"Russia: {mu - 3 * sigma:.1f} (skill {mu:.1f} ± {sigma:.1f}, 1 game)" in board
    assert said_to(started, russia, mark).startswith("Your reliability: 100% (1 of 1 phase).")

    # a second game: the game master hears a joiner's record, and sees it in `players`
    mark = len(started.slack.posts)
    await started.slash(GM, "newgame delft", channel=SECOND)
    await started.slash(russia, "join", channel=SECOND)
    await started.deliver()
    assert "Russia's reliability: 100% (1 of 1 phase)." in said_to(started, GM, mark)
    mark = len(started.slack.posts)
    await started.slash(GM, "players", channel=SECOND)
    await started.slash(PLAYERS["TURKEY"], "players", channel=SECOND)
    listed = said_to(started, GM, mark)
    assert f"Russia: rating {mu - 3 * sigma:.1f}; reliability 100% (1 of 1 phase)" in listed
    # the club keeps records private: another player sees the rating alone
    other = said_to(started, PLAYERS["TURKEY"], mark)
    assert f"Russia: rating {mu - 3 * sigma:.1f}" in other
    assert "reliability" not in other


async def test_a_pause_vote_fails_with_its_phase_and_another_passes(started: SlackTable) -> None:
    mark = len(started.slack.posts)
    for power in ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA"):
        await started.slash(PLAYERS[power], "vote pause until 2026-01-20")
    await started.deliver()
    # six of seven: not passed, and nobody but each voter has heard of it
    assert said_in(started, GAME, mark) == ""
    assert "Your vote to pause the game until 2026-01-20 is counted, in secret" in said_to(
        started, PLAYERS["AUSTRIA"], mark
    )
    assert said_to(started, PLAYERS["TURKEY"], mark) == ""
    started.clock.advance(days=2)
    await started.service.process_due()
    await started.deliver()
    results = said_in(started, GAME, mark)
    assert (
        "Not enough votes to pause the game until 2026-01-20: Austria, England, France, "
        "Germany, Italy and Russia voted for it." in results
    )
    # Fall 1901: every power votes the pause, and the channel is told
    mark = len(started.slack.posts)
    for user in PLAYERS.values():
        await started.slash(user, "vote pause until 2026-01-20")
    await started.deliver()
    shown = said_in(started, GAME, mark)
    assert "The players voted to pause the game until 2026-01-20." in shown
    # paused on Wed 7 Jan 09:00 with 2 days left: the clock runs again from Tue 20 Jan
    assert "Fall 1901 is now adjudicated Thu 22 Jan 2026 00:00 UTC" in shown
