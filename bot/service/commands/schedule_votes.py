"""`vote`: the players' own votes to pause a game until a date (a holiday) or extend a phase's
deadline, passing with the agreement the game's `votes=` asks (every power still playing by
default). A vote is as secret as a draw vote: nobody is told of it until it passes, and one
that has not passed when the phase ends lapses with it, and is reported with the phase's results
(as a draw vote that did not pass is). The game master keeps
`pause`, `resume` and `extend`.

A pause until a date stops the clock from now until that day begins in the game's time zone:
the deadline moves on by the length of the pause, so the time left is kept, and the clock runs
again by itself.
"""

from __future__ import annotations

import math
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from bot.service.arguments import Argument, Choice, Kind
from bot.service.commands.spec import CommandSpec
from bot.service.commands.turns import Turn
from bot.service.context import Context
from bot.service.effects import Reply, text
from bot.service.errors import UserError
from bot.service.options.club_rules import votes_text
from bot.service.schedule import (
    extended,
    schedule_wish,
)
from bot.service.turn import opening
from bot.service.words.labels import phase_label
from bot.store import Game, GameStatus, Phase, PowerStatus, ScheduleVote

_EXTEND, _PAUSE, _NO = "extend", "pause", "no"
# A vote moves the clock this far at most (a pause, or an extension): a longer break is the
# game master's to decide.
LONGEST = timedelta(days=60)


async def vote(ctx: Context) -> list[Reply]:
    kind = ctx.values.text("vote")
    turns = await Turn.all(ctx, writing=True)
    game, phase = turns[0].game, turns[0].phase
    if game.status == GameStatus.PAUSED:
        raise UserError(f"{game.name} is paused: only the game master's `resume` restarts it.")
    if kind == _NO:
        return await _withdraw(ctx, turns)
    detail = _detail(ctx, game, kind)
    await ctx.store.ensure_open(phase.id)
    for turn in turns:
        await ctx.store.cast_schedule_vote(
            game.id, phase.name, turn.power, kind, detail, cast_by=ctx.actor_id
        )
    agreeing, needed = await _tally(ctx, game, phase, kind, detail)
    if agreeing >= needed:
        return await _passed(ctx, game, phase, kind, detail)
    what = schedule_wish(kind, detail)
    return [
        ctx.say(
            f"Your vote to {what} is counted, in secret: it passes once the same vote comes "
            f"from {votes_text(ctx.options(game).club.votes)} in "
            f"{phase_label(phase.name)}; if the phase ends first, it lapses and the results say "
            "who voted for it. "
            "`vote no` takes it back."
        )
    ]


def _detail(ctx: Context, game: Game, kind: str) -> dict[str, str | int]:
    if kind == _EXTEND:
        by = ctx.values.duration("by")
        if by is None:
            raise ctx.values.refuse("by", "`vote extend` was given no duration")
        if by > LONGEST:
            raise UserError(
                f"A vote extends a deadline by {LONGEST.days} days at most; for longer, ask the "
                "game master."
            )
        return {"seconds": int(by.total_seconds())}
    return {"until": _until(ctx, game).isoformat()}


def _until(ctx: Context, game: Game) -> date:
    day = ctx.values.day("until")
    if day is None:
        raise ctx.values.refuse(
            "until",
            "`vote pause` was given no date",
            "a date: the clock runs again as that day begins, in the game's time zone",
        )
    start = _start_of(day, ctx.zone(game))
    if start <= ctx.now:
        raise UserError(f"{day.isoformat()} is not ahead: a pause runs until a day to come.")
    if start - ctx.now > LONGEST:
        raise UserError(
            f"A vote pauses a game for {LONGEST.days} days at most; for longer, ask the "
            "game master."
        )
    return day


def _start_of(day: date, zone: str) -> datetime:
    return datetime.combine(day, time(0, 0), tzinfo=ZoneInfo(zone))


async def _voters(ctx: Context, game: Game) -> list[str]:
    """The powers whose votes count: playing, commanded by people (a computer never votes)."""
    statuses = await ctx.store.power_statuses(game.id)
    computers = await ctx.store.computer_powers(game.id)
    people = {p.power for p in await ctx.players(game) if p.power is not None}
    return [
        p
        for p in ctx.variant(game).powers
        if statuses.get(p, PowerStatus.PLAYING) == PowerStatus.PLAYING
        and p not in computers
        and p in people
    ]


async def _tally(
    ctx: Context, game: Game, phase: Phase, kind: str, detail: dict[str, str | int]
) -> tuple[int, int]:
    """How many voters cast this very vote, and how many it needs."""
    voters = set(await _voters(ctx, game))
    cast: list[ScheduleVote] = await ctx.store.schedule_votes(game.id, phase.name)
    agreeing = {v.power for v in cast if v.kind == kind and v.detail == detail} & voters
    needed = max(1, math.ceil(ctx.options(game).club.votes * len(voters)))
    return len(agreeing), needed


async def _passed(
    ctx: Context, game: Game, phase: Phase, kind: str, detail: dict[str, str | int]
) -> list[Reply]:
    times = opening.times_of(phase)
    if times is None:  # pragma: no cover - an active game's open phase has a deadline
        raise UserError(f"{phase_label(phase.name)} has no deadline to move.")
    if kind == "extend":
        by = timedelta(seconds=int(detail["seconds"]))
    else:
        by = _start_of(date.fromisoformat(str(detail["until"])), ctx.zone(game)) - ctx.now
    moved = extended(times, by)
    phase.deadline, phase.orders_close_at = moved.deadline, moved.orders_close_at
    await ctx.store.clear_schedule_votes(game.id, phase.name)
    due = opening.when(moved.deadline, ctx.zone(game), ctx.now)
    message = text(
        f"The players voted to {schedule_wish(kind, detail)}.",
        f"{phase_label(phase.name)} is now adjudicated {due}.",
        title=f"{game.name}: {'paused' if kind == 'pause' else 'deadline extended'} by vote",
    )
    replies = await ctx.announce(game, message, f"vote {kind}")
    return [*replies, ctx.say("Your vote made it pass: everyone is told.")]


async def _withdraw(ctx: Context, turns: list[Turn]) -> list[Reply]:
    game, phase = turns[0].game, turns[0].phase
    cast = await ctx.store.schedule_votes(game.id, phase.name)
    mine = [v for v in cast if v.power in {t.power for t in turns}]
    if not mine:
        raise UserError(f"You have no vote to pause or extend in {phase_label(phase.name)}.")
    for row in mine:
        await ctx.store.session.delete(row)
    await ctx.store.session.flush()
    return [ctx.say("Your vote to pause or extend is taken back.")]


VOTE = CommandSpec(
    "vote",
    "vote extend <duration> | vote pause until <date> | vote no",
    "Vote to extend this phase's deadline or pause the game until a date.",
    vote,
    (
        "Players propose and agree with the same words: `vote extend 1d` moves the deadline a "
        "day later once enough of the powers still playing vote the same (every one, unless "
        "the game says otherwise with `votes=2/3`); `vote pause until 2026-12-28` stops the "
        "clock until that day begins (in the game's time zone), keeping the time left, and it "
        "runs again by itself; either reaches 60 days at most. A vote is secret, as a draw "
        "vote is, until it passes; one that has not when the phase ends lapses with it, and "
        "the results say who voted for it. `vote no` takes yours back.",
        "Computer players do not vote. The game master keeps `pause`, `resume` and `extend`.",
    ),
    ("vote extend 1d", "vote pause until 2026-12-28", "vote no"),
    arguments=(
        Argument(
            "vote",
            "extend, pause, or no (takes your vote back)",
            Kind.WORD,
            required=True,
            choices=(
                Choice(_EXTEND, "extend the deadline"),
                Choice(_PAUSE, "pause the game"),
                Choice(_NO, "no: take my vote back", also=("withdraw",)),
            ),
        ),
        Argument("by", "For extend: how much longer, e.g. 1d", Kind.DURATION),
        Argument(
            "until", "For pause: the day it runs again, e.g. 2026-12-28", Kind.DATE, word="until"
        ),
    ),
    public=False,
    group="club",
)
