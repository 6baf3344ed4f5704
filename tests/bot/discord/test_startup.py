"""Starting up: no privileged intent, an invite link with exactly the scopes and
permissions needed, commands registered only when they changed, and a clean stop."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path
from typing import Any
from unittest.mock import AsyncMock
from urllib.parse import parse_qs, urlparse

import discord
import pytest
from pydantic import SecretStr

from bot.config import Settings
from bot.frontends.discord import MissingTokenError, TokenRefusedError, run_discord
from bot.frontends.discord.bot import DYNAMIC_ITEMS, DipClient
from bot.frontends.discord.invite import intents, invite_url, permissions
from bot.frontends.discord.sync import sync_commands
from tests.bot.discord.table import APPLICATION, GUILD, DiscordTable


def test_no_privileged_intent() -> None:
    wanted = intents()
    assert wanted == discord.Intents(guilds=True, dm_messages=True)
    assert not (wanted.members or wanted.presences or wanted.message_content)


def test_the_invite_asks_for_exactly_what_the_bot_needs() -> None:
    url = urlparse(invite_url(APPLICATION))
    query = parse_qs(url.query)
    assert url.netloc == "discord.com" and url.path == "/oauth2/authorize"
    assert query["client_id"] == [str(APPLICATION)]
    assert query["scope"] == ["bot applications.commands"]
    granted = discord.Permissions(int(query["permissions"][0]))
    assert granted == permissions()
    # (discord.py names View Channel by its older name, read_messages.)
    assert {name for name, on in granted if on} == {
        "read_messages",
        "send_messages",
        "send_messages_in_threads",
        "embed_links",
        "attach_files",
        "read_message_history",
    }


class SyncRecorder:
    __slots__ = ("calls",)

    def __init__(self) -> None:
        self.calls: list[int | None] = []

    async def __call__(self, *, guild: discord.abc.Snowflake | None = None) -> list[Any]:
        self.calls.append(None if guild is None else guild.id)
        return []


async def test_commands_are_registered_only_when_they_changed(
    table: DiscordTable, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tree, state = table.client.tree, tmp_path / "commands.json"
    sync = SyncRecorder()
    monkeypatch.setattr(tree, "sync", sync)
    assert await sync_commands(tree, APPLICATION, None, state)
    assert not await sync_commands(tree, APPLICATION, None, state)
    assert sync.calls == [None]
    # A changed command is registered again.
    table.group.get_command("status").description = "Something else"  # type: ignore[union-attr]
    assert await sync_commands(tree, APPLICATION, None, state)
    # A development server gets its own registration, at once.
    assert await sync_commands(tree, APPLICATION, GUILD, state)
    assert not await sync_commands(tree, APPLICATION, GUILD, state)
    assert sync.calls == [None, None, GUILD]
    assert tree.get_command("dip", guild=discord.Object(GUILD)) is not None


class CommandsAPI:
    """Discord's endpoints for registering commands: which commands each scope (a server, or
    None: global) holds, as discord.py's own ``tree.sync`` sends them."""

    __slots__ = ("calls", "registered")

    def __init__(self) -> None:
        self.registered: dict[int | None, list[str]] = {}
        self.calls: list[int | None] = []

    def install(self, client: discord.Client, monkeypatch: pytest.MonkeyPatch) -> None:
        client._connection.application_id = APPLICATION
        monkeypatch.setattr(client.http, "bulk_upsert_global_commands", self.upsert_global)
        monkeypatch.setattr(client.http, "bulk_upsert_guild_commands", self.upsert_guild)

    async def upsert_global(self, application_id: int, payload: list[Any]) -> list[Any]:
        return self._put(None, payload)

    async def upsert_guild(
        self, application_id: int, guild_id: int, payload: list[Any]
    ) -> list[Any]:
        return self._put(guild_id, payload)

    def _put(self, scope: int | None, payload: list[Any]) -> list[Any]:
        self.calls.append(scope)
        self.registered[scope] = [command["name"] for command in payload]
        return []


async def test_going_global_removes_the_development_servers_copy(
    table: DiscordTable, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    api, state = CommandsAPI(), tmp_path / "commands.json"
    api.install(table.client, monkeypatch)
    # Started with DISCORD_DEV_GUILD_ID: the test server holds its own copy.
    assert await sync_commands(table.client.tree, APPLICATION, GUILD, state)
    assert api.registered == {GUILD: ["dip", "club"]}
    # Restarted without it: the commands go global, and the server's copy is emptied, or
    # its members would see every command twice.
    restarted = DipClient(table.service, out=io.StringIO(), sync_state=state)
    async with restarted:
        api.install(restarted, monkeypatch)
        assert await sync_commands(restarted.tree, APPLICATION, None, state)
        assert api.registered == {GUILD: [], None: ["dip", "club"]}
        # Once: the next start registers nothing anywhere.
        api.calls.clear()
        assert not await sync_commands(restarted.tree, APPLICATION, None, state)
        assert api.calls == []
        await restarted.close()


async def test_a_failed_registration_is_tried_at_the_next_start(
    table: DiscordTable, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.bot.discord.standins import FakeHTTPResponse

    async def refused(*, guild: object = None) -> None:
        raise discord.HTTPException(FakeHTTPResponse(429, "Too Many Requests"), "slow down")

    monkeypatch.setattr(table.client.tree, "sync", refused)
    state = tmp_path / "commands.json"
    assert not await sync_commands(table.client.tree, APPLICATION, None, state)
    assert not state.exists()


async def test_setup_registers_buttons_prints_the_invite_and_starts_the_outbox(
    table: DiscordTable, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = io.StringIO()
    client = DipClient(table.service, out=out, sync_state=tmp_path / "c.json")
    monkeypatch.setattr(client.tree, "sync", SyncRecorder())
    async with client:
        client._connection.application_id = APPLICATION
        await client.setup_hook()
        assert invite_url(APPLICATION) in out.getvalue()
        patterns = {p.pattern for p in client._connection._view_store._dynamic_items}
        assert patterns == {item.__discord_ui_compiled_template__.pattern for item in DYNAMIC_ITEMS}
        assert {r"dip:c:(?P<workspace>\d*):(?P<command>.+)", r"dip:o:(?P<workspace>\d*)"} < patterns
        await client.close()


async def test_run_needs_a_token(table: DiscordTable) -> None:
    with pytest.raises(MissingTokenError):
        await run_discord(table.service, Settings(discord_token=None))


async def test_run_stops_when_told(table: DiscordTable, monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[str] = []

    async def start(self: DipClient, token: str, *, reconnect: bool = True) -> None:
        started.append(token)
        while not self.is_closed():
            await asyncio.sleep(0.01)

    monkeypatch.setattr(DipClient, "start", start)
    stop = asyncio.Event()
    settings = Settings(discord_token=SecretStr("token-123"), discord_dev_guild_id=GUILD)
    running = asyncio.create_task(run_discord(table.service, settings, stop=stop))
    await asyncio.sleep(0.05)
    assert started == ["token-123"]
    stop.set()
    await asyncio.wait_for(running, 2)


async def test_a_refused_token_says_so(
    table: DiscordTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def start(self: DipClient, token: str, *, reconnect: bool = True) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(DipClient, "start", start)
    settings = Settings(discord_token=SecretStr("token-123"))
    with pytest.raises(TokenRefusedError) as refused:
        await run_discord(table.service, settings, stop=asyncio.Event())
    assert "token-123" not in str(refused.value)


class StandInShard:
    """What wind_down uses of a shard (discord.ShardInfo)."""

    def __init__(self, log: list[str]) -> None:
        self.log = log

    async def disconnect(self) -> None:
        self.log.append("gateway closed")


async def test_a_stop_closes_the_gateway_before_the_outbox_is_drained(
    table: DiscordTable, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log: list[str] = []
    client = DipClient(table.service, out=io.StringIO(), sync_state=tmp_path / "c.json")
    monkeypatch.setattr(client.tree, "sync", SyncRecorder())
    monkeypatch.setattr(DipClient, "shards", property(lambda self: {0: StandInShard(log)}))
    monkeypatch.setattr(DipClient, "is_ready", lambda self: True)
    monkeypatch.setattr(DipClient, "wait_until_ready", AsyncMock())
    drained = client.pump.stop

    async def stop(*args: Any, **kwargs: Any) -> bool:
        log.append("outbox drained")
        return await drained(*args, **kwargs)

    monkeypatch.setattr(client.pump, "stop", stop)
    async with client:
        client._connection.application_id = APPLICATION
        await client.setup_hook()
        await client.wind_down()
        await client.close()
    assert log == ["gateway closed", "outbox drained"]
