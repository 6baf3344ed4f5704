"""Joining and leaving a game: `join` before the start (with preferences, or with a partner
where teams are allowed), its answers once under way (`late_joining.py`), and `leave`."""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.arguments import Argument, Kind
from bot.service.commands.club_records import require_reliability, tell_master
from bot.service.commands.forming import seats_for
from bot.service.commands.late_joining import answer_request, join_running
from bot.service.commands.spec import CommandSpec
from bot.service.commands.team_forming import (
    drop_from_team,
    join_team_forming,
    someone_else,
    teams_formed,
)
from bot.service.context import Context
from bot.service.effects import Line, Message, Reply, Section, text
from bot.service.errors import UserError
from bot.service.options.fewer_players import commanded
from bot.service.roster import computer_takes_over
from bot.service.turn import computer_turns
from bot.service.words.labels import power_list, power_names
from bot.store import Game, GameStatus, PowerStatus
from engine import Position

# join / leave ------------------------------------------------------------------------------


async def join(ctx: Context) -> list[Reply]:
    game = await ctx.game()
    variant = ctx.variant(game)
    teams = ctx.options(game).teams
    accepted, refused = ctx.values.user("accept"), ctx.values.user("refuse")
    answered = accepted or refused
    if answered is not None:
        return await answer_request(ctx, game, answered, accept=accepted is not None)
    named = ctx.values.user("with")
    if named is not None and teams is None:
        raise UserError(
            f"{game.name} has one player per power: teams are allowed only in a game created "
            "with `newgame ... teams=any` or `teams=all`."
        )
    joiner = await require_reliability(ctx, game)
    if game.status != GameStatus.FORMING:
        return await join_running(ctx, game, named)
    partner = None if named is None else someone_else(ctx, named)
    preferences = ctx.values.powers("powers", variant)
    players = await ctx.store.players_of(game.id)
    already = any(p.user_id == ctx.actor_id for p in players)
    total = seats_for(ctx, game)
    if teams is not None:
        taken = len(teams_formed(game, players))
        if partner is None and not already and taken >= total - reserved_for_computers(ctx, game):
            raise UserError(
                f"{game.name} is full: {total} teams have joined. Join one of them with "
                "`join with <user>`."
            )
    elif not already and len(players) >= total - reserved_for_computers(ctx, game):
        raise UserError(_full(ctx, game, len(players)))
    await ctx.store.add_player(game.id, ctx.actor_id, ctx.request.actor.display_name, preferences)
    if partner is not None:
        await join_team_forming(ctx, game, partner)
        return await _joined_team(ctx, game, partner, total)
    wanted = (
        f"Your preferences: {power_list(variant, preferences)}."
        if preferences
        else "No preferences: any power will do."
    )
    if already:
        return [ctx.say(f"You are already in {game.name}. {wanted}")]
    count = len(players) + 1
    if teams is not None:
        count = len(teams_formed(game, await ctx.store.players_of(game.id)))
    public = Message(
        title=None,
        sections=(
            Section(
                None,
                (
                    Line(
                        f"{ctx.request.actor.display_name} joined {game.name} "
                        f"({_of_total(count, total, teams is not None)})."
                    ),
                ),
            ),
        ),
    )
    replies = await ctx.announce(game, public, "join")
    await tell_master(ctx, game, joiner)
    return [*replies, ctx.say(f"You joined {game.name}. {wanted}")]


def reserved_for_computers(ctx: Context, game: Game) -> int:
    """The seats `bots=N` keeps for computer players (none with `bots=all`, which fills
    whatever nobody takes)."""
    bots = ctx.options(game).bots
    return 0 if bots is None or bots.count is None else bots.count


def _full(ctx: Context, game: Game, joined: int) -> str:
    reserved = reserved_for_computers(ctx, game)
    if not reserved:
        return f"{game.name} is full: {joined} players have joined."
    return (
        f"{game.name} is full: {joined} players have joined and computers take the other "
        f"{reserved} seats (bots={reserved}); the game master may lower bots= with `settings`."
    )


def _of_total(count: int, total: int, teams: bool) -> str:
    return f"{count} of {total} teams" if teams else f"{count} of {total} players"


async def _joined_team(
    ctx: Context, game: Game, partner: tuple[str, str], total: int
) -> list[Reply]:
    members = await ctx.store.players_of(game.id)
    team = next(t for t in teams_formed(game, members) if ctx.actor_id in {p.user_id for p in t})
    names = ", ".join(p.display_name for p in team)
    # the partner as the game knows them: Slack's mention carries a handle ("fran"), the
    # team's list the name they joined under ("Fran")
    partner_id, named = partner
    name = next((p.display_name for p in team if p.user_id == partner_id), named)
    count = len(teams_formed(game, members))
    line = f"{ctx.request.actor.display_name} joined {name}'s team in {game.name}: {names}"
    message = text(f"{line} ({_of_total(count, total, True)}).")
    replies = await ctx.announce(game, message, "join")
    return [
        *replies,
        ctx.say(
            f"You are in a team with {name}'s: {names}. The team draws its power by lot "
            "when the game starts, and every member commands it."
        ),
    ]


JOIN = CommandSpec(
    "join",
    "join [power ...] [with <user>] | join accept|refuse <user>",
    "Join the game in this channel, naming the powers you would like, best first.",
    join,
    (
        "Powers are assigned by lot when the game starts, preferences honoured where possible.",
        "Where the game allows teams (`teams=any` or `teams=all`), `join with <user>` joins "
        "that player's team: powers are drawn by lot among teams, and every member commands "
        "the team's power.",
        "Once the game is under way, `join france` (or `join with <user>`) asks to join the "
        "team of a power people play: its members and the game master are asked, and any of "
        "them answers `join accept <user>` or `join refuse <user>`; until then you see nothing "
        "of the power. `join <power>` of a power nobody plays (civil disorder, or a computer) "
        "volunteers for it: the game master is told, and hands it over with `replace`.",
    ),
    ("join", "join france, england", "join with @alice", "join accept @zoe"),
    arguments=(
        Argument(
            "powers", "The powers you would like, best first: e.g. france, england", Kind.NAMES
        ),
        Argument(
            "with",
            "A player whose team you join, where the game allows teams",
            Kind.USER,
            word="with",
        ),
        Argument(
            "accept", "Let this player join your team (a game under way)", Kind.USER, word="accept"
        ),
        Argument("refuse", "Refuse this player a place in your team", Kind.USER, word="refuse"),
    ),
    public=True,
    game_argument=False,
)


async def leave(ctx: Context) -> list[Reply]:
    game = await ctx.game()
    player = await ctx.membership(game)
    if player is None:
        raise UserError(f"You do not play in {game.name}.")
    name = ctx.request.actor.display_name
    if game.status == GameStatus.FORMING:
        await ctx.store.remove_player(game.id, ctx.actor_id)
        drop_from_team(game, ctx.actor_id)
        remaining = await ctx.store.players_of(game.id)
        teams = ctx.options(game).teams is not None
        count = len(teams_formed(game, remaining)) if teams else len(remaining)
        total = seats_for(ctx, game)
        message = text(f"{name} left {game.name} ({_of_total(count, total, teams)}).")
        return [*await ctx.announce(game, message, "leave"), ctx.say(f"You left {game.name}.")]
    if not ctx.values.flag("confirm"):
        raise UserError(
            f"{game.name} is under way: if you leave, your power falls into civil disorder and "
            "its units hold every turn. Write `leave confirm` to leave."
        )
    power = player.power
    await ctx.store.remove_player(game.id, ctx.actor_id)
    mine = commanded(game.settings, power) if power is not None else []
    country = power_names(ctx.variant(game), mine) if mine else "your power"
    by_computer = False
    if power is not None:
        partners = [p for p in await ctx.store.players_of(game.id) if p.power == power]
        if not partners:
            for each in mine:
                await ctx.store.set_power_status(game.id, each, PowerStatus.CIVIL_DISORDER)
            by_computer = await _computer_after(ctx, game, mine)
    who = "" if ctx.options(game).anonymous else f"{name} left {game.name}. "
    verb = "is" if len(mine) <= 1 else "are"
    state = (
        f"a computer plays {country} until a new player takes over."
        if by_computer
        else f"{country} {verb} in civil disorder: its units hold."
    )
    message = text(f"{who}{state}")
    return [*await ctx.announce(game, message, "leave"), ctx.say(f"You left {game.name}.")]


async def _computer_after(ctx: Context, game: Game, powers: Sequence[str]) -> bool:
    """Under `cd=bot`, a computer takes over the powers just left, with orders for the open
    phase; True if it did."""
    phase = await ctx.store.open_phase_of(game.id)
    if phase is None or not await computer_takes_over(ctx.store, game, powers, phase.name):
        return False
    position = Position.from_json(phase.position)
    await computer_turns.give_orders(
        ctx.store, game, phase, position, powers, workers=ctx.deps.workers
    )
    return True


LEAVE = CommandSpec(
    "leave",
    "leave",
    "Leave the game. Once it has started your power falls into civil disorder.",
    leave,
    ("In a game that has started, write `leave confirm`: your units then hold every turn.",),
    ("leave",),
    arguments=(
        Argument(
            "confirm",
            "Yes, leave a game under way (your power falls into civil disorder)",
            Kind.YES_NO,
            word="confirm",
        ),
    ),
    public=True,
)
