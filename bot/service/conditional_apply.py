"""Conditional retreats and adjustments put to work when their phase opens: each that fits
what happened becomes an order of the new phase, as if the player had just sent it.

What the conditions did not foresee is left to the player, who is asked as usual (the
league's errata: "that player will still need to submit valid orders").
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from bot.service.conditional import ADJUST, RETREAT, Conditional, applicable
from bot.service.orderbook import order_key
from bot.service.summary import missing_orders
from bot.store.models import Game, OrderKind, Phase, PhaseStatus
from bot.store.models import Order as OrderRow
from bot.store.repository import Store
from engine import Dislodged, Order, OrderError, PhaseKind, Position, format_order, parse_order


@dataclass(frozen=True, slots=True)
class Applied:
    """A power's conditional orders that became orders of the new phase."""

    orders: tuple[str, ...]
    # Nothing is left for the player to order.
    complete: bool


async def source_phase(store: Store, game: Game, judged: Phase, opened: Position) -> Phase | None:
    """The movement phase whose conditional orders the opened phase may use."""
    kind = opened.phase.kind
    if kind is PhaseKind.RETREATS:
        return judged
    if kind is not PhaseKind.ADJUSTMENTS:
        return None
    fall = f"F{opened.phase.year}M"
    if judged.name == fall:
        return judged
    done = [
        p
        for p in await store.phases_of(game.id)
        if p.name == fall and p.status == PhaseStatus.ADJUDICATED
    ]
    return done[-1] if done else None


async def apply(
    store: Store,
    game: Game,
    judged: Phase,
    opened: Phase,
    position: Position,
    playing: Collection[str],
) -> dict[str, Applied]:
    """Record the fitting conditional orders as the opened phase's orders; power -> what
    was applied."""
    source = await source_phase(store, game, judged, position)
    if source is None:
        return {}
    rows = await store.orders_of_phase(source.id, kind=OrderKind.CONDITIONAL)
    by_power: dict[str, list[tuple[Conditional, OrderRow]]] = {}
    for row in rows:
        if row.power in playing and row.condition is not None:
            by_power.setdefault(row.power, []).append((Conditional.from_json(row.condition), row))
    out: dict[str, Applied] = {}
    for power, given in by_power.items():
        orders = (
            _retreats(position, power, given)
            if position.phase.kind is PhaseKind.RETREATS
            else _adjustments(position, power, given)
        )
        if not orders:
            continue
        keys: list[str] = []
        for order, row in orders:
            key = order_key(order, keys)
            keys.append(key)
            text = format_order(order)
            await store.record_order(
                opened.id,
                power,
                key,
                text,
                canonical_text=text,
                submitted_by=row.submitted_by,
            )
        applied = [o for o, _ in orders]
        complete = not missing_orders(position, power, applied)
        out[power] = Applied(tuple(format_order(o) for o in applied), complete)
    return out


def _read(position: Position, power: str, text: str) -> Order | None:
    try:
        return parse_order(text, position, power)
    except OrderError:
        return None


def _retreats(
    position: Position, power: str, given: Sequence[tuple[Conditional, OrderRow]]
) -> list[tuple[Order, OrderRow]]:
    wanted = {c.province: (c, row) for c, row in given if c.kind == RETREAT}
    out: list[tuple[Order, OrderRow]] = []
    for dislodged in position.dislodged:
        if dislodged.power != power or dislodged.unit.province not in wanted:
            continue
        condition, row = wanted[dislodged.unit.province]
        text = _retreat_text(dislodged, condition)
        order = None if text is None else _read(position, power, text)
        if order is not None:
            out.append((order, row))
    return out


def _retreat_text(dislodged: Dislodged, condition: Conditional) -> str | None:
    """The first preference the unit may take; a province without a coast matches the one
    coast it may reach."""
    for target in condition.retreats:
        if target in dislodged.retreats:
            return f"{dislodged.unit} R {target}"
        coasts = [r for r in dislodged.retreats if r.split("/")[0] == target]
        if len(coasts) == 1:
            return f"{dislodged.unit} R {coasts[0]}"
    if condition.disband:
        return f"{dislodged.unit} D"
    return None


def _adjustments(
    position: Position, power: str, given: Sequence[tuple[Conditional, OrderRow]]
) -> list[tuple[Order, OrderRow]]:
    delta = len(position.centers.get(power, ())) - len(position.units.get(power, ()))
    conditionals: Mapping[Conditional, OrderRow] = {c: row for c, row in given if c.kind == ADJUST}
    chosen = applicable(list(conditionals), delta)
    if chosen is None:
        return []
    row = conditionals[chosen]
    owed = len(missing_orders(position, power, ()))
    out: list[tuple[Order, OrderRow]] = []
    places: set[str] = set()
    for text in chosen.orders:
        if len(out) >= owed:
            break
        order = _read(position, power, text)
        if order is None:
            continue
        place = format_order(order).split(" ")[1] if " " in format_order(order) else ""
        if place and place.split("/")[0] in places:
            continue
        places.add(place.split("/")[0])
        out.append((order, row))
    return out
