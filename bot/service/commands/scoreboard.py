"""`scoreboard`: the supply centres of every power by year (by turn) as a chart, the
standings with their players, and what a draw would score. Anyone may ask: centre counts
are public, so the answer goes to everyone where it was asked."""

from __future__ import annotations

from bot.service.commands.spec import CommandSpec
from bot.service.context import Context
from bot.service.effects import Message, Reply
from bot.service.errors import UserError
from bot.service.turn.scoreboard import (
    chart_image,
    positions_of,
    scores_section,
    standings_section,
)
from bot.store import GameStatus


async def scoreboard(ctx: Context) -> list[Reply]:
    game = await ctx.game(ended=True)
    if game.status == GameStatus.FORMING:
        raise UserError(f"{game.name} has not started: the scoreboard begins with `start`.")
    positions = await positions_of(ctx.store, game)
    if not positions:
        raise UserError(f"{game.name} has no phase yet: the scoreboard begins with `start`.")
    now = positions[-1]
    over = game.status == GameStatus.FINISHED
    title = (
        f"{game.name}: final scoreboard"
        if over
        else (f"{game.name}: scoreboard, {now.phase.label}")
    )
    image, _ = await chart_image(game, positions)
    message = Message(
        title=title,
        sections=(
            await standings_section(ctx.store, game, now),
            await scores_section(ctx.store, game, now),
        ),
        image=image,
    )
    return [ctx.public(message)]


SCOREBOARD = CommandSpec(
    "scoreboard",
    "scoreboard",
    "Supply centres of every power by year or turn (a chart), the standings, and draw scores.",
    scoreboard,
    (
        "The chart has one line per power in its map colour, from the start to the last "
        "Fall played (in Diplomacia, the last turn). The standings list the powers by supply "
        "centres with their players (no names in an anonymous game); once the game is over "
        "its winners come first.",
        "The scores are what a draw of the powers still playing would give each power, by "
        "draw size (equal shares) and by sum of squares (centres squared over the sum of "
        "every power's centres squared), for the game master to use as the league prefers.",
    ),
    ("scoreboard", "game hague scoreboard"),
    public=True,
)
