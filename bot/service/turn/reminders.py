"""Reminders before a deadline: to each player of a power still owing orders.

A phase's schedule says when reminders fall due; only the latest one due is sent, keyed by
its moment, so a sweep after a pause or a restart sends one reminder, not each it missed.
"""

from __future__ import annotations

from datetime import datetime

from bot.service.options.game_options import GameOptions
from bot.service.outbox import queue
from bot.service.roster import in_several_games, players_by_power
from bot.service.schedule import reminder_times
from bot.service.stored_orders import members_by_power, read_orders
from bot.service.team_votes import ready_powers
from bot.service.turn import opening
from bot.service.words import notices
from bot.store import Game, OrderKind, Phase, PowerStatus, Store
from engine import Position, still_to_order

# What these direct messages are, told to the game master should one not arrive.
REMINDER = queue.About("a reminder to send orders")


async def remind(store: Store, game: Game, phase: Phase, now: datetime, default_zone: str) -> None:
    """Queue the latest due reminder of ``phase`` for each power still owing orders."""
    times = opening.times_of(phase)
    if times is None or now >= times.orders_close_at:
        return
    options = GameOptions.of_game(game, default_zone)
    due = [m for m in reminder_times(options.schedule, times, phase.opened_at) if m <= now]
    if not due:
        return
    moment = due[-1]
    position = Position.from_json(phase.position)
    rows = await store.orders_of_phase(phase.id, kind=OrderKind.ORDER)
    orders = read_orders(position, rows, await members_by_power(store, game.id))
    ready = await ready_powers(store, game.id, phase.id)
    deadline = opening.deadline(phase, options.schedule.zone, now)
    if deadline is None:
        return
    statuses = await store.power_statuses(game.id)
    for power, users in (await players_by_power(store, game)).items():
        if power in ready or statuses.get(power, PowerStatus.PLAYING) != PowerStatus.PLAYING:
            continue
        missing = still_to_order(position, power, orders.get(power, ()))
        if not missing:
            continue
        for user_id in users:
            message = notices.reminder(
                game.name,
                position,
                power,
                missing,
                deadline,
                several_games=await in_several_games(store, game, user_id),
            )
            key = (
                f"game:{game.id}:phase:{phase.id}:reminder:{moment:%Y%m%dT%H%M%S}:{power}:{user_id}"
            )
            await queue.to_user(store, game, user_id, key, message, about=REMINDER)
