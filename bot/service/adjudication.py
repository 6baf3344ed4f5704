"""Adjudicating phases, exactly once, and the reminders before deadlines.

One phase is one transaction: claim it, read its orders, adjudicate, record the results,
draw the results map, open the next phase and queue every announcement. Any failure before
the commit leaves the phase open with its orders as they were, ready for the next try; a
claim that another worker (or an earlier run) already made is a quiet no-op.
"""

from __future__ import annotations

import logging
import traceback
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.service import delivery, notices, phases
from bot.service.context import Deps
from bot.service.effects import Image
from bot.service.maps import draw, filename
from bot.service.options import GameOptions
from bot.service.orderbook import read_orders
from bot.service.queries import next_retry, scheduled_phases
from bot.service.schedule import reminder_times
from bot.service.summary import missing_orders, results_message
from bot.store.models import Game, GameStatus, OrderKind, Phase, PhaseStatus, PowerStatus
from bot.store.repository import Store
from engine import Position, Resolution, adjudicate

logger = logging.getLogger(__name__)

SYSTEM = "dipgm"


def results_json(resolution: Resolution) -> dict[str, Any]:
    """The record of an adjudication kept with the phase."""
    return {
        "results": [
            {
                "power": r.power,
                "unit": r.key,
                "order": r.order_text if r.order is not None else None,
                "outcome": r.outcome.value,
                "reason": r.reason,
            }
            for r in resolution.results
        ],
        "next_phase": None if resolution.next_phase is None else str(resolution.next_phase),
        "winner": resolution.winner,
    }


def safe_trace(exc: BaseException) -> str:
    """Where an error happened, without its message: messages can quote orders."""
    frames = "".join(traceback.format_tb(exc.__traceback__))
    return f"{type(exc).__name__}\n{frames}"


@dataclass
class Adjudicator:
    sessions: async_sessionmaker[AsyncSession]
    deps: Deps

    async def process_phase(self, phase_id: int) -> bool:
        """Adjudicate one open phase of an active game; True if this call did it."""
        async with self.sessions.begin() as session:
            store = Store(session, self.deps.clock)
            phase = await store.get_phase(phase_id)
            if phase is None or phase.status != PhaseStatus.OPEN:
                return False
            game = await store.get_game(phase.game_id)
            if game is None or game.status != GameStatus.ACTIVE:
                return False
            if not await store.claim_phase(phase.id, phase.version):
                return False
            await self._adjudicate(store, game, phase)
        logger.info("adjudicated %s of game %s", phase.name, game.id)
        return True

    async def _adjudicate(self, store: Store, game: Game, phase: Phase) -> None:
        before = Position.from_json(phase.position)
        rows = await store.orders_of_phase(phase.id, kind=OrderKind.ORDER)
        orders = read_orders(before, rows)
        resolution = adjudicate(before, orders)
        await store.record_results(phase.id, results_json(resolution))
        png = await draw(
            self.deps.renderer, before, size=self.deps.map_size, orders=orders, results=resolution
        )
        image = await store.add_image(game.id, phase.name, "results", png)
        options = GameOptions.from_settings(game.settings, self.deps.default_zone)
        now = self.deps.clock()
        after = resolution.position
        await self._update_power_statuses(store, game, after)
        next_phase: Phase | None = None
        if resolution.winner is not None:
            self._finish(game, after, resolution.winner, now)
        else:
            next_phase = await phases.open_phase(store, game, after, options.schedule, now)
        await self._announce(store, game, phase, before, resolution, image.id, next_phase)
        await store.audit(SYSTEM, "adjudicated", game_id=game.id, detail={"phase": phase.name})

    async def _announce(
        self,
        store: Store,
        game: Game,
        phase: Phase,
        before: Position,
        resolution: Resolution,
        image_id: int,
        next_phase: Phase | None,
    ) -> None:
        """Queue the results for the channel, and for each power that must retreat or adjust,
        its choices; keyed by game, phase and purpose, so a retried run queues nothing twice."""
        options = GameOptions.from_settings(game.settings, self.deps.default_zone)
        now = self.deps.clock()
        deadline = None
        if next_phase is not None:
            deadline = phases.deadline(next_phase, options.schedule.zone, now)
        announcement = replace(
            results_message(before, resolution, game_name=game.name, anonymous=options.anonymous),
            deadline=deadline,
            image=Image(image_id, filename(game.name, phase.name, "results"), _alt(before)),
        )
        key = f"game:{game.id}:phase:{phase.id}"
        await delivery.to_channel(store, game, f"{key}:results", announcement, image_id=image_id)
        if deadline is None:
            return
        after = resolution.position
        for power, users in (await _players_by_power(store, game)).items():
            for user_id in users:
                several = await _in_several_games(store, game, user_id)
                message = notices.choices(game.name, after, power, deadline, several_games=several)
                if message is None:
                    break
                await delivery.to_user(
                    store, game, user_id, f"{key}:choices:{power}:{user_id}", message
                )

    @staticmethod
    async def _update_power_statuses(store: Store, game: Game, after: Position) -> None:
        statuses = await store.power_statuses(game.id)
        for power in after.variant.powers:
            alive = after.units.get(power) or after.centers.get(power)
            if not alive and statuses.get(power) != PowerStatus.ELIMINATED:
                await store.set_power_status(
                    game.id, power, PowerStatus.ELIMINATED, phase_name=str(after.phase)
                )

    @staticmethod
    def _finish(game: Game, after: Position, winner: str, now: datetime) -> None:
        game.status = GameStatus.FINISHED
        game.finished_at = now
        game.outcome = {
            "kind": "solo",
            "winner": winner,
            "centers": {p: len(after.centers.get(p, ())) for p in after.variant.powers},
        }

    async def process_due(self) -> int:
        """Adjudicate every phase whose deadline has passed, then send due reminders.

        A phase that fails is logged and left open for the next sweep; the others go on.
        """
        async with self.sessions() as session:
            due = [p.id for p in await Store(session, self.deps.clock).due_phases()]
        done = 0
        for phase_id in due:
            try:
                done += await self.process_phase(phase_id)
            except Exception as exc:
                logger.error(
                    "adjudicating phase %s failed; it stays open for the next try: %s",
                    phase_id,
                    safe_trace(exc),
                )
        try:
            await self.send_reminders()
        except Exception as exc:
            logger.error("sending reminders failed: %s", safe_trace(exc))
        return done

    async def send_reminders(self) -> None:
        """Queue the latest due reminder of each open phase for powers still owing orders."""
        async with self.sessions.begin() as session:
            store = Store(session, self.deps.clock)
            now = self.deps.clock()
            for game, phase in await scheduled_phases(session):
                await self._remind(store, game, phase, now)

    async def _remind(self, store: Store, game: Game, phase: Phase, now: datetime) -> None:
        times = phases.times_of(phase)
        if times is None or now >= times.orders_close_at:
            return
        options = GameOptions.from_settings(game.settings, self.deps.default_zone)
        due = [m for m in reminder_times(options.schedule, times, phase.opened_at) if m <= now]
        if not due:
            return
        moment = due[-1]
        position = Position.from_json(phase.position)
        orders = read_orders(position, await store.orders_of_phase(phase.id))
        ready = await store.ready_powers(phase.id)
        deadline = phases.deadline(phase, options.schedule.zone, now)
        if deadline is None:
            return
        for power, users in (await _players_by_power(store, game)).items():
            if power in ready:
                continue
            missing = missing_orders(position, power, orders.get(power, ()))
            if not missing:
                continue
            for user_id in users:
                message = notices.reminder(
                    game.name,
                    position,
                    power,
                    missing,
                    deadline,
                    several_games=await _in_several_games(store, game, user_id),
                )
                key = f"game:{game.id}:phase:{phase.id}:reminder:{moment:%Y%m%dT%H%M%S}:{user_id}"
                await delivery.to_user(store, game, user_id, key, message)

    async def next_wakeup(self) -> datetime | None:
        """The next moment something is due: a deadline, a reminder or an outbox retry."""
        now = self.deps.clock()
        moments: list[datetime] = []
        async with self.sessions() as session:
            for game, phase in await scheduled_phases(session):
                times = phases.times_of(phase)
                if times is None:
                    continue
                moments.append(times.deadline)
                options = GameOptions.from_settings(game.settings, self.deps.default_zone)
                upcoming = reminder_times(options.schedule, times, phase.opened_at, now=now)
                moments.extend(upcoming[:1])
            retry = await next_retry(session, now)
        if retry is not None:
            moments.append(retry)
        return min(moments, default=None)


async def _players_by_power(store: Store, game: Game) -> Mapping[str, Sequence[str]]:
    """The user ids playing each power, in the order they joined."""
    by_power: dict[str, list[str]] = {}
    for player in await store.players_of(game.id):
        if player.power is not None:
            by_power.setdefault(player.power, []).append(player.user_id)
    return by_power


async def _in_several_games(store: Store, game: Game, user_id: str) -> bool:
    """Whether a DM to this player must say which game it is about."""
    playing = await store.games_of_user(game.platform, user_id)
    return len([g for g in playing if g.workspace == game.workspace]) > 1


def _alt(position: Position) -> str:
    return f"The board in {position.phase.long_name}, with every order and its result"
