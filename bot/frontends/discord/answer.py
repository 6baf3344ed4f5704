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
from functools import partial

import discord

from bot.frontends.discord.identity import Interaction
from bot.frontends.discord.sending import MENTIONS, Outgoing, SendOne, send_message, send_to
from bot.service import OUR_FAULT, Audience, Message, Reply

logger = logging.getLogger(__name__)


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
    where = visibility(reply, interaction.guild_id is None)
    if where is Visibility.DM:
        if await _direct(interaction.user, reply.message, workspace):
            return
        where = Visibility.PRIVATE
    in_place = _in_place(interaction, ephemeral=where is Visibility.PRIVATE, original=original)
    await send_message(in_place, reply.message, workspace)


def _in_place(interaction: Interaction, *, ephemeral: bool, original: bool) -> SendOne:
    """Sending into the interaction: the first Discord message replaces the acknowledgement
    if ``original``, every other one follows it."""
    replacing = original

    async def send(one: Outgoing) -> None:
        nonlocal replacing
        if replacing:
            replacing = False
            await interaction.edit_original_response(
                content=None,
                embeds=one.embeds,
                attachments=one.files(),
                view=one.view,
                allowed_mentions=MENTIONS,
            )
            return
        await interaction.followup.send(
            embeds=one.embeds,
            files=one.files(),
            view=one.view_or_missing,
            ephemeral=ephemeral,
            allowed_mentions=MENTIONS,
        )

    return send


async def _direct(user: discord.User | discord.Member, message: Message, workspace: str) -> bool:
    """Send to the user's DMs; False if Discord refuses (DMs closed to the server)."""
    try:
        await send_message(partial(send_to, user), message, workspace)
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
