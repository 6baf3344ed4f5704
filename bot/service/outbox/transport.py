"""What a front end supplies to have the outbox delivered on its platform: a transport.

A transport knows how its platform carries a message (one Slack post and a file upload; as
many Discord messages as the embeds need, the map on the last; lines on a terminal) and two
ways to send each of those parts: to a channel, or to a person's direct messages. Each part
carries its outbox id and number where the platform keeps it, so that :meth:`posted` can
find, after a worker stopped between a post and its record, what is already there. The
pump does the rest: which messages are due, which parts already went out, and what to do
when a send fails.

A transport also answers whether the bot may post in a channel (:meth:`access`): the
service asks when a game is created and started, and says what is missing.

A transport describes its failures by raising :class:`SendError` (with a refusal when the
platform refused for good); any other exception is recorded by its type alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from bot.service.effects import Access, Image, Message
from bot.service.outbox.queue import Delivery

PartT = TypeVar("PartT")


class Transport(Protocol[PartT]):
    def parts(self, delivery: Delivery) -> Sequence[PartT]:
        """The platform messages that carry ``delivery``, in the order they are sent. The
        same delivery must give the same parts each time: a retry skips those already sent."""

    async def post(self, channel: str, part: PartT) -> None:
        """Send one part to a channel, for everyone there to see."""

    async def dm(self, user_id: str, workspace: str, part: PartT) -> None:
        """Send one part to a person's direct messages with the bot (about ``workspace``)."""

    async def posted(self, delivery: Delivery, parts: Sequence[PartT]) -> int:
        """How many of ``parts``, counted from the first, are already where ``delivery``
        goes (posted by a deliverer that stopped before recording it); 0 if none, or if the
        platform cannot tell."""

    async def access(self, channel: str) -> Access:
        """What the bot lacks to post the outbox's messages in ``channel``."""


@dataclass(frozen=True, slots=True)
class TextPart:
    """A message's words, sent as one post."""

    message: Message


@dataclass(frozen=True, slots=True)
class PicturePart:
    """A message's picture, sent after its words; ``data`` is None when the stored picture
    could not be read back."""

    image: Image
    data: bytes | None
    title: str | None


def text_then_picture(delivery: Delivery) -> list[TextPart | PicturePart]:
    """The parts of a platform that posts text and uploads files separately (Slack, the
    terminal): the words first, then the picture if the message has one."""
    message = delivery.message
    if message.image is None:
        return [TextPart(message)]
    return [TextPart(message), PicturePart(message.image, delivery.image, message.title)]
