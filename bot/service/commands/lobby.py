"""`advertise`: the game master posts a seat looking for a player to the club's lobby (a power
nobody plays, one a computer plays, or a game still forming); whoever answers there is handled
as a volunteer in the game's channel is (`late_joining.py`)."""

from __future__ import annotations

from bot.service.arguments import Argument, Kind
from bot.service.commands.spec import CommandSpec
from bot.service.context import Context
from bot.service.effects import Reply
from bot.service.errors import UserError
from bot.service.roster import users_of
from bot.service.season import advertise_forming, advertise_seats, lobby_of
from bot.service.words.english import and_list
from bot.service.words.labels import power_name
from bot.store import Game, GameStatus, PowerStatus
from engine import Position

NO_LOBBY = (
    "This club has no lobby to advertise in: an admin names one by writing `club lobby=here` "
    "in that channel."
)


async def advertise(ctx: Context) -> list[Reply]:
    game = await ctx.game()
    ctx.require_gm(game)
    if await lobby_of(ctx.store, game) is None:
        raise UserError(NO_LOBBY)
    # keyed by its audit entry: advertising again is another post, a retry the same one
    entry = await ctx.store.audit(ctx.actor_id, "advertise", game_id=game.id)
    key = f"game:{game.id}:lobby:{entry.id}"
    if game.status == GameStatus.FORMING:
        if "power" in ctx.values:
            raise UserError(
                f"{game.name} is forming: its seats are advertised together, with `advertise` "
                "alone; powers are assigned at `start`."
            )
        joined = len(await ctx.store.players_of(game.id))
        await advertise_forming(ctx.store, game, joined, key)
        return [ctx.say(f"{game.name} is advertised in the lobby as looking for players.")]
    phase, position = await ctx.open_phase(game)
    free = await _free_powers(ctx, game, position)
    wanted = ctx.values.power("power", position.variant)
    if wanted is not None:
        if wanted not in free:
            raise UserError(
                f"{power_name(position, wanted)} has a player (or is out of the game): only a "
                "power in civil disorder or played by a computer is advertised."
            )
        free = {wanted: free[wanted]}
    if not free:
        raise UserError(f"Every power still in {game.name} has a player: no seat to advertise.")
    for power, why in free.items():
        await advertise_seats(ctx.store, game, position, [power], why, f"{key}:{phase.name}")
    names = and_list(power_name(position, p) for p in free)
    return [ctx.say(f"Advertised in the lobby: {names}. Answers reach you by DM.")]


async def _free_powers(ctx: Context, game: Game, position: Position) -> dict[str, str]:
    """The powers without a person, still in the game, with why: civil disorder, a computer."""
    statuses = await ctx.store.power_statuses(game.id)
    computers = await ctx.store.computer_powers(game.id)
    free: dict[str, str] = {}
    for power in position.variant.powers:
        state = statuses.get(power, PowerStatus.PLAYING)
        if state in (PowerStatus.ELIMINATED, PowerStatus.SURRENDERED):
            continue
        if power in position.neutral:
            continue
        if power in computers:
            free[power] = "played by a computer"
        elif not await users_of(ctx.store, game, power):
            free[power] = "in civil disorder"
    return free


ADVERTISE = CommandSpec(
    "advertise",
    "advertise [power]",
    "Post a seat looking for a player to the club's lobby.",
    advertise,
    (
        "The club's lobby is the channel its admins named with `club lobby=here`. In a game "
        "under way, `advertise france` posts France (in civil disorder or played by a "
        "computer) with its supply centres, units, phase and schedule; `advertise` alone "
        "posts every such power. In a game still forming, `advertise` posts the game and how "
        "many have joined.",
        "Whoever answers in the lobby (`game hague join france`, or the advert's button) is "
        "named to you by DM with a button that hands them the power, as `replace` does; a "
        "game's reliability minimum holds there too.",
    ),
    ("advertise", "advertise france"),
    arguments=(
        Argument(
            "power", "The power to advertise (default: every seat without a player)", Kind.POWER
        ),
    ),
    gm=True,
    public=True,
)
