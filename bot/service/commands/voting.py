"""`draw`, `undraw` and `surrender`: votes given with a phase's orders (the league's errata).

A vote is as secret as an order until the phase is adjudicated, and counts for that phase
only: the results then report every vote, and :mod:`bot.service.turn.endings` decides whether
the game is over.
"""

from __future__ import annotations

from bot.service.arguments import Argument, Choice, Kind
from bot.service.commands.spec import CommandSpec
from bot.service.commands.turns import Turn
from bot.service.context import Context
from bot.service.effects import Reply
from bot.service.errors import UserError
from bot.service.team_votes import not_voted
from bot.service.words.english import and_list
from bot.service.words.labels import phase_label
from bot.store import VoteKind


async def _turns(ctx: Context) -> list[Turn]:
    """A player of several powers votes for each of them."""
    return await Turn.all(ctx, writing=True)


def _verb(turns: list[Turn], one: str, many: str) -> str:
    return one if len(turns) == 1 else many


async def _voted(ctx: Context, turn: Turn, kind: VoteKind) -> bool:
    votes = await ctx.store.votes_of(turn.game.id, turn.phase.name, power=turn.voter)
    return any(v.kind == kind for v in votes)


async def _cast(ctx: Context, turns: list[Turn], kind: VoteKind) -> None:
    # Checked before and after, as orders are: a vote must not be lost to an adjudication
    # running at the same moment.
    await ctx.store.ensure_open(turns[0].phase.id)
    for turn in turns:
        await ctx.store.cast_vote(
            turn.game.id, turn.phase.name, turn.voter, kind, cast_by=ctx.actor_id
        )
    await ctx.store.ensure_open(turns[0].phase.id)


async def _still_to_agree(ctx: Context, turns: list[Turn], kind: VoteKind) -> list[str]:
    """Where the team must agree (`teams=all`): whom each power's vote still waits for."""
    lines: list[str] = []
    for turn in turns:
        if turn.member is None:
            continue
        waiting = await not_voted(ctx.store, turn.game.id, turn.phase.name, turn.power, kind)
        if waiting:
            lines.append(
                f"{turn.name}'s vote counts once every member casts it: waiting for "
                f"{and_list(waiting)}."
            )
    return lines


async def _withdraw(ctx: Context, turns: list[Turn], kind: VoteKind) -> bool:
    await ctx.store.ensure_open(turns[0].phase.id)
    found = False
    for turn in turns:
        found |= await ctx.store.withdraw_vote(turn.game.id, turn.phase.name, turn.voter, kind)
    await ctx.store.ensure_open(turns[0].phase.id)
    return found


async def draw(ctx: Context) -> list[Reply]:
    return [await vote_draw(ctx, await _turns(ctx))]


async def vote_draw(ctx: Context, turns: list[Turn]) -> Reply:
    """Vote for a draw for each of ``turns`` (`draw`, or DRAW among orders); the answer."""
    label = phase_label(turns[0].phase.name)
    if all([await _voted(ctx, t, VoteKind.DRAW) for t in turns]):
        return ctx.say(f"You already vote for a draw in {label}; `undraw` takes it back.")
    await _cast(ctx, turns, VoteKind.DRAW)
    return ctx.say(
        f"{and_list(t.name for t in turns)} {_verb(turns, 'votes', 'vote')} for a draw "
        f"in {label}. The vote is secret until the phase is adjudicated, then reported to all.",
        *await _still_to_agree(ctx, turns, VoteKind.DRAW),
        "The game ends in a draw if every power still playing votes for it in the same "
        "phase; vote again in the next phase if it does not pass. `undraw` takes it back.",
    )


DRAW = CommandSpec(
    "draw",
    "draw",
    "Vote to end the game in a draw, with this phase's orders.",
    draw,
    (
        "The vote is secret until the phase is adjudicated, then reported to all. The game "
        "ends in a draw shared by every power still playing if all of them vote for it in "
        "the same phase; otherwise play goes on and votes start afresh.",
        "Powers in civil disorder or that surrendered neither vote nor share the draw.",
        "DRAW written with your orders (`order A Par-Bur; DRAW`) is the same vote.",
    ),
    ("draw",),
)


async def undraw(ctx: Context) -> list[Reply]:
    turns = await _turns(ctx)
    label = phase_label(turns[0].phase.name)
    if not await _withdraw(ctx, turns, VoteKind.DRAW):
        raise UserError(f"You have not voted for a draw in {label}.")
    return [ctx.say(f"You no longer vote for a draw in {label}.")]


UNDRAW = CommandSpec(
    "undraw", "undraw", "Take back your draw vote for this phase.", undraw, (), ("undraw",)
)


async def surrender(ctx: Context) -> list[Reply]:
    turns = await _turns(ctx)
    label = phase_label(turns[0].phase.name)
    name = and_list(t.name for t in turns)
    word = ctx.values.text("decision")
    if word == "cancel":
        if not await _withdraw(ctx, turns, VoteKind.SURRENDER):
            raise UserError(f"You have not surrendered in {label}.")
        return [ctx.say(f"Surrender taken back: {name} {_verb(turns, 'plays', 'play')} on.")]
    if word != "confirm":
        raise UserError(
            f"If you surrender, {name} {_verb(turns, 'is', 'are')} out of the game when {label} "
            "is adjudicated: its units hold from then on, it gives no more orders and shares "
            "in no draw. Write `surrender confirm` to do it (`surrender cancel` takes it back "
            "before then)."
        )
    return [await vote_surrender(ctx, turns)]


async def vote_surrender(ctx: Context, turns: list[Turn]) -> Reply:
    """Surrender each of ``turns`` (`surrender confirm`, or SURRENDER among orders); the
    answer."""
    label = phase_label(turns[0].phase.name)
    name = and_list(t.name for t in turns)
    if all([await _voted(ctx, t, VoteKind.SURRENDER) for t in turns]):
        return ctx.say(
            f"{name} already {_verb(turns, 'surrenders', 'surrender')} in {label}; "
            "`surrender cancel` takes it back."
        )
    await _cast(ctx, turns, VoteKind.SURRENDER)
    return ctx.say(
        f"{name} {_verb(turns, 'surrenders', 'surrender')} when {label} is adjudicated; "
        "your orders for it still count. The surrender stays secret until then, and "
        "`surrender cancel` takes it back.",
        *await _still_to_agree(ctx, turns, VoteKind.SURRENDER),
        "To surrender to an alliance, the allies vote `draw` in the same phase.",
    )


SURRENDER = CommandSpec(
    "surrender",
    "surrender confirm",
    "Surrender: when this phase is adjudicated your power is out of the game.",
    surrender,
    (
        "Your orders for this phase still count; from then on your units hold and you give "
        "no more orders. Secret until the phase is adjudicated; `surrender cancel` takes it "
        "back before then.",
        "If all others surrender, the last power playing wins; if all surrender, the game "
        "is a tie. To surrender to an alliance, the allies vote `draw` in the same phase: "
        "the draw is theirs.",
        "SURRENDER written with your orders (`order A Par H; SURRENDER`) surrenders just as "
        "`surrender confirm` does.",
    ),
    ("surrender confirm", "surrender cancel"),
    arguments=(
        Argument(
            "decision",
            "Surrender, or take it back",
            Kind.WORD,
            choices=(
                Choice("confirm", "confirm: surrender when this phase is adjudicated"),
                Choice("cancel", "cancel: take the surrender back"),
            ),
        ),
    ),
)


async def my_votes(ctx: Context, turn: Turn) -> list[str]:
    """The requester's power's votes in the open phase, as words."""
    votes = await ctx.store.votes_of(turn.game.id, turn.phase.name, power=turn.voter)
    return [str(v.kind) for v in votes]
