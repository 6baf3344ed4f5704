"""Writing to the bot in its DM: commands without `/dip`, bare orders, and the events Slack
sends that are not for the bot to answer."""

from __future__ import annotations

import json

from bot.store import Order
from tests.bot.slack import signed
from tests.bot.slack.table import GM, PLAYERS, STRANGER, SlackTable

FRANCE = PLAYERS["FRANCE"]


async def test_bare_orders_by_dm_are_echoed_line_by_line(started: SlackTable) -> None:
    mark = len(started.slack.posts)
    await started.dm(FRANCE, "A Par-Bur, F Bre-MAO")
    [post] = started.slack.posts[mark:]
    assert (post.kind, post.channel) == ("message", started.slack.dm_of(FRANCE))
    assert "Orders: 2 accepted" in post.text
    assert "✓ A PAR - BUR" in post.text and "✓ F BRE - MAO" in post.text
    assert "Units without orders: A MAR" in post.text


async def test_an_order_message_with_warnings_and_refusals(started: SlackTable) -> None:
    await started.dm(FRANCE, "order A Par-Bur")
    await started.dm(FRANCE, "order A Par H\nA Mar-Mos\nF Bre-MAO")
    echo = started.slack.posts[-1].text
    assert "⚠ A PAR H — replaces your earlier order for A PAR" in echo
    assert "A Mar-Mos" in echo and "illegal" in echo
    assert "✓ F BRE - MAO" in echo


async def test_commands_work_by_dm_with_or_without_dip(started: SlackTable) -> None:
    await started.dm(FRANCE, "orders")
    assert "Spring 1901" in started.slack.posts[-1].text
    await started.dm(FRANCE, "/dip status")
    assert started.slack.posts[-1].channel == started.slack.dm_of(FRANCE)
    assert "hague" in started.slack.posts[-1].text


async def test_orders_from_someone_in_no_game(started: SlackTable) -> None:
    mark = len(started.slack.posts)
    await started.dm(STRANGER, "A Par-Bur")
    [post] = started.slack.posts[mark:]
    assert post.channel == started.slack.dm_of(STRANGER)
    assert "You play in no game yet" in post.text
    await started.dm(STRANGER, "hello there")
    assert "`hello` is not a command" in started.slack.posts[-1].text
    await started.dm(STRANGER, "order A Par-Bur")
    assert "You play in no game yet" in started.slack.posts[-1].text
    assert await started.rows(Order) == []


async def test_an_event_slack_sends_again_is_handled_once(started: SlackTable) -> None:
    mark = len(started.slack.posts)
    await started.dm(FRANCE, "order A Par-Bur", event_id="EvRETRIED01")
    await started.dm(FRANCE, "order A Par-Bur", event_id="EvRETRIED01")
    assert len(started.slack.posts[mark:]) == 1


async def test_edits_bots_channels_and_empty_messages_are_not_commands(
    started: SlackTable,
) -> None:
    mark = len(started.slack.posts)
    calls = len(started.slack.calls)
    others = [
        {"subtype": "message_changed"},
        {"bot_id": "B0OTHER001"},
        {"channel_type": "channel", "channel": "C0GAME0001"},
        {"text": "   "},
        {"subtype": "file_share", "text": "A Par-Bur"},
    ]
    for n, extra in enumerate(others):
        event = {"user": FRANCE, "text": "A Par-Bur", "channel": started.slack.dm_of(FRANCE)}
        body = signed.event_body({**event, **extra}, "event_message_im", f"EvOTHER{n:04d}")
        response = await started.dispatch(body, signed.JSON)
        assert response.status == 200
    assert started.slack.posts[mark:] == []
    assert started.slack.calls[calls:] == []
    assert await started.rows(Order) == []


async def test_a_dm_event_without_its_user_is_dropped(started: SlackTable) -> None:
    envelope = signed.payload("event_message_im")
    del envelope["event"]["user"]
    response = await started.dispatch(json.dumps(envelope), signed.JSON)
    assert response.status == 200
    assert await started.rows(Order) == []


async def test_a_dm_with_unstorable_text_and_a_draw_among_the_orders(started: SlackTable) -> None:
    """A NUL and half an emoji, as Slack's JSON can carry them, are cleaned before any
    command reads them; DRAW written with the orders is the draw vote."""
    mark = len(started.slack.posts)
    await started.dm(FRANCE, "A Par-Bur\x00\r\nF Bre-MAO \ud83d\nDRAW")
    text = "\n".join(post.text for post in started.slack.posts[mark:])
    assert "✓ A PAR - BUR" in text and "✓ F BRE - MAO" in text
    assert "France votes for a draw in Spring 1901." in text
    assert "Something went wrong" not in text


async def test_orders_with_one_typo_are_answered_line_by_line(started: SlackTable) -> None:
    """A DM that starts as orders do is read as orders, a typo in one of them or not."""
    mark = len(started.slack.posts)
    await started.dm(FRANCE, "A Par - Bur; A Marsailles - Spa; F Bre - MAO")
    [post] = started.slack.posts[mark:]
    assert "Orders: 2 accepted, 1 not accepted" in post.text
    assert "✓ A PAR - BUR" in post.text and "✓ F BRE - MAO" in post.text
    assert "A Marsailles - Spa" in post.text and "did you mean Marseilles?" in post.text
    assert "is not a command" not in post.text
    assert len(await started.rows(Order)) == 2


async def test_a_vote_given_again_with_orders_is_answered_in_the_same_message(
    started: SlackTable,
) -> None:
    await started.dm(FRANCE, "A Par-Bur, DRAW")
    mark = len(started.slack.posts)
    await started.dm(FRANCE, "A Par - Bur, DRAW")
    [post] = started.slack.posts[mark:]
    words = json.dumps(post.blocks)
    assert "A PAR - BUR" in words
    assert "You already vote for a draw in Spring 1901" in words
    # alone, SURRENDER asks first; DRAW votes (the README says so)
    await started.dm(FRANCE, "SURRENDER")
    assert "Write `surrender confirm` to do it" in started.slack.posts[-1].text


async def test_after_the_end_a_dm_is_about_the_game_that_ended(started: SlackTable) -> None:
    for user in PLAYERS.values():
        await started.dm(user, "draw")
    await started.slash(GM, "process")
    await started.deliver()
    await started.dm(FRANCE, "orders")
    assert started.slack.posts[-1].text.startswith("hague ended in Spring 1901;")
    await started.dm(FRANCE, "export")
    upload = started.slack.calls_to("files.getUploadURLExternal")[-1]
    assert upload["filename"] == "hague-record.json"


async def test_a_replaced_player_is_told_who_took_their_power(started: SlackTable) -> None:
    await started.slash(GM, f"replace france <@{STRANGER}|Stranger>")
    await started.dm(FRANCE, "ready")
    text = started.slack.posts[-1].text
    assert text.startswith("You no longer play in hague: Stranger took France in Spring 1901.")
