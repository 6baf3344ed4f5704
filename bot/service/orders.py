"""A power's own business: order, orders, clear, possible, ready and unready.

Every reply here is private: a power's orders are shown to its own players alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from bot.service import phases
from bot.service.context import Context
from bot.service.effects import Line, Message, Reply, Section
from bot.service.errors import UserError
from bot.service.orderbook import BUILD_PREFIX, WAIVE_PREFIX, order_key, read_orders
from bot.service.schedule import early_deadline
from bot.service.summary import missing_orders, orders_echo, orders_message
from bot.store.models import Game, GameStatus, OrderKind, Phase, PowerStatus
from engine import (
    Build,
    Disband,
    Hold,
    IllegalOrderError,
    Move,
    Order,
    OrderError,
    PhaseKind,
    Position,
    Retreat,
    Waive,
    format_order,
    legal_orders,
    parse_orders,
)
from engine.names import location_code
from engine.parse import OrderLine

# Orders `possible` lists for a whole power: the ones a player weighs first.
_PLAIN = (Hold, Move, Retreat, Disband, Build)
# `possible <province>` can run to hundreds of supports and convoys; enough to choose from.
_MOST = 80


class Turn:
    """The requester's power in the open phase of a game, with its current orders."""

    def __init__(self, game: Game, phase: Phase, position: Position, power: str) -> None:
        self.game = game
        self.phase = phase
        self.position = position
        self.power = power

    @classmethod
    async def of(cls, ctx: Context, *, writing: bool = False) -> Turn:
        game = await ctx.game()
        power = await ctx.power(game)
        phase, position = await ctx.open_phase(game)
        close, due = phase.orders_close_at, phase.deadline
        if writing and close is not None and due is not None and ctx.now > close:
            zone = ctx.zone(game)
            raise UserError(
                f"Orders for {phases.label(phase)} closed at {phases.when(close, zone, ctx.now)}; "
                f"the phase is adjudicated {phases.when(due, zone, ctx.now)}."
            )
        return cls(game, phase, position, power)

    async def rows(self, ctx: Context) -> dict[str, str]:
        """unit key -> canonical order text, as stored."""
        rows = await ctx.store.orders_of_phase(
            self.phase.id, power=self.power, kind=OrderKind.ORDER
        )
        return {row.unit_key: row.canonical_text or row.raw_text for row in rows}

    async def orders(self, ctx: Context) -> list[Order]:
        rows = await ctx.store.orders_of_phase(
            self.phase.id, power=self.power, kind=OrderKind.ORDER
        )
        return read_orders(self.position, rows).get(self.power, [])

    def still_missing(self, orders: Sequence[Order]) -> Section:
        missing = missing_orders(self.position, self.power, orders)
        if not missing:
            text = "Nothing is missing: every order is in."
        elif self.position.phase.kind is PhaseKind.ADJUSTMENTS:
            text = f"Still to order: {len(missing)} {missing[0]}{'s' if len(missing) > 1 else ''}"
        else:
            text = f"Units without orders: {', '.join(missing)}"
        return Section(None, (Line(text),))


# order ---------------------------------------------------------------------------------------


async def order(ctx: Context) -> list[Reply]:
    if not ctx.args.strip():
        raise UserError(
            "Write the orders after `order`, e.g. `order A PAR - BUR; F BRE - MAO`. "
            "`possible` shows what your units may do."
        )
    turn = await Turn.of(ctx, writing=True)
    lines = parse_orders(ctx.args, turn.position, turn.power)
    stored = await turn.rows(ctx)
    keys = dict(stored)
    replaced: set[str] = set()
    checked: list[OrderLine] = []
    allowance = len(missing_orders(turn.position, turn.power, ()))
    for line in lines:
        if line.order is None:
            checked.append(line)
            continue
        key = order_key(line.order, keys)
        problem = _over_allowance(turn, keys, key, line.order, allowance)
        if problem is not None:
            checked.append(OrderLine(line.text, None, problem))
            continue
        if key in stored and not isinstance(line.order, Waive):
            replaced.add(str(line.order.unit))
        keys[key] = format_order(line.order)
        await ctx.store.record_order(
            turn.phase.id,
            turn.power,
            key,
            line.text,
            canonical_text=format_order(line.order),
            submitted_by=ctx.actor_id,
        )
        checked.append(line)
    if not checked:
        raise UserError("No orders found after `order`: write e.g. `order A PAR - BUR`.")
    echo = orders_echo(checked, replaced=frozenset(replaced))
    current = await turn.orders(ctx)
    message = replace(echo, sections=(*echo.sections, turn.still_missing(current)))
    return [ctx.private(message)]


def _unit_name(order: Order) -> str:
    return "" if isinstance(order, Waive) else str(order.unit)


def _over_allowance(
    turn: Turn, keys: dict[str, str], key: str, order: Order, allowance: int
) -> IllegalOrderError | None:
    """In adjustments, a build or removal beyond what the power owes is refused now rather
    than voided at the deadline."""
    if turn.position.phase.kind is not PhaseKind.ADJUSTMENTS or key in keys:
        return None
    if isinstance(order, Build | Waive):
        counted = [k for k in keys if k.startswith((BUILD_PREFIX, WAIVE_PREFIX))]
        word = "build"
    elif isinstance(order, Disband):
        counted = [k for k in keys if not k.startswith((BUILD_PREFIX, WAIVE_PREFIX))]
        word = "removal"
    else:
        return None
    if len(counted) < allowance:
        return None
    given = "; ".join(keys[k] for k in sorted(counted))
    many = f"{allowance} {word}{'s' if allowance != 1 else ''}"
    return IllegalOrderError(
        f"you have {many} to order and all are given ({given}): `clear` one first"
    )


# orders / clear ------------------------------------------------------------------------------


async def orders(ctx: Context) -> list[Reply]:
    turn = await Turn.of(ctx)
    message = orders_message(turn.position, turn.power, await turn.orders(ctx))
    return [ctx.private(message)]


async def clear(ctx: Context) -> list[Reply]:
    turn = await Turn.of(ctx, writing=True)
    stored = await turn.rows(ctx)
    word = ctx.args.strip()
    if word.lower() in ("", "all"):
        count = await ctx.store.clear_orders(turn.phase.id, turn.power, kind=OrderKind.ORDER)
        done = f"Cleared {count} order{'s' if count != 1 else ''}."
    elif word.lower() in ("waive", "waives"):
        keys = [k for k in stored if k.startswith(WAIVE_PREFIX)]
        if not keys:
            raise UserError("You have no waives to clear.")
        await ctx.store.clear_orders(
            turn.phase.id, turn.power, unit_keys=keys, kind=OrderKind.ORDER
        )
        done = f"Cleared {len(keys)} waive{'s' if len(keys) != 1 else ''}."
    else:
        province = _province(turn.position, word)
        keys = [k for k in (province, f"{BUILD_PREFIX}{province}") if k in stored]
        if not keys:
            given = "; ".join(stored.values()) or "none"
            raise UserError(f"You have no order for {province} to clear. Your orders: {given}.")
        await ctx.store.clear_orders(
            turn.phase.id, turn.power, unit_keys=keys, kind=OrderKind.ORDER
        )
        done = "Cleared " + "; ".join(stored[k] for k in keys) + "."
    current = await turn.orders(ctx)
    message = Message(title=done, sections=(turn.still_missing(current),))
    return [ctx.private(message)]


def _province(position: Position, text: str) -> str:
    """The province of a unit or place as written: ``A PAR``, ``par``, ``F StP/nc``,
    ``Paris``."""
    words = text.split()
    if len(words) > 1 and words[0].lower() in ("a", "f", "army", "fleet"):
        words = words[1:]
    try:
        return location_code(position.variant, " ".join(words)).split("/")[0]
    except OrderError as exc:
        raise UserError(
            f"{exc}. Write a unit or a province, e.g. `clear A PAR`, `clear PAR` or `clear all`."
        ) from None


# possible ------------------------------------------------------------------------------------


async def possible(ctx: Context) -> list[Reply]:
    turn = await Turn.of(ctx)
    position, power = turn.position, turn.power
    if ctx.args.strip():
        return [ctx.private(_possible_in(turn, _province(position, ctx.args.strip())))]
    lines: list[Line] = []
    for place in _places(position, power):
        plain = [o for o in legal_orders(position, place) if isinstance(o, _PLAIN)]
        if not plain:
            continue
        unit = _unit_name(plain[0]) if not isinstance(plain[0], Build) else f"in {place}"
        choices = " | ".join(_short(format_order(o), unit) for o in plain)
        lines.append(Line(f"{unit}: {choices}", code=True))
    if not lines:
        lines.append(Line("You have nothing to order in this phase."))
    lines.append(Line("`possible <province>` lists every order for one unit, supports too."))
    title = f"{phases.label(turn.phase)}: what your units may do"
    return [ctx.private(Message(title=title, sections=(Section(None, tuple(lines)),)))]


def _places(position: Position, power: str) -> list[str]:
    kind = position.phase.kind
    if kind is PhaseKind.RETREATS:
        return [d.unit.province for d in position.dislodged if d.power == power]
    units = [u.province for u in position.units.get(power, ())]
    if kind is PhaseKind.ADJUSTMENTS:
        have = len(units)
        owned = position.centers.get(power, frozenset())
        if have < len(owned):
            return [h for h in position.homes.get(power, ()) if h in owned and h not in units]
    return units


def _short(text: str, unit: str) -> str:
    return text.removeprefix(unit).strip() or text


def _possible_in(turn: Turn, province: str) -> Message:
    position, power = turn.position, turn.power
    if province not in _places(position, power):
        mine = ", ".join(sorted(_places(position, power))) or "none"
        raise UserError(
            f"You have nothing to order in {province} this phase (your places: {mine})."
        )
    options = [format_order(o) for o in legal_orders(position, province)]
    lines = [Line(text, code=True) for text in options[:_MOST]]
    if len(options) > _MOST:
        lines.append(Line(f"... and {len(options) - _MOST} more supports and convoys."))
    title = f"{phases.label(turn.phase)}: {len(options)} possible orders in {province}"
    return Message(title=title, sections=(Section(None, tuple(lines)),))


# ready / unready -----------------------------------------------------------------------------


async def ready(ctx: Context) -> list[Reply]:
    turn = await Turn.of(ctx)
    await ctx.store.set_ready(turn.phase.id, turn.power, True)
    missing = missing_orders(turn.position, turn.power, await turn.orders(ctx))
    lines = [f"You are ready for {phases.label(turn.phase)}."]
    if missing:
        lines.append(f"Still without orders: {', '.join(missing)} (they take the default).")
    if await _everyone_ready(ctx, turn):
        lines.append(await _bring_forward(ctx, turn))
    return [ctx.say(*lines)]


async def unready(ctx: Context) -> list[Reply]:
    turn = await Turn.of(ctx)
    await ctx.store.set_ready(turn.phase.id, turn.power, False)
    lines = [f"You are no longer ready for {phases.label(turn.phase)}."]
    early = turn.game.settings.get("early")
    if isinstance(early, dict) and early.get("phase_id") == turn.phase.id:
        restored = _restore(turn, early)
        if restored:
            lines.append(restored)
    return [ctx.say(*lines)]


async def _everyone_ready(ctx: Context, turn: Turn) -> bool:
    """Whether every power with a player and something to order says it is ready."""
    statuses = await ctx.store.power_statuses(turn.game.id)
    ready_now = await ctx.store.ready_powers(turn.phase.id)
    playing = {p.power for p in await ctx.store.players_of(turn.game.id) if p.power is not None}
    needed = {
        power
        for power in playing
        if statuses.get(power, PowerStatus.PLAYING) == PowerStatus.PLAYING
        and missing_orders(turn.position, power, ())
    }
    return needed <= ready_now


async def _bring_forward(ctx: Context, turn: Turn) -> str:
    """Everyone is ready: the phase is adjudicated early if the schedule allows."""
    game, phase = turn.game, turn.phase
    if game.status != GameStatus.ACTIVE or phase.deadline is None:
        return "Everyone is ready; the game is paused, so nothing happens until it resumes."
    schedule = ctx.options(game).schedule
    early = early_deadline(schedule, ctx.now, deadline=phase.deadline)
    if early is None:
        return "Everyone is ready; this game keeps its deadline."
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
    if early <= ctx.now:
        return "Everyone is ready: the phase is adjudicated now."
    at = phases.when(early, ctx.zone(game), ctx.now)
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
