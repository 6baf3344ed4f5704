"""A power's own orders: the order command (orders and clear are in :mod:`.order_review`).

Every reply here is private: a power's orders are shown to its own players alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.service.arguments import Argument, Suggest
from bot.service.commands.bare_orders import require_bare_orders
from bot.service.commands.order_limits import MAX_CHARACTERS, MAX_ORDERS, check_size
from bot.service.commands.order_review import CLEAR, ORDERS, clear, orders
from bot.service.commands.order_routing import ReadCondition, Share, read_share, route
from bot.service.commands.order_votes import cast_votes, take_votes
from bot.service.commands.spec import CommandSpec
from bot.service.commands.team_orders import agreement
from bot.service.commands.turns import Turn
from bot.service.context import Context
from bot.service.effects import Line, Message, Reply, Section
from bot.service.errors import UserError
from bot.service.stored_orders import order_key, stored_order
from bot.service.turn.conditional_orders import ConditionError
from bot.service.words.accounts import kept_apart, unit_noun
from bot.service.words.english import plural
from bot.service.words.labels import FAILED, OK, WARNING
from bot.service.words.order_lists import orders_echo
from bot.service.words.quoting import excerpt, quotes_cut
from bot.store import NewOrder, OrderKind
from bot.store import Order as OrderRow
from engine import (
    Disband,
    IllegalOrderError,
    Order,
    PhaseKind,
    Position,
    Waive,
    adjustment,
    doubly_ordered,
    format_order,
    kind_name,
)
from engine.names import names_for
from engine.parse import OrderLine
from engine.parse_start import unit_province

# order ---------------------------------------------------------------------------------------


# The orders as typed: one free text, read into orders by the orders' own reader.
ORDERS_ARGUMENT = "orders"


async def order(ctx: Context) -> list[Reply]:
    written = ctx.values.text(ORDERS_ARGUMENT)
    try:
        check_size(written)
    except UserError:
        if ctx.command.implicit:
            # Bare text too long to read through is not taken for orders at all.
            raise UserError(ctx.command.refusal) from None
        raise
    text, votes = take_votes(written)
    if ctx.command.implicit:
        await require_bare_orders(ctx, text, votes)
    if not text.strip() and not votes:
        raise UserError(
            "Write the orders after `order`, e.g. `order A PAR - BUR; F BRE - MAO`. "
            "`possible` shows what your units may do."
        )
    turns = await Turn.all(ctx, writing=True)
    replies = await _order_all(ctx, turns, text) if text.strip() else []
    return _with_votes(replies, await cast_votes(ctx, turns, votes))


def _with_votes(replies: list[Reply], votes: list[Reply]) -> list[Reply]:
    """The votes' answers at the end of the orders' own, so that one message answers the
    one message that gave both: a vote said again (`You already vote for a draw`) is never
    a second reply to miss."""
    if not replies or not votes:
        return [*replies, *votes]
    *others, last = replies
    sections = [s for vote in votes for s in vote.message.sections]
    merged = replace(last.message, sections=(*last.message.sections, *sections))
    return [*others, replace(last, message=merged)]


async def _order_all(ctx: Context, turns: list[Turn], text: str) -> list[Reply]:
    """Each power's orders of ``text`` read once, stored; the echo of each."""
    if len(turns) == 1:
        return [ctx.private(await _order_one(ctx, turns[0], read_share(turns[0], text)))]
    routed, refused = route(turns, text)
    replies: list[Reply] = []
    for turn in turns:
        if turn.power in routed:
            message = await _order_one(ctx, turn, routed[turn.power])
            replies.append(ctx.private(replace(message, title=f"{turn.name} — {message.title}")))
    if refused:
        lines = tuple(Line(f"{FAILED} {excerpt(piece)} — {why}") for piece, why in refused)
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
        "F Bre-MAO, A Mar S A Par-Bur, F NTH C A Lon-Bel, A Par R Gas, build A Par, waive. "
        "Orders run together on one line (A Par-Bur F Bre-MAO) are told apart.",
        "A later order for a unit replaces the earlier one. Send orders here by direct "
        "message; in the channel only you see the answer.",
        "DRAW or SURRENDER among the orders (`order A Par-Bur; F Bre-MAO; DRAW`) votes for "
        "this phase just as `draw` or `surrender confirm` does.",
        f"One message takes at most {MAX_ORDERS} orders and {MAX_CHARACTERS:,} characters, "
        "more than any power needs; of several orders for one unit, the last counts.",
        "In a direct message the word `order` may be left out: text that starts as orders "
        "do (a unit, a province, build or remove: `A Par-Bur, F Bre-MAO`) is taken as "
        "orders, each answered with ✓ or ✗.",
        "Conditional retreats and adjustments go with movement orders, separated by ; or "
        "new lines: `if MUN dislodged retreat BER, KIE` (first legal one; end with "
        "`disband` to disband rather than be asked), `if +2 build A LON, F EDI` (when two "
        "builds are owed after the Fall), `if -1 remove A MUN` (one removal owed). They "
        "become your orders when that phase opens, and you are told; whatever they did not "
        "foresee you order as usual. The league's wording works too: `if two centres are "
        "gained, build A LON and F EDI`, `if I lose 1, remove A MUN`.",
    ),
    (
        "order A Par-Bur; F Bre-MAO; A Mar-Spa",
        "order A Par-Bur; F Bre-MAO; DRAW",
        "game hague order A PAR - BUR",
        "order if MUN dislodged retreat BER, KIE; if +1 build A MUN",
    ),
    arguments=(
        Argument(
            ORDERS_ARGUMENT,
            "Orders, e.g. A Par-Bur; F Bre-MAO (suggestions follow your typing); none: the menus",
            suggest=Suggest.ORDERS,
        ),
    ),
    reschedules=False,
)


async def _order_one(ctx: Context, turn: Turn, share: Share) -> Message:
    """Record one power's orders (plain and conditional), read already, in one statement;
    their echo. What is stored is the orders' canonical text; the orders themselves, as
    read, tell what is still missing."""
    lines, conditions = share.lines, share.conditions
    rows = await turn.first_order_rows(ctx)
    stored = turn.own(rows)
    keys = dict(stored)
    replaced: set[str] = set()
    checked: list[OrderLine] = []
    # unit key -> its order: of several for one unit, the last is the one stored.
    writes: dict[str, NewOrder] = {}
    values: dict[str, Order] = {}
    given = _given(turn, stored)
    doubled = _doubled(turn.position, lines)
    for line in lines:
        if line.order is None:
            checked.append(line)
            continue
        if not isinstance(line.order, Waive) and line.order.unit.province in doubled:
            twice = IllegalOrderError(f"{doubled[line.order.unit.province]}: neither counts")
            checked.append(OrderLine(line.text, None, twice))
            continue
        key = order_key(line.order, keys)
        problem = _over_allowance(turn, given, key, line.order)
        if problem is not None:
            checked.append(OrderLine(line.text, None, problem))
            continue
        if key in stored and not isinstance(line.order, Waive):
            replaced.add(str(line.order.unit))
        canonical = format_order(line.order)
        keys[key] = canonical
        given[key] = line.order
        writes.pop(key, None)
        writes[key] = NewOrder(turn.file_key(key), line.text, canonical_text=canonical)
        values[turn.file_key(key)] = line.order
        checked.append(line)
    if not checked and not conditions:
        raise UserError("No orders found after `order`: write e.g. `order A PAR - BUR`.")
    sections: list[Section] = []
    title = ""
    if checked:
        # a unit ordered twice (Diplomacia rule 8) loses its earlier order too
        kept = {k: v for k, v in stored.items() if k not in doubled}
        standing = _still_standing(turn.position, checked, kept, writes)
        echo = orders_echo(checked, replaced=frozenset(replaced), standing=standing)
        sections.extend(echo.sections)
        title = echo.title or ""
    conditional: list[NewOrder] = []
    if conditions:
        section, heading, conditional = await _conditionals(ctx, turn, conditions)
        sections.append(section)
        title = f"{title}; {heading}" if title else heading
    withdrawn: list[str] = []
    if doubled:
        section, withdrawn = await _withdraw_doubled(ctx, turn, doubled, stored)
        sections.append(section)
    # Turn read the phase open in this request.
    written = await ctx.store.record_orders(
        turn.phase.id,
        turn.power,
        [*writes.values(), *conditional],
        submitted_by=ctx.actor_id,
        read_open=True,
    )
    if turn.member is not None and writes:
        sections.append(await agreement(ctx, turn, list(writes)))
    current = await turn.orders(ctx, _rows_after(rows, withdrawn, written), known=values)
    sections.append(turn.still_missing(current))
    return Message(title=title, sections=tuple(sections))


def _still_standing(
    position: Position,
    lines: Sequence[OrderLine],
    stored: dict[str, str],
    writes: dict[str, NewOrder],
) -> dict[int, str]:
    """For each line not taken (by its index) whose unit already had an order that nothing
    in this message replaces: that order, which still counts."""
    names = names_for(position.variant)
    standing: dict[int, str] = {}
    for i, line in enumerate(lines):
        if line.order is not None:
            continue
        province = unit_province(line.text, names)
        if province is not None and province in stored and province not in writes:
            standing[i] = stored[province]
    return standing


def _doubled(position: Position, lines: Sequence[OrderLine]) -> dict[str, str]:
    """The units given two different orders in one message where the rules say neither
    counts (:func:`engine.doubly_ordered`), as province -> "two orders for <its name>". A
    later message still replaces an earlier one: that is a player rewriting their sheet, not
    writing twice."""
    given = [line.order for line in lines if line.order is not None]
    return {
        province: f"two orders for {position.variant.province_name(province)}"
        for province in doubly_ordered(position, given)
    }


def _rows_after(
    rows: Sequence[OrderRow], withdrawn: Sequence[str], written: Sequence[OrderRow]
) -> list[OrderRow]:
    """The power's order rows once ``withdrawn`` (unit keys) are deleted and ``written`` are
    stored, in the order first given, as reading them again would give them: a row written
    over is the same object, updated."""
    gone = set(withdrawn)
    kept = {row.id: row for row in rows if row.unit_key not in gone}
    kept.update((row.id, row) for row in written if row.kind == OrderKind.ORDER)
    return [kept[key] for key in sorted(kept)]


async def _withdraw_doubled(
    ctx: Context, turn: Turn, doubled: dict[str, str], stored: dict[str, str]
) -> tuple[Section, list[str]]:
    """Each doubly ordered unit's earlier order withdrawn too, and the player told plainly;
    the unit keys withdrawn."""
    earlier = [province for province in doubled if province in stored]
    withdrawn = [turn.file_key(province) for province in earlier]
    if earlier:
        await ctx.store.clear_orders(
            turn.phase.id, turn.power, unit_keys=withdrawn, kind=OrderKind.ORDER
        )
    lines = []
    for province, what in doubled.items():
        text = f"{what[0].upper()}{what[1:]}: neither counts (Diplomacia rule 8); send one."
        if province in earlier:
            text += f" Your earlier order ({stored[province]}) is withdrawn too."
        lines.append(Line(f"{WARNING} {text}"))
    return Section(None, tuple(lines)), withdrawn


async def _conditionals(
    ctx: Context, turn: Turn, given: Sequence[ReadCondition]
) -> tuple[Section, str, list[NewOrder]]:
    """Conditional retreats and adjustments read: their echo, a heading counting them, and
    what to store (of several for one case, the last)."""
    stored = {
        row.unit_key
        for row in await ctx.store.orders_of_phase(
            turn.phase.id, power=turn.power, kind=OrderKind.CONDITIONAL
        )
    }
    lines: list[Line] = []
    writes: dict[str, NewOrder] = {}
    refused = 0
    for text, condition in given:
        if isinstance(condition, ConditionError):
            lines.append(Line(f"{FAILED} {excerpt(text)} — {quotes_cut(str(condition))}"))
            refused += 1
            continue
        writes.pop(condition.key, None)
        writes[condition.key] = NewOrder(
            condition.key,
            text,
            canonical_text=condition.text,
            kind=OrderKind.CONDITIONAL,
            condition=condition.to_json(),
        )
        if condition.key in stored:
            lines.append(Line(f"{WARNING} {condition.text} — replaces your earlier one", code=True))
        else:
            lines.append(Line(f"{OK} {condition.text}", code=True))
        stored.add(condition.key)
    heading = f"conditional: {len(given) - refused} accepted"
    if refused:
        heading += f", {refused} not accepted"
    third = kind_name(PhaseKind.ADJUSTMENTS, numbered_turns=turn.position.phase.is_turn).lower()
    notes = Line(f"Conditional orders apply when the retreats or {third} come, if they fit.")
    section = Section("Conditional orders", (*lines, notes))
    return section, heading.capitalize(), list(writes.values())


def unit_name(order: Order) -> str:
    return "" if isinstance(order, Waive) else str(order.unit)


def _given(turn: Turn, stored: dict[str, str]) -> dict[str, Order]:
    """At an adjustment, the orders the power has given in earlier messages, by key (they
    count against what it owes)."""
    if turn.position.phase.kind is not PhaseKind.ADJUSTMENTS:
        return {}
    read = {k: stored_order(text, turn.position, turn.power) for k, text in stored.items()}
    return {k: order for k, order in read.items() if order is not None}


def _over_allowance(
    turn: Turn, given: dict[str, Order], key: str, order: Order
) -> IllegalOrderError | None:
    """In adjustments, a build or removal beyond what its account owes is refused now rather
    than voided at the deadline. ``given``: the power's orders so far, by key."""
    if turn.position.phase.kind is not PhaseKind.ADJUSTMENTS or key in given:
        return None
    owed = adjustment(turn.position, turn.power)
    account = owed.overdrawn(order, given.values())
    if account is None:
        return None
    noun = "removal" if isinstance(order, Disband) else "build"
    if kept_apart(owed):
        noun = f"{unit_noun(account)} {noun}"
    alike = owed.alike(order, given.values())
    listed = "; ".join(format_order(given[k]) for k in sorted(given) if given[k] in alike)
    allowance = owed.allowed(order)
    many = plural(allowance, noun)
    return IllegalOrderError(
        f"you have {many} to order and all are given ({listed}): `clear` one first"
    )


# orders and clear live in order_review; the registry and possible still name them from here
__all__ = ["CLEAR", "ORDER", "ORDERS", "clear", "order", "orders", "unit_name"]
