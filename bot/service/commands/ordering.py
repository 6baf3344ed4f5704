"""A power's own orders: order, orders and clear, and the requester's :class:`Turn` that
`possible`, `ready` and the votes share.

Every reply here is private: a power's orders are shown to its own players alone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from bot.service.commands.order_routing import route
from bot.service.commands.spec import Argument, CommandSpec, Suggest
from bot.service.context import Context
from bot.service.effects import Line, Message, Reply, Section
from bot.service.errors import UserError
from bot.service.stored_orders import BUILD_PREFIX, WAIVE_PREFIX, order_key, read_orders
from bot.service.turn import opening
from bot.service.turn.conditional_orders import PREFIX as CONDITION_PREFIX
from bot.service.turn.conditional_orders import ConditionError, read_conditional, split_pieces
from bot.service.words import buttons
from bot.service.words.labels import FAILED, OK, WARNING, form_is_over, phase_label, power_name
from bot.service.words.order_lists import orders_echo, orders_message
from bot.service.words.power_state import missing_orders
from bot.store import Game, OrderKind, Phase, PowerStatus, VoteKind
from engine import (
    Build,
    Disband,
    IllegalOrderError,
    Order,
    OrderError,
    PhaseKind,
    Position,
    Waive,
    format_order,
    parse_orders,
)
from engine.names import location_code
from engine.parse import OrderLine


class Turn:
    """The requester's power in the open phase of a game, with its current orders."""

    def __init__(self, game: Game, phase: Phase, position: Position, power: str) -> None:
        self.game = game
        self.phase = phase
        self.position = position
        self.power = power

    @classmethod
    async def of(cls, ctx: Context, *, writing: bool = False) -> Turn:
        """The requester's (first) power; see :meth:`all` for a player of several."""
        return (await cls.all(ctx, writing=writing))[0]

    @classmethod
    async def all(cls, ctx: Context, *, writing: bool = False) -> list[Turn]:
        """One turn for each power the requester commands (several only when fewer than
        seven play); ``writing`` leaves out powers out of the game, refusing if all are."""
        game = await ctx.game()
        powers = await ctx.powers(game)
        phase, position = await ctx.open_phase(game)
        _require_form_of(ctx, game, phase)
        if writing:
            statuses = await ctx.store.power_statuses(game.id)
            active = [
                p for p in powers if statuses.get(p, PowerStatus.PLAYING) == PowerStatus.PLAYING
            ]
            if not active:
                await require_playing(ctx, game, position, powers[0])
            powers = active or powers
        close, due = phase.orders_close_at, phase.deadline
        if writing and close is not None and due is not None and ctx.now > close:
            zone = ctx.zone(game)
            raise UserError(
                f"Orders for {phase_label(phase.name)} closed at "
                f"{opening.when(close, zone, ctx.now)}; "
                f"the phase is adjudicated {opening.when(due, zone, ctx.now)}."
            )
        return [cls(game, phase, position, power) for power in powers]

    @property
    def name(self) -> str:
        return power_name(self.position, self.power)

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


def _require_form_of(ctx: Context, game: Game, phase: Phase) -> None:
    """A command sent from a form (menus opened earlier) acts only in the phase the form was
    opened for: once that phase is adjudicated, its choices mean another turn."""
    sent_from = ctx.request.phase
    if sent_from is not None and sent_from != phase.name:
        raise UserError(form_is_over(sent_from, phase.name), buttons=buttons.fresh_form(game.name))


async def require_playing(ctx: Context, game: Game, position: Position, power: str) -> None:
    """A power out of the game (surrendered, in civil disorder) gives no orders or votes."""
    state = (await ctx.store.power_statuses(game.id)).get(power, PowerStatus.PLAYING)
    name = power_name(position, power)
    if state == PowerStatus.SURRENDERED:
        raise UserError(f"{name} has surrendered: it gives no more orders in {game.name}.")
    if state == PowerStatus.CIVIL_DISORDER:
        raise UserError(
            f"{name} is in civil disorder: it gives no orders until the game master hands it "
            "to a player."
        )


# order ---------------------------------------------------------------------------------------


async def order(ctx: Context) -> list[Reply]:
    if ctx.command.implicit:
        await _require_bare_orders(ctx)
    if not ctx.args.strip():
        raise UserError(
            "Write the orders after `order`, e.g. `order A PAR - BUR; F BRE - MAO`. "
            "`possible` shows what your units may do."
        )
    turns = await Turn.all(ctx, writing=True)
    if len(turns) == 1:
        return [ctx.private(await _order_one(ctx, turns[0], ctx.args))]
    routed, refused = route(turns, ctx.args)
    replies: list[Reply] = []
    for turn in turns:
        if routed.get(turn.power):
            message = await _order_one(ctx, turn, "\n".join(routed[turn.power]))
            replies.append(ctx.private(replace(message, title=f"{turn.name} — {message.title}")))
    if refused:
        lines = tuple(Line(f"{FAILED} {text} — {why}") for text, why in refused)
        replies.append(ctx.private(Message(title="Not accepted", sections=(Section(None, lines),))))
    if not replies:
        raise UserError("No orders found after `order`: write e.g. `order A PAR - BUR`.")
    return replies


ORDER = CommandSpec(
    "order",
    "order <orders>",
    "Give orders: one or many, on new lines or separated by ; or ,",
    order,
    (
        "Any usual notation works: A Par-Bur, A PAR - BUR, Paris army to Burgundy, "
        "F Bre-MAO, A Mar S A Par-Bur, F NTH C A Lon-Bel, A Par R Gas, build A Par, waive.",
        "A later order for a unit replaces the earlier one. Send orders here by direct "
        "message; in the channel only you see the answer.",
        "In a direct message the word `order` may be left out: text that reads wholly as "
        "orders for your power (`A Par-Bur, F Bre-MAO`) is taken as orders.",
        "Conditional retreats and adjustments go with movement orders, separated by ; or "
        "new lines: `if MUN dislodged retreat BER, KIE` (first legal one; end with "
        "`disband` to disband rather than be asked), `if +2 build A LON, F EDI` (when two "
        "builds are owed after the Fall), `if -1 remove A MUN` (one removal owed). They "
        "become your orders when that phase opens, and you are told; whatever they did not "
        "foresee you order as usual.",
    ),
    (
        "order A Par-Bur; F Bre-MAO; A Mar-Spa",
        "game hague order A PAR - BUR",
        "order if MUN dislodged retreat BER, KIE; if +1 build A MUN",
    ),
    arguments=(
        Argument(
            "orders",
            "One or more orders, e.g. A Par-Bur; F Bre-MAO (suggestions follow your typing)",
            required=True,
            suggest=Suggest.ORDERS,
        ),
    ),
)


async def _order_one(ctx: Context, turn: Turn, text: str) -> Message:
    """Record one power's orders (plain and conditional); their echo."""
    conditions, plain = split_pieces(text)
    lines = parse_orders(plain, turn.position, turn.power)
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
    if not checked and not conditions:
        raise UserError("No orders found after `order`: write e.g. `order A PAR - BUR`.")
    sections: list[Section] = []
    title = ""
    if checked:
        echo = orders_echo(checked, replaced=frozenset(replaced))
        sections.extend(echo.sections)
        title = echo.title or ""
    if conditions:
        section, heading = await _conditionals(ctx, turn, conditions)
        sections.append(section)
        title = f"{title}; {heading}" if title else heading
    current = await turn.orders(ctx)
    sections.append(turn.still_missing(current))
    return Message(title=title, sections=tuple(sections))


async def _conditionals(ctx: Context, turn: Turn, texts: Sequence[str]) -> tuple[Section, str]:
    """Store conditional retreats and adjustments; their echo and a heading counting them."""
    stored = {
        row.unit_key
        for row in await ctx.store.orders_of_phase(
            turn.phase.id, power=turn.power, kind=OrderKind.CONDITIONAL
        )
    }
    lines: list[Line] = []
    accepted = 0
    for text in texts:
        try:
            condition = read_conditional(text, turn.position, turn.power)
        except ConditionError as exc:
            lines.append(Line(f"{FAILED} {text} — {exc}"))
            continue
        await ctx.store.record_order(
            turn.phase.id,
            turn.power,
            condition.key,
            text,
            canonical_text=condition.text,
            kind=OrderKind.CONDITIONAL,
            condition=condition.to_json(),
            submitted_by=ctx.actor_id,
        )
        accepted += 1
        if condition.key in stored:
            lines.append(Line(f"{WARNING} {condition.text} — replaces your earlier one", code=True))
        else:
            lines.append(Line(f"{OK} {condition.text}", code=True))
        stored.add(condition.key)
    heading = f"conditional: {accepted} accepted"
    if accepted < len(texts):
        heading += f", {len(texts) - accepted} not accepted"
    notes = Line("Conditional orders apply when the retreats or adjustments come, if they fit.")
    return Section("Conditional orders", (*lines, notes)), heading.capitalize()


async def _require_bare_orders(ctx: Context) -> None:
    """Bare text in a DM counts as orders only if all of it reads as orders of the writer's
    power now; anything else gets the help a mistyped command gets."""
    refusal = UserError(ctx.command.refusal)
    try:
        turns = await Turn.all(ctx)
    except UserError:
        raise refusal from None
    if len(turns) > 1:
        routed, refused = route(turns, ctx.args)
        if refused or not routed:
            raise refusal
        for turn in turns:
            if turn.power in routed:
                _require_readable(turn, "\n".join(routed[turn.power]), refusal)
        return
    _require_readable(turns[0], ctx.args, refusal)


def _require_readable(turn: Turn, text: str, refusal: UserError) -> None:
    conditions, plain = split_pieces(text)
    lines = parse_orders(plain, turn.position, turn.power)
    if (not lines and not conditions) or not all(line.ok for line in lines):
        raise refusal
    for text in conditions:
        try:
            read_conditional(text, turn.position, turn.power)
        except ConditionError:
            raise refusal from None


def unit_name(order: Order) -> str:
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
    votes = await ctx.store.votes_of(turn.game.id, turn.phase.name, power=turn.power)
    if votes:
        words = {VoteKind.DRAW: "draw", VoteKind.SURRENDER: "surrender"}
        line = Line("Your votes: " + ", ".join(words[v.kind] for v in votes) + " (secret)")
        message = replace(message, sections=(*message.sections, Section(None, (line,))))
    return message


ORDERS = CommandSpec(
    "orders", "orders", "Your orders for this phase, and units still without one.", orders
)


async def clear(ctx: Context) -> list[Reply]:
    turns = await Turn.all(ctx, writing=True)
    word = ctx.args.strip()
    if len(turns) == 1:
        return [ctx.private(await _clear_one(ctx, turns[0], word))]
    replies: list[Reply] = []
    problems: list[UserError] = []
    for turn in turns:
        try:
            message = await _clear_one(ctx, turn, word)
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
        Argument("unit", "A unit or province, or all (the default)", suggest=Suggest.UNITS),
    ),
)


async def _clear_one(ctx: Context, turn: Turn, word: str) -> Message:
    stored = await turn.rows(ctx)
    if word.lower() in ("", "all"):
        count = await ctx.store.clear_orders(turn.phase.id, turn.power)
        done = f"Cleared {count} order{'s' if count != 1 else ''}."
    elif word.lower().split()[0] == "if":
        done = await _clear_conditional(ctx, turn, word[2:].strip())
    elif word.lower() in ("waive", "waives"):
        keys = [k for k in stored if k.startswith(WAIVE_PREFIX)]
        if not keys:
            raise UserError("You have no waives to clear.")
        await ctx.store.clear_orders(
            turn.phase.id, turn.power, unit_keys=keys, kind=OrderKind.ORDER
        )
        done = f"Cleared {len(keys)} waive{'s' if len(keys) != 1 else ''}."
    else:
        province = read_province(turn.position, word)
        keys = [k for k in (province, f"{BUILD_PREFIX}{province}") if k in stored]
        if not keys:
            given = "; ".join(stored.values()) or "none"
            raise UserError(f"You have no order for {province} to clear. Your orders: {given}.")
        await ctx.store.clear_orders(
            turn.phase.id, turn.power, unit_keys=keys, kind=OrderKind.ORDER
        )
        done = "Cleared " + "; ".join(stored[k] for k in keys) + "."
    current = await turn.orders(ctx)
    return Message(title=done, sections=(turn.still_missing(current),))


async def _clear_conditional(ctx: Context, turn: Turn, which: str) -> str:
    """`clear if` (every conditional order), `clear if MUN`, `clear if +2`."""
    rows = await ctx.store.orders_of_phase(
        turn.phase.id, power=turn.power, kind=OrderKind.CONDITIONAL
    )
    if not which:
        keys = [row.unit_key for row in rows]
    elif re.fullmatch(r"[+-]\s*\d+", which):
        keys = [f"{CONDITION_PREFIX}{int(which.replace(' ', '')):+d}"]
    else:
        keys = [f"{CONDITION_PREFIX}{read_province(turn.position, which)}"]
    texts = [row.canonical_text or row.raw_text for row in rows if row.unit_key in keys]
    if not texts:
        given = "; ".join(row.canonical_text or row.raw_text for row in rows) or "none"
        raise UserError(f"No such conditional order to clear. Yours: {given}.")
    await ctx.store.clear_orders(
        turn.phase.id, turn.power, unit_keys=keys, kind=OrderKind.CONDITIONAL
    )
    return "Cleared " + "; ".join(texts) + "."


def read_province(position: Position, text: str) -> str:
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
