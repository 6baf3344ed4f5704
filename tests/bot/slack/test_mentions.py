"""People named in commands on Slack: with the manifest's escaping on, Slack sends a person
picked after @ as `<@U…|name>`, which the bot reads as that person; a name it did not turn
into a mention is refused, never taken for someone's id."""

from __future__ import annotations

import json
from pathlib import Path

from tests.bot.slack.fake_slack import buttons_in
from tests.bot.slack.table import GAME, GM, PLAYERS, SlackTable

ZOE = "U0ZOE00001"
FRAN = "U0FRAN0001"
ENGLAND = PLAYERS["ENGLAND"]


def test_the_manifest_has_slack_send_mentions_as_users() -> None:
    manifest = json.loads((Path(__file__).parents[3] / "slack" / "manifest.json").read_text())
    (dip,) = manifest["features"]["slash_commands"]
    assert dip["should_escape"] is True


async def test_replace_with_a_picked_user_hands_the_power_to_them(started: SlackTable) -> None:
    started.slack.add_user(ZOE, "Zoe")
    mark = len(started.slack.posts)
    await started.slash(GM, "replace england <@U0ZOE00001|zoe>")
    await started.deliver()
    channel = "\n".join(p.text for p in started.slack.in_channel(GAME, since=mark))
    assert "zoe now plays England." in channel
    assert ZOE in [c["users"] for c in started.slack.calls_to("conversations.open")]
    briefed = "\n".join(p.text for p in started.slack.received(ZOE, since=mark))
    assert "England" in briefed
    mark = len(started.slack.posts)
    await started.slash(ZOE, "orders")
    (answer,) = started.slack.received(ZOE, since=mark)
    assert "England: orders for Spring 1901" in answer.text


async def test_a_name_slack_did_not_make_a_mention_is_refused(started: SlackTable) -> None:
    mark = len(started.slack.posts)
    await started.slash(GM, "replace england @zoe")
    (answer,) = started.slack.received(GM, since=mark)
    assert answer.text.startswith(
        "`@zoe` names nobody I can tell: `user` takes a person: type @ and pick them from the "
        "list that opens. Usage: `replace "
    )
    await started.slash(GM, "players")
    (listing,) = started.slack.received(GM, since=mark + 1)
    assert "England: England" in listing.text  # still its player


async def fran_plays_in_a_teams_game(table: SlackTable) -> int:
    """Fran has joined `hague`, a game with teams, and Zoe is in the workspace; how many
    posts there were then."""
    table.slack.add_user(FRAN, "Fran")
    table.slack.add_user(ZOE, "Zoe")
    await table.slash(GM, "newgame hague teams=any")
    await table.slash(FRAN, "join france")
    return len(table.slack.posts)


async def test_join_with_a_picked_user_joins_their_team(table: SlackTable) -> None:
    mark = await fran_plays_in_a_teams_game(table)
    # as the README has it: `/dip join with @fran`, Fran picked from Slack's list
    await table.slash(ZOE, "join with <@U0FRAN0001|fran>")
    channel = "\n".join(p.text for p in table.slack.in_channel(GAME, since=mark))
    assert "Zoe joined Fran's team in hague: Fran, Zoe (1 of 7 teams)." in channel


async def test_a_user_named_in_a_dm_is_shown_by_name(table: SlackTable) -> None:
    mark = await fran_plays_in_a_teams_game(table)
    # a message gives the id alone; the name is Slack's
    await table.dm(ZOE, "game hague join with <@U0FRAN0001>")
    await table.deliver()
    channel = "\n".join(p.text for p in table.slack.in_channel(GAME, since=mark))
    assert "Zoe joined Fran's team in hague: Fran, Zoe (1 of 7 teams)." in channel


async def test_the_game_master_hands_a_power_to_a_volunteer_in_one_click(
    started: SlackTable,
) -> None:
    started.slack.add_user(ZOE, "Zoe")
    await started.slash(GM, "kick england")
    await started.deliver()
    await started.slash(ZOE, "join england")
    mark = len(started.slack.posts)
    await started.deliver()
    (offer,) = [p for p in started.slack.received(GM, since=mark) if "volunteers" in p.text]
    (button,) = [b for b in buttons_in(offer.blocks) if b["text"]["text"].startswith("Hand")]
    assert button["value"] == "game hague replace england <@U0ZOE00001|Zoe>"
    await started.click(GM, button["value"], channel=started.slack.dm_of(GM))
    await started.deliver()
    channel = "\n".join(p.text for p in started.slack.in_channel(GAME, since=mark))
    assert "Zoe now plays England." in channel
    assert "hague: you now play England" in "\n".join(
        p.text for p in started.slack.received(ZOE, since=mark)
    )
