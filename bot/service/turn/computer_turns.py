"""Computer players' turns: when a phase opens (and when a computer takes a power over in
an open phase), each power a computer commands gets the orders `computer.choose_orders`
gives it, stored as that power's orders like a player's and marked ready. The deadline
adjudicates them with everyone else's.

The orders are chosen off the event loop, in the service's worker processes when it has them
(as adjudication is), one job for all of a game's computers; the search inside is bounded by a
count of adjudications, so the same seed gives the same orders however busy the machine.

A computer is told nothing but the board: it reads no press and no one's orders, and its
own orders are as secret as anybody's until the phase resolves. Its seed comes from the
game, the phase and the power, so a retried phase opening gives the same orders.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection

import computer
from bot.service.maps import Workers, off_the_loop
from bot.service.options.game_options import GameOptions
from bot.service.roster import game_seed
from bot.service.stored_orders import order_key
from bot.store import Game, NewOrder, Phase, PowerStatus, Store
from engine import Position, format_order

# Who submitted a computer's orders, as the orders table records it: no platform's user id
# looks like this, so no person can be mistaken for it.
COMPUTER = "computer:"


def computer_seed(game: Game, phase_name: str, power: str) -> int:
    """The seed of one power's orders in one phase of one game."""
    text = f"{game_seed(game)}:{phase_name}:{power}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


async def give_orders(
    store: Store,
    game: Game,
    phase: Phase,
    position: Position,
    only: Collection[str] | None = None,
    *,
    workers: Workers | None = None,
) -> list[str]:
    """Order every power a computer commands in the open ``phase`` (or those of them in
    ``only``), replacing whatever was on file for them, and mark each ready; the powers
    ordered."""
    seated = await store.computer_powers(game.id)
    if only is not None:
        seated &= set(only)
    if not seated:
        return []
    statuses = await store.power_statuses(game.id)
    level = computer.level_of(GameOptions.of_game(game).bot_level)
    seeds = [
        (power, computer_seed(game, phase.name, power))
        for power in position.variant.powers
        if power in seated
        and power not in position.neutral
        and statuses.get(power, PowerStatus.PLAYING) == PowerStatus.PLAYING
    ]
    if not seeds:
        return []
    searchers = None if workers is None else workers.for_computers()
    chosen = await off_the_loop(searchers, computer.orders_of_seats, position, seeds, level)
    ordered: list[str] = []
    for power, orders in chosen.items():
        await store.clear_orders(phase.id, power)
        rows: list[NewOrder] = []
        keys: list[str] = []
        for order in orders:
            key = order_key(order, keys)
            keys.append(key)
            text = format_order(order)
            rows.append(NewOrder(key, text, canonical_text=text))
        # clearing has just read the phase open (and on PostgreSQL holds it so): the
        # writing statement's own check is the only one needed, one trip fewer a power
        await store.record_orders(phase.id, power, rows, submitted_by=COMPUTER, read_open=True)
        await store.set_ready(phase.id, power, True)
        ordered.append(power)
    return ordered
