"""Reliability where a game master decides who plays: the minimum a game asks to join
(`reliability=90`), a joiner's record told to the game master, and the players' records at
`start`. A person with no record yet (no movement phase owed in this club) may join any game."""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.context import Context
from bot.service.effects import Line, Message, Reply, Section
from bot.service.errors import UserError
from bot.service.outbox import queue
from bot.service.season import Rating, Record, finished_games, rate, record_of
from bot.store import Game, Player


async def record(ctx: Context, user_id: str) -> Record:
    return await record_of(ctx.store, ctx.platform, ctx.workspace, user_id)


async def require_reliability(ctx: Context, game: Game) -> Record:
    """The joiner's record, refused if below the game's minimum."""
    mine = await record(ctx, ctx.actor_id)
    needed = ctx.options(game).club.reliability
    if needed is not None and mine.percent is not None and mine.percent < needed:
        raise UserError(
            f"{game.name} asks for a reliability of {needed}% or more to join; yours is "
            f"{mine.describe()}. `reliability` shows your record; the game master may change "
            "the minimum with `settings reliability=...`."
        )
    return mine


async def tell_master(ctx: Context, game: Game, joined: Record) -> None:
    """The game master hears a joiner's record (when they have one, and are not the master)."""
    if joined.percent is None or ctx.actor_id == game.creator:
        return
    name = ctx.request.actor.display_name
    message = Message(
        title=f"{game.name}: {name} joined",
        sections=(Section(None, (Line(f"{name}'s reliability: {joined.describe()}."),)),),
    )
    key = f"game:{game.id}:joined-record:{ctx.actor_id}:{ctx.now.isoformat()}"
    await queue.to_user(ctx.store, game, game.creator, key, message)


def record_line(name: str, found: Record) -> str:
    return f"{name}'s reliability: {found.describe()}."


async def records_at_start(ctx: Context, members: Sequence[Player]) -> list[Reply]:
    """For the game master who starts a game: the records of the players who have one."""
    lines: list[Line] = []
    for member in members:
        found = await record(ctx, member.user_id)
        if found.percent is not None or found.left:
            lines.append(Line(f"{member.display_name}: {found.describe()}"))
    if not lines:
        return []
    return [
        ctx.private(
            Message(title="The players' reliability", sections=(Section(None, tuple(lines)),))
        )
    ]


async def club_section(ctx: Context, game: Game, members: Sequence[Player]) -> tuple[Section, ...]:
    """For `players`: each player's rating (unless the club keeps none) and reliability (for
    the game master, or anyone where the club makes it public); nothing when nobody has
    either yet."""
    club = await ctx.store.club_settings(ctx.platform, ctx.workspace)
    ratings: dict[str, Rating] = {}
    if club.ratings:
        games = await finished_games(ctx.store, ctx.platform, ctx.workspace)
        ratings = {r.person.user_id: r for r in rate(games)}
    show_records = club.reliability_public or ctx.is_gm(game)
    lines: list[Line] = []
    for member in members:
        parts: list[str] = []
        rating = ratings.get(member.user_id)
        if rating is not None:
            parts.append(f"rating {rating.shown:.1f}")
        if show_records:
            found = await record(ctx, member.user_id)
            if found.percent is not None or found.left:
                parts.append(f"reliability {found.describe()}")
        if parts:
            lines.append(Line(f"{member.display_name}: {'; '.join(parts)}"))
    return (Section("Across the club's games", tuple(lines)),) if lines else ()
