"""The Slack outbox transport: a delivery is a post of the message's blocks, then the map as
a file upload beside it: two parts, so an upload that failed is retried without posting the
message again."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from bot.frontends.slack.sender import Sender, api_error, retry_after
from bot.service import Delivery, PicturePart, SendError, TextPart, text_then_picture

SlackPart = TextPart | PicturePart


class SlackTransport:
    def __init__(self, sender: Sender) -> None:
        self._sender = sender

    def parts(self, delivery: Delivery) -> list[SlackPart]:
        # A picture that could not be read back is not uploaded empty: the words still go.
        return [
            p for p in text_then_picture(delivery) if isinstance(p, TextPart) or p.data is not None
        ]

    async def post(self, channel: str, part: SlackPart) -> None:
        with _described():
            await self._send(channel, part)

    async def dm(self, user_id: str, workspace: str, part: SlackPart) -> None:
        # The bot's token belongs to one workspace: the user id alone finds the DM.
        with _described():
            await self._send(await self._sender.dm_channel(user_id), part)

    async def _send(self, channel: str, part: SlackPart) -> None:
        if isinstance(part, TextPart):
            await self._sender.post(channel, part.message)
        elif part.data is not None:
            await self._sender.upload(channel, part.image, part.data, part.title)


@contextmanager
def _described() -> Iterator[None]:
    """A failure as the outbox records it: Slack's error code and any wait it asked for."""
    try:
        yield
    except Exception as exc:
        raise SendError(api_error(exc), retry_after=retry_after(exc)) from None
