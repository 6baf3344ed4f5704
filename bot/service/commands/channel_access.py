"""Whether the bot may post in a game's channel, asked of the front end when a game is
created and when it starts: what it lacks, and how to grant it, goes to the game master."""

from __future__ import annotations

from bot.service.context import Context
from bot.service.effects import Reply
from bot.service.words.delivery import access_lines
from bot.store import Game

BEFORE_START = "Please grant it before `start`: the game's results and maps are posted here."
AFTER_START = (
    "Until it is granted, each message this channel does not get is reported to the game "
    "master by direct message."
)


def check_channel(ctx: Context, game: Game, *, then: str) -> None:
    """Once the command's transaction is done, ask what the bot lacks in the game's channel
    and tell the requester (the game master) if anything; ``then``: what follows from it."""
    platform, channel = str(game.platform), game.channel

    async def warn() -> list[Reply]:
        lines = access_lines(platform, await ctx.deps.access(platform, channel))
        if not lines:
            return []
        return [ctx.say(*lines, then, title=f"{game.name}: I cannot post in this channel")]

    ctx.follow_ups.append(warn)
