"""The outbox pump: the one loop that delivers a platform's queued messages, whatever the
front end.

    pump = service.pump("slack", SlackTransport(sender))
    await pump.run(stop)            # a task of the front end, until ``stop`` is set

Each round claims the messages due now (hidden from other workers for a lease), hands each
to the platform's :class:`~bot.service.outbox.transport.Transport` part by part, and records
it as delivered, or as failed: tried again later with a growing delay (or when the platform
asked), or given up when the failure is permanent or has happened too often. Every failure
is reported in one place (:mod:`bot.service.outbox.failures`).

Which parts of a message went out is remembered until its delivery is recorded, so a failure
half-way (the post went out, the map did not) or a failure to record the delivery resends
only what is missing: nothing is sent twice and nothing is dropped. A worker that stopped
between a post and its record (a crash, a restart) remembers nothing: the message comes due
again marked as taken before, and the transport finds on the platform the parts already
there (each part carries its outbox id and number), so only the rest is sent.

Waking, one way. The pump goes round at start, then whenever the service rings its
:class:`~bot.service.outbox.doorbell.Doorbell`: after a command that queued a message, after
each phase adjudicated, and at the end of each run of the alarm clock. Between rings it
sleeps until the earliest moment one of its platform's messages comes due again (a retry,
or the end of a lease another worker holds), never on a fixed poll.

Several workers on one database: a worker's rings wake its own pumps only. A message another
worker queued is normally delivered by that worker; if it is not (that worker stopped, or
its pump failed), the message comes due again when its lease ends and every worker's timer
wakes for it, and one still due now is picked up at the latest at the next ring of the alarm
clock's sweep, every ``SWEEP_SECONDS``. The sweep's ring is the same doorbell, not a second
mechanism.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Generic, Protocol

from bot.service.errors import safe_trace
from bot.service.outbox.doorbell import Doorbell
from bot.service.outbox.failures import SendError
from bot.service.outbox.queue import BATCH, Delivery
from bot.service.outbox.transport import PartT, Transport

logger = logging.getLogger(__name__)

# How long a stopping bot gives the pump to deliver what is queued.
DRAIN_SECONDS = 10.0


class Outbox(Protocol):
    """What the pump uses of the outbox (:class:`~bot.service.outbox.queue.Deliveries`)."""

    async def pending(self, platform: str) -> list[Delivery]: ...

    async def delivered(self, message_id: int) -> None: ...

    async def failed(self, message_id: int, failure: SendError) -> bool: ...

    async def next_retry(self, platform: str) -> datetime | None: ...


class Pump(Generic[PartT]):
    def __init__(
        self,
        platform: str,
        transport: Transport[PartT],
        outbox: Outbox,
        doorbell: Doorbell,
        clock: Callable[[], datetime],
    ) -> None:
        self.platform = platform
        self._transport = transport
        self._outbox = outbox
        self._clock = clock
        # Delivery id -> how many of its parts went out, until the delivery is recorded.
        self._sent: dict[int, int] = {}
        # Whether the round in hand gave a message up (its reports are then due at once).
        self._gave_up = False
        # One round at a time: the loop and a caller driving the pump directly never overlap.
        self._round = asyncio.Lock()
        self._rung = asyncio.Event()
        self._idle = asyncio.Event()
        doorbell.subscribe(self._wake)

    def _wake(self) -> None:
        self._rung.set()
        self._idle.clear()

    async def run(self, stop: asyncio.Event) -> None:
        """Deliver until ``stop`` is set: now, at each ring, and when a retry comes due."""
        while not stop.is_set():
            self._rung.clear()
            self._idle.clear()
            try:
                await self.deliver_due()
            except Exception as exc:
                # The database may be away: the next ring (the sweep's, at the latest) tries again.
                logger.error("delivering the %s outbox failed: %s", self.platform, safe_trace(exc))
            timeout = await self._seconds_to_next_retry()
            if not self._rung.is_set():
                self._idle.set()
            await _first_of(stop, self._rung, timeout=timeout)

    async def stop(
        self, running: asyncio.Task[None], stop: asyncio.Event, *, within: float = DRAIN_SECONDS
    ) -> bool:
        """Stop ``running`` (this pump's ``run(stop)``) once it has delivered what is due now,
        or after ``within`` seconds: how a stopping bot lets its queue out. True if it got
        through; what is left waits in the outbox for the next start."""
        self._wake()
        settled = asyncio.create_task(self.settled())
        try:
            await asyncio.wait(
                {settled, running}, timeout=within, return_when=asyncio.FIRST_COMPLETED
            )
            emptied = settled.done()
        finally:
            settled.cancel()
            stop.set()
        if not emptied and not running.done():
            logger.warning(
                "the %s outbox was not emptied within %g s: the rest goes at the next start",
                self.platform,
                within,
            )
            running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await running
        return emptied

    async def settled(self) -> None:
        """Wait until the running loop has delivered what the rings so far asked for (the
        console prints a command's messages before its next prompt)."""
        await self._idle.wait()

    async def deliver_due(self) -> int:
        """Send everything due now, batch after batch; how many messages were delivered. A
        message given up queues its reports: they go in the same round."""
        async with self._round:
            delivered = 0
            while True:
                self._gave_up = False
                batch = await self._outbox.pending(self.platform)
                for delivery in batch:
                    delivered += await self._deliver(delivery)
                if len(batch) < BATCH and not self._gave_up:
                    return delivered

    async def next_retry(self) -> datetime | None:
        """When the next of this platform's messages that are not due yet comes due."""
        return await self._outbox.next_retry(self.platform)

    async def _seconds_to_next_retry(self) -> float | None:
        try:
            when = await self.next_retry()
        except Exception as exc:
            logger.error(
                "reading the %s outbox's next retry failed: %s", self.platform, safe_trace(exc)
            )
            return None
        if when is None:
            return None
        return max(0.0, (when - self._clock()).total_seconds())

    async def _deliver(self, delivery: Delivery) -> bool:
        try:
            await self._send(delivery)
        except Exception as exc:
            await self._failed(delivery.id, exc)
            return False
        try:
            await self._outbox.delivered(delivery.id)
        except Exception as exc:
            # Sent but not recorded: it comes due again when its lease ends, and then only the
            # record is made (every part is remembered as sent).
            logger.error(
                "recording outbox message %s as delivered failed: %s", delivery.id, safe_trace(exc)
            )
            return False
        self._sent.pop(delivery.id, None)
        return True

    async def _send(self, delivery: Delivery) -> None:
        target = delivery.target
        if target.user_id is None and target.channel is None:
            raise ValueError("an outbox message names neither a channel nor a user")
        parts = self._transport.parts(delivery)
        done = self._sent.get(delivery.id)
        if done is None:
            done = await self._already_posted(delivery, parts) if delivery.taken_before else 0
        for index in range(done, len(parts)):
            if target.user_id is not None:
                await self._transport.dm(target.user_id, target.workspace, parts[index])
            elif target.channel is not None:
                await self._transport.post(target.channel, parts[index])
            self._sent[delivery.id] = index + 1

    async def _already_posted(self, delivery: Delivery, parts: Sequence[PartT]) -> int:
        try:
            found = await self._transport.posted(delivery, parts)
        except Exception as exc:
            # Cannot tell: send it all (at least once) rather than risk sending nothing.
            logger.error(
                "looking for outbox message %s on %s failed: %s",
                delivery.id,
                self.platform,
                safe_trace(exc),
            )
            return 0
        return max(0, min(found, len(parts)))

    async def _failed(self, delivery_id: int, exc: Exception) -> None:
        # Any other exception is known by its type alone: its text may quote what was sent.
        failure = exc if isinstance(exc, SendError) else SendError(type(exc).__name__)
        try:
            given_up = await self._outbox.failed(delivery_id, failure)
        except Exception as inner:
            # Unrecorded, the message still comes due again when its lease ends.
            logger.error(
                "recording the failure of outbox message %s failed: %s",
                delivery_id,
                safe_trace(inner),
            )
            given_up = False
        if given_up:
            self._sent.pop(delivery_id, None)
            self._gave_up = True


async def _first_of(*events: asyncio.Event, timeout: float | None) -> None:
    """Return when one of the events is set, or after ``timeout`` seconds (None: no limit)."""
    waits = [asyncio.create_task(event.wait()) for event in events]
    try:
        await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for wait in waits:
            wait.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await wait
