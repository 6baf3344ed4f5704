"""The Discord outbox transport: a delivery is as many Discord messages as its embeds need
(the map under the last one's text, the buttons below it), each a part of its own, so a
failure half-way resends only the rest.

Each part is marked with its outbox id and number (see sending), so a delivery taken again
after a stop finds what is already in the channel and does not post it twice. Discord's
refusals that trying again cannot cure (403: the bot may not post there, or the person takes
no direct messages from the server's members; 404: no such channel or user; 400: the
message itself) are permanent: the message is given up at once and the game master told.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import discord

from bot.frontends.discord.sending import Outgoing, marked_part, outgoing, send_to
from bot.frontends.discord.workspaces import Workspaces
from bot.service import Access, Delivery, Need, Refusal, SendError

# How many of a channel's latest messages are read to find the bot's own posts.
RECENT = 50


def describe_failure(exc: Exception) -> str:
    """What is recorded about a failed send: the kind and Discord's codes, never the text
    sent (it may hold orders)."""
    if isinstance(exc, discord.HTTPException):
        return f"{type(exc).__name__}: HTTP {exc.status}, Discord code {exc.code}"
    return type(exc).__name__


def refusal(exc: Exception, *, dm: bool) -> Refusal | None:
    """Why Discord refused for good, if it did."""
    if isinstance(exc, discord.Forbidden):
        return Refusal.DMS if dm else Refusal.CHANNEL
    if isinstance(exc, discord.NotFound):
        return Refusal.GONE
    if isinstance(exc, discord.HTTPException) and exc.status == 400:
        return Refusal.CONTENT
    return None


class DiscordTransport:
    """Through the connected client: by id, without waiting for any cache."""

    def __init__(self, client: discord.Client, workspaces: Workspaces | None = None) -> None:
        self._client = client
        self._workspaces = workspaces

    def parts(self, delivery: Delivery) -> list[Outgoing]:
        return outgoing(
            delivery.message, delivery.target.workspace, delivery.image, outbox_id=delivery.id
        )

    async def post(self, channel: str, part: Outgoing) -> None:
        with _described(dm=False):
            await send_to(self._client.get_partial_messageable(int(channel)), part)

    async def dm(self, user_id: str, workspace: str, part: Outgoing) -> None:
        with _described(dm=True):
            channel = await self._client.create_dm(discord.Object(id=int(user_id)))
            await send_to(channel, part)
        if self._workspaces is not None:
            # A game wrote to this user: their next DM is most likely about it.
            with contextlib.suppress(ValueError):
                self._workspaces.saw(int(user_id), int(workspace))

    async def posted(self, delivery: Delivery, parts: Sequence[Outgoing]) -> int:
        target = delivery.target
        where: discord.abc.Messageable
        if target.channel is not None:
            where = self._client.get_partial_messageable(int(target.channel))
        elif target.user_id is not None:
            where = await self._client.create_dm(discord.Object(id=int(target.user_id)))
        else:
            return 0
        me = self._client.user
        numbers: set[int] = set()
        async for message in where.history(limit=RECENT):
            if me is not None and message.author.id != me.id:
                continue
            mark = marked_part(message.embeds)
            if mark is not None and mark[0] == delivery.id:
                numbers.add(mark[1])
        found = 0
        while found < len(parts) and found + 1 in numbers:
            found += 1
        return found

    async def access(self, channel: str) -> Access:
        found = self._client.get_channel(int(channel))
        if found is None:
            try:
                found = await self._client.fetch_channel(int(channel))
            except (discord.Forbidden, discord.NotFound):
                # A channel the bot cannot see is one it was not let into.
                return Access((Need.VIEW,))
        if isinstance(found, discord.abc.PrivateChannel):
            return Access()
        allowed = found.permissions_for(found.guild.me)
        send = (
            allowed.send_messages_in_threads
            if isinstance(found, discord.Thread)
            else allowed.send_messages
        )
        has = {
            Need.VIEW: allowed.view_channel,
            Need.SEND: send,
            Need.EMBED: allowed.embed_links,
            Need.ATTACH: allowed.attach_files,
            Need.HISTORY: allowed.read_message_history,
        }
        return Access(tuple(need for need, granted in has.items() if not granted))


@contextmanager
def _described(*, dm: bool) -> Iterator[None]:
    try:
        yield
    except Exception as exc:
        raise SendError(describe_failure(exc), refusal=refusal(exc, dm=dm)) from None
