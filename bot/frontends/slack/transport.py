"""The Slack outbox transport: a delivery is a post of the message's blocks, then the map as
a file upload beside it: two parts, so an upload that failed is retried without posting the
message again.

The post carries its outbox id in Slack's message metadata, so a delivery taken again after
a worker stopped between the post and its record finds it among the conversation's latest
messages (and the map after it, by its file name) and does not post it twice.

Slack's refusals that trying again cannot cure (the bot is not in the channel, the person
takes no direct messages from apps, the message itself is refused) are permanent: the
message is given up at once and the game master told.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from bot.frontends.slack.blocks import Page, message_pages
from bot.frontends.slack.sender import (
    Posted,
    Sender,
    api_error,
    error_code,
    retry_after,
)
from bot.service import (
    Access,
    Delivery,
    Need,
    PicturePart,
    Refusal,
    SendError,
    TextPart,
    text_then_picture,
)

# The metadata event type of the bot's outbox posts.
EVENT_TYPE = "dipgm_outbox"
# The scopes each need of the outbox comes from.
SCOPES = {Need.SEND: "chat:write", Need.ATTACH: "files:write", Need.HISTORY: "channels:history"}

# Slack's errors that mean the bot may never post there: in a channel, the channel's
# fault; in a person's DM, that the person (or their workspace) takes no messages from it.
_NOT_THERE = frozenset(
    {"not_in_channel", "channel_not_found", "is_archived", "restricted_action", "cannot_dm_bot"}
)
_GONE = frozenset({"user_not_found", "user_not_visible", "user_disabled", "account_inactive"})
_CONTENT = frozenset(
    {"invalid_blocks", "invalid_blocks_format", "msg_too_long", "no_text", "too_many_attachments"}
)


@dataclass(frozen=True, slots=True)
class SlackPart:
    """One part of an outbox message (a post of its words, or its picture), with the outbox
    id and number it is posted under."""

    outbox_id: int
    number: int
    body: Page | PicturePart

    @property
    def metadata(self) -> dict[str, Any]:
        return {
            "event_type": EVENT_TYPE,
            "event_payload": {"outbox": self.outbox_id, "part": self.number},
        }


class SlackTransport:
    def __init__(self, sender: Sender) -> None:
        self._sender = sender

    def parts(self, delivery: Delivery) -> list[SlackPart]:
        bodies: list[Page | PicturePart] = []
        for part in text_then_picture(delivery):
            if isinstance(part, TextPart):
                bodies.extend(message_pages(part.message))
            elif part.data is not None:
                # A picture that could not be read back is not uploaded empty: the words go.
                bodies.append(part)
        return [SlackPart(delivery.id, n, body) for n, body in enumerate(bodies, start=1)]

    async def post(self, channel: str, part: SlackPart) -> None:
        with _described(dm=False):
            await self._send(channel, part)

    async def dm(self, user_id: str, workspace: str, part: SlackPart) -> None:
        # The bot's token belongs to one workspace: the user id alone finds the DM.
        with _described(dm=True):
            await self._send(await self._sender.dm_channel(user_id), part)

    async def _send(self, channel: str, part: SlackPart) -> None:
        body = part.body
        if isinstance(body, Page):
            await self._sender.post_page(channel, body, part.metadata)
        elif body.data is not None:
            await self._sender.upload(channel, body.image, body.data, body.title)

    async def posted(self, delivery: Delivery, parts: Sequence[SlackPart]) -> int:
        target = delivery.target
        if target.channel is not None:
            channel = target.channel
        elif target.user_id is not None:
            channel = await self._sender.dm_channel(target.user_id)
        else:
            return 0
        bot_user, _ = await self._sender.bot_identity()
        return _found(delivery.id, parts, await self._sender.recent(channel, bot_user))

    async def access(self, channel: str) -> Access:
        _, scopes = await self._sender.bot_identity()
        missing: list[Need] = []
        if await self._sender.is_member(channel) is False:
            missing.append(Need.MEMBER)
        if scopes is not None:
            missing += [need for need, scope in SCOPES.items() if scope not in scopes]
        return Access(tuple(missing))


def _found(outbox_id: int, parts: Sequence[SlackPart], recent: list[Posted]) -> int:
    """How many of the parts, from the first, are among the bot's recent posts (newest
    first): a post by its metadata, the map as a file of its name shared after the last."""
    oldest_first = list(reversed(recent))
    posted_at: dict[int, int] = {}
    for index, item in enumerate(oldest_first):
        meta = item.metadata or {}
        payload = meta.get("event_payload") or {}
        if meta.get("event_type") == EVENT_TYPE and payload.get("outbox") == outbox_id:
            posted_at.setdefault(int(payload.get("part") or 1), index)
    found, after = 0, -1
    for part in parts:
        body = part.body
        at: int | None
        if isinstance(body, Page):
            at = posted_at.get(part.number)
        else:
            at = next(
                (
                    i
                    for i, item in enumerate(oldest_first)
                    if i > after and body.image.filename in item.files
                ),
                None,
            )
        if at is None:
            break
        found, after = found + 1, at
    return found


@contextmanager
def _described(*, dm: bool) -> Iterator[None]:
    """A failure as the outbox records it: Slack's error code, any wait it asked for, and
    whether (and why) Slack refused for good."""
    try:
        yield
    except Exception as exc:
        raise SendError(
            api_error(exc), retry_after=retry_after(exc), refusal=_refusal(exc, dm=dm)
        ) from None


def _refusal(exc: Exception, *, dm: bool) -> Refusal | None:
    code = error_code(exc)
    if code in _NOT_THERE:
        return Refusal.DMS if dm else Refusal.CHANNEL
    if code in _GONE:
        return Refusal.GONE
    if code in _CONTENT:
        return Refusal.CONTENT
    return None
