"""Slash commands about the game at the table: `/dip newgame`, `join`, `leave`, `games`,
`players`, `status`, `map`, `history`, `settings` and `help`.

News for the table (a game created, a player joining, the map) is answered in the channel;
what is for the asker (help, their games, the status) to them alone.
"""

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
    flag,
    setting,
    summary,
)
from bot.frontends.discord.suggest import MAX_SUGGESTIONS
from bot.service import help_topics
from bot.service.options.game_options import Press

PRESS_RULES = [app_commands.Choice(name=p.value, value=p.value) for p in Press]


def table_commands(front: Front) -> list[AnyCommand]:
    async def run(interaction: Interaction, text: str, *, private: bool) -> None:
        await front.command(interaction, text, private=private)

    @app_commands.command(name="help", description=summary("help"))
    @app_commands.describe(command="A command to explain")
    async def help_(interaction: Interaction, command: str | None = None) -> None:
        await run(interaction, command_text("help", command), private=True)

    @help_.autocomplete("command")
    async def topics(interaction: Interaction, current: str) -> Suggestions:
        return choices(help_topics(current)[:MAX_SUGGESTIONS])

    @app_commands.command(name="newgame", description=summary("newgame"))
    @app_commands.describe(
        name="One word: letters, digits, - or _ (default: game-1, game-2, ...)",
        schedule="48h/2h/2h (movement/retreats/adjustments), blitz:5m, league or weekly:...",
        tz="The game's time zone, e.g. Europe/London",
        negotiation="Time to negotiate before the first deadline counts, e.g. 7d",
        grace="Once all are ready, wait this long first, e.g. 10m",
        reminders="Remind powers missing orders this long before orders close, e.g. 24h,1h",
        ready_early="Adjudicate early once every power is ready (default: yes)",
        press="The press rule (default: full)",
        grey_press="Allow unsigned (grey) press (default: no)",
        anonymous="Keep who plays which power secret (default: no)",
        nmr="Missed orders: off, warn, warn:2, cd or excuse:1 (default: off)",
        end="An agreed end: a year (1910), 1910:units or a date (2027-01-15)",
        players="Fewer players, as the rule book sets them out: 6, 5, 4, 4:2, 4:3 or 3",
    )
    @app_commands.choices(press=PRESS_RULES)
    async def newgame(
        interaction: Interaction,
        name: str | None = None,
        schedule: str | None = None,
        tz: str | None = None,
        negotiation: str | None = None,
        grace: str | None = None,
        reminders: str | None = None,
        ready_early: bool | None = None,
        press: str | None = None,
        grey_press: bool | None = None,
        anonymous: bool | None = None,
        nmr: str | None = None,
        end: str | None = None,
        players: str | None = None,
    ) -> None:
        rule = "+".join(w for w in (press, "grey" if grey_press else None) if w)
        text = command_text(
            "newgame",
            name,
            setting("schedule", schedule),
            setting("tz", tz),
            setting("negotiation", negotiation),
            setting("grace", grace),
            setting("reminders", reminders),
            flag("ready_early", ready_early),
            setting("press", rule),
            flag("anonymous", anonymous),
            setting("nmr", nmr),
            setting("end", end),
            setting("players", players),
        )
        await run(interaction, text, private=False)

    @app_commands.command(name="join", description=summary("join"))
    @app_commands.describe(powers="The powers you would like, best first: e.g. france, england")
    async def join(interaction: Interaction, powers: str | None = None) -> None:
        await run(interaction, command_text("join", powers), private=False)

    @app_commands.command(name="leave", description=summary("leave"))
    @app_commands.describe(
        confirm="Yes, leave a game under way (your power falls into civil disorder)", game=GAME
    )
    async def leave(
        interaction: Interaction, confirm: bool = False, game: str | None = None
    ) -> None:
        text = command_text("leave", "confirm" if confirm else None, game=game)
        await run(interaction, text, private=False)

    @app_commands.command(name="games", description=summary("games"))
    async def games(interaction: Interaction) -> None:
        await run(interaction, "games", private=True)

    @app_commands.command(name="players", description=summary("players"))
    @app_commands.describe(game=GAME)
    async def players(interaction: Interaction, game: str | None = None) -> None:
        await run(interaction, command_text("players", game=game), private=True)

    @app_commands.command(name="status", description=summary("status"))
    @app_commands.describe(game=GAME)
    async def status(interaction: Interaction, game: str | None = None) -> None:
        await run(interaction, command_text("status", game=game), private=True)

    @app_commands.command(name="map", description=summary("map"))
    @app_commands.describe(
        phase="A past phase, e.g. S1901M (default: now)",
        region="A region (balkans, france, ...) or a province code and its neighbours",
        mine="Draw your own orders on the board, for you alone",
        game=GAME,
    )
    async def map_(
        interaction: Interaction,
        phase: str | None = None,
        region: str | None = None,
        mine: bool = False,
        game: str | None = None,
    ) -> None:
        text = command_text("map", phase, region, "mine" if mine else None, game=game)
        await run(interaction, text, private=mine)

    @app_commands.command(name="history", description=summary("history"))
    @app_commands.describe(phase="A past phase, e.g. F1901M (default: the latest)", game=GAME)
    async def history(
        interaction: Interaction, phase: str | None = None, game: str | None = None
    ) -> None:
        await run(interaction, command_text("history", phase, game=game), private=True)

    @app_commands.command(name="settings", description=summary("settings"))
    @app_commands.describe(
        changes="Game master: options to change, as for newgame, e.g. press=public nmr=cd",
        game=GAME,
    )
    async def settings(
        interaction: Interaction, changes: str | None = None, game: str | None = None
    ) -> None:
        text = command_text("settings", changes, game=game)
        await run(interaction, text, private=changes is None)

    return [help_, newgame, join, leave, games, players, status, map_, history, settings]
