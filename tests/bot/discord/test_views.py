"""Buttons under phase messages and the order menus: each click acts for whoever clicked,
answers them alone (or the table, for the map), and works after a restart."""

from __future__ import annotations

from datetime import UTC, datetime

import discord
import pytest

from bot.frontends.discord.builder import (
    FIRST_PAGE,
    FORM_EXPIRED,
    MORE,
    Entry,
    order_menu,
    page_of,
)
from bot.frontends.discord.views import message_view
from bot.service import Button, Deadline, Message
from tests.bot.discord.standins import Sent, component_data
from tests.bot.discord.table import GUILD, OTHER_GUILD, DiscordTable


@pytest.fixture
async def game(table: DiscordTable) -> DiscordTable:
    await table.seven_players()
    return table


def results(sent: list[Sent]) -> Sent:
    (found,) = [s for s in sent if s.kind == "channel" and "results" in s.text()]
    return found


def test_a_message_shows_exactly_its_buttons_and_menus_where_a_phase_is_open() -> None:
    due = Deadline(datetime(2026, 1, 7, tzinfo=UTC), "Wed")
    chosen = (Button("Ready", "ready"), Button("My orders", "orders"), Button("Map", "map"))
    view = message_view(Message(title="Spring 1901", deadline=due, buttons=chosen), str(GUILD))
    assert view is not None
    ids = [getattr(i, "custom_id", None) for i in view.children]
    assert ids == [
        f"dip:c:{GUILD}:ready",
        f"dip:c:{GUILD}:orders",
        f"dip:c:{GUILD}:map",
        f"dip:o:{GUILD}",
    ]
    # A deadline alone adds no one-click commands: only the menus.
    bare = message_view(Message(title="Spring 1901", deadline=due), str(GUILD))
    assert bare is not None
    assert [getattr(i, "custom_id", None) for i in bare.children] == [f"dip:o:{GUILD}"]
    assert message_view(Message(title="alice joined"), str(GUILD)) is None
    own = message_view(Message(title="x", buttons=(Button("Draw?", "vote draw"),)), "")
    assert own is not None
    assert [getattr(i, "custom_id", None) for i in own.children] == ["dip:c::vote draw"]


async def test_ready_under_the_results_answers_the_clicker_alone(game: DiscordTable) -> None:
    await game.slash("master", "gm process")
    posted = results(await game.deliver())
    assert set(posted.buttons()) == {"Ready", "My orders", "Map", "Enter orders"}
    (reply,) = await game.press("alice", posted, "Ready")
    assert reply.only(game.user("alice").id)
    assert "You are ready for Fall 1901." in reply.text()
    (reply,) = await game.press("stranger", posted, "My orders")
    assert reply.only(game.user("stranger").id)
    assert "You do not play in hague." in reply.text()


async def test_map_under_the_results_is_for_the_table(game: DiscordTable) -> None:
    await game.slash("master", "gm process")
    posted = results(await game.deliver())
    (reply,) = await game.press("bob", posted, "Map")
    assert reply.public and reply.files[0][0] == "map.png"


async def test_a_button_in_a_dm_knows_its_server(game: DiscordTable) -> None:
    carol = game.user("carol")
    # Carol shares two servers with the bot now: a typed DM would have to ask which.
    game.directory.members[OTHER_GUILD] = {carol.id}
    welcome = [s for s in game.sent if s.kind == "dm" and s.only(carol.id)][-1]
    await game.slash("carol", "order", orders="A Par-Bur")
    (reply,) = await game.press("carol", welcome, "My orders")
    assert reply.only(carol.id) and "A PAR - BUR" in reply.text()


async def test_the_order_menus_from_a_button(game: DiscordTable) -> None:
    await game.slash("master", "gm process")
    posted = results(await game.deliver())
    carol = game.user("carol")
    (menus,) = await game.press("carol", posted, "Enter orders")
    assert menus.only(carol.id) and menus.content == "Choose a unit to order."
    (menus,) = await game.choose("carol", menus, "A MAR")
    assert menus.content == "Choose an order for A MAR."
    (menus,) = await game.choose("carol", menus, "A MAR S A PAR …")
    (menus,) = await game.choose("carol", menus, "A MAR S A PAR - BUR")
    assert "✓ A MAR S A PAR - BUR" in menus.text()
    assert menus.content == "Choose a unit to order." and menus.only(carol.id)
    (menus,) = await game.click("carol", menus, "Ready")
    assert "You are ready for Fall 1901." in menus.text()
    # The menus are carol's alone to see; a click acts for whoever clicks, with their rights.
    (theirs,) = await game.choose("dave", menus, "A PAR")
    assert theirs.only(game.user("dave").id) and "A PAR" not in theirs.text()


async def test_the_menus_work_after_a_restart(game: DiscordTable) -> None:
    carol = game.user("carol")
    (menus,) = await game.slash("carol", "order")
    assert menus.view is not None and menus.view.timeout is None
    ids = [getattr(i, "custom_id", None) for i in menus.view.children]
    assert all(i and i.startswith("dip:m:") and len(i) <= 100 for i in ids), ids
    async with game.restarted():
        (menus,) = await game.choose("carol", menus, "A PAR")
        assert menus.content == "Choose an order for A PAR."
        (menus,) = await game.choose("carol", menus, "A PAR - BUR")
    assert "✓ A PAR - BUR" in menus.text() and menus.only(carol.id)
    (orders,) = await game.slash("carol", "orders")
    assert "A PAR - BUR" in orders.text()


async def test_an_order_from_a_form_whose_phase_is_over_is_refused(game: DiscordTable) -> None:
    carol = game.user("carol")
    (menus,) = await game.slash("carol", "order")
    (menus,) = await game.choose("carol", menus, "A PAR")
    await game.slash("master", "gm process")
    before = await game.order_rows()
    (menus,) = await game.choose("carol", menus, "A PAR - BUR")
    assert "Spring 1901 is over, so nothing was changed; here is Fall 1901's form." in menus.text()
    assert await game.order_rows() == before, "a Spring form never orders in the Fall"
    # The same message now holds Fall's form, whose orders are taken.
    assert menus.content == "Choose a unit to order." and menus.only(carol.id)
    (menus,) = await game.choose("carol", menus, "A PAR")
    (menus,) = await game.choose("carol", menus, "A PAR - BUR")
    assert "✓ A PAR - BUR" in menus.text()
    assert await game.order_rows() == before + 1


async def test_moving_through_a_form_whose_phase_is_over_shows_the_new_one(
    game: DiscordTable,
) -> None:
    (menus,) = await game.slash("carol", "order")
    await game.slash("master", "gm process")
    (menus,) = await game.click("carol", menus, "Ready")
    assert "Spring 1901 is over, so nothing was changed; here is Fall 1901's form." in menus.text()
    assert "You are ready" not in menus.text()
    (menus,) = await game.slash("carol", "order")
    await game.slash("master", "gm process")
    (menus,) = await game.choose("carol", menus, "A PAR")
    assert "Fall 1901 is over, so nothing was changed; here is Spring 1902's form." in menus.text()


async def test_menus_the_bot_no_longer_reads_offer_a_new_form(game: DiscordTable) -> None:
    carol = game.user("carol")
    (menus,) = await game.slash("carol", "order")
    # A button as discord.py named the menus' components before they carried their state.
    old = discord.ui.Button[discord.ui.View](label="Ready", custom_id="0f3c9d2a" * 4)
    (reply,) = await game.use("carol", menus, old, component_data(old.custom_id or ""))
    assert reply.only(carol.id)
    assert FORM_EXPIRED in reply.text() and reply.content == "Choose a unit to order."
    (menus,) = await game.choose("carol", reply, "A PAR")
    assert menus.content == "Choose an order for A PAR."


async def test_back_returns_to_the_units(game: DiscordTable) -> None:
    (menus,) = await game.slash("carol", "order")
    (menus,) = await game.choose("carol", menus, "A PAR")
    (menus,) = await game.click("carol", menus, "Back")
    assert menus.content == "Choose a unit to order."


async def test_the_menus_explain_when_there_is_nothing_to_order(game: DiscordTable) -> None:
    (reply,) = await game.slash("stranger", "order")
    assert reply.only(game.user("stranger").id)
    assert "You do not play in hague." in reply.text()
    assert reply.view is None


def test_supports_and_convoys_are_grouped_by_the_unit_they_help() -> None:
    orders = [
        "F NTH H",
        "F NTH - NWY",
        "F NTH S A YOR",
        "F NTH S A YOR - NWY",
        "F NTH S F EDI",
        "F NTH C A YOR - NWY",
        "F NTH C A YOR - BEL",
    ]
    entries, groups = order_menu(orders)
    assert [e.label for e in entries] == [
        "F NTH H",
        "F NTH - NWY",
        "F NTH S A YOR …",
        "F NTH S F EDI",
        "F NTH C A YOR …",
    ]
    assert [[orders[i] for i in g] for g in groups] == [
        ["F NTH S A YOR", "F NTH S A YOR - NWY"],
        ["F NTH C A YOR - NWY", "F NTH C A YOR - BEL"],
    ]


def test_long_lists_get_pages_of_at_most_25() -> None:
    entries = [Entry(f"order {i}", f"o:{i}") for i in range(60)]
    first, second, third = (page_of(entries, n) for n in range(3))
    assert [len(p) for p in (first, second, third)] == [25, 25, 13]
    assert first[-1].label == MORE and first[-1].value == "p:1"
    assert third[-1].label == FIRST_PAGE and third[-1].value == "p:0"
    shown = [e.value for p in (first, second, third) for e in p if e.value.startswith("o:")]
    assert shown == [f"o:{i}" for i in range(60)]
    assert page_of(entries[:25], 0) == entries[:25]
