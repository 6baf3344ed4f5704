"""`report <text>`: a private note to the game master (the league's Judge Judy rule: disputes
go to the game master). Delivered by DM to the game's creator, and to nobody else."""

from __future__ import annotations

from bot.service.arguments import Argument
from bot.service.commands.press import MAX_LENGTH as PRESS_LIMIT
from bot.service.commands.spec import CommandSpec
from bot.service.context import Context
from bot.service.effects import Line, Message, Reply, Section
from bot.service.errors import UserError
from bot.service.options.fewer_players import commanded
from bot.service.outbox import queue

# The same limit as press: a note arrives whole, in several posts where the platform needs.
MAX_LENGTH = PRESS_LIMIT


async def report(ctx: Context) -> list[Reply]:
    # A dispute may outlive the game: the game master hears of it all the same.
    game = await ctx.game(ended=True)
    body = ctx.values.text("text")
    if len(body) > MAX_LENGTH:
        raise UserError(f"That note has {len(body)} characters; send at most {MAX_LENGTH:,}.")
    sender = ctx.request.actor.display_name
    player = await ctx.membership(game)
    if player is not None and player.power is not None:
        variant = ctx.variant(game)
        names = [variant.power_info[p].name for p in commanded(game.settings, player.power)]
        sender += f" ({' and '.join(names)})"
    entry = await ctx.store.audit(ctx.actor_id, "report", game_id=game.id)
    note = Message(
        title=f"{game.name}: a note for the game master",
        sections=(
            Section(None, (Line(f"From {sender}:"),)),
            Section(None, tuple(Line(text) for text in body.splitlines())),
        ),
    )
    key = f"game:{game.id}:report:{entry.id}"
    about = queue.About("a note for the game master", sender=ctx.actor_id, to="the game master")
    await queue.to_user(ctx.store, game, game.creator, key, note, about=about)
    return [ctx.say(f"Your note went to the game master of {game.name}; nobody else sees it.")]


REPORT = CommandSpec(
    "report",
    "report <text>",
    "A private note to the game master, e.g. about a dispute or a threat.",
    report,
    (
        "Delivered by direct message to the game's creator and nobody else. In-game "
        "negotiation may be coercive, but threats to property or person are not allowed "
        "(the Judge Judy rule): report them.",
    ),
    ("report England threatened to damage my bike",),
    arguments=(Argument("text", "What the game master should know", required=True),),
)
