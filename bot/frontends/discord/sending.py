"""Sending a service message to Discord: the Discord messages that carry it (see embeds),
the buttons under the last one, sent one at a time.

The outbox transport, the answers to interactions and the replies to direct messages all
send through here; they differ only in where one Discord message goes (a channel, a user's
DMs, an interaction's follow-up). An outbox message's parts are marked with its outbox id
and their number: in the last embed's footer (what :func:`marked_part` reads back from the
channel's history) and as the nonce (Discord refuses a second message with the same nonce
for a few minutes), so that a delivery taken again after a stop is never posted twice.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace

import discord

from bot.frontends.discord.embeds import Part, render
from bot.frontends.discord.views import message_view
from bot.service import Message

# Player names and game text never ping anyone.
MENTIONS = discord.AllowedMentions.none()
# The footer of an outbox message's parts: "dipgm #12", or "dipgm #12 · 2/3".
_MARK = re.compile(r"dipgm #(\d+)(?: · (\d+)/\d+)?")


@dataclass(frozen=True, slots=True)
class Mark:
    """Which outbox message a Discord message carries, and which part of it (from 1)."""

    outbox_id: int
    number: int
    of: int

    @property
    def footer(self) -> str:
        suffix = f" · {self.number}/{self.of}" if self.of > 1 else ""
        return f"dipgm #{self.outbox_id}{suffix}"

    @property
    def nonce(self) -> str:
        return f"dipgm{self.outbox_id}.{self.number}"


def marked_part(embeds: Sequence[discord.Embed]) -> tuple[int, int] | None:
    """(outbox id, part number) of a Discord message the outbox sent, from its footer."""
    for embed in embeds:
        found = _MARK.fullmatch(embed.footer.text or "")
        if found is not None:
            return int(found.group(1)), int(found.group(2) or 1)
    return None


@dataclass(frozen=True, slots=True)
class Outgoing:
    """One Discord message of a service message, and the buttons if it is the last."""

    part: Part
    view: discord.ui.View | None
    mark: Mark | None = None

    @property
    def embeds(self) -> list[discord.Embed]:
        embeds = list(self.part.embeds)
        if self.mark is not None and embeds:
            # A copy: the rendered embeds are shared by every send of the part.
            last = embeds[-1].copy()
            last.set_footer(text=self.mark.footer)
            embeds[-1] = last
        return embeds

    def files(self) -> list[discord.File]:
        return self.part.files()

    @property
    def view_or_missing(self) -> discord.ui.View:
        """The view as discord.py's send takes it: MISSING for none."""
        return self.view if self.view is not None else discord.utils.MISSING


SendOne = Callable[[Outgoing], Awaitable[None]]


def outgoing(
    message: Message, workspace: str, image: bytes | None = None, outbox_id: int | None = None
) -> list[Outgoing]:
    """The Discord messages that carry ``message``; ``image``: the picture's bytes when the
    message holds only a reference to a stored one (an outbox delivery); ``outbox_id``: the
    outbox message they carry, marked on each."""
    parts = render(message, image)
    view = message_view(message, workspace)
    last = len(parts) - 1
    out = [Outgoing(part, view if index == last else None) for index, part in enumerate(parts)]
    if outbox_id is None:
        return out
    return [
        replace(one, mark=Mark(outbox_id, number, len(out)))
        for number, one in enumerate(out, start=1)
    ]


async def send_message(
    send: SendOne, message: Message, workspace: str, image: bytes | None = None
) -> None:
    """Every Discord message of ``message``, in order, each through ``send``."""
    for one in outgoing(message, workspace, image):
        await send(one)


async def send_to(channel: discord.abc.Messageable, one: Outgoing) -> None:
    """One Discord message to a channel or a user's DMs."""
    if one.mark is None:
        await channel.send(
            embeds=one.embeds,
            files=one.files(),
            view=one.view_or_missing,
            allowed_mentions=MENTIONS,
        )
        return
    await channel.send(
        embeds=one.embeds,
        files=one.files(),
        view=one.view_or_missing,
        allowed_mentions=MENTIONS,
        nonce=one.mark.nonce,
    )
