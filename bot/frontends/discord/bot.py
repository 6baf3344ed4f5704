"""The Discord client: one connection per shard, the command tree, the buttons that outlive
restarts, direct messages, and the outbox pump of Discord, all set up in ``setup_hook``."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from pathlib import Path
from typing import TextIO

import discord

from bot.frontends.discord.builder import ExpiredForm, FormButton, FormMenu
from bot.frontends.discord.commands import build_tree
from bot.frontends.discord.front import Front
from bot.frontends.discord.identity import PLATFORM
from bot.frontends.discord.invite import intents, invite_url
from bot.frontends.discord.sending import Outgoing
from bot.frontends.discord.sync import DEFAULT_STATE, sync_commands
from bot.frontends.discord.transport import DiscordTransport
from bot.frontends.discord.views import FRONT_ATTRIBUTE, CommandButton, EnterOrdersButton
from bot.frontends.discord.workspaces import ClientDirectory, Directory, Workspaces
from bot.service import GameService, Pump, safe_trace

logger = logging.getLogger(__name__)

# Every component the bot sends, read again from its custom id, so that each one answers
# after a restart; and, last, the answer to any component no other reads.
DYNAMIC_ITEMS = (CommandButton, EnterOrdersButton, FormMenu, FormButton, ExpiredForm)


class DipClient(discord.AutoShardedClient):
    def __init__(
        self,
        service: GameService,
        *,
        out: TextIO,
        dev_guild_id: int | None = None,
        sync_state: Path = DEFAULT_STATE,
        directory: Directory | None = None,
        sends_through: discord.Client | None = None,
    ) -> None:
        """``sends_through``: what the outbox sends with, this client unless a test stands
        in for Discord."""
        # The bot has no voice; discord.py would warn at start that voice is unsupported.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        super().__init__(intents=intents())

        self._service = service
        self.workspaces = Workspaces(
            directory or ClientDirectory(self), playing=self.servers_played
        )
        self.front = Front(service, self.workspaces)
        setattr(self, FRONT_ATTRIBUTE, self.front)
        self.tree = build_tree(self, self.front)
        transport = DiscordTransport(sends_through or self, self.workspaces)
        self.pump: Pump[Outgoing] = service.pump(PLATFORM, transport)
        self._out = out
        self._dev_guild_id = dev_guild_id
        self._sync_state = sync_state
        self._stopping = asyncio.Event()
        self._pump_task: asyncio.Task[None] | None = None

    async def servers_played(self, user_id: int) -> set[str]:
        """The servers where the user plays a game that is not over."""
        return await self._service.workspaces_playing(PLATFORM, str(user_id))

    async def setup_hook(self) -> None:
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        if self.application_id is None:
            raise RuntimeError("logged in without an application id")
        await sync_commands(self.tree, self.application_id, self._dev_guild_id, self._sync_state)
        self._out.write(
            "Invite the bot to a server with this link (it asks for exactly the scopes and "
            f"permissions the bot needs):\n{invite_url(self.application_id)}\n"
        )
        self._out.flush()
        self._pump_task = asyncio.create_task(self._deliver())

    async def _deliver(self) -> None:
        # Sends before the connection is up would fail and wait out a back-off for nothing.
        await self.wait_until_ready()
        await self.pump.run(self._stopping)

    async def on_ready(self) -> None:
        logger.info("connected to Discord; on %d servers", len(self.guilds))

    async def on_message(self, message: discord.Message) -> None:
        try:
            await self.front.direct_message(message)
        except Exception as exc:
            logger.error("a direct message could not be answered: %s", safe_trace(exc))

    async def wind_down(self) -> None:
        """Before closing on a stop: the gateway connections close (no new request comes),
        the service ends its deadline run, and the pump has a bounded time to deliver what
        is queued through the HTTP API, still open."""
        for shard in list(self.shards.values()):
            try:
                await shard.disconnect()
            except Exception as exc:
                logger.error("closing a gateway connection failed: %s", safe_trace(exc))
        await self._service.wind_down()
        # A pump still waiting for the first connection has nothing it could send.
        if self._pump_task is not None and not self._pump_task.done() and self.is_ready():
            await self.pump.stop(self._pump_task, self._stopping)

    async def close(self) -> None:
        self._stopping.set()
        if self._pump_task is not None:
            self._pump_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._pump_task
        await super().close()
