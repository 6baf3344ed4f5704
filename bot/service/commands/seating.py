"""Who sits at a power, as the game master decides: `kick <power>` and `replace <power>
<user>`.

A power without a player is in civil disorder: its units hold and it orders nothing (the
UK rule book, III.3); whatever its last player had ordered in the open phase stays on file
but counts only if a new player takes the power over before the deadline. The new player
then sees those orders, since they are now their own power's. Its previous player's DRAW
or SURRENDER vote in the phase is dropped: a vote binds only the player who cast it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.service.arguments import Argument, Kind
from bot.service.commands.spec import CommandSpec
from bot.service.context import Context
from bot.service.effects import Line, Message, Reply, Section
from bot.service.errors import UserError
from bot.service.options.fewer_players import blocs_of, commanded, lead_of
from bot.service.outbox import queue
from bot.service.roster import computer_takes_over, in_several_games, replacement_wanted, vacate
from bot.service.season import ADVERTISED, advertise_seats, lobby_of
from bot.service.stored_orders import members_by_power, read_orders
from bot.service.turn import computer_turns, opening
from bot.service.words import notices
from bot.service.words.labels import power_name, power_names
from bot.store import Game, OrderKind, Phase, Player, PowerStatus, VoteKind
from engine import Position, format_order


@dataclass(frozen=True, slots=True)
class Seat:
    """The game master's view of one power in a running game."""

    game: Game
    phase: Phase
    position: Position
    power: str

    @property
    def name(self) -> str:
        return power_name(self.position, self.power)


async def playable_status(ctx: Context, seat: Seat) -> PowerStatus:
    """The seat's status now; refused if nobody may ever play it again: a power out of the
    game, one that surrendered, or one still neutral."""
    state = (await ctx.store.power_statuses(seat.game.id)).get(seat.power, PowerStatus.PLAYING)
    if state == PowerStatus.ELIMINATED:
        raise UserError(f"{seat.name} is out of the game: it has nothing left to play.")
    if state == PowerStatus.SURRENDERED:
        raise UserError(f"{seat.name} surrendered: it stays out of the game.")
    if seat.power in seat.position.neutral:
        raise UserError(f"{seat.name} is neutral: nobody plays it yet.")
    return state


async def seat_of(ctx: Context) -> Seat:
    """The power the game master names (the `power` argument), in the game's open phase."""
    game = await ctx.game()
    ctx.require_gm(game)
    phase, position = await ctx.open_phase(game)
    power = ctx.values.power("power", position.variant)
    if power is None:  # pragma: no cover - the power is required
        raise ctx.values.refuse("power", f"`{ctx.command.name}` needs its power")
    return Seat(game, phase, position, power)


def replace_power(seat: Seat, power: str) -> Seat:
    return Seat(seat.game, seat.phase, seat.position, power)


def _is(powers: list[str]) -> str:
    return "is" if len(powers) == 1 else "are"


def _players_of(players: list[Player], power: str) -> list[Player]:
    return [p for p in players if p.power == power]


def line_message(title: str, *lines: str) -> Message:
    return Message(title=title, sections=(Section(None, tuple(Line(t) for t in lines)),))


# kick ----------------------------------------------------------------------------------------


async def kick(ctx: Context) -> list[Reply]:
    seat = await seat_of(ctx)
    game = seat.game
    lead = lead_of(game.settings, seat.power)
    if not _players_of(await ctx.store.players_of(game.id), lead):
        if seat.power in await ctx.store.computer_powers(game.id):
            raise UserError(
                f"A computer plays {seat.name}: `bot {seat.power.lower()} off` takes it off, "
                f"or `replace {seat.power.lower()} <user>` hands it to a person."
            )
        raise UserError(f"Nobody plays {seat.name} in {game.name}: there is nobody to remove.")
    powers = commanded(game.settings, lead)
    names = power_names(seat.position.variant, powers)
    by_computer = ctx.options(game).computer_cd
    state = (
        f"a computer plays {names} now"
        if by_computer
        else f"{names} {_is(powers)} in civil disorder"
    )
    removed = await remove_players(ctx, seat, state)
    if await computer_takes_over(ctx.store, game, powers, seat.phase.name):
        await computer_turns.give_orders(
            ctx.store, game, seat.phase, seat.position, powers, workers=ctx.deps.workers
        )
    if ctx.options(game).anonymous:
        who = f"The game master removed {seat.name}'s player from the game."
    else:
        who = f"The game master removed {', '.join(removed)} from the game."
    message = line_message(
        f"{game.name}: {names} {_is(powers)} played by a computer"
        if by_computer
        else f"{game.name}: {names} {_is(powers)} in civil disorder",
        who,
        "A computer gives its orders until a new player takes over (cd=bot)."
        if by_computer
        else "Its units hold and it gives no orders until a new player takes over.",
        *(replacement_wanted(power_name(seat.position, p), p) for p in powers),
        *await _advertised(ctx, seat, powers, by_computer),
    )
    return await ctx.announce(game, message, "kick")


async def _advertised(
    ctx: Context, seat: Seat, powers: Sequence[str], by_computer: bool
) -> tuple[str, ...]:
    """The call for a player posted to the club's lobby too, when it has one."""
    if await lobby_of(ctx.store, seat.game) is None:
        return ()
    why = "played by a computer" if by_computer else "in civil disorder"
    entry = await ctx.store.audit(ctx.actor_id, "advertise", game_id=seat.game.id)
    key = f"game:{seat.game.id}:lobby:{entry.id}"
    posted = await advertise_seats(ctx.store, seat.game, seat.position, powers, why, key)
    return (ADVERTISED,) if posted else ()


async def remove_players(ctx: Context, seat: Seat, state: str) -> list[str]:
    """Remove the players of the seat's power (with every power they command), which falls
    into civil disorder, and tell each by DM, ``state`` saying what becomes of it; their
    names."""
    game = seat.game
    removed = await vacate(ctx.store, game, seat.power, seat.phase.name)
    for player in removed:
        note = line_message(
            f"{game.name}: you were removed",
            f"The game master removed you from {game.name}: {state}.",
        )
        key = f"game:{game.id}:kick:{seat.phase.id}:{player.id}"
        await queue.to_user(ctx.store, game, player.user_id, key, note)
    return [p.display_name for p in removed]


KICK = CommandSpec(
    "kick",
    "kick <power>",
    "Remove the player(s) of a power: it falls into civil disorder, its units hold.",
    kick,
    (
        "The channel is told a replacement is wanted. Orders the power had given this "
        "phase stay on file but count only if a new player takes over before the deadline.",
    ),
    ("kick france",),
    arguments=(
        Argument("power", "The power whose players leave, e.g. france", Kind.POWER, required=True),
    ),
    gm=True,
    public=True,
)


# replace -------------------------------------------------------------------------------------


async def replace(ctx: Context) -> list[Reply]:
    seat = await seat_of(ctx)
    game = seat.game
    named = ctx.values.user("user")
    if named is None:  # pragma: no cover - the new player is required
        raise ctx.values.refuse("user", "`replace` needs its new player")
    user_id, display = named
    state = (await ctx.store.power_statuses(game.id)).get(seat.power, PowerStatus.PLAYING)
    if state == PowerStatus.ELIMINATED:
        raise UserError(f"{seat.name} is out of the game: it has nothing left to play.")
    if state == PowerStatus.SURRENDERED:
        raise UserError(f"{seat.name} surrendered: it stays out of the game.")
    members = await ctx.store.players_of(game.id)
    current = next((p for p in members if p.user_id == user_id), None)
    if current is not None and seat.power in commanded(game.settings, current.power or ""):
        raise UserError(f"{display} already plays {seat.name}.")
    if current is not None and current.power is not None:
        other = power_name(seat.position, current.power)
        raise UserError(f"{display} already plays {other} in {game.name}.")
    blocs = blocs_of(game.settings)
    if seat.power in blocs:
        # Handed over alone: the player who also commanded it keeps their own power.
        game.settings = {
            **game.settings,
            "blocs": {p: lead for p, lead in blocs.items() if p != seat.power},
        }
    leaving = _players_of(members, seat.power)
    for player in leaving:
        await ctx.store.remove_player(game.id, player.user_id)
        note = line_message(
            f"{game.name}: you were replaced",
            f"The game master handed {seat.name} to another player; you no longer play in "
            f"{game.name}.",
        )
        key = f"game:{game.id}:replaced:{seat.phase.id}:{player.id}"
        await queue.to_user(ctx.store, game, player.user_id, key, note)
    player = await ctx.store.add_player(game.id, user_id, display)
    player.power = seat.power
    handed = commanded(game.settings, seat.power)
    statuses = await ctx.store.power_statuses(game.id)
    for power in handed:
        # the person takes over from the computer, with the orders it gave this phase
        if await ctx.store.unseat_computer(game.id, power):
            # the computer's ready is not the new player's word
            await ctx.store.set_ready(seat.phase.id, power, False)
        if statuses.get(power) not in (PowerStatus.ELIMINATED, PowerStatus.SURRENDERED):
            await ctx.store.set_power_status(
                game.id, power, PowerStatus.PLAYING, phase_name=seat.phase.name
            )
        # A DRAW or SURRENDER is its player's own word, unlike the orders, which are the
        # power's: what the previous player voted this phase does not bind the new one.
        for kind in VoteKind:
            await ctx.store.withdraw_vote(game.id, seat.phase.name, power, kind)
    await ctx.store.session.flush()
    for power in handed:
        await brief(ctx, replace_power(seat, power), player)
    names = power_names(seat.position.variant, handed)
    if ctx.options(game).anonymous:
        who = f"{names} has a new player."
    else:
        who = f"{display} now plays {names}."
    message = line_message(
        f"{game.name}: {names} {_is(handed)} played again",
        who,
        "Its units take orders again from this phase on.",
    )
    replies = await ctx.announce(game, message, "replace")
    return [*replies, ctx.say(f"{display} plays {names} now and has the picture by DM.")]


REPLACE = CommandSpec(
    "replace",
    "replace <power> <user>",
    "Hand a power to a new player (its current players, if any, leave the game).",
    replace,
    (
        "The new player gets by DM the power's units, centres, what the phase asks of it "
        "and the orders already given for it this phase.",
    ),
    ("replace france @zoe",),
    arguments=(
        Argument("power", "The power to hand over, e.g. france", Kind.POWER, required=True),
        Argument("user", "Its new player", Kind.USER, required=True),
    ),
    gm=True,
    public=True,
)


async def brief(ctx: Context, seat: Seat, player: Player, *, team: bool = False) -> None:
    """The new player's DM: the power, its units and centres, what the phase asks of it, and
    the orders already on file for it (they are the power's own); ``team``: they joined the
    team that commands it, rather than being handed it."""
    rows = await ctx.store.orders_of_phase(seat.phase.id, power=seat.power, kind=OrderKind.ORDER)
    members = await members_by_power(ctx.store, seat.game.id)
    given = [format_order(o) for o in read_orders(seat.position, rows, members).get(seat.power, [])]
    conditional = await ctx.store.orders_of_phase(
        seat.phase.id, power=seat.power, kind=OrderKind.CONDITIONAL
    )
    given += [row.canonical_text or row.raw_text for row in conditional]
    deadline = opening.deadline(seat.phase, ctx.zone(seat.game), ctx.now)
    several = await in_several_games(ctx.store, seat.game, player.user_id)
    message = notices.handover(
        seat.game.name,
        seat.position,
        seat.power,
        given,
        deadline,
        several_games=several,
        team=team,
    )
    key = f"game:{seat.game.id}:handover:{seat.phase.id}:{player.id}:{seat.power}"
    await queue.to_user(ctx.store, seat.game, player.user_id, key, message)
