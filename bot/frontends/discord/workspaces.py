"""Which server a direct message is about.

A DM to the bot names no server, and each server is its own workspace of games. When the bot
is on one server, that is it. Otherwise the servers the writer shares with the bot decide;
if they share several, the one server where the writer plays a game (the database knows,
so this survives restarts and holds across workers), else the one where the writer last used
the bot or last heard from a game. Only if that is unknown too does the writer get asked to
use `/dip` on the right server once.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Protocol

import discord

from bot.frontends.discord.identity import NOWHERE

logger = logging.getLogger(__name__)

# Membership changes rarely; asking Discord again after this long is enough.
MEMBERSHIP_SECONDS = 600.0
# Users whose last server is remembered; the oldest are forgotten first.
REMEMBERED = 10_000

SEVERAL_SERVERS = (
    "You share more than one server with me, so I cannot tell which game you mean. "
    "Use `/dip` once in your game's channel (for example `/dip orders`), then write to me "
    "here again."
)


class Directory(Protocol):
    """The servers the bot is on, and who is a member of each."""

    def guild_ids(self) -> list[int]: ...

    async def is_member(self, guild_id: int, user_id: int) -> bool: ...


class ClientDirectory:
    """The directory as the connected client sees it (no privileged intent needed: a single
    member is fetched by id)."""

    def __init__(self, client: discord.Client) -> None:
        self._client = client

    def guild_ids(self) -> list[int]:
        return [guild.id for guild in self._client.guilds]

    async def is_member(self, guild_id: int, user_id: int) -> bool:
        guild = self._client.get_guild(guild_id)
        if guild is None:
            return False
        if guild.get_member(user_id) is not None:
            return True
        try:
            await guild.fetch_member(user_id)
        except discord.NotFound:
            return False
        except discord.HTTPException as exc:
            logger.warning("could not look up a member of server %s: HTTP %s", guild_id, exc.status)
            return False
        return True


async def _plays_nowhere(user_id: int) -> set[str]:
    return set()


class Workspaces:
    def __init__(
        self,
        directory: Directory,
        *,
        playing: Callable[[int], Awaitable[set[str]]] = _plays_nowhere,
        clock: Callable[[], float] = time.monotonic,
        membership_seconds: float = MEMBERSHIP_SECONDS,
    ) -> None:
        self._directory = directory
        self._playing = playing
        self._clock = clock
        self._ttl = membership_seconds
        self._last: OrderedDict[int, int] = OrderedDict()
        self._members: dict[tuple[int, int], tuple[bool, float]] = {}

    def saw(self, user_id: int, guild_id: int) -> None:
        """The user used the bot on a server, or a game there wrote to them."""
        self._last[user_id] = guild_id
        self._last.move_to_end(user_id)
        while len(self._last) > REMEMBERED:
            self._last.popitem(last=False)
        self._members[(guild_id, user_id)] = (True, self._clock() + self._ttl)

    async def of(self, user_id: int) -> str | None:
        """The workspace of the user's DMs; None when several servers could be meant."""
        guilds = self._directory.guild_ids()
        if len(guilds) == 1:
            return str(guilds[0])
        shared = [guild for guild in guilds if await self._is_member(guild, user_id)]
        if len(shared) == 1:
            return str(shared[0])
        if not shared:
            return NOWHERE
        plays_in = await self._playing(user_id)
        playing = [g for g in shared if str(g) in plays_in]
        if len(playing) == 1:
            return str(playing[0])
        last = self._last.get(user_id)
        return str(last) if last in shared else None

    async def _is_member(self, guild_id: int, user_id: int) -> bool:
        key = (guild_id, user_id)
        now = self._clock()
        known = self._members.get(key)
        if known is not None and known[1] > now:
            return known[0]
        member = await self._directory.is_member(guild_id, user_id)
        if len(self._members) >= REMEMBERED:
            self._members = {k: v for k, v in self._members.items() if v[1] > now}
        self._members[key] = (member, now + self._ttl)
        return member
