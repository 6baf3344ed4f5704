"""The outbox as the pump of a platform sees it: the messages due now, and what became of
each (delivered, or failed: tried again later, or given up and reported).

Delivery is at least once: the pump takes messages (they are hidden from others for a
lease), sends them, then records each as delivered or failed. A message taken again (its
deliverer stopped before recording it) says so, and the transport looks on the platform for
what is already there: what people see is once.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.service.effects import Message, Target
from bot.service.outbox.doorbell import Doorbell
from bot.service.outbox.failures import Failure, SendError, report
from bot.service.outbox.queue import BATCH, Delivery, queued_in
from bot.store import OutboxStatus, Platform, Store


class Deliveries:
    """What the pump of a platform uses of the outbox."""

    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        clock: Callable[[], datetime],
        doorbell: Doorbell | None = None,
    ) -> None:
        self._sessions = sessions
        self._clock = clock
        self._doorbell = doorbell

    async def pending(self, platform: str) -> list[Delivery]:
        """Take the due messages of one platform (others' stay due for their own front end)."""
        out: list[Delivery] = []
        async with self._sessions.begin() as session:
            store = Store(session, self._clock)
            for row in await store.due_outbox(platform=Platform(platform), limit=BATCH):
                image = None if row.image_id is None else await store.image_png(row.image_id)
                out.append(
                    Delivery(
                        row.id,
                        Target.from_json(row.target),
                        Message.from_json(row.payload),
                        image,
                        taken_before=row.claims > 1,
                    )
                )
        return out

    async def delivered(self, message_id: int) -> None:
        async with self._sessions.begin() as session:
            await Store(session, self._clock).mark_sent(message_id)

    async def failed(self, message_id: int, failure: SendError) -> bool:
        """Record a failed try and report it; True if the message is given up (``permanent``,
        or too many tries), False if it is tried again later."""
        async with self._sessions.begin() as session:
            store = Store(session, self._clock)
            status = await store.mark_failed(
                message_id,
                failure.description,
                retry_after=failure.retry_after,
                permanent=failure.permanent,
                refusal=None if failure.refusal is None else str(failure.refusal),
            )
            given_up = status is OutboxStatus.FAILED
            platform = str((await store.outbox_message(message_id)).platform)
            await report(store, Failure(message_id, platform, failure.description, given_up))
        if queued_in(session) and self._doorbell is not None:
            self._doorbell.ring()
        return given_up

    async def next_retry(self, platform: str) -> datetime | None:
        """When the next of the platform's messages that are not due yet comes due: a retry
        after a failure, or the end of a lease."""
        async with self._sessions() as session:
            store = Store(session, self._clock)
            return await store.next_outbox_retry(self._clock(), Platform(platform))
