"""`ready` and `unready`: a power saying its orders are final, and the phase adjudicated
early once every power has (where the game's schedule allows)."""

from __future__ import annotations

from datetime import datetime

from bot.service.commands.spec import CommandSpec
from bot.service.commands.turns import Turn
from bot.service.context import Context
from bot.service.effects import Reply
from bot.service.roster import players_by_power
from bot.service.schedule import early_deadline
from bot.service.team_votes import ready_powers, waiting_for
from bot.service.turn import opening
from bot.service.words.labels import phase_label
from bot.store import GameStatus, PowerStatus
from engine import still_to_order


async def ready(ctx: Context) -> list[Reply]:
    turns = await Turn.all(ctx)
    turn = turns[0]
    lines = [f"You are ready for {phase_label(turn.phase.name)}."]
    for each in turns:
        await ctx.store.set_ready(each.phase.id, each.voter, True)
        if each.member is not None:
            waiting = await waiting_for(ctx.store, each.game.id, each.phase.id, each.power)
            if waiting:
                lines.append(
                    f"{each.name} is ready once every member is: waiting for {', '.join(waiting)}."
                )
        missing = still_to_order(each.position, each.power, await each.orders(ctx))
        if missing:
            whose = f"{each.name}: " if len(turns) > 1 else ""
            lines.append(
                f"{whose}Still without orders: {', '.join(missing)} (they take the default)."
            )
    if await _everyone_ready(ctx, turn):
        lines.append(await _bring_forward(ctx, turn))
    return [ctx.say(*lines)]


READY = CommandSpec(
    "ready",
    "ready",
    "Say your orders are final; when every power is ready the phase may be adjudicated early.",
    ready,
)


async def unready(ctx: Context) -> list[Reply]:
    turns = await Turn.all(ctx)
    turn = turns[0]
    for each in turns:
        await ctx.store.set_ready(each.phase.id, each.voter, False)
    lines = [f"You are no longer ready for {phase_label(turn.phase.name)}."]
    early = turn.game.settings.get("early")
    if isinstance(early, dict) and early.get("phase_id") == turn.phase.id:
        restored = _restore(turn, early)
        if restored:
            lines.append(restored)
    return [ctx.say(*lines)]


UNREADY = CommandSpec("unready", "unready", "Take back `ready`.", unready)


async def _everyone_ready(ctx: Context, turn: Turn) -> bool:
    """Whether every power with a player and something to order says it is ready."""
    statuses = await ctx.store.power_statuses(turn.game.id)
    ready_now = await ready_powers(ctx.store, turn.game.id, turn.phase.id)
    playing = set(await players_by_power(ctx.store, turn.game))
    needed = {
        power
        for power in playing
        if statuses.get(power, PowerStatus.PLAYING) == PowerStatus.PLAYING
        and still_to_order(turn.position, power, ())
    }
    return needed <= ready_now


async def _bring_forward(ctx: Context, turn: Turn) -> str:
    """Everyone is ready: the phase is adjudicated early if the schedule allows."""
    game, phase = turn.game, turn.phase
    if game.status != GameStatus.ACTIVE or phase.deadline is None:
        return "Everyone is ready; the game is paused, so nothing happens until it resumes."
    schedule = ctx.options(game).schedule
    early = early_deadline(schedule, ctx.now, deadline=phase.deadline)
    if early is None and _brought_forward(turn):
        # a second `ready` within the grace: the deadline the first one set stands
        early = phase.deadline
    if early is None:
        return "Everyone is ready; this game keeps its deadline."
    if early == phase.deadline:
        return _adjudicated_at(ctx, turn, early)
    game.settings = {
        **game.settings,
        "early": {
            "phase_id": phase.id,
            "deadline": phase.deadline.isoformat(),
            "orders_close_at": (phase.orders_close_at or phase.deadline).isoformat(),
        },
    }
    phase.deadline = early
    phase.orders_close_at = min(phase.orders_close_at or early, early)
    return _adjudicated_at(ctx, turn, early)


def _brought_forward(turn: Turn) -> bool:
    """Whether everyone was ready before in this phase, and its deadline came forward."""
    early = turn.game.settings.get("early")
    return isinstance(early, dict) and early.get("phase_id") == turn.phase.id


def _adjudicated_at(ctx: Context, turn: Turn, early: datetime) -> str:
    if early <= ctx.now:
        return "Everyone is ready: the phase is adjudicated now."
    at = opening.when(early, ctx.zone(turn.game), ctx.now)
    return f"Everyone is ready: the phase is adjudicated {at}."


def _restore(turn: Turn, early: dict[str, str]) -> str | None:
    """Someone is no longer ready before an early deadline came: the scheduled one is back."""
    phase = turn.phase
    if phase.deadline is None:
        return None
    deadline = datetime.fromisoformat(early["deadline"])
    if phase.deadline >= deadline:
        return None
    phase.deadline = deadline
    phase.orders_close_at = datetime.fromisoformat(early["orders_close_at"])
    turn.game.settings = {k: v for k, v in turn.game.settings.items() if k != "early"}
    return "The phase keeps its scheduled deadline again."
