"""`/dip` through slack_bolt: public replies in the game's channel, private ones as ephemeral
messages, private answers anywhere else; acknowledged at once however slow the work."""

from __future__ import annotations

import asyncio

from bot.service import Reply, Request
from bot.store import Game, Order
from tests.bot.slack import signed
from tests.bot.slack.table import ELSEWHERE, GAME, GM, PLAYERS, STRANGER, SlackTable

FRANCE = PLAYERS["FRANCE"]


async def test_newgame_is_announced_in_the_channel(table: SlackTable) -> None:
    response = await table.slash(GM, "newgame hague")
    assert (response.status, response.body) == (200, "")
    [post] = table.slack.posts
    assert (post.kind, post.channel) == ("message", GAME)
    assert "New game: hague" in post.text
    assert "Game master: Gamemaster." in post.text  # the name Slack gave, not the payload's


async def test_private_replies_are_ephemeral_in_the_channel(started: SlackTable) -> None:
    mark = len(started.slack.posts)
    await started.slash(FRANCE, "order A Par-Bur")
    await started.slash(FRANCE, "orders")
    posts = started.slack.posts[mark:]
    assert [(p.kind, p.channel, p.user) for p in posts] == [("ephemeral", GAME, FRANCE)] * 2
    assert "✓ A PAR - BUR" in posts[0].text and "A PAR - BUR" in posts[1].text


async def test_the_map_is_posted_with_its_picture(started: SlackTable) -> None:
    mark = len(started.slack.posts)
    await started.slash(PLAYERS["ITALY"], "map")
    posts = started.slack.in_channel(GAME, since=mark)
    assert [p.kind for p in posts] == ["message", "file"]
    upload = started.slack.calls_to("files.getUploadURLExternal")[-1]
    assert upload["filename"].endswith(".png")
    assert int(upload["length"]) > 0


async def test_the_scoreboard_is_posted_with_its_chart(started: SlackTable) -> None:
    mark = len(started.slack.posts)
    await started.slash(STRANGER, "game hague scoreboard")  # centre counts are public
    posts = started.slack.in_channel(GAME, since=mark)
    assert [p.kind for p in posts] == ["message", "file"]
    assert "hague: scoreboard, Spring 1901" in posts[0].text
    assert "1. Russia" in posts[0].text and "by sum of squares" in posts[0].text
    upload = started.slack.calls_to("files.getUploadURLExternal")[-1]
    assert upload["filename"] == "hague-S1901M-scoreboard.png"
    completed = started.slack.calls_to("files.completeUploadExternal")[-1]
    assert completed["channel_id"] == GAME
    assert started.slack.uploads[completed["files"][0]["id"]].startswith(b"\x89PNG")


async def test_my_map_goes_by_dm_with_a_note_in_the_channel(started: SlackTable) -> None:
    await started.slash(FRANCE, "order A Par-Bur")
    mark = len(started.slack.posts)
    await started.slash(FRANCE, "map mine")
    posts = started.slack.posts[mark:]
    assert [(p.kind, p.channel) for p in posts] == [
        ("ephemeral", GAME),
        ("message", started.slack.dm_of(FRANCE)),
        ("file", started.slack.dm_of(FRANCE)),
    ]
    assert posts[0].user == FRANCE
    assert "direct messages" in posts[0].text
    assert started.slack.in_channel(GAME, since=mark) == []


async def test_anywhere_else_the_answer_is_private(started: SlackTable) -> None:
    mark = len(started.slack.posts)
    await started.slash(FRANCE, "status", channel=ELSEWHERE)
    [post] = started.slack.posts[mark:]
    assert (post.kind, post.channel, post.user) == ("ephemeral", ELSEWHERE, FRANCE)
    assert "no game in this channel" in post.text
    await started.slash(FRANCE, "game hague orders", channel=ELSEWHERE)
    assert started.slack.posts[-1].kind == "ephemeral"


async def test_where_the_bot_is_not_invited_the_answer_comes_by_dm(started: SlackTable) -> None:
    started.slack.absent.add(ELSEWHERE)
    mark = len(started.slack.posts)
    await started.slash(FRANCE, "game hague order A Par-Bur", channel=ELSEWHERE)
    [post] = started.slack.posts[mark:]
    assert (post.kind, post.channel) == ("message", started.slack.dm_of(FRANCE))
    assert "✓ A PAR - BUR" in post.text
    await started.slash(FRANCE, "game hague map", channel=ELSEWHERE)
    assert [p.channel for p in started.slack.posts[-2:]] == [started.slack.dm_of(FRANCE)] * 2


async def test_a_slash_command_in_a_dm_is_answered_there(started: SlackTable) -> None:
    dm = started.slack.dm_of(FRANCE)
    mark = len(started.slack.posts)
    await started.slash(FRANCE, "order F Bre-MAO", channel=dm)
    [post] = started.slack.posts[mark:]
    assert (post.kind, post.channel) == ("message", dm)
    assert "✓ F BRE - MAO" in post.text


async def test_bare_dip_gives_help(table: SlackTable) -> None:
    await table.slash(STRANGER, "")
    [post] = table.slack.posts
    assert post.kind == "ephemeral" and "dipgm commands" in post.text


async def test_an_unknown_command_is_explained_and_changes_nothing(started: SlackTable) -> None:
    mark = len(started.slack.posts)
    await started.slash(FRANCE, "dance wildly")
    await started.slash(FRANCE, "A Par-Bur")
    posts = started.slack.posts[mark:]
    assert [p.kind for p in posts] == ["ephemeral", "ephemeral"]
    assert "`dance` is not a command" in posts[0].text
    assert "start with `order`" in posts[1].text
    assert await started.rows(Order) == []


async def test_orders_from_a_non_player_are_refused(started: SlackTable) -> None:
    await started.slash(STRANGER, "order A Par-Bur")
    assert "You do not play in hague" in started.slack.posts[-1].text
    assert await started.rows(Order) == []


async def test_the_acknowledgement_does_not_wait_for_slow_work(table: SlackTable) -> None:
    gate = asyncio.Event()
    handle = table.service.handle

    async def slow(request: Request) -> list[Reply]:
        await gate.wait()
        return await handle(request)

    table.service.handle = slow  # type: ignore[method-assign]
    body = signed.slash_body(GM, "newgame hague", GAME)
    response = await asyncio.wait_for(
        table.front.app.async_dispatch(signed.bolt_request(body, signed.FORM)), timeout=2
    )
    assert response.status == 200
    assert table.slack.posts == []
    gate.set()
    await table.front.settle()
    assert "New game: hague" in table.slack.posts[0].text
    assert len(await table.rows(Game)) == 1


async def test_when_slack_fails_in_place_the_answer_comes_by_dm(started: SlackTable) -> None:
    started.slack.fail("chat.postEphemeral", "internal_error")
    mark = len(started.slack.posts)
    await started.slash(FRANCE, "order A Par-Bur")
    [post] = started.slack.posts[mark:]
    assert (post.kind, post.channel) == ("message", started.slack.dm_of(FRANCE))
    started.slack.fail("files.completeUploadExternal", "internal_error")
    mark = len(started.slack.posts)
    await started.slash(FRANCE, "map")
    posts = started.slack.posts[mark:]
    assert [(p.kind, p.channel) for p in posts] == [
        ("message", GAME),
        ("message", started.slack.dm_of(FRANCE)),
        ("file", started.slack.dm_of(FRANCE)),
    ]


async def test_refused_everywhere_the_answer_goes_back_through_the_command(
    started: SlackTable,
) -> None:
    # the bot was removed from the channel, and France's DMs with it are refused
    started.slack.absent.add(GAME)
    started.slack.fail("chat.postMessage", "messages_tab_disabled")
    mark = len(started.slack.posts)
    await started.slash(FRANCE, "order A Par-Bur")
    (answer,) = started.slack.posts[mark:]
    assert (answer.kind, answer.channel, answer.user) == ("ephemeral", GAME, FRANCE)
    assert "✓ A PAR - BUR" in answer.text
    (call,) = started.slack.calls_to("response_url")
    assert call["response_type"] == "ephemeral"
