"""One player's games at a glance: phase, deadline, and whether their own orders are in.

Made for a front end's own page (Slack's App Home); it speaks of the reader's power only, so
it is as private as the reader's DM.
"""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.service.context import Command, Context, Deps
from bot.service.effects import Actor, Line, Message, Place, Request, Section
from bot.service.stored_orders import members_by_power, read_orders
from bot.service.team_votes import ready_powers
from bot.service.turn import opening
from bot.service.words.accounts import adjustments_left
from bot.service.words.labels import phase_label, power_name
from bot.store import Game, GameStatus, OrderKind, Platform, Store
from engine import PhaseKind, Position, still_to_order

NO_GAMES = Message(
    title="No games yet",
    sections=(
        Section(
            None,
            (
                Line("You play in no game yet."),
                Line("Join one in its channel with `join`, or create one there with `newgame`."),
            ),
        ),
    ),
)


async def home(
    sessions: async_sessionmaker[AsyncSession], deps: Deps, actor: Actor
) -> list[Message]:
    """A message per unfinished game the actor plays in, oldest first."""
    async with sessions() as session:
        ctx = Context(
            store=Store(session, deps.clock),
            request=Request(actor, Place(None, is_dm=True), "games"),
            command=Command("games"),
            deps=deps,
            now=deps.clock(),
        )
        games = [
            g
            for g in await ctx.store.games_of_user(Platform(actor.platform), actor.user_id)
            if g.workspace == actor.workspace
        ]
        cards = [await _card(ctx, game) for game in games]
    return cards or [NO_GAMES]


async def _card(ctx: Context, game: Game) -> Message:
    where = Line(f"Channel: #{game.channel}")
    if game.status == GameStatus.FORMING:
        count = len(await ctx.store.players_of(game.id))
        total = len(ctx.variant(game).powers)
        forming = Line(f"Forming: {count} of {total} players; the game master starts it.")
        return Message(title=f"{game.name}: forming", sections=(Section(None, (where, forming)),))
    phase = await ctx.store.open_phase_of(game.id)
    player = await ctx.membership(game)
    if phase is None or player is None or player.power is None:
        return Message(title=game.name, sections=(Section(None, (where,)),))
    position = Position.from_json(phase.position)
    power = player.power
    rows = await ctx.store.orders_of_phase(phase.id, power=power, kind=OrderKind.ORDER)
    members = await members_by_power(ctx.store, game.id)
    mine = read_orders(position, rows, members).get(power, [])
    missing = still_to_order(position, power, mine)
    lines = [
        where,
        Line(f"You play {power_name(position, power)}."),
        Line(_orders_state(position, power, len(rows), missing)),
    ]
    if power in await ready_powers(ctx.store, game.id, phase.id):
        lines.append(Line("You are ready."))
    if game.status == GameStatus.PAUSED:
        lines.append(Line("The game is paused by the game master."))
    return Message(
        title=f"{game.name}: {phase_label(phase.name)}",
        sections=(Section(None, tuple(lines)),),
        deadline=opening.deadline(phase, ctx.zone(game), ctx.now),
    )


def _orders_state(position: Position, power: str, given: int, missing: list[str]) -> str:
    if missing and position.phase.kind is PhaseKind.ADJUSTMENTS:
        return f"Your orders: {adjustments_left(missing)} to go."
    if missing:
        return f"Your orders: still missing for {', '.join(missing)}."
    if given:
        return "Your orders are all in."
    return "You have nothing to order this phase."
