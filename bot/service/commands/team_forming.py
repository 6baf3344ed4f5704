"""Forming teams, where a game allows them (`teams=`): who joins with whom before the start,
and the teams drawn by lot among the powers at the start. Joining a power's team once the game
is under way asks the team's consent (`late_joining.py`).

Before the start a game keeps ``team_of``: user id -> the label of their team (the user id of
its first member); a player not in it is a team of their own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.service.context import Context
from bot.service.errors import UserError
from bot.store import Game, Player

JOIN_WITH_USAGE = "`join with <user>`, e.g. `join with @alice`"


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


def someone_else(ctx: Context, named: tuple[str, str]) -> tuple[str, str]:
    """The partner named in `join with <user>`, who is not the requester."""
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
