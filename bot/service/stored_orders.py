"""Orders as stored rows and as engine values: the key each order is filed under, and the
stored orders of a phase read back against its position.

Where a team must agree on its orders (`teams=all`, Diplomacia 7), each member's order is
that member's proposal, filed under the unit's key and the member's player number; the
proposals count as an order only when every member of the power gave the same one.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.store import Order as OrderRow
from bot.store import OrderKind, Phase, Player, Store
from engine import Build, Order, OrderError, Position, Resolution, Waive, adjudicate, parse_order
from engine.names import names_for
from engine.parse_canonical import read_canonical_order

logger = logging.getLogger(__name__)

WAIVE_PREFIX = "WAIVE#"
BUILD_PREFIX = "BUILD:"
PROPOSAL_MARK = "@"

# power -> the user ids of the people commanding it now
Members = Mapping[str, frozenset[str]]


def order_key(order: Order, taken: Iterable[str]) -> str:
    """The key an order is stored under; a later order with the same key replaces it.

    Units are filed by province (a unit has one order); a build by the province it is
    built in; each waive gets a number of its own, since a power may waive several builds.
    """
    if isinstance(order, Waive):
        used = set(taken)
        n = 1
        while f"{WAIVE_PREFIX}{n}" in used:
            n += 1
        return f"{WAIVE_PREFIX}{n}"
    if isinstance(order, Build):
        return f"{BUILD_PREFIX}{order.unit.province}"
    return str(order.unit.province)


def proposal_key(key: str, player_id: int) -> str:
    """The key one member's proposal for a unit is filed under (``PAR@12``)."""
    return f"{key}{PROPOSAL_MARK}{player_id}"


def base_key(unit_key: str) -> str:
    """The unit's own key of a stored row, a proposal's or an order's."""
    return unit_key.split(PROPOSAL_MARK, 1)[0]


def is_proposal(row: OrderRow) -> bool:
    return PROPOSAL_MARK in row.unit_key


def proposals(rows: Sequence[OrderRow], members: Members) -> dict[tuple[str, str], dict[str, str]]:
    """(power, unit key) -> member -> the canonical order that member proposes, for the
    members commanding the power now (a proposal of someone who left is no longer theirs to
    give)."""
    found: dict[tuple[str, str], dict[str, str]] = {}
    for row in rows:
        if is_proposal(row) and row.submitted_by in members.get(row.power, frozenset()):
            texts = found.setdefault((row.power, base_key(row.unit_key)), {})
            texts[row.submitted_by] = row.canonical_text or row.raw_text
    return found


def counted_rows(rows: Sequence[OrderRow], members: Members) -> list[OrderRow]:
    """The stored rows that count as orders: every order of a power without agreement, and of
    a team's proposals for a unit one, when every current member proposed the same order. A
    unit proposed differently, or not by all, gets no order: it holds (Diplomacia 7: two
    different orders for one unit cancel both)."""
    agreed = {
        key
        for key, texts in proposals(rows, members).items()
        if set(texts) >= members[key[0]] and len(set(texts.values())) == 1
    }
    counted: list[OrderRow] = []
    taken: set[tuple[str, str]] = set()
    for row in rows:
        if not is_proposal(row):
            counted.append(row)
            continue
        key = (row.power, base_key(row.unit_key))
        if key in agreed and key not in taken:
            taken.add(key)
            counted.append(row)
    return counted


async def members_by_power(store: Store, game_id: int) -> dict[str, frozenset[str]]:
    """Who commands each power now, by user id."""
    return members_among(await store.players_of(game_id))


def members_among(players: Iterable[Player]) -> dict[str, frozenset[str]]:
    """Who commands each power among ``players`` (a game's players now), by user id."""
    found: dict[str, set[str]] = {}
    for player in players:
        if player.power is not None:
            found.setdefault(player.power, set()).add(player.user_id)
    return {power: frozenset(users) for power, users in found.items()}


def read_orders(
    position: Position,
    rows: Sequence[OrderRow],
    members: Members,
    *,
    known: Mapping[tuple[str, str], Order] | None = None,
) -> dict[str, list[Order]]:
    """The stored orders of a phase that count (:func:`counted_rows`), per power, as the
    engine reads them.

    ``known``: (power, unit key) -> the order of a row the caller holds as a value already
    (what a request just read and stored), taken as it is rather than read back from its
    text. Each other row keeps the canonical text it was accepted as, so it reads back to
    the same order (:func:`stored_order`). One that no longer reads (never expected) is left
    out, so its unit takes the default; only its key is logged, never its text.
    """
    orders: dict[str, list[Order]] = {}
    held = known or {}
    for row in counted_rows(rows, members):
        order = held.get((row.power, row.unit_key))
        if order is None:
            order = stored_order(row.canonical_text or row.raw_text, position, row.power)
        if order is None:
            logger.warning(
                "stored order %s/%s of phase %s does not read back; the unit takes its default",
                row.power,
                row.unit_key,
                row.phase_id,
            )
            continue
        orders.setdefault(row.power, []).append(order)
    return orders


def stored_order(text: str, position: Position, power: str) -> Order | None:
    """The order a stored text records, None if it no longer reads.

    Orders are stored as their canonical text (``A PAR - BUR``: the record, for history and
    export), which the engine's canonical reader takes with a table lookup a word, as the
    order it was accepted as. Only a text it does not take (a row kept from before canonical
    texts, or an order the position no longer allows) goes to the full reader, unchecked,
    so that it reads as it was stored.
    """
    fast = read_canonical_order(text, position, power, names_for(position.variant))
    if fast is not None:
        return fast[0]
    try:
        return parse_order(text, position, power, check=False)
    except OrderError:
        return None


def adjudicated_orders(
    position: Position, results: Mapping[str, Any] | None
) -> dict[str, list[Order]] | None:
    """The orders a phase was adjudicated with, as its results record them (None for a phase
    recorded without them): the orders that counted, not every order stored."""
    if results is None or not isinstance(results.get("orders"), Mapping):
        return None
    orders: dict[str, list[Order]] = {}
    for power, texts in results["orders"].items():
        for text in texts:
            order = stored_order(text, position, power)
            if order is None:
                logger.warning("an adjudicated order of %s does not read back", power)
                continue
            orders.setdefault(power, []).append(order)
    return orders


async def phase_orders(store: Store, phase: Phase) -> tuple[Position, dict[str, list[Order]]]:
    """A past phase's position and the orders it was adjudicated with: as its results record
    them, or (a phase recorded without them) its stored orders read back."""
    before = Position.from_json(phase.position)
    orders = adjudicated_orders(before, phase.results)
    if orders is None:
        rows = await store.orders_of_phase(phase.id, kind=OrderKind.ORDER)
        orders = read_orders(before, rows, await members_by_power(store, phase.game_id))
    return before, orders


async def replay(store: Store, phase: Phase) -> tuple[Position, dict[str, list[Order]], Resolution]:
    """A past phase's position, orders and results, adjudicated again as it was judged (with
    the powers then in civil disorder): the engine is a pure function, so this is what
    happened."""
    before, orders = await phase_orders(store, phase)
    recorded = (phase.results or {}).get("disorder")
    # phases judged before the rule was recorded gave every power its retreats
    disorder = frozenset(recorded) if isinstance(recorded, list) else frozenset()
    return before, orders, adjudicate(before, orders, disorder=disorder)
