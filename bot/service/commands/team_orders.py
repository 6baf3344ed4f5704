"""Where a team must agree on its orders (`teams=all`, Diplomacia 7): how far each unit's
proposals agree, told to the members alone."""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.commands.turns import Turn
from bot.service.context import Context
from bot.service.effects import Line, Section
from bot.service.stored_orders import members_among, proposals
from bot.store import OrderKind


async def agreement(ctx: Context, turn: Turn, keys: Sequence[str]) -> Section:
    """For each unit of ``keys`` the requester just ordered: agreed, or who is still to
    give the same order."""
    lines = await _unit_lines(ctx, turn, keys)
    return Section("Team agreement", tuple(lines))


async def team_proposals(ctx: Context, turn: Turn) -> Section:
    """Every unit some member has ordered: agreed, or each member's proposal."""
    lines = await _unit_lines(ctx, turn, None)
    if not lines:
        lines = [Line("No member has proposed an order yet.")]
    note = Line(
        "An order counts once every member gives it; at the deadline a unit without an "
        "agreed order holds."
    )
    return Section("Your team's proposals", (*lines, note))


async def _unit_lines(ctx: Context, turn: Turn, keys: Sequence[str] | None) -> list[Line]:
    rows = await ctx.store.orders_of_phase(turn.phase.id, power=turn.power, kind=OrderKind.ORDER)
    players = await ctx.players(turn.game)
    members = members_among(players)
    team = members.get(turn.power, frozenset())
    names = {p.user_id: p.display_name for p in players}
    found = {key: texts for (power, key), texts in proposals(rows, members).items()}
    lines: list[Line] = []
    for key in found if keys is None else keys:
        texts = found.get(key, {})
        if not texts:
            continue
        mine = texts.get(ctx.actor_id)
        # the reader is "you", first: never told they are waiting for themself
        waiting = sorted(
            (names.get(u, u) for u in team - set(texts) if u != ctx.actor_id),
        )
        if ctx.actor_id in team - set(texts):
            waiting.insert(0, "you")
        others = sorted(
            f"{names.get(u, u)} gave {text}" for u, text in texts.items() if text != mine
        )
        shown = mine or next(iter(texts.values()))
        if not waiting and not others:
            lines.append(Line(f"{shown}: agreed", code=True))
            continue
        parts = [*others]
        if waiting:
            parts.append("waiting for " + ", ".join(waiting))
        if mine is None:
            parts = [f"{names.get(u, u)} gave {text}" for u, text in sorted(texts.items())]
            parts += ["waiting for " + ", ".join(waiting)] if waiting else []
            lines.append(Line(f"{key}: " + "; ".join(parts), code=True))
            continue
        lines.append(Line(f"{shown}: " + "; ".join(parts), code=True))
    return lines
