"""A delivery that failed: how a transport says so (:class:`SendError`, with a
:class:`Refusal` when the platform refused for good), and the one place every failed
delivery is reported, whatever the platform (:func:`report`).

A failure to be tried again is a log line. A message given up is also told to the people who
must act: the game master by direct message (or, when it was the game master's own direct
message that failed, the game's channel, with nothing of what the message said), and the
writer of press that did not arrive. Those reports are outbox messages themselves, queued in
the transaction that gives the message up; a report that cannot be delivered is never
reported in turn, except once in the game's channel when it was the game master's, so a
failure never feeds on itself. Every message given up stays listed by ``history
undelivered``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta
from enum import StrEnum

from bot.service.effects import Message, Target
from bot.service.outbox import queue
from bot.service.outbox.queue import About
from bot.service.words import delivery as words
from bot.store import Game, OutboxMessage, Store

logger = logging.getLogger(__name__)


class Refusal(StrEnum):
    """Why a platform refused a message for good; trying again cannot help."""

    CHANNEL = "channel"  # the bot may not post in that channel
    DMS = "dms"  # the person takes no direct messages from the bot
    GONE = "gone"  # the channel or the person is no longer there
    CONTENT = "content"  # the platform refused the message itself


class SendError(Exception):
    """A send that failed, as the record should say it.

    ``description`` never quotes what was sent (it may hold a power's orders);
    ``retry_after``: the platform asked us to wait this long (else the outbox backs off);
    ``refusal``: the platform refused for good, and why; ``permanent``: trying again cannot
    help, so the message is given up now (always so with a refusal).
    """

    def __init__(
        self,
        description: str,
        *,
        retry_after: timedelta | None = None,
        permanent: bool = False,
        refusal: Refusal | None = None,
    ) -> None:
        super().__init__(description)
        self.description = description
        self.retry_after = retry_after
        self.refusal = refusal
        self.permanent = permanent or refusal is not None


@dataclass(frozen=True, slots=True)
class Failure:
    """A delivery that failed: which outbox message, on which platform, and why (never the
    text of the message, which may hold orders). ``given_up``: it will not be tried again."""

    delivery_id: int
    platform: str
    description: str
    given_up: bool


async def report(store: Store, failure: Failure) -> None:
    """Log the failure; for a message given up, queue the reports to the people who must
    act, in the caller's transaction (the one that recorded it as given up)."""
    if not failure.given_up:
        logger.error(
            "outbox message %s (%s) was not delivered and will be tried again: %s",
            failure.delivery_id,
            failure.platform,
            failure.description,
        )
        return
    logger.error(
        "outbox message %s (%s) was given up, it will not be sent: %s",
        failure.delivery_id,
        failure.platform,
        failure.description,
    )
    message = await store.outbox_message(failure.delivery_id)
    game = None if message.game_id is None else await store.get_game(message.game_id)
    if game is None:
        return
    await _tell(store, game, message)


async def _tell(store: Store, game: Game, message: OutboxMessage) -> None:
    target = Target.from_json(message.target)
    about = (
        About.default(Message.from_json(message.payload), dm=target.user_id is not None)
        if message.about is None
        else About.from_json(message.about)
    )
    reason = words.reason(message.refusal, message.last_error or "")
    names = {p.user_id: p.display_name for p in await store.players_of(game.id)}
    key = f"game:{game.id}:undelivered:{message.id}"
    if about.notice:
        # A report that did not arrive: only the game master's is reported, once, in the
        # channel; any other stops here (it stays listed by `history undelivered`).
        if target.user_id is not None and target.user_id == game.creator:
            await _to_channel(store, game, key, reason)
        return
    if target.user_id is not None and target.user_id == game.creator:
        await _to_channel(store, game, key, reason)
    else:
        whom = (
            words.THE_CHANNEL
            if target.user_id is None
            else names.get(target.user_id, target.user_id)
        )
        fix = words.fix(str(game.platform), message.refusal, to_channel=target.user_id is None)
        notice = words.to_game_master(game.name, about.what, whom, reason, fix)
        await queue.to_user(
            store, game, game.creator, f"{key}:gm", notice, about=About.notice_about()
        )
    if about.sender is not None and about.sender not in (game.creator, target.user_id):
        notice = words.to_sender(game.name, about.what, about.to, reason)
        await queue.to_user(
            store, game, about.sender, f"{key}:sender", notice, about=About.notice_about()
        )


async def _to_channel(store: Store, game: Game, key: str, reason: str) -> None:
    """The game master's direct message failed: the channel is told, with nothing of what
    the message said or who it was from."""
    notice = words.game_master_unreachable(game.name, reason)
    await queue.to_channel(store, game, f"{key}:channel", notice, about=About.notice_about())
