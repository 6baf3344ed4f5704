"""What people write to the bot, as the service's command text, and where they wrote it."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Any

from bot.service import (
    Place,
    command_after_prefix,
    command_in_message,
    neutral_users,
    user_mention,
)

# Slack writes a mention as <@U0123>, older payloads as <@U0123|name>; with escaping off (the
# manifest's should_escape), a slash command carries a name typed after @ as it is.
_MENTION = re.compile(r"<@([\w.-]+)(?:\|([^>]*))?>|@([\w.-]+)")


@dataclass(frozen=True, slots=True)
class Origin:
    """Who wrote, and where: the answer goes back there (privately where it must)."""

    user_id: str
    channel: str | None
    is_dm: bool
    # The user's DM with the bot, when the request came from it.
    dm_channel: str | None = None

    @property
    def place(self) -> Place:
        return Place(self.channel, is_dm=self.is_dm)


def unescape(text: str) -> str:
    """Slack sends &, < and > escaped; orders like `A Par -> Bur` need them back."""
    return html.unescape(text) if "&" in text else text


def is_dm_channel(channel_id: str) -> bool:
    """Direct-message conversation ids start with D."""
    return channel_id.startswith("D")


def neutral_mention(text: str) -> str | None:
    """A user as Slack writes them, in the service's neutral form; None if it is not one."""
    found = _MENTION.fullmatch(text)
    if found is None:
        return None
    user_id, name, typed = found.groups()
    if user_id is not None:
        return user_mention(user_id, name or user_id)
    return typed


def slash_text(text: str) -> str:
    """The command of `/dip <text>` (Slack sends what follows `/dip`)."""
    return neutral_users(command_after_prefix(unescape(text)), neutral_mention)


def dm_text(text: str) -> str | None:
    """A direct message to the bot as a command; None if it holds nothing to read.

    `/dip` in front is optional there; the service reads a message of bare orders (`A Par-Bur,
    F Bre-MAO`) in a DM as an `order`.
    """
    command = command_in_message(unescape(text), prefix_optional=True)
    return None if command is None else neutral_users(command, neutral_mention)


def field(data: dict[str, Any], key: str) -> str | None:
    """A non-empty string field of a payload, or None: payloads are not trusted to be whole."""
    value = data.get(key)
    return value if isinstance(value, str) and value else None


def user_and_team(body: dict[str, Any]) -> tuple[str | None, str | None]:
    user = body.get("user")
    team = body.get("team")
    user_id = field(user, "id") if isinstance(user, dict) else None
    team_id = field(team, "id") if isinstance(team, dict) else None
    if team_id is None and isinstance(user, dict):
        team_id = field(user, "team_id")
    return user_id, team_id


def clicked(body: dict[str, Any]) -> tuple[str, Origin] | None:
    """Who clicked a button, and in which conversation (the DM if it was not in one)."""
    user, team = user_and_team(body)
    if user is None or team is None:
        return None
    channel_data = body.get("channel")
    container = body.get("container")
    channel = field(channel_data, "id") if isinstance(channel_data, dict) else None
    if channel is None and isinstance(container, dict):
        channel = field(container, "channel_id")
    if channel is None:
        return team, Origin(user, None, is_dm=True)
    dm = is_dm_channel(channel)
    return team, Origin(user, channel, is_dm=dm, dm_channel=channel if dm else None)
