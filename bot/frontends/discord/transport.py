"""The Discord outbox transport: a delivery is as many Discord messages as its embeds need
(the map under the last one's text, the buttons below it), each a part of its own, so a
failure half-way resends only the rest."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextlib import contextmanager

import discord

from bot.frontends.discord.sending import Outgoing, outgoing, send_to
from bot.frontends.discord.workspaces import Workspaces
from bot.service import Delivery, SendError


def describe_failure(exc: Exception) -> str:
    """What is recorded about a failed send: the kind and Discord's codes, never the text
    sent (it may hold orders)."""
    if isinstance(exc, discord.HTTPException):
        return f"{type(exc).__name__}: HTTP {exc.status}, Discord code {exc.code}"
    return type(exc).__name__


class DiscordTransport:
    """Through the connected client: by id, without waiting for any cache."""

    def __init__(self, client: discord.Client, workspaces: Workspaces | None = None) -> None:
        self._client = client
        self._workspaces = workspaces

    def parts(self, delivery: Delivery) -> list[Outgoing]:
        return outgoing(delivery.message, delivery.target.workspace, delivery.image)

    async def post(self, channel: str, part: Outgoing) -> None:
        with _described():
            await send_to(self._client.get_partial_messageable(int(channel)), part)

    async def dm(self, user_id: str, workspace: str, part: Outgoing) -> None:
        with _described():
            channel = await self._client.create_dm(discord.Object(id=int(user_id)))
            await send_to(channel, part)
        if self._workspaces is not None:
            # A game wrote to this user: their next DM is most likely about it.
            with contextlib.suppress(ValueError):
                self._workspaces.saw(int(user_id), int(workspace))


@contextmanager
def _described() -> Iterator[None]:
    try:
        yield
    except Exception as exc:
        raise SendError(describe_failure(exc)) from None
