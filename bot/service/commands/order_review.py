"""A power's own orders reviewed and withdrawn: the orders and clear commands.

Every reply here is private: a power's orders are shown to its own players alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from bot.service.arguments import (
    AllOrders,
    Argument,
    Conditional,
    Kind,
    Suggest,
    Waives,
    Withdrawal,
)
from bot.service.commands.spec import CommandSpec
from bot.service.commands.team_orders import team_proposals
from bot.service.commands.turns import Turn
from bot.service.context import Context
from bot.service.effects import Line, Message, Reply, Section
from bot.service.errors import UserError
from bot.service.stored_orders import BUILD_PREFIX, WAIVE_PREFIX
from bot.service.turn.conditional_orders import PREFIX as CONDITION_PREFIX
from bot.service.words.order_lists import orders_message
from bot.store import OrderKind, VoteKind


async def orders(ctx: Context) -> list[Reply]:
    return [ctx.private(await _orders_of(ctx, turn)) for turn in await Turn.all(ctx)]


async def _orders_of(ctx: Context, turn: Turn) -> Message:
    conditional = [
        row.canonical_text or row.raw_text
        for row in await ctx.store.orders_of_phase(
            turn.phase.id, power=turn.power, kind=OrderKind.CONDITIONAL
        )
    ]
    message = orders_message(
        turn.position, turn.power, await turn.orders(ctx), conditional=conditional
    )
    if turn.member is not None:
        message = replace(message, sections=(*message.sections, await team_proposals(ctx, turn)))
    votes = await ctx.store.votes_of(turn.game.id, turn.phase.name, power=turn.voter)
    if votes:
        words = {VoteKind.DRAW: "draw", VoteKind.SURRENDER: "surrender"}
        line = Line("Your votes: " + ", ".join(words[v.kind] for v in votes) + " (secret)")
        message = replace(message, sections=(*message.sections, Section(None, (line,))))
    return message


ORDERS = CommandSpec(
    "orders",
    "orders",
    "Your orders for this phase, and units still without one.",
    orders,
    reschedules=False,
)


async def clear(ctx: Context) -> list[Reply]:
    turns = await Turn.all(ctx, writing=True)
    what = ctx.values.withdrawal("unit", turns[0].position.variant)
    if len(turns) == 1:
        return [ctx.private(await _clear_one(ctx, turns[0], what))]
    replies: list[Reply] = []
    problems: list[UserError] = []
    for turn in turns:
        try:
            message = await _clear_one(ctx, turn, what)
        except UserError as exc:
            problems.append(exc)
            continue
        replies.append(ctx.private(replace(message, title=f"{turn.name} — {message.title}")))
    if not replies:
        raise problems[0]
    return replies


CLEAR = CommandSpec(
    "clear",
    "clear [unit|all]",
    "Withdraw one order (by its unit or province) or all of them.",
    clear,
    (
        "`clear` alone withdraws all of your orders; `clear waive` withdraws your waives; "
        "`clear if` your conditional orders, `clear if MUN` or `clear if +2` one of them.",
    ),
    ("clear A PAR", "clear all", "clear if MUN"),
    arguments=(
        Argument(
            "unit",
            "A unit or province; all (the default), waive, or if and a unit",
            Kind.WITHDRAWAL,
            suggest=Suggest.UNITS,
        ),
    ),
    reschedules=False,
)


async def _clear_one(ctx: Context, turn: Turn, what: Withdrawal) -> Message:
    stored = await turn.rows(ctx)
    if isinstance(what, AllOrders):
        done = await _clear_all(ctx, turn, stored)
    elif isinstance(what, Conditional):
        done = await _clear_conditional(ctx, turn, what)
    elif isinstance(what, Waives):
        keys = [k for k in stored if k.startswith(WAIVE_PREFIX)]
        if not keys:
            raise UserError("You have no waives to clear.")
        await ctx.store.clear_orders(
            turn.phase.id,
            turn.power,
            unit_keys=[turn.file_key(k) for k in keys],
            kind=OrderKind.ORDER,
        )
        done = f"Cleared {len(keys)} waive{'s' if len(keys) != 1 else ''}."
    else:
        province = what.province
        keys = [k for k in (province, f"{BUILD_PREFIX}{province}") if k in stored]
        if not keys:
            given = "; ".join(stored.values()) or "none"
            raise UserError(f"You have no order for {province} to clear. Your orders: {given}.")
        await ctx.store.clear_orders(
            turn.phase.id,
            turn.power,
            unit_keys=[turn.file_key(k) for k in keys],
            kind=OrderKind.ORDER,
        )
        done = "Cleared " + "; ".join(stored[k] for k in keys) + "."
    current = await turn.orders(ctx)
    return Message(title=done, sections=(turn.still_missing(current),))


async def _clear_all(ctx: Context, turn: Turn, stored: Mapping[str, str]) -> str:
    if turn.member is None:
        count = await ctx.store.clear_orders(turn.phase.id, turn.power)
    else:
        # a member withdraws their own proposals, not their partners'
        count = await ctx.store.clear_orders(
            turn.phase.id,
            turn.power,
            unit_keys=[turn.file_key(k) for k in stored],
            kind=OrderKind.ORDER,
        )
        count += await ctx.store.clear_orders(turn.phase.id, turn.power, kind=OrderKind.CONDITIONAL)
    return f"Cleared {count} order{'s' if count != 1 else ''}."


async def _clear_conditional(ctx: Context, turn: Turn, which: Conditional) -> str:
    """`clear if` (every conditional order), `clear if MUN`, `clear if +2`."""
    rows = await ctx.store.orders_of_phase(
        turn.phase.id, power=turn.power, kind=OrderKind.CONDITIONAL
    )
    if which.number is not None:
        keys = [f"{CONDITION_PREFIX}{which.number:+d}"]
    elif which.province is not None:
        keys = [f"{CONDITION_PREFIX}{which.province}"]
    else:
        keys = [row.unit_key for row in rows]
    texts = [row.canonical_text or row.raw_text for row in rows if row.unit_key in keys]
    if not texts:
        given = "; ".join(row.canonical_text or row.raw_text for row in rows) or "none"
        raise UserError(f"No such conditional order to clear. Yours: {given}.")
    await ctx.store.clear_orders(
        turn.phase.id, turn.power, unit_keys=keys, kind=OrderKind.CONDITIONAL
    )
    return "Cleared " + "; ".join(texts) + "."
