"""The players' votes to extend a deadline or pause a game until a date, through the console:
secret until they pass, passing with the agreement the game asks, lapsing with the phase and
reported with its results."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.bot.service.harness import Table, open_table, said
from tests.bot.store.support import BACKENDS

# The harness's clock starts on Monday 5 January 2026, 09:00 UTC; movement lasts 2 days.
THREE = """
gm#g> /dip newgame g {options}
alice#g> /dip join france
bob#g> /dip join germany
carol#g> /dip join russia
gm#g> /dip start
"""


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table(request.param, tmp_path) as table:
        yield table


async def test_an_extension_passes_once_every_player_votes_it(table: Table) -> None:
    await table.play(THREE.format(options=""))
    lines = await table.play(
        """
        alice#g> /dip vote extend 1d
        bob#g> /dip vote extend 1d
        """
    )
    # secret: only each voter hears of their own vote, nobody else
    assert said(lines, "#g") == []
    assert said(lines, "only:alice#g")[0].startswith(
        "Your vote to extend the deadline by 1 day is counted, in secret: it passes once the "
        "same vote comes from every power still playing in Spring 1901"
    )
    lines = await table.play("carol#g> /dip vote extend 1d")
    assert said(lines, "#g") == [
        "g: deadline extended by vote",
        "The players voted to extend the deadline by 1 day.",
        "Spring 1901 is now adjudicated Thu 8 Jan 2026 09:00 UTC (in 3 days).",
    ]
    lines = await table.play("clock +2d1h")
    assert not [line for line in said(lines, "#g") if line.endswith("— results")]


async def test_a_pause_that_fails_lapses_with_the_phase(table: Table) -> None:
    await table.play(THREE.format(options=""))
    lines = await table.play(
        """
        alice#g> /dip vote pause until 2026-01-20
        bob#g> /dip vote pause until 2026-01-20
        carol#g> /dip vote pause until 2026-01-19
        """
    )
    # carol wants another day: no agreement, and nobody is told anything while the phase runs
    assert said(lines, "#g") == []
    lines = await table.play("clock +2d")
    channel = said(lines, "#g")
    assert any(line.endswith("— results") for line in channel)
    # once it has resolved, the results say who voted for what, as for a draw vote
    assert [line for line in channel if "vote" in line.lower()] == [
        "Votes",
        "Not enough votes to pause the game until 2026-01-19: Russia voted for it.",
        "Not enough votes to pause the game until 2026-01-20: France and Germany voted for it.",
    ]
    # the next phase starts without them: carol's one vote now is alone
    lines = await table.play("carol#g> /dip vote pause until 2026-01-20")
    assert said(lines, "#g") == []


async def test_a_pause_passes_with_two_thirds(table: Table) -> None:
    await table.play(THREE.format(options="votes=2/3"))
    lines = await table.play("alice#g> /dip vote pause until 2026-01-20")
    assert said(lines, "only:alice#g")[0].startswith(
        "Your vote to pause the game until 2026-01-20 is counted, in secret: it passes once the "
        "same vote comes from 2/3 of the powers still playing in Spring 1901"
    )
    lines = await table.play("bob#g> /dip vote pause until 2026-01-20")
    # from Mon 5 Jan 09:00 to Tue 20 Jan 00:00 UTC: the 2 days left run from then
    assert said(lines, "#g") == [
        "g: paused by vote",
        "The players voted to pause the game until 2026-01-20.",
        "Spring 1901 is now adjudicated Thu 22 Jan 2026 00:00 UTC (in 16 days 15 hours).",
    ]
    lines = await table.play("clock +10d")
    assert not [line for line in said(lines, "#g") if line.endswith("— results")]


USAGE = (
    "Usage: `vote extend <duration> | vote pause until <date> | vote no`, e.g. `vote extend 1d`."
)


async def test_bad_votes_are_explained(table: Table) -> None:
    await table.play(THREE.format(options=""))
    lines = await table.play(
        """
        alice#g> /dip vote
        alice#g> /dip vote resign
        alice#g> /dip vote pause
        alice#g> /dip vote pause until 2025-12-01
        alice#g> /dip vote pause until 2026-06-01
        alice#g> /dip vote extend 61d
        alice#g> /dip vote no
        zoe#g> /dip vote extend 1d
        """
    )
    assert said(lines, "only:alice#g") == [
        # a wrong argument gets the one refusal: what was wrong, what is taken, the usage
        f"No `vote` was given: `vote` takes one of `extend`, `pause`, `no`. {USAGE}",
        f"`resign` is not a choice: `vote` takes one of `extend`, `pause`, `no`. {USAGE}",
        "`vote pause` was given no date: `until` takes a date: the clock runs again as that "
        f"day begins, in the game's time zone. {USAGE}",
        "2025-12-01 is not ahead: a pause runs until a day to come.",
        "A vote pauses a game for 60 days at most; for longer, ask the game master.",
        "A vote extends a deadline by 60 days at most; for longer, ask the game master.",
        "You have no vote to pause or extend in Spring 1901.",
    ]
    assert said(lines, "only:zoe#g")
