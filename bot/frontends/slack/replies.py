"""Answering a request where it was written: public replies in the channel, private ones as
ephemeral messages there, DMs in the person's DM with the bot.

Where the bot may not post (a channel it was not invited to), the answer goes to the
person's DM instead, so it is never lost; where their DMs are refused too, a slash command's
answer goes back through the command's own ``response_url``, which Slack keeps open for it
whatever the bot may do in the channel (the text: a picture cannot go that way). Pictures
cannot be ephemeral in Slack: a private one is sent by DM, with a note where the request was
written.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from http import HTTPStatus

from slack_sdk.errors import SlackRequestError
from slack_sdk.webhook.async_client import AsyncWebhookClient

from bot.frontends.slack.blocks import message_pages
from bot.frontends.slack.inbound import Origin
from bot.frontends.slack.sender import Sender, api_error
from bot.service import Audience, Line, Message, Reply, Section

logger = logging.getLogger(__name__)

PICTURE_IN_DM = "The picture is in your direct messages with me."


class Answerer:
    def __init__(self, sender: Sender) -> None:
        self._sender = sender

    async def answer(self, origin: Origin, replies: Sequence[Reply]) -> None:
        for reply in replies:
            try:
                await self._one(origin, reply)
            except Exception as exc:
                logger.error(
                    "a %s reply to %s could not be sent: %s",
                    reply.audience,
                    origin.user_id,
                    api_error(exc),
                )

    async def _one(self, origin: Origin, reply: Reply) -> None:
        channel = None if origin.is_dm else origin.channel
        message: Message | None = reply.message
        if channel is not None and reply.audience is not Audience.DM:
            try:
                message = await self._here(channel, origin.user_id, reply.audience, reply.message)
            except Exception as exc:
                # Not invited there, or Slack failed: the person still gets the answer.
                logger.warning("a reply in %s went by DM instead: %s", channel, api_error(exc))
        if message is None:
            return
        try:
            await self.direct(origin, message)
        except Exception as exc:
            if origin.response_url is None:
                raise
            logger.warning(
                "a reply to %s went back through the command instead: %s",
                origin.user_id,
                api_error(exc),
            )
            await respond(origin.response_url, message, public=reply.audience is Audience.CHANNEL)

    async def _here(
        self, channel: str, user_id: str, audience: Audience, message: Message
    ) -> Message | None:
        """Answer where the request was written; what must still go by DM, if anything."""
        image = message.image
        if audience is Audience.CHANNEL:
            await self._sender.post(channel, message)
            if image is None or image.data is None:
                return None
            try:
                await self._sender.upload(channel, image, image.data, message.title)
            except Exception as exc:
                logger.warning("a picture for %s went by DM instead: %s", channel, api_error(exc))
                return Message(title=message.title, image=image)
            return None
        if image is None:
            await self._sender.ephemeral(channel, user_id, message)
            return None
        note = Section(None, (Line(PICTURE_IN_DM),))
        await self._sender.ephemeral(
            channel, user_id, replace(message, image=None, sections=(*message.sections, note))
        )
        return message

    async def direct(self, origin: Origin, message: Message) -> None:
        """By DM: into the conversation the request came from when that is the bot's DM."""
        dm = origin.dm_channel or await self._sender.dm_channel(origin.user_id)
        await self._publish(dm, message)

    async def _publish(self, channel: str, message: Message) -> None:
        await self._sender.post(channel, message)
        image = message.image
        if image is not None and image.data is not None:
            await self._sender.upload(channel, image, image.data, message.title)


async def respond(url: str, message: Message, *, public: bool) -> None:
    """The message through a slash command's ``response_url``: in the channel for all
    (``public``), or for the asker alone."""
    client = AsyncWebhookClient(url)
    kind = "in_channel" if public else "ephemeral"
    for page in message_pages(replace(message, image=None)):
        response = await client.send(text=page.text, blocks=page.blocks, response_type=kind)
        if response.status_code != HTTPStatus.OK:
            raise SlackRequestError(f"the response_url answered {response.status_code}")
