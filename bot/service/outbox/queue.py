"""The outbox from the service's side: queueing messages to a game's channel or a player's
DM, each with what it is about (who to tell, and in which words, should it never arrive).

What the pump takes back out is :class:`Delivery`; :mod:`.deliveries` hands it over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from bot.service.effects import Message, Target
from bot.store import Game, OutboxMessage, Store

# Enough to fetch a platform's share of a busy moment in one go.
BATCH = 200
# Marks a session whose transaction queued a message: once it commits, the pumps are rung.
_QUEUED = "dipgm.outbox.queued"


@dataclass(frozen=True, slots=True)
class Delivery:
    """One message to send: where, what, and the image's bytes if it has one.
    ``taken_before``: a deliverer took it before and may have posted some of it (then
    stopped before recording it), so the platform is asked what is already there."""

    id: int
    target: Target
    message: Message
    image: bytes | None
    taken_before: bool = False


# What a direct message is, told to the game master when it did not arrive, unless the
# queueing code says better: nothing of what it said.
A_DIRECT_MESSAGE = "a direct message"


@dataclass(frozen=True, slots=True)
class About:
    """What a queued message is, for the people told when it never arrives.

    ``what`` names it without quoting it ("a press message", "the welcome"): the game master
    reads it. ``sender``: a user told as well (the writer of press), ``to``: the recipient
    as that user may know them (a power, never a player's name). ``notice``: the message
    reports another failure (its own failure is not reported again).
    """

    what: str
    sender: str | None = None
    to: str | None = None
    notice: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"what": self.what, "sender": self.sender, "to": self.to, "notice": self.notice}

    @classmethod
    def default(cls, message: Message, *, dm: bool) -> About:
        """A channel message is named by its title (everyone there reads it anyway), a direct
        message by nothing it says."""
        if dm:
            return cls(A_DIRECT_MESSAGE)
        return cls(f"the message “{message.title}”" if message.title else "a message")

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> About:
        return cls(
            str(data.get("what") or A_DIRECT_MESSAGE),
            data.get("sender"),
            data.get("to"),
            bool(data.get("notice", False)),
        )

    @classmethod
    def notice_about(cls) -> About:
        return cls("a report of a message that did not arrive", notice=True)


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
    about: About | None = None,
) -> OutboxMessage:
    """Queue once per key: the same key queued again (a retried transaction) is one message.
    ``about``: what it is, should it never arrive (by default, a channel message is named by
    its title and a direct message by nothing it says)."""
    kind = "dm" if target.user_id is not None else "channel"
    if about is None:
        about = About.default(message, dm=target.user_id is not None)
    store.session.info[_QUEUED] = True
    return await store.enqueue(
        key,
        platform=game.platform,
        target={"kind": kind, **target.to_json()},
        payload=message.to_json(),
        game_id=game.id,
        image_id=image_id,
        about=about.to_json(),
    )


async def to_channel(
    store: Store,
    game: Game,
    key: str,
    message: Message,
    *,
    image_id: int | None = None,
    about: About | None = None,
) -> OutboxMessage:
    return await enqueue(
        store, game, key, channel_target(game), message, image_id=image_id, about=about
    )


async def to_user(
    store: Store,
    game: Game,
    user_id: str,
    key: str,
    message: Message,
    *,
    image_id: int | None = None,
    about: About | None = None,
) -> None:
    """A direct message to one player; ``image_id`` a stored picture that goes with it (the
    message's :class:`~bot.service.effects.Image` names the same one)."""
    await enqueue(
        store, game, key, dm_target(game, user_id), message, image_id=image_id, about=about
    )


def queued_in(session: AsyncSession) -> bool:
    """Whether the session's transaction queued a message."""
    return bool(session.info.get(_QUEUED, False))
