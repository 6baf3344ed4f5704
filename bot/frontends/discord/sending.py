"""Sending a service message to Discord: the Discord messages that carry it (see embeds),
the buttons under the last one, sent one at a time.

The outbox transport, the answers to interactions and the replies to direct messages all
send through here; they differ only in where one Discord message goes (a channel, a user's
DMs, an interaction's follow-up).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import discord

from bot.frontends.discord.embeds import Part, render
from bot.frontends.discord.views import message_view
from bot.service import Message

# Player names and game text never ping anyone.
MENTIONS = discord.AllowedMentions.none()


@dataclass(frozen=True, slots=True)
class Outgoing:
    """One Discord message of a service message, and the buttons if it is the last."""

    part: Part
    view: discord.ui.View | None

    @property
    def embeds(self) -> list[discord.Embed]:
        return list(self.part.embeds)

    def files(self) -> list[discord.File]:
        return self.part.files()

    @property
    def view_or_missing(self) -> discord.ui.View:
        """The view as discord.py's send takes it: MISSING for none."""
        return self.view if self.view is not None else discord.utils.MISSING


SendOne = Callable[[Outgoing], Awaitable[None]]


def outgoing(message: Message, workspace: str, image: bytes | None = None) -> list[Outgoing]:
    """The Discord messages that carry ``message``; ``image``: the picture's bytes when the
    message holds only a reference to a stored one (an outbox delivery)."""
    parts = render(message, image)
    view = message_view(message, workspace)
    last = len(parts) - 1
    return [Outgoing(part, view if index == last else None) for index, part in enumerate(parts)]


async def send_message(
    send: SendOne, message: Message, workspace: str, image: bytes | None = None
) -> None:
    """Every Discord message of ``message``, in order, each through ``send``."""
    for one in outgoing(message, workspace, image):
        await send(one)


async def send_to(channel: discord.abc.Messageable, one: Outgoing) -> None:
    """One Discord message to a channel or a user's DMs."""
    await channel.send(
        embeds=one.embeds,
        files=one.files(),
        view=one.view_or_missing,
        allowed_mentions=MENTIONS,
    )
