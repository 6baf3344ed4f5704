"""What an operator reads of the service (``dipgm status``, ``GET /healthz``): games by state,
the deadlines passed, the outbox's backlog and failures, and the heartbeat rows of the
running bot processes, which this part also writes."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, func, select, update

from bot.store.models import (
    Game,
    GameStatus,
    OutboxMessage,
    OutboxStatus,
    Phase,
    WorkerBeat,
)
from bot.store.part import StorePart
from bot.store.phases_and_orders import due_at


@dataclass(frozen=True)
class OutboxBacklog:
    """The outbox as an operator sees it at a moment."""

    pending: int
    # pending and due now: what the pumps have still to send
    due: int
    # the moment the longest-waiting due message came due
    oldest_due: datetime | None
    # pending after at least one failed try
    retrying: int
    # given up since the moment asked about
    given_up: int


class Operations(StorePart):
    """The part of the Store an operator's checks read, and the workers' heartbeat rows."""

    # -- heartbeats ------------------------------------------------------------------------

    async def start_worker(self, host: str, pid: int, platforms: str) -> int:
        """A row for a bot process starting now; its id."""
        now = self.clock()
        row = WorkerBeat(host=host, pid=pid, platforms=platforms, started_at=now, beat_at=now)
        self.session.add(row)
        await self.session.flush()
        return row.id

    async def beat(self, worker_id: int, *, last_run_at: datetime | None) -> None:
        await self.session.execute(
            update(WorkerBeat)
            .where(WorkerBeat.id == worker_id)
            .values(beat_at=self.clock(), last_run_at=last_run_at)
        )

    async def stop_worker(self, worker_id: int, *, last_run_at: datetime | None) -> None:
        now = self.clock()
        await self.session.execute(
            update(WorkerBeat)
            .where(WorkerBeat.id == worker_id)
            .values(beat_at=now, stopped_at=now, last_run_at=last_run_at)
        )

    async def forget_workers(self, silent_since: datetime) -> None:
        """Drop the rows of workers not heard from since ``silent_since``."""
        await self.session.execute(delete(WorkerBeat).where(WorkerBeat.beat_at < silent_since))

    async def workers(self) -> list[WorkerBeat]:
        """Every worker's row, the latest started first."""
        found = await self.session.scalars(
            select(WorkerBeat).order_by(WorkerBeat.started_at.desc(), WorkerBeat.id.desc())
        )
        return list(found)

    # -- what is in the database -----------------------------------------------------------

    async def games_by_status(self) -> dict[GameStatus, int]:
        rows = await self.session.execute(select(Game.status, func.count()).group_by(Game.status))
        return dict(rows.all())

    async def passed_deadlines(self, now: datetime) -> list[datetime]:
        """The deadlines of the phases due at ``now`` (as the alarm clock's `due_phases`
        finds them), earliest first, without reading the phases themselves."""
        found = await self.session.scalars(
            select(Phase.deadline)
            .join(Game, Game.id == Phase.game_id)
            .where(*due_at(now))
            .order_by(Phase.deadline)
        )
        return [deadline for deadline in found if deadline is not None]

    async def outbox_backlog(self, now: datetime, given_up_since: datetime) -> OutboxBacklog:
        pending = OutboxMessage.status == OutboxStatus.PENDING
        due = pending & (OutboxMessage.next_attempt_at <= now)
        counts = await self.session.execute(
            select(
                func.count().filter(pending),
                func.count().filter(due),
                func.min(OutboxMessage.next_attempt_at).filter(due),
                func.count().filter(pending & (OutboxMessage.attempts > 0)),
                func.count().filter(
                    (OutboxMessage.status == OutboxStatus.FAILED)
                    & (OutboxMessage.failed_at >= given_up_since)
                ),
            ).select_from(OutboxMessage)
        )
        waiting, due_now, oldest, retrying, given_up = counts.one()
        return OutboxBacklog(waiting, due_now, oldest, retrying, given_up)
