"""The alarm clock: wakes the game service when something is due, and nothing more.

Deadlines live in the database. One APScheduler job is armed at the service's next wakeup
(re-armed after every run and every command), and a sweep runs every few seconds to catch
whatever was missed while the bot was down or the clock jumped. Starting runs a sweep at
once, so the job is always rebuilt from the database. Delivering what a run queued is the
outbox pumps' business: the service rings them itself.

The jobs only ring: the runs are one worker's, which runs once more for every ring that came
while it ran. Running the work inside the job would lose wakeups: APScheduler skips (and, for
a one-off job, deletes) a job that falls due while the same job is still running, and a
wakeup re-armed by a command during a run is exactly that.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from apscheduler.schedulers.asyncio import AsyncIOScheduler

from bot.service import GameService, safe_trace

logger = logging.getLogger(__name__)

WAKEUP_JOB = "dipgm-wakeup"
SWEEP_JOB = "dipgm-sweep"

# Whatever is still due right after a run failed in it: try again after this, not in a loop.
RETRY = timedelta(seconds=30)
# A ring only sets a flag; overlapping rings are harmless, so none is refused for overlapping.
RINGS = 1000


class AlarmClock:
    def __init__(
        self,
        service: GameService,
        *,
        sweep_seconds: int,
        scheduler: AsyncIOScheduler | None = None,
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self._service = service
        self._sweep_seconds = sweep_seconds
        self._scheduler = scheduler or AsyncIOScheduler(timezone=UTC)
        self._now = now
        # One run at a time: the sweep and the wakeup may fire together.
        self._running = asyncio.Lock()
        self._rearming = False
        self._look_again = False
        # Rung by the jobs; the worker runs while it is set.
        self._due = asyncio.Event()
        self._worker: asyncio.Task[None] | None = None
        # When the last run ended (the heartbeat reports it).
        self.last_run: datetime | None = None

    @property
    def scheduler(self) -> AsyncIOScheduler:
        return self._scheduler

    async def start(self) -> None:
        """Start ticking: sweep now (deadlines missed while down), then arm the jobs."""
        self._scheduler.start()
        self._scheduler.add_job(
            self._ring,
            "interval",
            seconds=self._sweep_seconds,
            id=SWEEP_JOB,
            replace_existing=True,
            coalesce=True,
            misfire_grace_time=None,
            max_instances=RINGS,
        )
        self._service.on_change(self.rearm)
        self._worker = asyncio.create_task(self._work())
        await self.run()

    async def shutdown(self) -> None:
        """Stop ringing, and stop the worker: a run it was in unwinds (its database session
        closes) before this returns, so the database can be closed after it."""
        if self._scheduler.running:
            self._scheduler.shutdown(wait=False)
        worker, self._worker = self._worker, None
        if worker is not None:
            worker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await worker

    async def _ring(self) -> None:
        """What the jobs do: it returns at once, so no ring is ever skipped as overlapping."""
        self._due.set()

    async def _work(self) -> None:
        while True:
            await self._due.wait()
            self._due.clear()
            try:
                await self.run()
            except Exception as exc:
                # Re-arming failed (the database, most likely): the sweep rings again.
                logger.error("the alarm clock's run failed: %s", safe_trace(exc))

    async def run(self) -> None:
        """Process what is due, then arm for the next moment."""
        async with self._running:
            try:
                await self._service.process_due()
            except Exception as exc:
                logger.error("the alarm clock's run failed: %s", safe_trace(exc))
            self.last_run = self._now()
        await self.rearm(retrying=True)

    async def rearm(self, *, retrying: bool = False) -> None:
        """Put the wakeup job at the service's next wakeup, or remove it if none.

        ``retrying``: called right after a run, when anything still due has just failed.
        Every command asks for this; calls that come while one is looking are served by one
        more look when it is done, not one each (fifty players ordering at once would
        otherwise read every open phase fifty times).
        """
        if self._rearming:
            self._look_again = True
            return
        self._rearming = True
        try:
            await self._arm(retrying)
            while self._look_again:
                self._look_again = False
                await self._arm(False)
        finally:
            self._rearming = False

    async def _arm(self, retrying: bool) -> None:
        when = await self._service.next_wakeup()
        if when is None:
            if self._scheduler.get_job(WAKEUP_JOB) is not None:
                self._scheduler.remove_job(WAKEUP_JOB)
            return
        now = self._now()
        if when <= now:
            when = now + RETRY if retrying else now
        self._scheduler.add_job(
            self._ring,
            "date",
            run_date=when,
            id=WAKEUP_JOB,
            replace_existing=True,
            # A wakeup is never too late to run: a missed deadline is still due.
            misfire_grace_time=None,
            max_instances=RINGS,
        )
