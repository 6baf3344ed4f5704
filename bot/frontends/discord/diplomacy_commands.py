"""Slash commands between powers, and to the game master: `/dip press`, `draw`, `undraw`,
`surrender` and `report`.

Press goes to its readers through the outbox (their DMs, or the channel in a public-press
game); votes and surrenders are secret until the phase is adjudicated; a report is for the
game master alone. So everything here is acknowledged and answered to the asker alone.
"""

from __future__ import annotations

from discord import app_commands

from bot.frontends.discord.front import Front
from bot.frontends.discord.identity import Interaction
from bot.frontends.discord.options import GAME, AnyCommand, command_text, summary

SURRENDER_CHOICES = [
    app_commands.Choice(name="confirm: surrender when this phase is adjudicated", value="confirm"),
    app_commands.Choice(name="cancel: take the surrender back", value="cancel"),
]


def recipients(text: str) -> str:
    """``england, germany`` as the grammar has it: ``england,germany``."""
    return ",".join(text.replace(",", " ").split())


def diplomacy_commands(front: Front) -> list[AnyCommand]:
    async def run(interaction: Interaction, text: str) -> None:
        await front.command(interaction, text, private=True)

    @app_commands.command(name="press", description=summary("press"))
    @app_commands.describe(
        to="One power, several separated by commas, or all",
        message="What to say",
        grey="Send it unsigned, where the game allows grey press",
        game=GAME,
    )
    async def press(
        interaction: Interaction,
        to: str,
        message: str,
        grey: bool = False,
        game: str | None = None,
    ) -> None:
        text = command_text("press", recipients(to), "grey" if grey else None, message, game=game)
        await run(interaction, text)

    @app_commands.command(name="draw", description=summary("draw"))
    @app_commands.describe(game=GAME)
    async def draw(interaction: Interaction, game: str | None = None) -> None:
        await run(interaction, command_text("draw", game=game))

    @app_commands.command(name="undraw", description=summary("undraw"))
    @app_commands.describe(game=GAME)
    async def undraw(interaction: Interaction, game: str | None = None) -> None:
        await run(interaction, command_text("undraw", game=game))

    @app_commands.command(name="surrender", description=summary("surrender"))
    @app_commands.describe(decision="Surrender, or take it back", game=GAME)
    @app_commands.choices(decision=SURRENDER_CHOICES)
    async def surrender(
        interaction: Interaction, decision: str | None = None, game: str | None = None
    ) -> None:
        await run(interaction, command_text("surrender", decision, game=game))

    @app_commands.command(name="report", description=summary("report"))
    @app_commands.describe(text="What the game master should know", game=GAME)
    async def report(interaction: Interaction, text: str, game: str | None = None) -> None:
        await run(interaction, command_text("report", text, game=game))

    @app_commands.command(name="export", description=summary("export"))
    @app_commands.describe(game=GAME)
    async def export(interaction: Interaction, game: str | None = None) -> None:
        await run(interaction, command_text("export", game=game))

    return [press, draw, undraw, surrender, report, export]
