"""Running the Discord front end until it is told to stop."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import TextIO

import discord

from bot.config import Settings
from bot.frontends.discord.bot import DipClient
from bot.service import GameService


class MissingTokenError(ValueError):
    """DISCORD_TOKEN is not set."""


class TokenRefusedError(ValueError):
    """Discord does not accept DISCORD_TOKEN."""


async def run_discord(
    service: GameService,
    settings: Settings,
    *,
    stop: asyncio.Event | None = None,
    out: TextIO | None = None,
    sync_state: Path | None = None,
) -> None:
    """Connect with DISCORD_TOKEN and serve until ``stop`` is set (or the connection ends
    for good). The invite link is written to ``out`` (standard output) at start; the hash
    of the registered commands is kept in ``sync_state`` (DISCORD_COMMANDS_FILE). Stopping,
    the deadline run in hand ends and the outbox is given a bounded time before the
    connection closes (:meth:`DipClient.wind_down`)."""
    if settings.discord_token is None:
        raise MissingTokenError(
            "DISCORD_TOKEN is not set: copy the bot token from the Discord developer portal "
            "(your application > Bot > Reset Token) into .env"
        )
    client = DipClient(
        service,
        out=sys.stdout if out is None else out,
        dev_guild_id=settings.discord_dev_guild_id,
        sync_state=settings.discord_commands_file if sync_state is None else sync_state,
    )
    try:
        await _serve(client, settings.discord_token.get_secret_value(), stop)
    except discord.LoginFailure:
        raise TokenRefusedError(
            "Discord refused DISCORD_TOKEN: copy the bot token again from the developer portal "
            "(your application > Bot > Reset Token)"
        ) from None


async def _serve(client: DipClient, token: str, stop: asyncio.Event | None) -> None:
    async with client:
        running = asyncio.create_task(client.start(token))
        if stop is None:
            await running
            return
        stopping = asyncio.create_task(stop.wait())
        done, _ = await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
        if running in done:
            stopping.cancel()
            running.result()
            return
        await client.wind_down()
        await client.close()
        await running
