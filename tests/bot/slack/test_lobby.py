"""The club's lobby on Slack, on SQLite and on PostgreSQL: an admin names the channel, a seat
in civil disorder is posted there with a button, a person answers in the lobby, and the game
master hands the power over from the DM with one click."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.bot.slack.fake_slack import buttons_in
from tests.bot.slack.table import ADMIN, GAME, GM, PLAYERS, SlackTable, slack_table
from tests.bot.store.support import BACKENDS

ZOE = "U0ZOE00001"
LOBBY = "C0LOBBY001"


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[SlackTable]:
    async with slack_table(tmp_path, request.param) as table:
        yield table


async def test_a_lobby_answered_from_another_channel(started: SlackTable) -> None:
    started.slack.add_user(ZOE, "Zoe")
    await started.slash(GM, "club lobby=here", channel=LOBBY)
    await started.slash(ADMIN, "club lobby=here", channel=LOBBY)
    mark = len(started.slack.posts)
    await started.slash(GM, "kick england")
    await started.deliver()
    (advert,) = started.slack.in_channel(LOBBY, since=mark)
    assert "hague needs a player for England" in advert.text
    (button,) = buttons_in(advert.blocks)
    assert button["value"] == "game hague join england"
    # Zoe answers in the lobby with the advert's button
    mark = len(started.slack.posts)
    await started.click(ZOE, button["value"], channel=LOBBY)
    await started.deliver()
    (offer,) = [p for p in started.slack.received(GM, since=mark) if "volunteers" in p.text]
    (hand,) = [b for b in buttons_in(offer.blocks) if b["text"]["text"].startswith("Hand")]
    await started.click(GM, hand["value"], channel=started.slack.dm_of(GM))
    await started.deliver()
    channel = "\n".join(p.text for p in started.slack.in_channel(GAME, since=mark))
    assert "Zoe now plays England." in channel
    assert "hague: you now play England" in "\n".join(
        p.text for p in started.slack.received(ZOE, since=mark)
    )


async def test_only_an_admin_names_the_lobby(started: SlackTable) -> None:
    mark = len(started.slack.posts)
    await started.slash(GM, "club lobby=here", channel=LOBBY)
    await started.deliver()
    said = "\n".join(p.text for p in started.slack.received(GM, since=mark))
    assert "Only an admin of this workspace or server may change the club's settings" in said


async def test_a_vote_to_extend_stays_with_its_voter_until_it_passes(started: SlackTable) -> None:
    france, germany = PLAYERS["FRANCE"], PLAYERS["GERMANY"]
    mark = len(started.slack.posts)
    await started.slash(france, "vote extend 1d")
    await started.slash(germany, "vote extend 1d")
    await started.deliver()
    assert started.slack.in_channel(GAME, since=mark) == []
    (answer,) = started.slack.received(france, since=mark)
    assert "Your vote to extend the deadline by 1 day is counted, in secret" in answer.text
    for power in ("AUSTRIA", "ENGLAND", "ITALY", "RUSSIA", "TURKEY"):
        await started.slash(PLAYERS[power], "vote extend 1d")
    await started.deliver()
    shown = "\n".join(p.text for p in started.slack.in_channel(GAME, since=mark))
    assert "The players voted to extend the deadline by 1 day." in shown


async def test_standings_are_posted_where_they_are_asked(started: SlackTable) -> None:
    for user in PLAYERS.values():
        await started.slash(user, "draw")
    started.clock.advance(days=3)
    await started.service.process_due()
    await started.deliver()
    mark = len(started.slack.posts)
    await started.slash(ZOE, "standings", channel=LOBBY)
    await started.deliver()
    shown = "\n".join(p.text for p in started.slack.in_channel(LOBBY, since=mark))
    assert "Standings of the club (1 game finished)" in shown
    assert "1. Russia: 22.9 points (1 game; 1 draw)" in shown
