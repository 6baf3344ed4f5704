"""Who is asking, and where: a Discord interaction as the service's Actor and Place.

Users and channels are Discord's stable ids, never names. A server is the workspace, so one
server's games, names and game masters never mix with another's. Game-master rights come
from the member's permissions in the channel, which Discord computes and signs into the
interaction; a direct message carries none.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TypeAlias

import discord

from bot.service import Actor, Place, user_mention

PLATFORM = "discord"
# The workspace of a direct message the bot could place on none of the user's servers: it
# holds no game, so the service answers that the user plays in none.
NOWHERE = ""

Interaction: TypeAlias = discord.Interaction[discord.Client]

# Discord writes a mention in a message as <@123> (<@!123> in older clients); a name typed
# after @ and not picked from Discord's list is only text, nobody's id.
_MENTION = re.compile(r"<@!?(\d+)>")


def is_game_admin(interaction: Interaction) -> bool:
    """Whether the member may manage the server (and so act as any game's master there)."""
    if interaction.guild_id is None:
        return False
    permissions = interaction.permissions
    return permissions.manage_guild or permissions.administrator


def workspace_of(interaction: Interaction, fallback: str | None = None) -> str:
    """The server the interaction comes from; in a DM, ``fallback`` (from a button's id)."""
    if interaction.guild_id is not None:
        return str(interaction.guild_id)
    return fallback or NOWHERE


def actor_of(interaction: Interaction, workspace: str | None = None) -> Actor:
    user = interaction.user
    return Actor(
        platform=PLATFORM,
        workspace=workspace_of(interaction, workspace),
        user_id=str(user.id),
        display_name=user.display_name,
        is_admin=is_game_admin(interaction),
    )


def place_of(interaction: Interaction) -> Place:
    if interaction.guild_id is None or interaction.channel_id is None:
        return Place(None, is_dm=True)
    return Place(str(interaction.channel_id), is_dm=False)


def dm_actor(user: discord.abc.User, workspace: str) -> Actor:
    """The writer of a direct message: never an admin, whatever their roles somewhere."""
    return Actor(PLATFORM, workspace, str(user.id), user.display_name, is_admin=False)


def mention_of(user: discord.abc.User) -> str:
    """A user picked in a command's option, in the service's neutral form."""
    return user_mention(str(user.id), user.display_name)


def neutral_mention(text: str, names: Mapping[str, str] | None = None) -> str | None:
    """A user as Discord writes them in a message, in the service's neutral form; None if it
    is not one. ``names``: the display names of the users the message mentions, by id (the
    message's own list); without one the id is shown."""
    found = _MENTION.fullmatch(text)
    if found is None:
        return None
    user_id = found.group(1)
    return user_mention(user_id, (names or {}).get(user_id, user_id))
