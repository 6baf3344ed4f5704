"""The outbox from the service's side: queueing messages to a game's channel or a player's
DM, and handing due messages to the pump of a platform.

Delivery is at least once: the pump takes messages (they are hidden from others for a
lease), sends them, then records each as delivered or failed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.service.effects import Message, Target
from bot.service.outbox.failures import SendError
from bot.store import Game, OutboxMessage, OutboxStatus, Platform, Store

# Enough to fetch a platform's share of a busy moment in one go.
BATCH = 200
# Marks a session whose transaction queued a message: once it commits, the pumps are rung.
_QUEUED = "dipgm.outbox.queued"


@dataclass(frozen=True, slots=True)
class Delivery:
    """One message to send: where, what, and the image's bytes if it has one."""

    id: int
    target: Target
    message: Message
    image: bytes | None


def channel_target(game: Game) -> Target:
    return Target(platform=str(game.platform), workspace=game.workspace, channel=game.channel)


def dm_target(game: Game, user_id: str) -> Target:
    return Target(platform=str(game.platform), workspace=game.workspace, user_id=user_id)


async def enqueue(
    store: Store,
    game: Game,
    key: str,
    target: Target,
    message: Message,
    *,
    image_id: int | None = None,
) -> OutboxMessage:
    """Queue once per key: the same key queued again (a retried transaction) is one message."""
    kind = "dm" if target.user_id is not None else "channel"
    store.session.info[_QUEUED] = True
    return await store.enqueue(
        key,
        platform=game.platform,
        target={"kind": kind, **target.to_json()},
        payload=message.to_json(),
        game_id=game.id,
        image_id=image_id,
    )


async def to_channel(
    store: Store, game: Game, key: str, message: Message, *, image_id: int | None = None
) -> OutboxMessage:
    return await enqueue(store, game, key, channel_target(game), message, image_id=image_id)


async def to_user(
    store: Store,
    game: Game,
    user_id: str,
    key: str,
    message: Message,
    *,
    image_id: int | None = None,
) -> None:
    """A direct message to one player; ``image_id`` a stored picture that goes with it (the
    message's :class:`~bot.service.effects.Image` names the same one)."""
    await enqueue(store, game, key, dm_target(game, user_id), message, image_id=image_id)


def queued_in(session: AsyncSession) -> bool:
    """Whether the session's transaction queued a message."""
    return bool(session.info.get(_QUEUED, False))


class Deliveries:
    """What the pump of a platform uses of the outbox."""

    def __init__(
        self, sessions: async_sessionmaker[AsyncSession], clock: Callable[[], datetime]
    ) -> None:
        self._sessions = sessions
        self._clock = clock

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
                    )
                )
        return out

    async def delivered(self, message_id: int) -> None:
        async with self._sessions.begin() as session:
            await Store(session, self._clock).mark_sent(message_id)

    async def failed(self, message_id: int, failure: SendError) -> bool:
        """Record a failed try; True if the message is given up (``permanent``, or too many
        tries), False if it is tried again later."""
        async with self._sessions.begin() as session:
            status = await Store(session, self._clock).mark_failed(
                message_id,
                failure.description,
                retry_after=failure.retry_after,
                permanent=failure.permanent,
            )
        return status is OutboxStatus.FAILED

    async def next_retry(self, platform: str) -> datetime | None:
        """When the next of the platform's messages that are not due yet comes due: a retry
        after a failure, or the end of a lease."""
        async with self._sessions() as session:
            store = Store(session, self._clock)
            return await store.next_outbox_retry(self._clock(), Platform(platform))
