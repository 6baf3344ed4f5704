"""Outbox, images and audit: messages waiting to be delivered (each queued once, retried
with back-off), the pictures they and the game's maps carry, and the trail of who did what."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, select

from bot.store.errors import StoreError
from bot.store.models import AuditEntry, Image, OutboxMessage, OutboxStatus, Platform
from bot.store.part import StorePart

# Delivery retries: 30 s, 1 min, 2 min, ... capped at an hour; given up after this many tries.
BACKOFF_BASE = timedelta(seconds=30)
BACKOFF_CAP = timedelta(hours=1)
MAX_ATTEMPTS = 12
# How long fetched outbox rows are hidden from other deliverers while one sends them.
DELIVERY_LEASE = timedelta(minutes=2)


def backoff(attempts: int) -> timedelta:
    """Delay before the next try after `attempts` failed tries (1 -> BACKOFF_BASE)."""
    exponent = max(attempts - 1, 0)
    if exponent >= 20:  # far past the cap; avoids a huge multiplication
        return BACKOFF_CAP
    return min(BACKOFF_BASE * (1 << exponent), BACKOFF_CAP)


class OutboxAndAudit(StorePart):
    """The part of the Store that keeps the outbox, images and the audit trail."""

    # -- images ----------------------------------------------------------------------------

    async def add_image(self, game_id: int, phase_name: str, kind: str, png: bytes) -> Image:
        image = Image(
            game_id=game_id, phase_name=phase_name, kind=kind, png=png, created_at=self.clock()
        )
        self.session.add(image)
        await self.session.flush()
        return image

    async def image_png(self, image_id: int) -> bytes | None:
        """The picture of a stored image, by its id."""
        return await self.session.scalar(select(Image.png).where(Image.id == image_id))

    async def image_of(self, game_id: int, phase_name: str, kind: str) -> Image | None:
        """The newest stored image of a kind for a phase."""
        return await self.session.scalar(
            select(Image)
            .where(Image.game_id == game_id, Image.phase_name == phase_name, Image.kind == kind)
            .order_by(Image.id.desc())
            .limit(1)
        )

    # -- outbox ----------------------------------------------------------------------------

    async def enqueue(
        self,
        dedupe_key: str,
        *,
        platform: Platform,
        target: dict[str, Any],
        payload: dict[str, Any],
        game_id: int | None = None,
        image_id: int | None = None,
        about: dict[str, Any] | None = None,
    ) -> OutboxMessage:
        """Queue a message once: a second call with the same key returns the first row as is.
        ``about``: who to tell, and in which words, if it cannot be delivered."""
        now = self.clock()
        insert = self._insert(OutboxMessage).values(
            dedupe_key=dedupe_key,
            platform=Platform(platform),
            target=target,
            payload=payload,
            game_id=game_id,
            image_id=image_id,
            about=about,
            status=OutboxStatus.PENDING,
            attempts=0,
            claims=0,
            next_attempt_at=now,
            created_at=now,
        )
        await self.session.execute(insert.on_conflict_do_nothing(index_elements=["dedupe_key"]))
        message = await self.session.scalar(
            select(OutboxMessage)
            .where(OutboxMessage.dedupe_key == dedupe_key)
            .execution_options(populate_existing=True)
        )
        if message is None:  # pragma: no cover - inserted or already there
            raise StoreError(f"outbox message {dedupe_key!r} was not stored")
        return message

    async def due_outbox(
        self,
        *,
        platform: Platform | None = None,
        limit: int = 50,
        lease: timedelta = DELIVERY_LEASE,
    ) -> list[OutboxMessage]:
        """Take pending messages that are due, oldest first, and hide them for `lease`.

        ``platform``: only that platform's messages (each front end takes its own, so
        front ends running side by side never hide each other's messages); None takes all.

        Commit right after, deliver outside the transaction, then `mark_sent` or
        `mark_failed`. A deliverer that dies mid-way leaves its messages to come due again
        when the lease runs out: delivery is at least once. Each take counts in ``claims``: a
        message taken more than once may already be partly on the platform.
        """
        now = self.clock()
        wanted = [
            OutboxMessage.status == OutboxStatus.PENDING,
            OutboxMessage.next_attempt_at <= now,
        ]
        if platform is not None:
            wanted.append(OutboxMessage.platform == platform)
        messages = list(
            await self.session.scalars(
                select(OutboxMessage)
                .where(*wanted)
                .order_by(OutboxMessage.id)
                .limit(limit)
                .with_for_update(skip_locked=True)
                .execution_options(populate_existing=True)
            )
        )
        for message in messages:
            message.next_attempt_at = now + lease
            message.claims += 1
        await self.session.flush()
        return messages

    async def next_outbox_retry(self, after: datetime, platform: Platform) -> datetime | None:
        """The earliest moment later than ``after`` a pending message of the platform comes
        due; messages due already are the pump's round in hand, and counting them would wake
        it in a loop."""
        return await self.session.scalar(
            select(func.min(OutboxMessage.next_attempt_at)).where(
                OutboxMessage.status == OutboxStatus.PENDING,
                OutboxMessage.platform == platform,
                OutboxMessage.next_attempt_at > after,
            )
        )

    async def mark_sent(self, message_id: int) -> None:
        message = await self._message(message_id)
        message.status = OutboxStatus.SENT
        message.attempts += 1
        message.sent_at = self.clock()
        message.last_error = None
        await self.session.flush()

    async def mark_failed(
        self,
        message_id: int,
        error: str,
        *,
        retry_after: timedelta | None = None,
        permanent: bool = False,
        refusal: str | None = None,
    ) -> OutboxStatus:
        """Record a failed try; retried with back-off (or after `retry_after`) until
        MAX_ATTEMPTS, or never again if `permanent`. Returns the new status. ``refusal``:
        why the platform refused it for good, kept with a message given up."""
        message = await self._message(message_id)
        message.attempts += 1
        message.last_error = error
        if permanent or message.attempts >= MAX_ATTEMPTS:
            message.status = OutboxStatus.FAILED
            message.refusal = refusal
            message.failed_at = self.clock()
        else:
            delay = backoff(message.attempts) if retry_after is None else retry_after
            message.next_attempt_at = self.clock() + delay
        await self.session.flush()
        return message.status

    async def outbox_message(self, message_id: int) -> OutboxMessage:
        return await self._message(message_id)

    async def given_up(self, game_id: int) -> list[OutboxMessage]:
        """The game's messages that were given up (never delivered), oldest first."""
        return list(
            await self.session.scalars(
                select(OutboxMessage)
                .where(
                    OutboxMessage.game_id == game_id,
                    OutboxMessage.status == OutboxStatus.FAILED,
                )
                .order_by(OutboxMessage.id)
            )
        )

    async def being_retried(self, game_id: int) -> list[OutboxMessage]:
        """The game's messages not delivered yet after a failed try, waiting to be tried
        again, oldest first."""
        return list(
            await self.session.scalars(
                select(OutboxMessage)
                .where(
                    OutboxMessage.game_id == game_id,
                    OutboxMessage.status == OutboxStatus.PENDING,
                    OutboxMessage.attempts > 0,
                )
                .order_by(OutboxMessage.id)
            )
        )

    async def _message(self, message_id: int) -> OutboxMessage:
        message = await self.session.get(OutboxMessage, message_id, populate_existing=True)
        if message is None:
            raise StoreError(f"no outbox message {message_id}")
        return message

    # -- audit -----------------------------------------------------------------------------

    async def audit(
        self,
        actor: str,
        action: str,
        *,
        game_id: int | None = None,
        detail: dict[str, Any] | None = None,
    ) -> AuditEntry:
        entry = AuditEntry(
            game_id=game_id, actor=actor, action=action, detail=dict(detail or {}), at=self.clock()
        )
        self.session.add(entry)
        await self.session.flush()
        return entry
