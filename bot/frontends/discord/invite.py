"""What the bot asks of Discord: the gateway intents it listens with, the permissions it
needs in a channel, and the invite link that grants exactly those.

No privileged intent. ``guilds`` tells the bot which servers it is on (for DMs, see
workspaces); ``dm_messages`` delivers direct messages, whose text Discord gives to a bot
without the message-content intent. Slash commands, buttons and menus arrive as interactions,
which need no intent at all.

In a channel the bot only posts what the outbox holds (results, maps, announcements,
reminders): it must see the channel and send messages there, in threads too, with embeds
and an attached map, and read its own recent messages there (after a restart it looks for
what it already posted, so nothing is posted twice). Answers to commands travel with the
interaction and need nothing.
"""

from __future__ import annotations

import discord

SCOPES = ("bot", "applications.commands")


def intents() -> discord.Intents:
    wanted = discord.Intents.none()
    wanted.guilds = True
    wanted.dm_messages = True
    return wanted


def permissions() -> discord.Permissions:
    return discord.Permissions(
        view_channel=True,
        send_messages=True,
        send_messages_in_threads=True,
        embed_links=True,
        attach_files=True,
        read_message_history=True,
    )


def invite_url(application_id: int) -> str:
    return discord.utils.oauth_url(application_id, permissions=permissions(), scopes=SCOPES)
