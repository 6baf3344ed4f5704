"""Slash commands for service commands this front end does not type yet: the command's name
and help as the service gives them, its arguments as one line of text.

So a command the service learns is never missing from `/dip`; typing its options is then an
improvement, not a repair.
"""

from __future__ import annotations

from collections.abc import Collection

from discord import app_commands

from bot.frontends.discord.front import Front
from bot.frontends.discord.identity import Interaction
from bot.frontends.discord.options import (
    DESCRIPTION_LIMIT,
    GAME,
    AnyCommand,
    command_text,
    summary,
)
from bot.service import COMMANDS, CommandSpec


def generic_commands(front: Front, typed: Collection[str]) -> list[tuple[CommandSpec, AnyCommand]]:
    """A command for each service command not in ``typed``, with its spec."""
    return [(spec, _command(front, spec)) for spec in COMMANDS if spec.name not in typed]


def _command(front: Front, spec: CommandSpec) -> AnyCommand:
    async def callback(
        interaction: Interaction, arguments: str | None = None, game: str | None = None
    ) -> None:
        text = command_text(spec.name, arguments, game=game)
        # Game masters' commands mostly announce; the others mostly answer the asker.
        await front.command(interaction, text, private=not spec.gm)

    usage = spec.usage[:DESCRIPTION_LIMIT]
    described = app_commands.describe(arguments=usage, game=GAME)(callback)
    return app_commands.Command(name=spec.name, description=summary(spec.name), callback=described)
