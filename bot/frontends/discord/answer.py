"""Answering an interaction with the service's replies, each where its audience says.

An interaction is acknowledged at once ("thinking…", seen by all or by the asker alone),
then answered: the reply that matches the acknowledgement replaces it, every other reply
follows. A reply for the asker alone is ephemeral; one for a direct message goes to their
DMs (ephemeral if their DMs are closed); a public one is posted in the channel. A private
reply is never shown in public: when the acknowledgement was public and nothing public came
back, the acknowledgement is deleted.
"""

from __future__ import annotations

import logging
from enum import Enum

import discord

from bot.frontends.discord.embeds import Part, render
from bot.frontends.discord.identity import Interaction
from bot.frontends.discord.views import message_view
from bot.service import OUR_FAULT, Audience, Reply

logger = logging.getLogger(__name__)

# Player names and game text never ping anyone.
MENTIONS = discord.AllowedMentions.none()


class Visibility(Enum):
    PUBLIC = "public"
    PRIVATE = "private"
    DM = "dm"


def visibility(reply: Reply, in_dm: bool) -> Visibility:
    """Where a reply goes; in a DM everything is answered there, seen by the asker alone."""
    if in_dm:
        return Visibility.PUBLIC
    if reply.audience is Audience.CHANNEL:
        return Visibility.PUBLIC
    if reply.audience is Audience.DM:
        return Visibility.DM
    return Visibility.PRIVATE


async def answer(
    interaction: Interaction, replies: list[Reply], *, deferred_private: bool, workspace: str
) -> None:
    """Send the replies of an interaction acknowledged with ``defer(thinking=True)``."""
    in_dm = interaction.guild_id is None
    acknowledged = Visibility.PRIVATE if deferred_private and not in_dm else Visibility.PUBLIC
    first = next((i for i, r in enumerate(replies) if visibility(r, in_dm) is acknowledged), None)
    if first is None:
        await interaction.delete_original_response()
    else:
        await send_reply(interaction, replies[first], workspace, original=True)
    for index, reply in enumerate(replies):
        if index != first:
            await send_reply(interaction, reply, workspace)


async def send_reply(
    interaction: Interaction, reply: Reply, workspace: str, *, original: bool = False
) -> None:
    """One reply: replacing the acknowledgement (``original``) or as a follow-up."""
    parts = render(reply.message)
    view = message_view(reply.message, workspace)
    where = visibility(reply, interaction.guild_id is None)
    if where is Visibility.DM:
        if await _direct(interaction.user, parts, view):
            return
        where = Visibility.PRIVATE
    for index, part in enumerate(parts):
        last_view = view if index == len(parts) - 1 else None
        if original and index == 0:
            await interaction.edit_original_response(
                content=None,
                embeds=list(part.embeds),
                attachments=part.files(),
                view=last_view,
                allowed_mentions=MENTIONS,
            )
            continue
        await interaction.followup.send(
            embeds=list(part.embeds),
            files=part.files(),
            view=last_view if last_view is not None else discord.utils.MISSING,
            ephemeral=where is Visibility.PRIVATE,
            allowed_mentions=MENTIONS,
        )


async def _direct(
    user: discord.User | discord.Member, parts: list[Part], view: discord.ui.View | None
) -> bool:
    """Send to the user's DMs; False if Discord refuses (DMs closed to the server)."""
    try:
        for index, part in enumerate(parts):
            last_view = view if index == len(parts) - 1 else None
            await user.send(
                embeds=list(part.embeds),
                files=part.files(),
                view=last_view if last_view is not None else discord.utils.MISSING,
                allowed_mentions=MENTIONS,
            )
    except discord.HTTPException as exc:
        logger.info("a direct message was refused (HTTP %s); answering in place", exc.status)
        return False
    return True


async def our_fault(interaction: Interaction) -> None:
    """Tell the user something failed on our side, and nothing more (never a traceback)."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(OUR_FAULT, ephemeral=True, allowed_mentions=MENTIONS)
        else:
            await interaction.response.send_message(
                OUR_FAULT, ephemeral=True, allowed_mentions=MENTIONS
            )
    except discord.HTTPException as exc:
        logger.warning("could not tell the user either (HTTP %s)", exc.status)
