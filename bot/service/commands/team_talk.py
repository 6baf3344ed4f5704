"""`press team <message>`: the members of a team conferring through the bot.

A team's talk goes by DM to the other members of the writer's power and to nobody else. It
is not press between powers, so the game's press rule does not restrict it (a gunboat team
may still agree its orders), and it is not kept: no archive, export or other power ever
sees it; only the writer is recorded as having used the command, never what was said.
"""

from __future__ import annotations

from bot.service.context import Context
from bot.service.effects import Line, Message, Reply, Section
from bot.service.errors import UserError
from bot.service.outbox import queue
from bot.service.roster import users_of
from bot.service.words.labels import power_names

USAGE = "`press team <message>`, e.g. `press team Shall we take Belgium?`"
TEAM_MESSAGE = queue.About("a message from a teammate")


async def team_talk(ctx: Context, body: str, max_length: int) -> list[Reply]:
    game = await ctx.game()
    mine = await ctx.powers(game)
    power = mine[0]
    names = power_names(ctx.variant(game), mine)
    if not body.strip():
        raise UserError(f"The message is empty: {USAGE}.")
    if len(body) > max_length:
        raise UserError(
            f"That message has {len(body)} characters; send at most {max_length} at a time."
        )
    mates = [u for u in await users_of(ctx.store, game, power) if u != ctx.actor_id]
    if not mates:
        raise UserError(
            f"Nobody else commands {names} with you: `press team` reaches the other members "
            "of your team, and you have none."
        )
    entry = await ctx.store.audit(
        ctx.actor_id, "press team", game_id=game.id, detail={"command": "press"}
    )
    message = Message(
        title=f"{game.name}: from your teammate {ctx.request.actor.display_name} ({names})",
        sections=(Section(None, tuple(Line(t) for t in body.strip().splitlines())),),
    )
    for user_id in mates:
        key = f"game:{game.id}:team:{entry.id}:{user_id}"
        await queue.to_user(ctx.store, game, user_id, key, message, about=TEAM_MESSAGE)
    count = "your teammate" if len(mates) == 1 else f"your {len(mates)} teammates"
    return [ctx.say(f"Sent to {count} in {names}, and to nobody else.")]
