"""Forming teams, where a game allows them (`teams=`): who joins with whom before the start,
the teams drawn by lot among the powers at the start, and a member joining a power's team once
the game is under way.

Before the start a game keeps ``team_of``: user id -> the label of their team (the user id of
its first member); a player not in it is a team of their own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from bot.service.commands.mentions import not_a_user, read_user
from bot.service.commands.seating import Seat, brief
from bot.service.context import Context
from bot.service.effects import Line, Message, Reply, Section
from bot.service.errors import UserError
from bot.service.roster import users_of
from bot.service.words.labels import power_name
from bot.service.words.quoting import quotes_cut
from bot.store import Game, GameStatus, Player, PowerStatus
from engine import OrderError
from engine.names import power_code

# `with <user>` or `with=<user>`: a user in the neutral form may have spaces in its name.
_WITH = re.compile(r"(?:^|\s)with(?:\s*=\s*|\s+)(<@[^>]*>|\S+)", re.IGNORECASE)
JOIN_WITH_USAGE = "`join with <user>`, e.g. `join with @alice`"


def split_with(text: str) -> tuple[str | None, str]:
    """The text of a `join`: the user named after `with` (None if none), and the rest."""
    match = _WITH.search(text)
    if match is None:
        return None, text
    return match.group(1), (text[: match.start()] + " " + text[match.end() :]).strip()


def team_of(game: Game) -> dict[str, str]:
    stored = game.settings.get("team_of")
    return {str(k): str(v) for k, v in stored.items()} if isinstance(stored, Mapping) else {}


def teams_formed(game: Game, members: Sequence[Player]) -> list[list[Player]]:
    """The teams of a forming game, each in join order, in the order their first members
    joined."""
    labels = team_of(game)
    teams: dict[str, list[Player]] = {}
    for player in sorted(members, key=lambda p: p.id):
        teams.setdefault(labels.get(player.user_id, player.user_id), []).append(player)
    return list(teams.values())


def team_wishes(team: Sequence[Player]) -> list[str]:
    """A team's preferences for powers: its members', the first to join first."""
    wishes: list[str] = []
    for player in team:
        wishes += [p for p in player.preferences if p not in wishes]
    return wishes


def drop_from_team(game: Game, user_id: str) -> None:
    """A player left before the start: they are in no team any more."""
    labels = team_of(game)
    if user_id in labels:
        del labels[user_id]
        game.settings = {**game.settings, "team_of": labels}


def read_partner(ctx: Context, game: Game, written: str) -> tuple[str, str]:
    named = read_user(written)
    if named is None:
        raise UserError(not_a_user(written, JOIN_WITH_USAGE))
    if named[0] == ctx.actor_id:
        raise UserError(f"Name someone else to join: {JOIN_WITH_USAGE}.")
    return named


async def join_team_forming(ctx: Context, game: Game, partner: tuple[str, str]) -> str:
    """Put the requester in the team of ``partner`` (who has joined); the partner's team
    members' names, for the announcement."""
    members = await ctx.store.players_of(game.id)
    user_id, display = partner
    if not any(p.user_id == user_id for p in members):
        raise UserError(
            f"{display} has not joined {game.name}: they write `join` first, then you "
            f"`join with {display}`."
        )
    labels = team_of(game)
    labels[ctx.actor_id] = labels.get(user_id, user_id)
    game.settings = {**game.settings, "team_of": labels}
    return labels[ctx.actor_id]


async def join_running(
    ctx: Context, game: Game, power_word: str, partner: str | None
) -> list[Reply]:
    """Join the team of a power in a game under way: the power named, or a partner's."""
    if game.status == GameStatus.FINISHED:
        raise UserError(f"{game.name} has ended.")
    phase, position = await ctx.open_phase(game)
    variant = position.variant
    members = await ctx.store.players_of(game.id)
    if any(p.user_id == ctx.actor_id for p in members):
        raise UserError(f"You already play in {game.name}.")
    if partner is not None:
        user_id, display = read_partner(ctx, game, partner)
        theirs = next((p for p in members if p.user_id == user_id), None)
        if theirs is None or theirs.power is None:
            raise UserError(f"{display} does not play a power in {game.name}.")
        power = theirs.power
    else:
        if not power_word.strip():
            raise UserError(
                f"{game.name} is under way: join a power's team by naming it, e.g. "
                f"`join france`, or {JOIN_WITH_USAGE}."
            )
        try:
            power = power_code(variant, power_word.strip())
        except OrderError as exc:
            raise UserError(f"{quotes_cut(str(exc))}. Write e.g. `join france`.") from None
    name = power_name(position, power)
    state = (await ctx.store.power_statuses(game.id)).get(power, PowerStatus.PLAYING)
    if state != PowerStatus.PLAYING or not await users_of(ctx.store, game, power):
        raise UserError(
            f"Nobody plays {name} now, so there is no team to join: the game master hands a "
            f"power without players to someone with `replace {power.lower()} <user>`."
        )
    player = await ctx.store.add_player(game.id, ctx.actor_id, ctx.request.actor.display_name)
    player.power = power
    await ctx.store.session.flush()
    await brief(ctx, Seat(game, phase, position, power), player)
    who = (
        f"{name} has a new team member."
        if ctx.options(game).anonymous
        else f"{ctx.request.actor.display_name} joined {name}'s team."
    )
    message = Message(title=None, sections=(Section(None, (Line(who),)),))
    replies = await ctx.announce(game, message, "join")
    return [
        *replies,
        ctx.say(
            f"You joined {name}'s team in {game.name}: the power's units, "
            "what the phase asks and its orders so far are in your DM."
        ),
    ]
