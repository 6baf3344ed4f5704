"""Posting to Slack: messages as blocks, ephemeral messages, direct messages and map uploads;
reading back the bot's own recent posts in a conversation, and what the bot may do there.

Failures are named by Slack's error code alone: what was being sent may be a power's orders,
so it never reaches a log line or an error text.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from bot.frontends.slack.blocks import Page, message_pages
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


# How many of a conversation's latest messages are read to find the bot's own posts.
RECENT = 100


class NotThereError(Exception):
    """The bot may not post in that conversation; ``code`` is Slack's error."""

    def __init__(self, description: str, code: str | None = None) -> None:
        super().__init__(description)
        self.code = code


def error_code(exc: BaseException) -> str | None:
    """Slack's error code of a failed call, if it gave one."""
    if isinstance(exc, NotThereError):
        return exc.code
    if isinstance(exc, SlackApiError) and exc.response is not None:
        code = exc.response.get("error")
        return code if isinstance(code, str) else None
    return None


@dataclass(frozen=True, slots=True)
class Posted:
    """One of the bot's recent posts in a conversation: its time stamp, the metadata it was
    posted with, and the names of the files it shares."""

    ts: str
    metadata: dict[str, Any] | None
    files: tuple[str, ...] = field(default=())


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


def _refused(exc: SlackApiError) -> NotThereError:
    return NotThereError(api_error(exc), error_code(exc))


class Sender:
    def __init__(self, client: AsyncWebClient) -> None:
        self.client = client
        self._dms: dict[str, str] = {}
        self._identity: tuple[str | None, frozenset[str] | None] | None = None

    async def dm_channel(self, user_id: str) -> str:
        """The conversation id of the user's DM with the bot (opened once, then remembered)."""
        known = self._dms.get(user_id)
        if known is not None:
            return known
        try:
            response = await self.client.conversations_open(users=user_id)
        except SlackApiError as exc:
            if _not_there(exc):
                raise _refused(exc) from None
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
        """The message in a conversation, for all there to see: one post, or several in
        order when it is too long for one."""
        for page in message_pages(message):
            await self.post_page(channel, page)

    async def post_page(
        self, channel: str, page: Page, metadata: dict[str, Any] | None = None
    ) -> None:
        """One post of a message; ``metadata``: Slack's message metadata (``event_type``,
        ``event_payload``), read back by :meth:`recent`."""
        extra: dict[str, Any] = {} if metadata is None else {"metadata": metadata}
        try:
            await self.client.chat_postMessage(
                channel=channel,
                text=page.text,
                blocks=page.blocks,
                unfurl_links=False,
                unfurl_media=False,
                **extra,
            )
        except SlackApiError as exc:
            if _not_there(exc):
                raise _refused(exc) from None
            raise

    async def ephemeral(self, channel: str, user_id: str, message: Message) -> None:
        """The message in a channel, visible to one user alone (in several posts when it is
        too long for one)."""
        for page in message_pages(message):
            try:
                await self.client.chat_postEphemeral(
                    channel=channel, user=user_id, text=page.text, blocks=page.blocks
                )
            except SlackApiError as exc:
                if _not_there(exc):
                    raise _refused(exc) from None
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
                raise _refused(exc) from None
            raise

    async def recent(self, channel: str, bot_user: str | None) -> list[Posted]:
        """The bot's own posts among the conversation's latest, newest first."""
        response = await self.client.conversations_history(
            channel=channel, limit=RECENT, include_all_metadata=True
        )
        found: list[Posted] = []
        for item in response.get("messages") or []:
            if not isinstance(item, dict):
                continue
            if bot_user is not None and item.get("user") not in (bot_user, None):
                continue
            metadata = item.get("metadata")
            files = tuple(
                str(f.get("name")) for f in item.get("files") or [] if isinstance(f, dict)
            )
            found.append(
                Posted(
                    str(item.get("ts", "")),
                    metadata if isinstance(metadata, dict) else None,
                    files,
                )
            )
        return found

    async def bot_identity(self) -> tuple[str | None, frozenset[str] | None]:
        """The bot's user id, and the scopes its token was granted (None where Slack did
        not say), asked once."""
        if self._identity is None:
            response = await self.client.auth_test()
            user = response.get("user_id")
            header = _header(response.headers, "x-oauth-scopes")
            scopes = (
                None
                if header is None
                else frozenset(s.strip() for s in header.split(",") if s.strip())
            )
            self._identity = (user if isinstance(user, str) else None, scopes)
        return self._identity

    async def is_member(self, channel: str) -> bool | None:
        """Whether the bot is in the channel; None where Slack would not say (a scope the
        app lacks, a failure)."""
        try:
            response = await self.client.conversations_info(channel=channel)
        except SlackApiError as exc:
            if error_code(exc) in ("channel_not_found", "not_in_channel"):
                # A private channel the bot was not invited to is one it cannot see.
                return False
            logger.warning("conversations.info failed: %s", api_error(exc))
            return None
        info = response.get("channel")
        if not isinstance(info, dict):
            return None
        if info.get("is_im"):
            return True
        member = info.get("is_member")
        return member if isinstance(member, bool) else None


def _header(headers: Any, name: str) -> str | None:
    for key, value in (headers or {}).items():
        if key.lower() == name:
            raw = value[0] if isinstance(value, list) else value
            return str(raw)
    return None
