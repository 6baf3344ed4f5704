"""Wrong people, wrong places, wrong words: each gets a clear answer for them alone, nothing
crashes, and nothing is written."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from bot.service import OUR_FAULT
from tests.bot.discord.table import OTHER_CHANNEL, DiscordTable, texts

SECRET = "the orders were " + "A PAR - BUR"


@pytest.fixture
async def game(table: DiscordTable) -> DiscordTable:
    await table.seven_players()
    return table


async def test_orders_from_someone_not_in_the_game(game: DiscordTable) -> None:
    before = await game.order_rows()
    (reply,) = await game.slash("stranger", "order", orders="A PAR - BUR")
    assert reply.only(game.user("stranger").id)
    assert "You do not play in hague." in reply.text()
    assert await game.order_rows() == before


async def test_a_game_master_command_from_a_plain_member(game: DiscordTable) -> None:
    await game.slash("alice", "order", orders="A Bud-Ser")
    before = await game.order_rows()
    (reply,) = await game.slash("alice", "gm process")
    assert reply.only(game.user("alice").id)
    assert "Only the game master of hague" in reply.text()
    # Not even "alice is thinking…" showed in the channel: the refusal was private throughout.
    assert game.recorder.thinking[-1].only(game.user("alice").id)
    assert await game.deliver() == []
    # A display name proves nothing: a member who calls themselves "Master" is not the creator.
    game.user("impostor").global_name = "Master"
    (reply,) = await game.slash("impostor", "gm end", confirm=True)
    assert "Only the game master of hague" in reply.text()
    assert await game.order_rows() == before


async def test_members_who_manage_the_server_are_game_masters(game: DiscordTable) -> None:
    replies = await game.slash("bob", "gm pause", admin=True)
    assert [s.public for s in replies] == [True]
    assert "paused" in replies[0].text()
    assert game.recorder.thinking[-1].public, "a game master's news is for the table"


async def test_a_game_master_command_where_there_is_no_game_thinks_privately(
    game: DiscordTable,
) -> None:
    (reply,) = await game.slash("master", "gm pause", channel=OTHER_CHANNEL)
    assert reply.only(game.user("master").id)
    assert "There is no game in this channel." in reply.text()
    assert game.recorder.thinking[-1].only(game.user("master").id)


async def test_a_command_in_a_channel_without_a_game(game: DiscordTable) -> None:
    attempts: list[tuple[str, dict[str, Any]]] = [
        ("status", {}),
        ("order", {"orders": "A Par-Bur"}),
        ("map", {}),
    ]
    for sub, options in attempts:
        (reply,) = await game.slash("carol", sub, channel=OTHER_CHANNEL, **options)
        assert reply.only(game.user("carol").id)
        assert "There is no game in this channel." in reply.text()
    assert await game.order_rows() == 0


async def test_a_dm_from_someone_in_two_games(game: DiscordTable) -> None:
    await game.slash("master", "newgame", name="vienna", channel=OTHER_CHANNEL)
    await game.slash("alice", "join", channel=OTHER_CHANNEL)
    (reply,) = await game.dm("alice", "order A Bud-Ser")
    assert reply.kind == "dm" and reply.only(game.user("alice").id)
    assert "You play in several games (hague, vienna)" in reply.text()
    assert "game hague order" in reply.text()
    (reply,) = await game.dm("alice", "orders")
    assert "several games" in reply.text()
    assert await game.order_rows() == 0
    (reply,) = await game.dm("alice", "game hague order A Bud-Ser")
    assert "✓ A BUD - SER" in reply.text()


async def test_options_the_service_cannot_read(game: DiscordTable) -> None:
    (reply,) = await game.slash("master", "gm extend", duration="a while")
    assert not reply.public and reply.text()
    (reply,) = await game.slash("carol", "order", orders="A Par-Xyz")
    assert not reply.public and "invalid" in reply.text().lower()
    (reply,) = await game.slash("carol", "map", region="atlantis")
    assert not reply.public and "atlantis" in reply.text()


async def test_a_failure_inside_the_service_is_our_fault_and_nothing_more(
    game: DiscordTable, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def broken(*args: object, **kwargs: object) -> None:
        # (The traceback shows source lines: the secret is not written on this one.)
        raise RuntimeError(SECRET)

    monkeypatch.setattr(game.service, "handle", broken)
    (reply,) = await game.slash("carol", "order", orders="A Par-Bur")
    assert reply.only(game.user("carol").id)
    assert reply.text() == OUR_FAULT
    (reply,) = await game.dm("carol", "A Par-Bur")
    assert reply.text() == OUR_FAULT
    assert "A PAR - BUR" not in caplog.text


async def test_a_failure_in_the_front_end_is_our_fault_too(
    game: DiscordTable, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot")

    async def broken(*args: object, **kwargs: object) -> None:
        # (The traceback shows source lines: the secret is not written on this one.)
        raise RuntimeError(SECRET)

    monkeypatch.setattr(game.client.front, "command", broken)
    (reply,) = await game.slash("carol", "order", orders="A Par-Bur")
    assert reply.only(game.user("carol").id)
    assert reply.text() == OUR_FAULT
    assert "RuntimeError" in caplog.text and "A PAR - BUR" not in caplog.text
    assert "Traceback" not in texts([reply])


async def test_a_button_that_fails_says_so_and_nothing_more(
    game: DiscordTable, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    await game.slash("master", "gm process")
    (posted,) = [s for s in await game.deliver() if s.kind == "channel"]

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError(SECRET)

    monkeypatch.setattr(game.client.front, "_run", broken)
    (reply,) = await game.press("carol", posted, "Ready")
    assert reply.only(game.user("carol").id) and reply.text() == OUR_FAULT
    monkeypatch.setattr(game.client.front, "_open_builder", broken)
    (reply,) = await game.press("carol", posted, "Enter orders")
    assert reply.only(game.user("carol").id) and reply.text() == OUR_FAULT
    assert "A PAR - BUR" not in caplog.text
