"""The heartbeat of a running bot: its row in the database (``workers``), written every few
seconds while its event loop turns, with when its alarm clock last ran; marked stopped on a
clean stop. `dipgm status` tells from these rows which workers are alive."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
from collections.abc import Sequence
from types import TracebackType

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.scheduler import AlarmClock
from bot.service import FORGET_AFTER, HEARTBEAT_SECONDS, safe_trace
from bot.store import Store, utcnow

logger = logging.getLogger(__name__)


class Heartbeat:
    """``async with Heartbeat(sessions, alarm, ["slack"]):`` beats while inside."""

    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        alarm: AlarmClock,
        platforms: Sequence[str],
        *,
        every: float = HEARTBEAT_SECONDS,
    ) -> None:
        self._sessions = sessions
        self._alarm = alarm
        self._platforms = ",".join(p.lower() for p in platforms)
        self._every = every
        self._id: int | None = None
        self._task: asyncio.Task[None] | None = None

    async def __aenter__(self) -> Heartbeat:
        async with self._sessions.begin() as session:
            store = Store(session)
            await store.forget_workers(utcnow() - FORGET_AFTER)
            self._id = await store.start_worker(socket.gethostname(), os.getpid(), self._platforms)
        self._task = asyncio.create_task(self._beat())
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._id is None:
            return
        try:
            async with self._sessions.begin() as session:
                await Store(session).stop_worker(self._id, last_run_at=self._alarm.last_run)
        except Exception as exc:
            # The row goes silent instead: status shows it as not heard from.
            logger.error("marking this worker stopped failed: %s", safe_trace(exc))

    async def _beat(self) -> None:
        assert self._id is not None
        while True:
            await asyncio.sleep(self._every)
            try:
                async with self._sessions.begin() as session:
                    await Store(session).beat(self._id, last_run_at=self._alarm.last_run)
            except Exception as exc:
                # The database may be away for a moment: the next beat tries again.
                logger.error("writing the heartbeat failed: %s", safe_trace(exc))
