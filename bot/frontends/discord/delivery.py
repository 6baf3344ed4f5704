"""The outbox for Discord: results, maps and DMs the service queued, sent and reported back.

A service message may take several Discord messages (see embeds). Which of them went out is
remembered until the service has recorded the delivery, so a failure half-way or a failure
to record it retries only what is missing: nothing is sent twice, and nothing is dropped (a
failure goes back to the outbox, which tries again later with a growing delay).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Protocol

import discord

from bot.frontends.discord.answer import MENTIONS
from bot.frontends.discord.embeds import Part, render
from bot.frontends.discord.identity import PLATFORM
from bot.frontends.discord.views import message_view
from bot.frontends.discord.workspaces import Workspaces
from bot.service import Delivery, GameService, safe_trace

logger = logging.getLogger(__name__)

# The alarm clock queues results without telling the front end: look this often anyway.
POLL_SECONDS = 2.0


class Transport(Protocol):
    """Sending one Discord message to a channel or to a user's DMs."""

    async def to_channel(
        self, channel_id: int, part: Part, view: discord.ui.View | None
    ) -> None: ...

    async def to_user(self, user_id: int, part: Part, view: discord.ui.View | None) -> None: ...


class ClientTransport:
    """Through the connected client: by id, without waiting for any cache."""

    def __init__(self, client: discord.Client) -> None:
        self._client = client

    async def to_channel(self, channel_id: int, part: Part, view: discord.ui.View | None) -> None:
        await _send(self._client.get_partial_messageable(channel_id), part, view)

    async def to_user(self, user_id: int, part: Part, view: discord.ui.View | None) -> None:
        channel = await self._client.create_dm(discord.Object(id=user_id))
        await _send(channel, part, view)


async def _send(channel: discord.abc.Messageable, part: Part, view: discord.ui.View | None) -> None:
    await channel.send(
        embeds=list(part.embeds),
        files=part.files(),
        view=view if view is not None else discord.utils.MISSING,
        allowed_mentions=MENTIONS,
    )


def describe_failure(exc: Exception) -> str:
    """What is recorded about a failed send: the kind and Discord's codes, never the text
    sent (it may hold orders)."""
    if isinstance(exc, discord.HTTPException):
        return f"{type(exc).__name__}: HTTP {exc.status}, Discord code {exc.code}"
    return type(exc).__name__


class Outbox:
    def __init__(
        self,
        service: GameService,
        transport: Transport,
        *,
        workspaces: Workspaces | None = None,
        poll_seconds: float = POLL_SECONDS,
    ) -> None:
        self._service = service
        self._transport = transport
        self._workspaces = workspaces
        self._poll = poll_seconds
        # Delivery id -> how many of its Discord messages went out, until recorded.
        self._sent: dict[int, int] = {}
        self._lock = asyncio.Lock()
        self._wake = asyncio.Event()

    def kick(self) -> None:
        """Something was queued: deliver now rather than at the next poll."""
        self._wake.set()

    async def kicked(self) -> None:
        """The same, as the service's change listener."""
        self.kick()

    async def run(self, stop: asyncio.Event) -> None:
        """Deliver until ``stop`` is set: at each kick, and every few seconds regardless."""
        while not stop.is_set():
            self._wake.clear()
            try:
                await self.deliver_once()
            except Exception as exc:
                logger.error("delivering the outbox failed: %s", safe_trace(exc))
            await self._pause(stop)

    async def _pause(self, stop: asyncio.Event) -> None:
        waits = {asyncio.create_task(self._wake.wait()), asyncio.create_task(stop.wait())}
        try:
            await asyncio.wait(waits, timeout=self._poll, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for wait in waits:
                wait.cancel()

    async def deliver_once(self) -> int:
        """Send what is due now; how many messages were delivered."""
        async with self._lock:
            done = 0
            for delivery in await self._service.pending(PLATFORM):
                done += await self._deliver(delivery)
            return done

    async def _deliver(self, delivery: Delivery) -> int:
        target = delivery.target
        parts = render(delivery.message, delivery.image)
        view = message_view(delivery.message, target.workspace)
        sent = self._sent.get(delivery.id, 0)
        try:
            for index in range(sent, len(parts)):
                last_view = view if index == len(parts) - 1 else None
                if target.user_id is not None:
                    await self._transport.to_user(int(target.user_id), parts[index], last_view)
                elif target.channel is not None:
                    await self._transport.to_channel(int(target.channel), parts[index], last_view)
                else:
                    raise ValueError("a delivery with neither a channel nor a user")
                self._sent[delivery.id] = index + 1
        except Exception as exc:
            reason = describe_failure(exc)
            logger.warning("delivery %s failed, to be retried: %s", delivery.id, reason)
            await self._service.delivery_failed(delivery.id, reason)
            return 0
        if target.user_id is not None and self._workspaces is not None:
            # A game wrote to this user: their next DM is most likely about it.
            with contextlib.suppress(ValueError):
                self._workspaces.saw(int(target.user_id), int(target.workspace))
        await self._service.delivered(delivery.id)
        self._sent.pop(delivery.id, None)
        return 1
