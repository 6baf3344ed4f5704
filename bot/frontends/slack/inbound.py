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

# Slack writes a mention as <@U0123|name> (a slash command, with the manifest's should_escape
# on) or <@U0123> (a message).
_MENTION = re.compile(r"<@([UW][A-Z0-9]+)(?:\|([^>]*))?>")
# What else Slack marks up in what people write: channels <#C0123|general>, links
# <https://example.org|label>, and <!here> or <!subteam^S0123|@team>. What a user typed
# themselves comes escaped (&lt;), so only Slack's own markup has a bare <.
_MARKUP = re.compile(r"<([^<>]*)>")
# A mark no one can type (Slack removes control characters): a user read in the command's
# place for one, until the rest is made plain text.
_HELD = "\x00{}\x00"


@dataclass(frozen=True, slots=True)
class Origin:
    """Who wrote, and where: the answer goes back there (privately where it must)."""

    user_id: str
    channel: str | None
    is_dm: bool
    # The user's DM with the bot, when the request came from it.
    dm_channel: str | None = None
    # Where a slash command may be answered whatever the bot may do in the channel.
    response_url: str | None = None

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
    """A user as Slack writes them, in the service's neutral form; None if it is not one (a
    name typed after @ that Slack did not turn into a mention is nobody's id)."""
    found = _MENTION.fullmatch(text)
    if found is None:
        return None
    user_id, name = found.groups()
    return user_mention(user_id, name or user_id)


def _shown(markup: re.Match[str]) -> str:
    """One piece of Slack's markup as the text it shows, so nothing a player wrote is
    passed on as a live mention or link."""
    inside = markup.group(1)
    target, _, label = inside.partition("|")
    if target.startswith("@"):
        return "@" + (label or target[1:])
    if target.startswith("#"):
        return "#" + (label or target[1:])
    if target.startswith("!"):
        special = label or target[1:].split("^")[0]
        return special if special.startswith("@") else "@" + special
    plain = target.removeprefix("mailto:")
    return plain if not label or label == plain else f"{label} ({plain})"


def _command_text(command: str) -> str:
    """The command with the users in its places in the neutral form, and the rest of Slack's
    markup as plain text, unescaped."""
    held: dict[str, str] = {}

    def hold(token: str) -> str | None:
        user = neutral_mention(token)
        if user is None:
            return None
        key = _HELD.format(len(held))
        held[key] = user
        return key

    text = unescape(_MARKUP.sub(_shown, neutral_users(command, hold)))
    for key, user in held.items():
        text = text.replace(key, user)
    return text


def slash_text(text: str) -> str:
    """The command of `/dip <text>` (Slack sends what follows `/dip`)."""
    return _command_text(command_after_prefix(text))


def dm_text(text: str) -> str | None:
    """A direct message to the bot as a command; None if it holds nothing to read.

    `/dip` in front is optional there; the service reads a message of bare orders (`A Par-Bur,
    F Bre-MAO`) in a DM as an `order`.
    """
    command = command_in_message(text, prefix_optional=True)
    return None if command is None else _command_text(command)


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
