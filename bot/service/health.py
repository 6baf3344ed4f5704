"""Whether the service is well, as an operator asks (``dipgm status``, ``GET /healthz``): the
games by state, the deadlines passed, the outbox's backlog and failures, and the bot
processes (workers) alive by their heartbeat rows; and what of it needs someone to act.

    health = await read_health(sessions)
    health.problems(host)      # [] when nothing is overdue and a worker is alive
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.store import FailingAdjudication, OutboxBacklog, Store, WorkerBeat, utcnow

# How often a running bot writes its heartbeat row.
HEARTBEAT_SECONDS = 15.0
# A worker not heard from for this long is not alive (a few beats missed).
SILENT_AFTER = timedelta(seconds=4 * HEARTBEAT_SECONDS)
# A deadline passed, or a message due, this long ago and still waiting is overdue: a deadline
# run of a thousand games takes about a minute.
OVERDUE_AFTER = timedelta(minutes=5)
# How far back the outbox's given-up messages are counted.
FAILURES_SINCE = timedelta(days=1)
# Heartbeat rows of workers silent this long are dropped when a worker starts.
FORGET_AFTER = timedelta(days=7)


@dataclass(frozen=True)
class Worker:
    host: str
    pid: int
    platforms: str
    started_at: datetime
    beat_at: datetime
    last_run_at: datetime | None
    stopped_at: datetime | None
    alive: bool

    @classmethod
    def of(cls, row: WorkerBeat, now: datetime) -> Worker:
        alive = row.stopped_at is None and now - row.beat_at <= SILENT_AFTER
        return cls(
            row.host,
            row.pid,
            row.platforms,
            row.started_at,
            row.beat_at,
            row.last_run_at,
            row.stopped_at,
            alive,
        )


@dataclass(frozen=True)
class Health:
    at: datetime
    games: dict[str, int]
    # the deadlines of the phases due now, earliest first
    deadlines: list[datetime]
    outbox: OutboxBacklog
    workers: list[Worker]
    # open phases whose adjudication failed, tried again with back-off until it succeeds
    failing: list[FailingAdjudication]

    @property
    def overdue_phases(self) -> int:
        return sum(1 for deadline in self.deadlines if self.at - deadline > OVERDUE_AFTER)

    @property
    def outbox_overdue(self) -> bool:
        oldest = self.outbox.oldest_due
        return oldest is not None and self.at - oldest > OVERDUE_AFTER

    @property
    def last_run(self) -> datetime | None:
        """The last run of any worker's alarm clock."""
        return max((w.last_run_at for w in self.workers if w.last_run_at), default=None)

    def problems(self, host: str) -> list[str]:
        """What needs someone to act, in words; ``host``: the machine asking, whose own
        worker must be alive if it had one running."""
        found = []
        for failing in self.failing:
            found.append(
                f"adjudicating {failing.game_name} {failing.phase_name} has failed "
                f"{failing.attempts} time(s): {failing.reason}"
            )
        if self.overdue_phases:
            found.append(
                f"{self.overdue_phases} phase(s) past their deadline for over "
                f"{_minutes(OVERDUE_AFTER)} and not adjudicated"
            )
        if self.outbox_overdue:
            found.append(
                f"{self.outbox.due} outbox message(s) waiting, the oldest due for over "
                f"{_minutes(OVERDUE_AFTER)}"
            )
        if not any(w.alive for w in self.workers):
            found.append("no bot is running (no worker heard from in the last minute)")
        else:
            here = [w for w in self.workers if w.host == host]
            if here and here[0].stopped_at is None and not any(w.alive for w in here):
                found.append(
                    f"the bot on {host} (pid {here[0].pid}) has not been heard from since "
                    f"{here[0].beat_at:%Y-%m-%d %H:%M:%S} UTC"
                )
        return found

    def as_json(self, host: str) -> dict[str, Any]:
        problems = self.problems(host)
        return {
            "ok": not problems,
            "problems": problems,
            "at": self.at.isoformat(),
            "games": self.games,
            "phases_due": len(self.deadlines),
            "phases_overdue": self.overdue_phases,
            "adjudications_failing": [
                {
                    "game": f.game_name,
                    "platform": str(f.platform),
                    "channel": f.channel,
                    "phase": f.phase_name,
                    "failed_since": f.failed_since.isoformat(),
                    "attempts": f.attempts,
                    "retry_at": f.retry_at.isoformat(),
                    "reason": f.reason,
                }
                for f in self.failing
            ],
            "outbox": {
                "pending": self.outbox.pending,
                "due": self.outbox.due,
                "retrying": self.outbox.retrying,
                "given_up_last_day": self.outbox.given_up,
            },
            "last_alarm_clock_run": None if self.last_run is None else self.last_run.isoformat(),
            "workers_alive": sum(1 for w in self.workers if w.alive),
        }


async def read_health(
    sessions: async_sessionmaker[AsyncSession], clock: Callable[[], datetime] = utcnow
) -> Health:
    """The service's health now, read in one transaction."""
    now = clock()
    async with sessions() as session:
        store = Store(session, clock)
        games = {str(status): count for status, count in (await store.games_by_status()).items()}
        deadlines = await store.passed_deadlines(now)
        outbox = await store.outbox_backlog(now, now - FAILURES_SINCE)
        workers = [Worker.of(row, now) for row in await store.workers()]
        failing = await store.failing_adjudications()
    return Health(now, games, deadlines, outbox, workers, failing)


def _minutes(span: timedelta) -> str:
    return f"{span.total_seconds() / 60:.0f} min"
