"""The game master's commands: process, pause, resume, lock, unlock, extend, deadline and end."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.service.arguments import Argument, Kind
from bot.service.commands.spec import CommandSpec
from bot.service.context import Command, Context, Deps
from bot.service.effects import Actor, Line, Message, Place, Reply, Request, Section
from bot.service.errors import UserError
from bot.service.schedule import (
    PhaseTimes,
    describe_duration,
    extended,
    resumed_deadline,
)
from bot.service.turn import final_announcement, opening
from bot.service.words.labels import phase_label
from bot.store import Game, GameStatus, Phase, Store
from engine import Position


async def masters(
    sessions: async_sessionmaker[AsyncSession],
    deps: Deps,
    actor: Actor,
    place: Place,
    game: str | None = None,
) -> bool:
    """Whether ``actor`` masters the game ``place`` means (or the one named), as
    :meth:`Context.require_gm` would decide; raises :class:`UserError` if there is none."""
    async with sessions() as session:
        ctx = Context(
            store=Store(session, deps.clock),
            request=Request(actor, place, "gm"),
            command=Command("gm", "", game=game),
            deps=deps,
            now=deps.clock(),
        )
        return ctx.is_gm(await ctx.game())


async def _gm_phase(ctx: Context) -> tuple[Game, Phase]:
    game = await ctx.game()
    ctx.require_gm(game)
    phase, _ = await ctx.open_phase(game)
    return game, phase


def _announcement(game: Game, title: str, *lines: str, phase: Phase, ctx: Context) -> Message:
    return Message(
        title=f"{game.name}: {title}",
        sections=(Section(None, tuple(Line(t) for t in lines)),) if lines else (),
        deadline=opening.deadline(phase, ctx.zone(game), ctx.now),
    )


# process -------------------------------------------------------------------------------------


async def process(ctx: Context) -> list[Reply]:
    game, phase = await _gm_phase(ctx)
    if game.status == GameStatus.PAUSED:
        raise UserError(f"{game.name} is paused: `resume` it first, then `process`.")
    label, phase_id = phase_label(phase.name), phase.id

    async def adjudicate_now() -> list[Reply]:
        if await ctx.deps.process_phase(phase_id):
            return [ctx.say(f"{label} is adjudicated: the results go to the game's channel.")]
        return [ctx.say(f"{label} was already adjudicated (by its deadline) just now.")]

    ctx.follow_ups.append(adjudicate_now)
    return []


PROCESS = CommandSpec(
    "process",
    "process",
    "Adjudicate the current phase now, without waiting for the deadline.",
    process,
    gm=True,
    public=True,
)


# pause / resume ------------------------------------------------------------------------------


async def pause(ctx: Context) -> list[Reply]:
    game, phase = await _gm_phase(ctx)
    if game.status == GameStatus.PAUSED:
        raise UserError(f"{game.name} is already paused; `resume` restarts the clock.")
    times = opening.times_of(phase)
    left = opening.time_left(phase, ctx.now)
    close_gap = (
        0 if times is None else int((times.deadline - times.orders_close_at).total_seconds())
    )
    game.status = GameStatus.PAUSED
    game.settings = {**game.settings, "paused": {"at": ctx.now.isoformat(), "close_gap": close_gap}}
    phase.paused_remaining_seconds = left
    phase.deadline = None
    phase.orders_close_at = None
    kept = describe_duration(timedelta(seconds=left)) if left else "no time"
    message = _announcement(
        game,
        "paused",
        f"The game master paused the clock with {kept} left; orders can still be changed.",
        phase=phase,
        ctx=ctx,
    )
    return await ctx.announce(game, message, "pause")


PAUSE = CommandSpec(
    "pause", "pause", "Stop the clock; the time left is kept.", pause, gm=True, public=True
)


async def resume(ctx: Context) -> list[Reply]:
    game, phase = await _gm_phase(ctx)
    if game.status != GameStatus.PAUSED:
        raise UserError(f"{game.name} is not paused.")
    left = timedelta(seconds=phase.paused_remaining_seconds or 0)
    paused = game.settings.get("paused") or {}
    gap = timedelta(seconds=int(paused.get("close_gap", 0)))
    due = resumed_deadline(left, ctx.now)
    phase.deadline = due
    phase.orders_close_at = max(ctx.now, due - gap)
    phase.paused_remaining_seconds = None
    game.status = GameStatus.ACTIVE
    game.settings = {k: v for k, v in game.settings.items() if k != "paused"}
    message = _announcement(
        game, "resumed", "The clock runs again with the time that was left.", phase=phase, ctx=ctx
    )
    return await ctx.announce(game, message, "resume")


RESUME = CommandSpec(
    "resume",
    "resume",
    "Restart the clock with the time that was left.",
    resume,
    gm=True,
    public=True,
)


# lock / unlock -------------------------------------------------------------------------------


async def lock(ctx: Context) -> list[Reply]:
    game, phase = await _gm_phase(ctx)
    if phase.locked:
        raise UserError(f"{phase_label(phase.name)} is already locked; `unlock` releases it.")
    phase.locked = True
    message = _announcement(
        game,
        f"{phase_label(phase.name)} is locked",
        "The game master holds the phase: it is not adjudicated at its deadline, however late, "
        "until it is unlocked. Orders can still be changed.",
        phase=phase,
        ctx=ctx,
    )
    return await ctx.announce(game, message, "lock")


LOCK = CommandSpec(
    "lock",
    "lock",
    "Hold the current phase: it is not adjudicated at its deadline until `unlock`.",
    lock,
    ("Orders can still be changed; `process` still adjudicates it at once.",),
    ("lock",),
    gm=True,
    public=True,
)


async def unlock(ctx: Context) -> list[Reply]:
    game, phase = await _gm_phase(ctx)
    if not phase.locked:
        raise UserError(f"{phase_label(phase.name)} is not locked.")
    phase.locked = False
    lines = ["The game master released the phase: it is adjudicated at its deadline."]
    if phase.deadline is not None and phase.deadline <= ctx.now:
        lines = [
            "The game master released the phase; its deadline has passed, so it is adjudicated now."
        ]
    message = _announcement(
        game, f"{phase_label(phase.name)} is unlocked", *lines, phase=phase, ctx=ctx
    )
    return await ctx.announce(game, message, "unlock")


UNLOCK = CommandSpec(
    "unlock",
    "unlock",
    "Release a locked phase: it is adjudicated at its deadline (now, if that has passed).",
    unlock,
    (),
    ("unlock",),
    gm=True,
    public=True,
)


# extend / deadline ---------------------------------------------------------------------------


async def extend(ctx: Context) -> list[Reply]:
    game, phase = await _gm_phase(ctx)
    by = ctx.values.duration("duration")
    if by is None:  # pragma: no cover - the duration is required
        raise ctx.values.refuse("duration", "`extend` needs its duration")
    amount = describe_duration(by)
    if game.status == GameStatus.PAUSED:
        phase.paused_remaining_seconds = (phase.paused_remaining_seconds or 0) + int(
            by.total_seconds()
        )
        left = describe_duration(timedelta(seconds=phase.paused_remaining_seconds))
        line = f"Deadline extended by {amount}: {left} left when the game resumes."
    else:
        times = opening.times_of(phase)
        if times is None:  # pragma: no cover - an active game's open phase has a deadline
            raise UserError(f"{phase_label(phase.name)} has no deadline to extend.")
        _set_times(phase, extended(times, by))
        line = f"Deadline extended by {amount}."
    message = _announcement(game, "deadline extended", line, phase=phase, ctx=ctx)
    return await ctx.announce(game, message, "extend")


EXTEND = CommandSpec(
    "extend",
    "extend <duration>",
    "Move the deadline later.",
    extend,
    (),
    ("extend 24h", "extend 1d12h"),
    arguments=(
        Argument("duration", "How much later, e.g. 24h or 1d12h", Kind.DURATION, required=True),
    ),
    gm=True,
    public=True,
)


async def deadline(ctx: Context) -> list[Reply]:
    game, phase = await _gm_phase(ctx)
    if game.status == GameStatus.PAUSED:
        raise UserError(
            f"{game.name} is paused: `resume` it first, or `extend` to add to the time left."
        )
    when = ctx.values.when("when", now=ctx.now, zone=ctx.zone(game))
    if when is None:  # pragma: no cover - the time is required
        raise ctx.values.refuse("when", "`deadline` needs its time")
    times = opening.times_of(phase)
    gap = timedelta(0) if times is None else times.deadline - times.orders_close_at
    _set_times(phase, PhaseTimes(max(ctx.now, when - gap), when))
    message = _announcement(
        game, "new deadline", "The game master set a new deadline.", phase=phase, ctx=ctx
    )
    return await ctx.announce(game, message, "deadline")


DEADLINE = CommandSpec(
    "deadline",
    "deadline <when>",
    "Set the deadline, in the game's time zone.",
    deadline,
    (),
    ("deadline +2h", "deadline tomorrow 18:00", "deadline 2026-11-25 18:00"),
    arguments=(
        Argument(
            "when",
            "In the game's time zone: +2h, tomorrow 18:00, 2026-11-25 18:00",
            Kind.WHEN,
            required=True,
        ),
    ),
    gm=True,
    public=True,
)


def _set_times(phase: Phase, times: PhaseTimes) -> None:
    phase.deadline = times.deadline
    phase.orders_close_at = times.orders_close_at


# end -----------------------------------------------------------------------------------------


async def end(ctx: Context) -> list[Reply]:
    game = await ctx.game()
    ctx.require_gm(game)
    if not ctx.values.flag("confirm"):
        raise UserError(
            f"`end` stops {game.name} for good, without a winner; orders not yet adjudicated "
            "are never revealed. Write `end confirm` to do it."
        )
    current = await ctx.store.open_phase_of(game.id)
    game.status = GameStatus.FINISHED
    game.finished_at = ctx.now
    game.outcome = {"kind": "ended", "by": ctx.actor_id}
    if current is None:
        message = Message(
            title=f"{game.name} is over",
            sections=(Section(None, (Line("The game master ended the game without a winner."),)),),
        )
        return await ctx.announce(game, message, "end")
    # The final standings say how it ended: a notice of their own would say it twice.
    await ctx.store.audit(ctx.actor_id, "end", game_id=game.id, detail={"command": "end"})
    final = Position.from_json(current.position)
    await final_announcement.announce_end(
        ctx.store, ctx.deps.animator, game, final, f"game:{game.id}:ended"
    )
    return [ctx.say(f"You ended {game.name}: its final standings are posted in its channel.")]


END = CommandSpec(
    "end",
    "end",
    "End the game for good, without a winner.",
    end,
    ("Write `end confirm` to do it.",),
    ("end confirm",),
    arguments=(Argument("confirm", "Yes, end the game for good", Kind.YES_NO, word="confirm"),),
    gm=True,
    public=True,
)
