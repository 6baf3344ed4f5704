"""Direct messages to the bot: commands and bare orders, answered in the same DM; which
server's games a DM is about; what the bot ignores."""

from __future__ import annotations

from typing import cast

import discord
import pytest

from bot.frontends.discord.front import dm_command
from bot.frontends.discord.workspaces import SEVERAL_SERVERS, Workspaces
from tests.bot.discord.standins import StandInChannel, StandInMessage, message_payload, user_payload
from tests.bot.discord.table import GUILD, OTHER_GUILD, SEVEN, DiscordTable


@pytest.fixture
async def game(table: DiscordTable) -> DiscordTable:
    await table.seven_players()
    return table


def test_the_command_in_a_dm() -> None:
    assert dm_command("order A Par-Bur") == "order A Par-Bur"
    assert dm_command("  /dip orders ") == "orders"
    assert dm_command("/DIP\norder A Par-Bur") == "order A Par-Bur"
    assert dm_command("/dip") == "help"
    assert dm_command("   ") is None
    assert dm_command("replace france <@!123>") == "replace france <@123|123>"
    # a name typed after @ and not picked from Discord's list is nobody's id
    assert dm_command("game hague replace france @zoe") == "game hague replace france @zoe"
    assert dm_command("join with <@123>", {"123": "Fran"}) == "join with <@123|Fran>"


async def test_orders_by_dm_with_or_without_the_word_order(game: DiscordTable) -> None:
    carol = game.user("carol")
    (reply,) = await game.dm("carol", "order A Par-Bur")
    assert reply.kind == "dm" and reply.only(carol.id)
    assert "✓ A PAR - BUR" in reply.text()
    (reply,) = await game.dm("carol", "F Bre-MAO\nA Mar-Spa")
    assert "Orders: 2 accepted" in reply.text()
    (reply,) = await game.dm("carol", "/dip orders")
    assert "A PAR - BUR" in reply.text() and "F BRE - MAO" in reply.text()
    assert await game.order_rows() == 3


async def test_a_dm_that_starts_as_an_order_is_answered_as_orders(game: DiscordTable) -> None:
    """`A Ven R Tus` in Spring: not "`A` is not a command", but why the order is refused."""
    (reply,) = await game.dm("eve", "A Ven R Tus")
    assert "is not a command" not in reply.text()
    assert "Orders: 0 accepted, 1 not accepted" in reply.text()
    assert "✗ A Ven R Tus — illegal:" in reply.text()
    (reply,) = await game.dm("eve", "A Ven - Try; F Nap - Ion")
    assert "did you mean Tyrolia?" in reply.text() and "✓ F NAP - ION" in reply.text()
    assert await game.order_rows() == 1


async def test_after_the_end_a_dm_is_about_the_game_that_ended(game: DiscordTable) -> None:
    for name in SEVEN:
        await game.dm(name, "draw")
    await game.slash("master", "gm process")
    await game.deliver()
    (reply,) = await game.dm("carol", "ready")
    assert reply.text().startswith("hague ended in Spring 1901;")
    (reply,) = await game.dm("carol", "export")
    assert reply.files and reply.files[0][0] == "hague-record.json"


async def test_a_map_by_dm_comes_with_the_picture(game: DiscordTable) -> None:
    (reply,) = await game.dm("carol", "map mine")
    assert reply.only(game.user("carol").id)
    assert reply.files and reply.files[0][0] == "map.png"


async def test_the_bot_ignores_bots_and_server_messages(game: DiscordTable) -> None:
    robot = game.user("robot")
    robot.bot = True
    assert await game.dm("robot", "orders") == []
    carol = game.user("carol")
    channel = StandInChannel(123, game.recorder, None)
    payload = message_payload("orders", user_payload("carol", carol.id), 123)
    payload["guild_id"] = str(GUILD)
    before = len(game.sent)
    await game.client.on_message(cast(discord.Message, StandInMessage(payload, carol, channel)))
    assert await game.dm("carol", "  ") == []
    assert len(game.sent) == before


async def test_a_dm_is_about_the_server_the_writer_shares_with_the_bot(
    game: DiscordTable,
) -> None:
    game.directory.members[OTHER_GUILD] = set()
    (reply,) = await game.dm("carol", "orders")
    assert "No orders yet." in reply.text()
    nobody = game.user("nobody", guilds=())
    (reply,) = await game.dm("nobody", "orders")
    assert reply.only(nobody.id) and "You play in no game yet." in reply.text()


async def test_a_writer_on_two_servers_who_plays_on_one_is_understood(
    game: DiscordTable,
) -> None:
    carol = game.user("carol")
    game.directory.members[OTHER_GUILD] = {carol.id}
    # Nothing remembered of where carol last used the bot (a restart, another worker): the
    # games she plays in decide.
    workspaces = Workspaces(game.directory, playing=game.client.servers_played)
    game.client.front.workspaces = workspaces
    (reply,) = await game.dm("carol", "orders")
    assert "No orders yet." in reply.text()
    await game.slash("master", "gm end", confirm=True)
    (reply,) = await game.dm("carol", "orders")
    assert reply.text() == SEVERAL_SERVERS


async def test_a_writer_on_two_servers_is_asked_once(game: DiscordTable) -> None:
    carol = game.user("carol")
    game.directory.members[OTHER_GUILD] = {carol.id}
    game.client.front.workspaces = Workspaces(game.directory)
    (reply,) = await game.dm("carol", "orders")
    assert reply.text() == SEVERAL_SERVERS
    assert await game.order_rows() == 0
    await game.slash("carol", "status")
    (reply,) = await game.dm("carol", "orders")
    assert "No orders yet." in reply.text()
