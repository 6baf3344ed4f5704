"""`rollback`: the game master undoes the last adjudication.

The phase adjudicated last opens again with its orders and votes as they were given and a
fresh deadline; the phase that had opened after it is marked rolled back, with whatever was
ordered in it. Power statuses go back to what they were when the phase was adjudicated
(surrenders and eliminations undone), except that a power whose player has left meanwhile
stays in civil disorder. A finished game is running again.

One transaction, and guarded like adjudication: if the next phase is adjudicated while this
runs, the rollback is refused and nothing changes.
"""

from __future__ import annotations

from bot.service.arguments import Argument, Kind
from bot.service.commands.spec import CommandSpec
from bot.service.context import Context
from bot.service.effects import Line, Message, Reply, Section
from bot.service.errors import UserError
from bot.service.roster import players_by_power
from bot.service.schedule import phase_times
from bot.service.turn import opening
from bot.service.words import buttons
from bot.service.words.labels import phase_label
from bot.store import Game, GameStatus, Phase, PhaseStatus, PowerStatus
from engine import Position

RACE = "The game moved on while you asked: nothing was undone. Look at `status`, then try again."


async def rollback(ctx: Context) -> list[Reply]:
    # Undoing the adjudication that ended a game is what brings it back.
    game = await ctx.game(ended=True)
    ctx.require_gm(game)
    if game.status == GameStatus.FORMING:
        raise UserError(f"{game.name} has not started: there is nothing to undo.")
    every = await ctx.store.phases_of(game.id)
    done = [p for p in every if p.status == PhaseStatus.ADJUDICATED]
    if not done:
        raise UserError(f"No phase of {game.name} has been adjudicated: there is nothing to undo.")
    last = done[-1]
    current = next((p for p in every if p.status == PhaseStatus.OPEN), None)
    label = phase_label(last.name)
    if not ctx.values.flag("confirm"):
        then = f"; {phase_label(current.name)} is voided" if current is not None else ""
        raise UserError(
            f"`rollback` undoes the adjudication of {label}: it opens again with its orders "
            f"as given{then}. Write `rollback confirm` to do it."
        )
    if current is not None:
        if current.id < last.id or not await ctx.store.roll_back_phase(current.id):
            raise UserError(RACE)
        await ctx.store.forget_phase(game.id, current.id, current.name)
    recorded = (last.results or {}).get("statuses")
    await _reopen(ctx, game, last)
    if isinstance(recorded, dict):
        await _restore_statuses(ctx, game, last, recorded)
    if game.status == GameStatus.FINISHED:
        game.status = GameStatus.ACTIVE
        game.finished_at = None
        game.outcome = None
    game.settings = {k: v for k, v in game.settings.items() if k != "early"}
    lines = [
        f"The game master undid the adjudication of {label}: it is open again, with "
        "every order and vote as given, and may be changed until the new deadline."
    ]
    if current is not None:
        lines.append(f"{phase_label(current.name)} is void: anything ordered in it is dropped.")
    deadline = opening.deadline(last, ctx.zone(game), ctx.now)
    message = Message(
        title=f"{game.name}: {label} rolled back",
        sections=(Section(None, tuple(Line(t) for t in lines)),),
        deadline=deadline,
        # The phase is open again: the buttons of a phase that opens (none while paused).
        buttons=() if deadline is None else buttons.phase_opened(),
    )
    return await ctx.announce(game, message, "rollback")


ROLLBACK = CommandSpec(
    "rollback",
    "rollback confirm",
    "Undo the last adjudication: that phase opens again with its orders as given.",
    rollback,
    (
        "The phase that had opened after it is voided. Surrenders and eliminations of "
        "that adjudication are undone, and a finished game runs again. The channel is told.",
    ),
    ("rollback confirm",),
    arguments=(
        Argument("confirm", "Yes, undo the last adjudication", Kind.YES_NO, word="confirm"),
    ),
    gm=True,
    public=True,
)


async def _reopen(ctx: Context, game: Game, phase: Phase) -> None:
    schedule = ctx.options(game).schedule
    kind = Position.from_json(phase.position).phase.kind
    times = phase_times(schedule, kind, ctx.now)
    paused = game.status == GameStatus.PAUSED
    left = int((times.deadline - ctx.now).total_seconds())
    reopened = await ctx.store.reopen_phase(
        phase.id,
        deadline=None if paused else times.deadline,
        orders_close_at=None if paused else times.orders_close_at,
        paused_remaining_seconds=left if paused else None,
    )
    if not reopened:
        raise UserError(RACE)
    await ctx.store.forget_phase(
        game.id, phase.id, phase.name, votes=False, image_kinds=("results",)
    )
    await ctx.store.session.refresh(phase)


async def _restore_statuses(
    ctx: Context, game: Game, phase: Phase, recorded: dict[str, str]
) -> None:
    before = await ctx.store.power_statuses(game.id)
    seated = set(await players_by_power(ctx.store, game))
    for power, value in recorded.items():
        status = PowerStatus(value)
        if status == PowerStatus.PLAYING and power not in seated:
            status = PowerStatus.CIVIL_DISORDER
        if before.get(power) != status:
            await ctx.store.set_power_status(game.id, power, status, phase_name=phase.name)
