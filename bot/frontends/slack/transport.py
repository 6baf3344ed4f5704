"""The Slack outbox transport: a delivery is a post of the message's blocks, then the map as
a file upload beside it: two parts, so an upload that failed is retried without posting the
message again."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from bot.frontends.slack.sender import Sender, api_error, retry_after
from bot.service import Delivery, Image, Message, SendError


@dataclass(frozen=True, slots=True)
class Post:
    message: Message


@dataclass(frozen=True, slots=True)
class Upload:
    image: Image
    data: bytes
    title: str | None


SlackPart = Post | Upload


class SlackTransport:
    def __init__(self, sender: Sender) -> None:
        self._sender = sender

    def parts(self, delivery: Delivery) -> list[SlackPart]:
        message = delivery.message
        if message.image is None or delivery.image is None:
            return [Post(message)]
        return [Post(message), Upload(message.image, delivery.image, message.title)]

    async def post(self, channel: str, part: SlackPart) -> None:
        with _described():
            await self._send(channel, part)

    async def dm(self, user_id: str, workspace: str, part: SlackPart) -> None:
        # The bot's token belongs to one workspace: the user id alone finds the DM.
        with _described():
            await self._send(await self._sender.dm_channel(user_id), part)

    async def _send(self, channel: str, part: SlackPart) -> None:
        if isinstance(part, Post):
            await self._sender.post(channel, part.message)
        else:
            await self._sender.upload(channel, part.image, part.data, part.title)


@contextmanager
def _described() -> Iterator[None]:
    """A failure as the outbox records it: Slack's error code and any wait it asked for."""
    try:
        yield
    except Exception as exc:
        raise SendError(api_error(exc), retry_after=retry_after(exc)) from None
