"""The game master's slash commands, under `/dip gm`: `start`, `process`, `pause`, `resume`,
`lock`, `unlock`, `kick`, `replace`, `extend`, `deadline` and `end`.

Anyone sees them in the picker, because a game's creator is its master whatever their roles;
the service refuses them to anyone else, with members who may manage the server counted as
masters of every game there. Announcements are for the table; refusals reach the asker alone.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.frontends.discord.front import Front
from bot.frontends.discord.identity import Interaction, mention_of
from bot.frontends.discord.options import GAME, AnyCommand, command_text, summary

GROUP = "gm"
GROUP_DESCRIPTION = "The game master's commands (the game's creator, or who manages the server)"


def gm_commands(front: Front) -> list[AnyCommand]:
    async def run(interaction: Interaction, text: str) -> None:
        await front.command(interaction, text, private=False)

    @app_commands.command(name="start", description=summary("start"))
    @app_commands.describe(game=GAME)
    async def start(interaction: Interaction, game: str | None = None) -> None:
        await run(interaction, command_text("start", game=game))

    @app_commands.command(name="process", description=summary("process"))
    @app_commands.describe(game=GAME)
    async def process(interaction: Interaction, game: str | None = None) -> None:
        await run(interaction, command_text("process", game=game))

    @app_commands.command(name="pause", description=summary("pause"))
    @app_commands.describe(game=GAME)
    async def pause(interaction: Interaction, game: str | None = None) -> None:
        await run(interaction, command_text("pause", game=game))

    @app_commands.command(name="resume", description=summary("resume"))
    @app_commands.describe(game=GAME)
    async def resume(interaction: Interaction, game: str | None = None) -> None:
        await run(interaction, command_text("resume", game=game))

    @app_commands.command(name="lock", description=summary("lock"))
    @app_commands.describe(game=GAME)
    async def lock(interaction: Interaction, game: str | None = None) -> None:
        await run(interaction, command_text("lock", game=game))

    @app_commands.command(name="unlock", description=summary("unlock"))
    @app_commands.describe(game=GAME)
    async def unlock(interaction: Interaction, game: str | None = None) -> None:
        await run(interaction, command_text("unlock", game=game))

    @app_commands.command(name="kick", description=summary("kick"))
    @app_commands.describe(power="The power whose players leave, e.g. france", game=GAME)
    async def kick(interaction: Interaction, power: str, game: str | None = None) -> None:
        await run(interaction, command_text("kick", power, game=game))

    @app_commands.command(name="replace", description=summary("replace"))
    @app_commands.describe(
        power="The power to hand over, e.g. france", user="Its new player", game=GAME
    )
    async def replace(
        interaction: Interaction,
        power: str,
        user: discord.User | discord.Member,
        game: str | None = None,
    ) -> None:
        await run(interaction, command_text("replace", power, mention_of(user), game=game))

    @app_commands.command(name="extend", description=summary("extend"))
    @app_commands.describe(duration="How much later, e.g. 24h or 1d12h", game=GAME)
    async def extend(interaction: Interaction, duration: str, game: str | None = None) -> None:
        await run(interaction, command_text("extend", duration, game=game))

    @app_commands.command(name="deadline", description=summary("deadline"))
    @app_commands.describe(
        when="In the game's time zone: +2h, tomorrow 18:00, 2026-11-25 18:00", game=GAME
    )
    async def deadline(interaction: Interaction, when: str, game: str | None = None) -> None:
        await run(interaction, command_text("deadline", when, game=game))

    @app_commands.command(name="end", description=summary("end"))
    @app_commands.describe(confirm="Yes, end the game for good", game=GAME)
    async def end(interaction: Interaction, confirm: bool = False, game: str | None = None) -> None:
        await run(interaction, command_text("end", "confirm" if confirm else None, game=game))

    @app_commands.command(name="rollback", description=summary("rollback"))
    @app_commands.describe(confirm="Yes, undo the last adjudication", game=GAME)
    async def rollback(
        interaction: Interaction, confirm: bool = False, game: str | None = None
    ) -> None:
        await run(interaction, command_text("rollback", "confirm" if confirm else None, game=game))

    return [
        start,
        process,
        pause,
        resume,
        lock,
        unlock,
        kick,
        replace,
        extend,
        deadline,
        end,
        rollback,
    ]
