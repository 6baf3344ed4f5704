"""Adjudicating phases, exactly once, and sending the reminders before deadlines.

One phase is one transaction: claim it, read its orders, adjudicate, record the results,
store the results map, open the next phase and queue every announcement. Any failure before
the commit leaves the phase open with its orders as they were, ready for the next try; a
claim that another worker (or an earlier run) already made is a quiet no-op.

The adjudication and the map are done in the app's worker processes (`resolving.py`), for
several phases at once when many are due. On SQLite they are done just before the
transaction, and kept only if the transaction reads the phase the same.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.service.context import Deps
from bot.service.errors import UserError, safe_trace
from bot.service.maps import stored_kind
from bot.service.options.game_options import GameOptions
from bot.service.roster import legend_players
from bot.service.schedule import reminder_times
from bot.service.turn import (
    coin_toss,
    conditional_orders,
    final_announcement,
    missed_orders,
    opening,
    reminders,
    retrying,
)
from bot.service.turn.conditional_orders import Applied
from bot.service.turn.endings import outcome_json
from bot.service.turn.resolving import Work, drawing, resolve
from bot.service.turn.results_announcement import announce_results
from bot.service.turn.verdict import Judging, Verdict, conclude, read_judging
from bot.service.turns import Turns
from bot.service.words.power_state import alive
from bot.store import (
    Game,
    GameStatus,
    Phase,
    PhaseStatus,
    PowerStatus,
    Store,
    one_connection,
)
from engine import Resolution

logger = logging.getLogger(__name__)

SYSTEM = "dipgm"
# Phases worked on at once per worker process: one drawn while the next is read or written.
AT_ONCE_PER_WORKER = 2


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


class Outcome(Enum):
    DONE = "done"
    # not open, not due, or not claimed: nothing for this worker to do
    LEFT = "left"
    # another transaction holds the phase (another worker at it): try once more at the end
    HELD = "held"


@dataclass
class Adjudicator:
    sessions: async_sessionmaker[AsyncSession]
    deps: Deps
    # when a deadline's transaction may take a connection: after the players' commands
    turns: Turns
    # The bot is stopping: a deadline run takes no phase it has not begun.
    stopping: bool = False

    async def process_phase(self, phase_id: int, *, due: bool = False) -> bool:
        """Adjudicate one open phase of an active game; True if this call did it.

        ``due``: called for its deadline, so a phase locked or given more time since it was
        found due is left alone (the game master's `process` is not ``due``). A failure is
        recorded (see `retrying.py`) and raised as a :class:`UserError` saying what failed
        and when the phase is tried again."""
        try:
            return await self._process(phase_id, due=due, waiting=True) is Outcome.DONE
        except Exception as exc:
            logger.error("adjudicating phase %s failed: %s", phase_id, safe_trace(exc))
            told = await self._failed(phase_id, exc)
            if told is None:
                raise
            raise UserError(told) from None

    async def _failed(self, phase_id: int, exc: BaseException) -> str | None:
        return await retrying.failed(self.sessions, self.deps, phase_id, exc)

    async def _process(self, phase_id: int, *, due: bool, waiting: bool) -> Outcome:
        """``waiting``: wait for a transaction that holds the phase rather than leave it."""
        # The one connection of a SQLite file is every session's: at a deadline, where many
        # phases are due together, the adjudication and map are worked out before the
        # phase's transaction takes it, and kept if the transaction reads the same.
        # Elsewhere, and for one phase, the transaction waits for them itself.
        ahead = None
        if due and one_connection(self.sessions):
            ahead = await self._work_ahead(phase_id)
        # A game master's `process` and a phase all are ready for run as their command's
        # follow-up: only the deadline's own transactions wait for the commands.
        turn = self.turns.deadline() if due else contextlib.nullcontext()
        async with turn, self.sessions.begin() as session:
            store = Store(session, self.deps.clock)
            # At a deadline the phase may be changed rather than claimed (an excused miss
            # moves it): the lock keeps a second worker from acting on what it read before.
            if due:
                phase = await store.lock_phase(phase_id, skip_locked=not waiting)
                if phase is None and not waiting:
                    return Outcome.HELD
            else:
                phase = await store.get_phase(phase_id)
            if phase is None or phase.status != PhaseStatus.OPEN:
                return Outcome.LEFT
            if due and (
                phase.locked or phase.deadline is None or phase.deadline > self.deps.clock()
            ):
                return Outcome.LEFT
            game = await store.get_game(phase.game_id)
            if game is None or game.status != GameStatus.ACTIVE:
                return Outcome.LEFT
            if due and await missed_orders.excuse(store, game, phase, self.deps.clock()):
                return Outcome.LEFT
            version = phase.version
            if not await store.claim_phase(phase.id, version):
                return Outcome.LEFT
            # The version tells a phase adjudicated again after a rollback from the first
            # time; a retried run after a crash has the same one, so queues nothing twice.
            key = f"game:{game.id}:phase:{phase.id}:v{version}"
            await self._adjudicate(store, game, phase, key, ahead)
        logger.info("adjudicated %s of game %s", phase.name, game.id)
        return Outcome.DONE

    async def _work_ahead(self, phase_id: int) -> Work | None:
        """The adjudication and map of an open phase as it reads now, worked out with no
        session open."""
        async with self.sessions() as session:
            store = Store(session, self.deps.clock)
            phase = await store.get_phase(phase_id)
            if phase is None or phase.status != PhaseStatus.OPEN:
                return None
            game = await store.get_game(phase.game_id)
            if game is None or game.status != GameStatus.ACTIVE:
                return None
            judging = await read_judging(store, game, phase)
            players = await legend_players(store, game)
        style = GameOptions.of_game(game, self.deps.default_zone).palette.style
        return await self._resolve(judging, style, players)

    async def _resolve(
        self, judging: Judging, style: str, players: Mapping[str, str] | None
    ) -> Work:
        return await resolve(
            self.deps.workers,
            self.deps.renderer,
            judging,
            size=self.deps.map_size,
            style=style,
            players=players,
        )

    async def _adjudicate(
        self, store: Store, game: Game, phase: Phase, key: str, ahead: Work | None
    ) -> None:
        options = GameOptions.of_game(game, self.deps.default_zone)
        judging = await read_judging(
            store, game, phase, unless=None if ahead is None else ahead.judging
        )
        players = await legend_players(store, game)
        style = options.palette.style
        work = ahead
        if work is None or not work.fits(judging, drawing(self.deps.map_size, style, players)):
            work = await self._resolve(judging, style, players)
        verdict = conclude(judging, work.resolution, game, phase, self.deps.clock())
        before, resolution = verdict.before, verdict.resolution
        await store.record_results(phase.id, results_json(resolution) | verdict.to_json())
        await store.clear_adjudication_failure(phase.id)
        image = await store.add_image(game.id, phase.name, stored_kind("results", style), work.png)
        now = self.deps.clock()
        after = resolution.position
        await self._update_power_statuses(store, game, verdict)
        # A game that ends here wants no replacements: nobody's miss is counted.
        over = verdict.ending is not None
        still = frozenset() if over else verdict.playing - verdict.surrendered
        misses = await missed_orders.count_misses(store, game, phase, before, still, key, now)
        next_phase: Phase | None = None
        applied: dict[str, Applied] = {}
        news: coin_toss.News = []
        if verdict.ending is not None:
            game.status = GameStatus.FINISHED
            game.finished_at = now
            game.outcome = outcome_json(verdict.ending, after)
        else:
            after, news = await coin_toss.settle(store, game, after, key)
            next_phase = await opening.open_phase(
                store, game, after, options.schedule, now, self.deps.workers
            )
            statuses = await store.power_statuses(game.id)
            playing = {p for p in verdict.playing if statuses.get(p) == PowerStatus.PLAYING}
            applied = await conditional_orders.apply(store, game, phase, next_phase, after, playing)
        await announce_results(
            store, self.deps, game, phase, verdict, image.id, next_phase, key, applied
        )
        if next_phase is not None:
            # the coin and a neutral power joining come of these results: told after them
            await coin_toss.announce(store, game, news)
            await coin_toss.welcome_joined(
                store, game, resolution.position, after, next_phase, options.schedule.zone, now, key
            )
        if over:
            await final_announcement.announce_end(store, self.deps.animator, game, after, key)
        await missed_orders.send(store, game, misses)
        await store.audit(SYSTEM, "adjudicated", game_id=game.id, detail={"phase": phase.name})

    @staticmethod
    async def _update_power_statuses(store: Store, game: Game, verdict: Verdict) -> None:
        """Surrenders take effect, and powers with nothing left are out."""
        after = verdict.after
        since = str(after.phase)
        for power in sorted(verdict.surrendered):
            await store.set_power_status(game.id, power, PowerStatus.SURRENDERED, phase_name=since)
        for power in after.variant.powers:
            if not alive(after, power) and verdict.statuses.get(power) != PowerStatus.ELIMINATED:
                await store.set_power_status(
                    game.id, power, PowerStatus.ELIMINATED, phase_name=since
                )

    async def process_due(self, after_each: Callable[[], Awaitable[None]] | None = None) -> int:
        """Adjudicate every phase whose deadline has passed, then send due reminders.

        Several phases are worked on at once, as many as keep the worker processes busy
        (one at a time without them). A phase another worker holds is left for last, then
        waited for: by then that worker has most likely done it. A phase that fails is
        logged and left open for the next sweep; the others go on. ``after_each`` is awaited
        after each phase adjudicated: its results are queued, and the outbox pumps can
        deliver them while the next phases are worked on.
        """
        async with self.sessions() as session:
            due = [p.id for p in await Store(session, self.deps.clock).due_phases()]
        workers = self.deps.workers
        at_once = asyncio.Semaphore(1 if workers is None else workers.count * AT_ONCE_PER_WORKER)
        done = 0
        held: list[int] = []

        async def one(phase_id: int, *, waiting: bool) -> None:
            nonlocal done
            async with at_once:
                if self.stopping:
                    return
                try:
                    outcome = await self._process(phase_id, due=True, waiting=waiting)
                except Exception as exc:
                    logger.error(
                        "adjudicating phase %s failed; it stays open for the next try: %s",
                        phase_id,
                        safe_trace(exc),
                    )
                    await self._failed(phase_id, exc)
                    return
            if outcome is Outcome.HELD:
                held.append(phase_id)
            elif outcome is Outcome.DONE:
                done += 1
                if after_each is not None:
                    await after_each()

        await asyncio.gather(*(one(phase_id, waiting=False) for phase_id in due))
        await asyncio.gather(*(one(phase_id, waiting=True) for phase_id in held))
        if self.stopping:
            return done
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
            for game, phase in await store.scheduled_phases():
                await reminders.remind(store, game, phase, now, self.deps.default_zone)

    async def next_wakeup(self) -> datetime | None:
        """The next moment something is due: a deadline or a reminder. (Outbox retries are
        the pumps' own to wait for.)"""
        now = self.deps.clock()
        moments: list[datetime] = []
        async with self.sessions() as session:
            store = Store(session, self.deps.clock)
            retries = await store.retry_times()
            for game, phase in await store.scheduled_phases():
                times = opening.times_of(phase)
                if times is None:
                    continue
                if not phase.locked:
                    # A locked phase waits for the game master, not for its deadline; one
                    # that failed, for its next try.
                    moments.append(max(times.deadline, retries.get(phase.id, times.deadline)))
                options = GameOptions.of_game(game, self.deps.default_zone)
                upcoming = reminder_times(options.schedule, times, phase.opened_at, now=now)
                moments.extend(upcoming[:1])
        return min(moments, default=None)
