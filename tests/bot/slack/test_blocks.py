"""Messages as Block Kit: structure, escaping, Slack's date formatting, buttons and limits;
and the text people write, as the service's commands."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.frontends.slack.blocks import (
    ENTER_ORDERS_ACTION,
    MAX_BLOCKS,
    MAX_TEXT,
    MAX_VALUE,
    Page,
    fallback_text,
    message_blocks,
    message_pages,
    mrkdwn,
    slack_date,
)
from bot.frontends.slack.home import home_view
from bot.frontends.slack.inbound import dm_text, slash_text
from bot.frontends.slack.modal import Where, chosen_orders, matching, order_modal
from bot.service import Button, Deadline, Line, Message, Section, text
from bot.service.words import buttons
from tests.bot.slack.fake_slack import buttons_in

DEADLINE = Deadline(datetime(2026, 1, 7, 9, 0, tzinfo=UTC), "Wed 7 Jan 2026 09:00 UTC (in 2 days)")


def test_a_message_becomes_header_sections_and_deadline() -> None:
    message = Message(
        title="hague: Spring 1901 — results",
        sections=(
            Section(
                "France", (Line("A PAR - BUR  ✓ moved", code=True), Line("Winner", emphasis=True))
            ),
            Section(None, (Line("Next: Fall 1901"),)),
        ),
        deadline=DEADLINE,
    )
    blocks = message_blocks(message)
    assert blocks[0] == {
        "type": "header",
        "text": {"type": "plain_text", "text": "hague: Spring 1901 — results", "emoji": False},
    }
    assert blocks[1]["text"]["text"] == "*France*\n`A PAR - BUR  ✓ moved`\n*Winner*"
    assert blocks[2]["text"]["text"] == "Next: Fall 1901"
    assert blocks[3] == {
        "type": "context",
        "elements": [
            {
                "type": "mrkdwn",
                "text": "*Deadline:* <!date^1767776400^{date_short_pretty} {time}"
                "|Wed 7 Jan 2026 09:00 UTC (in 2 days)>",
            }
        ],
    }


def test_every_reader_sees_the_deadline_in_their_own_time() -> None:
    odd = Deadline(datetime(2026, 3, 29, 1, 30, tzinfo=UTC), "Sun <29> Mar | 01:30 & later")
    assert slack_date(odd) == (
        "<!date^1774747800^{date_short_pretty} {time}|Sun &lt;29&gt; Mar / 01:30 &amp; later>"
    )


def test_text_is_shown_literally_and_channel_ids_become_links() -> None:
    assert mrkdwn("a <b> & c") == "a &lt;b&gt; &amp; c"
    assert mrkdwn("hague (#C0GAME0001): playing") == "hague (<#C0GAME0001>): playing"
    assert mrkdwn("<!channel> #general") == "&lt;!channel&gt; #general"
    assert fallback_text(text("one", "two <@U1>", title="T")) == "T\none\ntwo &lt;@U1&gt;"


def test_a_phase_message_offers_menus_and_exactly_the_service_buttons() -> None:
    chosen = (Button("Ready", "ready"), Button("My orders", "orders"), Button("Map", "map"))
    blocks = message_blocks(Message(title="Spring 1901", deadline=DEADLINE, buttons=chosen))
    actions = blocks[-1]
    assert actions["type"] == "actions"
    assert [(e["action_id"], e["text"]["text"], e["value"]) for e in actions["elements"]] == [
        (ENTER_ORDERS_ACTION, "Enter orders", "order"),
        ("dip:cmd:0", "Ready", "ready"),
        ("dip:cmd:1", "My orders", "orders"),
        ("dip:cmd:2", "Map", "map"),
    ]


def test_a_deadline_brings_no_buttons_of_its_own_but_the_menus() -> None:
    actions = message_blocks(Message(title="Spring 1901", deadline=DEADLINE))[-1]
    assert [e["action_id"] for e in actions["elements"]] == [ENTER_ORDERS_ACTION]


def test_the_service_buttons_are_shown_as_given() -> None:
    message = Message(title="t", buttons=(Button("Status", "game hague status"),))
    actions = message_blocks(message)[-1]
    assert [(e["text"]["text"], e["value"]) for e in actions["elements"]] == [
        ("Status", "game hague status")
    ]
    assert message_blocks(message, buttons=False)[-1]["type"] == "header"
    assert all(b["type"] != "actions" for b in message_blocks(text("no buttons")))


def section_texts(pages: list[Page]) -> list[str]:
    return [b["text"]["text"] for p in pages for b in p.blocks if b["type"] == "section"]


def test_long_messages_keep_within_slack_limits_and_lose_nothing() -> None:
    lines = tuple(Line(f"line {i} " + "x" * 90) for i in range(400))
    big = Message(title="T" * 400, sections=(Section(None, lines),) * 30, deadline=DEADLINE)
    pages = message_pages(big)
    assert len(pages) > 1
    assert all(len(page.blocks) <= MAX_BLOCKS for page in pages)
    first, last = pages[0].blocks, pages[-1].blocks
    assert len(first[0]["text"]["text"]) == 150
    assert all(0 < len(t) <= MAX_TEXT for t in section_texts(pages))
    assert last[-1]["type"] == "actions" and last[-2]["type"] == "context"
    assert all(len(page.text) <= 3000 for page in pages)
    shown = "\n".join(section_texts(pages))
    assert shown.count("line 399 ") == 30 and "…" not in shown


def test_a_long_line_goes_on_in_the_next_block_never_cut() -> None:
    letter = " ".join(f"word{i:04d}" for i in range(1000))  # 8,999 characters on one line
    pages = message_pages(text(letter))
    texts = section_texts(pages)
    assert len(pages) == 1 and len(texts) == 4
    assert all(len(t) <= MAX_TEXT for t in texts)
    assert "".join(texts) == letter
    huge = section_texts(message_pages(text("y" * 10_000)))
    assert [len(t) for t in huge] == [MAX_TEXT, MAX_TEXT, MAX_TEXT, 1000]


def test_empty_lines_and_sections_make_no_empty_blocks() -> None:
    blocks = message_blocks(
        Message(title="t", sections=(Section(None, ()), Section(None, (Line(""),))))
    )
    assert blocks == [message_blocks(Message(title="t"))[0]]


def test_the_home_tab_lists_cards_without_buttons() -> None:
    view = home_view([Message(title="hague: Spring 1901", deadline=DEADLINE), text("x")])
    assert view["type"] == "home"
    kinds = [b["type"] for b in view["blocks"]]
    assert kinds == ["header", "header", "context", "divider", "section", "divider", "context"]


# The orders modal ------------------------------------------------------------------------------


def test_the_modal_has_a_menu_per_unit_and_searches_long_lists() -> None:
    many = [f"F NTH S A X{i:03d} - Y" for i in range(150)]
    where = Where("C1", False, phase="S1901M")
    view = order_modal([("A PAR", ["A PAR H", "A PAR - BUR"]), ("F NTH", many)], where)
    first, second = view["blocks"]
    assert first["element"]["type"] == "static_select"
    assert [o["value"] for o in first["element"]["options"]] == ["A PAR H", "A PAR - BUR"]
    assert second["element"]["type"] == "external_select"
    assert json.loads(view["private_metadata"]) == {
        "channel": "C1",
        "dm": False,
        "game": None,
        "phase": "S1901M",
    }
    assert [o["value"] for o in matching("F NTH", many, "x14")] == [
        f"F NTH S A X14{i} - Y" for i in range(10)
    ]
    assert len(matching("F NTH", many, "")) == 100


def test_a_submitted_modal_gives_the_picked_orders() -> None:
    view = {
        "state": {
            "values": {
                "unit|A PAR": {"dip:unit_order": {"selected_option": {"value": "A PAR - BUR"}}},
                "unit|F BRE": {"dip:unit_order": {"selected_option": None}},
            }
        }
    }
    assert chosen_orders(view) == ["A PAR - BUR"]
    forged = {
        "state": {
            "values": {
                "unit|A PAR": {"dip:unit_order": {"selected_option": {"value": "A PAR H\nstart"}}}
            }
        }
    }
    assert chosen_orders(forged) is None
    assert chosen_orders({"state": {"values": {"other": {}}}}) is None
    assert chosen_orders({}) is None
    assert Where.from_metadata("not json") is None
    assert Where.from_metadata('{"channel": 5, "dm": false}') is None


# What people write ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "command"),
    [
        ("", "help"),
        ("  join france ", "join france"),
        ("order A Par -&gt; Bur", "order A Par -> Bur"),
        # a name Slack did not turn into a mention is nobody's id: the service refuses it
        ("replace france @zoe", "replace france @zoe"),
        ("join with <@U0FRAN|fran>", "join with <@U0FRAN|fran>"),
        ("join france with <@U0FRAN|Fran Smith>", "join france with <@U0FRAN|Fran Smith>"),
        # what players write is passed on as the text Slack shows, never as live markup
        ("press all hi <@U0ZOE|zoe> <!here> <#C0123|general>", "press all hi @zoe @here #general"),
        ("press all see <https://example.org|this>", "press all see this (https://example.org)"),
        ("replace france <@U0ZOE|zoe>", "replace france <@U0ZOE|zoe>"),
        ("press all hi @zoe", "press all hi @zoe"),
    ],
)
def test_slash_command_text(written: str, command: str) -> None:
    assert slash_text(written) == command


@pytest.mark.parametrize(
    ("written", "command"),
    [
        ("A Par-Bur, F Bre-MAO", "A Par-Bur, F Bre-MAO"),
        ("/dip orders", "orders"),
        ("/dip", "help"),
        ("/DIP\nstatus", "status"),
        ("order A Par-Bur\nF Bre-MAO", "order A Par-Bur\nF Bre-MAO"),
        ("   ", None),
        ("/dip replace france <@U0ZOE>", "replace france <@U0ZOE|U0ZOE>"),
        ("join with <@U0FRAN>", "join with <@U0FRAN|U0FRAN>"),
    ],
)
def test_direct_message_text(written: str, command: str | None) -> None:
    assert dm_text(written) == command


def test_the_manifest_sets_up_what_the_front_end_uses() -> None:
    manifest = json.loads((Path(__file__).parents[3] / "slack" / "manifest.json").read_text())
    features, settings = manifest["features"], manifest["settings"]
    assert [c["command"] for c in features["slash_commands"]] == ["/dip"]
    assert features["app_home"]["home_tab_enabled"] and features["app_home"]["messages_tab_enabled"]
    assert set(settings["event_subscriptions"]["bot_events"]) == {"app_home_opened", "message.im"}
    assert settings["interactivity"]["is_enabled"] and settings["socket_mode_enabled"]
    # Shown online only while connected: a bot that is down does not look up.
    assert features["bot_user"]["always_online"] is False
    assert set(manifest["oauth_config"]["scopes"]["bot"]) == {
        # Reading the game's channel: whether the bot is in it, and its own recent posts
        # (a message is never posted twice).
        "channels:history",
        "channels:read",
        "groups:history",
        "groups:read",
        "chat:write",
        "commands",
        "files:write",
        "im:history",
        "im:write",
        "users:read",
    }


def test_every_button_the_bot_builds_carries_a_value_slack_accepts() -> None:
    # Slack refuses a whole message whose button has an empty value (invalid_blocks).
    sets = [
        buttons.phase_opened(),
        buttons.to_act("hague"),
        buttons.orders_in("hague"),
        buttons.reminder("hague"),
        buttons.fresh_form("hague"),
        (),
    ]
    built: list[dict[str, Any]] = []
    for chosen in sets:
        for deadline in (DEADLINE, None):
            message = Message(title="Spring 1901", deadline=deadline, buttons=chosen)
            built.extend(buttons_in(message_blocks(message)))
            built.extend(buttons_in(home_view([message])["blocks"]))
    assert {b["text"]["text"] for b in built} == {
        "Enter orders",
        "Ready",
        "My orders",
        "Possible orders",
        "Map",
    }
    for button in built:
        assert isinstance(button["value"], str) and 0 < len(button["value"]) <= MAX_VALUE
        assert button["action_id"]
