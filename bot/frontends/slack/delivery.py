"""The outbox for Slack: results, maps and DMs the service queued, sent and reported back.

A message is a post and maybe a picture: two calls to Slack. What was sent is remembered
until the service has recorded the delivery, so a failure half-way (the post went out, the
upload did not) or a failure to record it retries only what is missing: nothing is sent
twice, and nothing is dropped (a failure goes back to the outbox, which tries again later).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from bot.frontends.slack.identity import PLATFORM
from bot.frontends.slack.sender import Sender, api_error, retry_after
from bot.service import Delivery, GameService, Target

logger = logging.getLogger(__name__)

POLL_SECONDS = 2.0
_POST = "post"
_PICTURE = "picture"


class Outbox:
    def __init__(
        self, service: GameService, sender: Sender, *, poll_seconds: float = POLL_SECONDS
    ) -> None:
        self._service = service
        self._sender = sender
        self._poll = poll_seconds
        # Delivery id -> the steps already done, for messages not yet recorded as delivered.
        self._done: dict[int, set[str]] = {}
        self._lock = asyncio.Lock()
        self._wake = asyncio.Event()

    def kick(self) -> None:
        """Something was queued: deliver now rather than at the next poll."""
        self._wake.set()

    async def run(self, stop: asyncio.Event) -> None:
        """Deliver until ``stop`` is set: at each kick, and every few seconds regardless (the
        alarm clock queues results without telling the front end)."""
        while not stop.is_set():
            self._wake.clear()
            try:
                await self.deliver_once()
            except Exception as exc:
                logger.error("delivering the Slack outbox failed: %s", api_error(exc))
            await self._pause(stop)

    async def _pause(self, stop: asyncio.Event) -> None:
        waiters = {asyncio.ensure_future(stop.wait()), asyncio.ensure_future(self._wake.wait())}
        try:
            await asyncio.wait(waiters, timeout=self._poll, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for waiter in waiters:
                waiter.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await waiter

    async def deliver_once(self) -> int:
        """Send what is due now; the number of messages delivered."""
        async with self._lock:
            delivered = 0
            for delivery in await self._service.pending(PLATFORM):
                delivered += await self._deliver(delivery)
            return delivered

    async def _deliver(self, delivery: Delivery) -> bool:
        steps = self._done.setdefault(delivery.id, set())
        try:
            await self._send(delivery, steps)
        except Exception as exc:
            error = api_error(exc)
            logger.warning("outbox message %s not delivered: %s", delivery.id, error)
            try:
                await self._service.delivery_failed(
                    delivery.id, error, retry_after=retry_after(exc)
                )
            except Exception as inner:
                # The lease runs out and the message comes due again all the same.
                logger.error(
                    "recording outbox failure %s failed: %s", delivery.id, api_error(inner)
                )
            return False
        try:
            await self._service.delivered(delivery.id)
        except Exception as exc:
            # Sent but not recorded: it comes due again and is only recorded then.
            logger.error("recording outbox delivery %s failed: %s", delivery.id, api_error(exc))
            return False
        self._done.pop(delivery.id, None)
        return True

    async def _send(self, delivery: Delivery, steps: set[str]) -> None:
        message = delivery.message
        image = message.image
        wants_picture = image is not None and delivery.image is not None
        if _POST in steps and (_PICTURE in steps or not wants_picture):
            return
        channel = await self._channel(delivery.target)
        if _POST not in steps:
            await self._sender.post(channel, message)
            steps.add(_POST)
        if image is not None and delivery.image is not None and _PICTURE not in steps:
            await self._sender.upload(channel, image, delivery.image, message.title)
            steps.add(_PICTURE)

    async def _channel(self, target: Target) -> str:
        if target.user_id is not None:
            return await self._sender.dm_channel(target.user_id)
        if target.channel is not None:
            return target.channel
        raise ValueError("an outbox message names neither a channel nor a user")
