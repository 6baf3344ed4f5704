"""`bot <power>` and `bot <power> off`: the game master puts a computer player on a power,
or takes it off.

A computer gives its orders as each phase opens (at once for the phase open now), sends and
reads no press, and votes for a draw only with every person still playing. Taking it off
leaves the power in civil disorder (its units hold) until `replace` hands it to a person;
`replace` also takes a power straight from a computer. A player commanding several powers
(`players=`) hands them all over together, as `kick` removes them together.
"""

from __future__ import annotations

from bot.service.arguments import Argument, Kind
from bot.service.commands.seating import (
    Seat,
    line_message,
    playable_status,
    remove_players,
    seat_of,
)
from bot.service.commands.spec import CommandSpec
from bot.service.context import Context
from bot.service.effects import Reply
from bot.service.errors import UserError
from bot.service.options.fewer_players import commanded, lead_of
from bot.service.roster import replacement_wanted, seat_computers
from bot.service.turn import computer_turns
from bot.service.words.labels import power_name, power_names
from bot.store import PowerStatus


async def bot(ctx: Context) -> list[Reply]:
    seat = await seat_of(ctx)
    if ctx.values.flag("off"):
        return await _off(ctx, seat)
    return await _on(ctx, seat)


async def _on(ctx: Context, seat: Seat) -> list[Reply]:
    game = seat.game
    await playable_status(ctx, seat)
    if seat.power in await ctx.store.computer_powers(game.id):
        raise UserError(
            f"A computer already plays {seat.name}; `bot {seat.power.lower()} off` takes it off."
        )
    powers = commanded(game.settings, lead_of(game.settings, seat.power))
    names = power_names(seat.position.variant, powers)
    removed = await remove_players(ctx, seat, f"a computer plays {names} now")
    await seat_computers(ctx.store, game, powers, seat.phase.name)
    await computer_turns.give_orders(
        ctx.store, game, seat.phase, seat.position, powers, workers=ctx.deps.workers
    )
    lines = [f"A computer plays {names} from now on: it gives its orders as each phase opens."]
    if removed and not ctx.options(game).anonymous:
        lines.insert(0, f"The game master took {names} from {', '.join(removed)}.")
    lines.append(
        f"It reads no press. `replace {seat.power.lower()} <user>` hands it to a person, "
        f"`bot {seat.power.lower()} off` takes the computer off."
    )
    message = line_message(f"{game.name}: {names} {_is(powers)} played by a computer", *lines)
    return await ctx.announce(game, message, "bot")


async def _off(ctx: Context, seat: Seat) -> list[Reply]:
    game = seat.game
    if seat.power not in await ctx.store.computer_powers(game.id):
        raise UserError(f"No computer plays {seat.name}: there is nothing to take off.")
    powers = commanded(game.settings, lead_of(game.settings, seat.power))
    for power in powers:
        await ctx.store.unseat_computer(game.id, power)
        await ctx.store.set_ready(seat.phase.id, power, False)
        await ctx.store.set_power_status(
            game.id, power, PowerStatus.CIVIL_DISORDER, phase_name=seat.phase.name
        )
    names = power_names(seat.position.variant, powers)
    message = line_message(
        f"{game.name}: {names} {_is(powers)} in civil disorder",
        f"The game master took the computer off {names}: its units hold until a new player "
        "takes over.",
        *(replacement_wanted(power_name(seat.position, p), p) for p in powers),
    )
    return await ctx.announce(game, message, "bot")


def _is(powers: list[str]) -> str:
    return "is" if len(powers) == 1 else "are"


BOT = CommandSpec(
    "bot",
    "bot <power> [off]",
    "Put a computer player on a power, or take it off (`bot france off`).",
    bot,
    (
        "The computer gives the power's orders as each phase opens (at once for the phase "
        "open now), adjudicated at the deadline with everyone else's. It sends and reads no "
        "press, and votes for a draw only when every person still playing does.",
        "A person playing the power leaves the game (with the other powers they command). "
        "`bot france off` leaves France in civil disorder, its units holding; "
        "`replace france @zoe` hands it to a person, who gets the full picture by DM.",
        "`newgame ... bots=3` fills seats nobody took when the game starts, and `cd=bot` puts "
        "a computer on a power that falls into civil disorder.",
    ),
    ("bot france", "bot france off"),
    arguments=(
        Argument("power", "The power a computer plays, e.g. france", Kind.POWER, required=True),
        Argument(
            "off",
            "Take the computer off (the power falls into civil disorder)",
            Kind.YES_NO,
            word="off",
        ),
    ),
    gm=True,
    public=True,
)
