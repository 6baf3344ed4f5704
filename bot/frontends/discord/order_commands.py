"""Slash commands about one's own orders: `/dip order` (with autocomplete), `orders`,
`clear`, `possible`, `menu`, `ready` and `unready`. All of it is the asker's own business:
acknowledged and answered to them alone."""

from __future__ import annotations

from discord import app_commands

from bot.frontends.discord.front import Front
from bot.frontends.discord.identity import Interaction
from bot.frontends.discord.options import (
    GAME,
    AnyCommand,
    Suggestions,
    choices,
    command_text,
    summary,
    typed_game,
)
from bot.frontends.discord.suggest import suggest_orders, suggest_units


def order_commands(front: Front) -> list[AnyCommand]:
    async def run(interaction: Interaction, text: str) -> None:
        await front.command(interaction, text, private=True)

    async def units(interaction: Interaction, current: str) -> Suggestions:
        found = await front.order_choices(interaction, typed_game(interaction))
        return choices(suggest_units(current, found))

    @app_commands.command(name="order", description=summary("order"))
    @app_commands.describe(
        orders="One or more orders, e.g. A Par-Bur; F Bre-MAO (suggestions follow your typing)",
        game=GAME,
    )
    async def order(interaction: Interaction, orders: str, game: str | None = None) -> None:
        await run(interaction, command_text("order", orders, game=game))

    @order.autocomplete("orders")
    async def order_suggestions(interaction: Interaction, current: str) -> Suggestions:
        found = await front.order_choices(interaction, typed_game(interaction))
        return choices(suggest_orders(current, found))

    @app_commands.command(name="orders", description=summary("orders"))
    @app_commands.describe(game=GAME)
    async def orders(interaction: Interaction, game: str | None = None) -> None:
        await run(interaction, command_text("orders", game=game))

    @app_commands.command(name="clear", description=summary("clear"))
    @app_commands.describe(unit="A unit or province, or all (the default)", game=GAME)
    async def clear(
        interaction: Interaction, unit: str | None = None, game: str | None = None
    ) -> None:
        await run(interaction, command_text("clear", unit, game=game))

    clear.autocomplete("unit")(units)

    @app_commands.command(name="possible", description=summary("possible"))
    @app_commands.describe(unit="One unit or province: every order it may be given", game=GAME)
    async def possible(
        interaction: Interaction, unit: str | None = None, game: str | None = None
    ) -> None:
        await run(interaction, command_text("possible", unit, game=game))

    possible.autocomplete("unit")(units)

    @app_commands.command(
        name="menu", description="Give orders from menus, unit by unit (handy on a phone)"
    )
    @app_commands.describe(game=GAME)
    async def menu(interaction: Interaction, game: str | None = None) -> None:
        await front.open_builder(interaction, None, game)

    @app_commands.command(name="ready", description=summary("ready"))
    @app_commands.describe(game=GAME)
    async def ready(interaction: Interaction, game: str | None = None) -> None:
        await run(interaction, command_text("ready", game=game))

    @app_commands.command(name="unready", description=summary("unready"))
    @app_commands.describe(game=GAME)
    async def unready(interaction: Interaction, game: str | None = None) -> None:
        await run(interaction, command_text("unready", game=game))

    return [order, orders, clear, possible, menu, ready, unready]
