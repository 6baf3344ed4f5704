"""Posting to Slack: messages as blocks, ephemeral messages, direct messages and map uploads.

Failures are named by Slack's error code alone: what was being sent may be a power's orders,
so it never reaches a log line or an error text.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from bot.frontends.slack.blocks import fallback_text, message_blocks
from bot.service import Image, Message

logger = logging.getLogger(__name__)

# Errors that mean the bot cannot post in that conversation (not invited, archived, ...):
# the answer goes to the person's DM with the bot instead.
NOT_THERE = frozenset(
    {
        "channel_not_found",
        "not_in_channel",
        "is_archived",
        "restricted_action",
        "user_not_in_channel",
        "cannot_dm_bot",
    }
)


class NotThereError(Exception):
    """The bot may not post in that conversation."""


def api_error(exc: BaseException) -> str:
    """A failure, named without what was sent: Slack's error code or the exception's type."""
    if isinstance(exc, NotThereError):
        return str(exc)
    if isinstance(exc, SlackApiError):
        response = exc.response
        code = response.get("error") if response is not None else None
        return f"slack error {code}" if code else "slack error"
    return type(exc).__name__


def retry_after(exc: BaseException) -> timedelta | None:
    """How long Slack asked us to wait before trying again, if it did."""
    if not isinstance(exc, SlackApiError) or exc.response is None:
        return None
    headers = exc.response.headers or {}
    for name, value in headers.items():
        if name.lower() == "retry-after":
            raw = value[0] if isinstance(value, list) else value
            try:
                return timedelta(seconds=max(0, int(raw)))
            except (TypeError, ValueError):
                return None
    return None


def _not_there(exc: SlackApiError) -> bool:
    response = exc.response
    return response is not None and response.get("error") in NOT_THERE


class Sender:
    def __init__(self, client: AsyncWebClient) -> None:
        self.client = client
        self._dms: dict[str, str] = {}

    async def dm_channel(self, user_id: str) -> str:
        """The conversation id of the user's DM with the bot (opened once, then remembered)."""
        known = self._dms.get(user_id)
        if known is not None:
            return known
        try:
            response = await self.client.conversations_open(users=user_id)
        except SlackApiError as exc:
            if _not_there(exc):
                raise NotThereError(api_error(exc)) from None
            raise
        channel = response.get("channel")
        channel_id = channel.get("id") if isinstance(channel, dict) else None
        if not isinstance(channel_id, str):
            raise NotThereError("conversations.open gave no channel")
        self._dms[user_id] = channel_id
        return channel_id

    def remember_dm(self, user_id: str, channel_id: str) -> None:
        self._dms.setdefault(user_id, channel_id)

    async def post(self, channel: str, message: Message) -> None:
        """The message's blocks in a conversation, for all there to see."""
        try:
            await self.client.chat_postMessage(
                channel=channel,
                text=fallback_text(message),
                blocks=message_blocks(message),
                unfurl_links=False,
                unfurl_media=False,
            )
        except SlackApiError as exc:
            if _not_there(exc):
                raise NotThereError(api_error(exc)) from None
            raise

    async def ephemeral(self, channel: str, user_id: str, message: Message) -> None:
        """The message in a channel, visible to one user alone."""
        try:
            await self.client.chat_postEphemeral(
                channel=channel,
                user=user_id,
                text=fallback_text(message),
                blocks=message_blocks(message),
            )
        except SlackApiError as exc:
            if _not_there(exc):
                raise NotThereError(api_error(exc)) from None
            raise

    async def upload(self, channel: str, image: Image, data: bytes, title: str | None) -> None:
        """A picture beside the message before it (files upload v2)."""
        try:
            await self.client.files_upload_v2(
                channel=channel,
                file=data,
                filename=image.filename,
                title=title or image.alt,
                alt_txt=image.alt[:1000],
            )
        except SlackApiError as exc:
            if _not_there(exc):
                raise NotThereError(api_error(exc)) from None
            raise
