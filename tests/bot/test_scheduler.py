"""The alarm clock: one job at the service's next wakeup, a sweep, and rebuilt at start."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

from apscheduler.schedulers.asyncio import AsyncIOScheduler

from bot.scheduler import RETRY, SWEEP_JOB, WAKEUP_JOB, AlarmClock
from tests.bot.service.harness import open_table, said

NOW = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


class FakeService:
    """What the alarm clock uses of the game service."""

    def __init__(self, wakeup: datetime | None) -> None:
        self.wakeup = wakeup
        self.runs = 0
        self.listeners: list[object] = []
        self.fail = False

    def on_change(self, listener: object) -> None:
        self.listeners.append(listener)

    async def process_due(self) -> int:
        self.runs += 1
        if self.fail:
            raise RuntimeError("database went away")
        return 0

    async def next_wakeup(self) -> datetime | None:
        return self.wakeup


def clock_for(service: FakeService) -> AlarmClock:
    return AlarmClock(
        service,  # type: ignore[arg-type]
        sweep_seconds=60,
        scheduler=AsyncIOScheduler(timezone=UTC),
        now=lambda: NOW,
    )


async def test_start_sweeps_then_arms_at_the_next_wakeup() -> None:
    service = FakeService(NOW + timedelta(hours=2))
    alarm = clock_for(service)
    await alarm.start()
    try:
        assert service.runs == 1, "a sweep at start catches missed deadlines"
        job = alarm.scheduler.get_job(WAKEUP_JOB)
        assert job is not None and job.next_run_time == NOW + timedelta(hours=2)
        sweep = alarm.scheduler.get_job(SWEEP_JOB)
        assert sweep is not None
        assert len(service.listeners) == 1, "commands re-arm the clock"
    finally:
        await alarm.shutdown()


async def test_rearm_follows_the_database() -> None:
    service = FakeService(None)
    alarm = clock_for(service)
    await alarm.start()
    try:
        assert alarm.scheduler.get_job(WAKEUP_JOB) is None
        service.wakeup = NOW + timedelta(minutes=5)
        await alarm.rearm()
        job = alarm.scheduler.get_job(WAKEUP_JOB)
        assert job is not None and job.next_run_time == NOW + timedelta(minutes=5)
        service.wakeup = NOW - timedelta(hours=1)
        await alarm.rearm()
        job = alarm.scheduler.get_job(WAKEUP_JOB)
        assert job is not None and job.next_run_time == NOW, "a missed deadline runs at once"
        service.wakeup = None
        await alarm.rearm()
        assert alarm.scheduler.get_job(WAKEUP_JOB) is None
    finally:
        await alarm.shutdown()


async def test_a_failing_run_is_retried_later_not_in_a_loop() -> None:
    service = FakeService(NOW - timedelta(minutes=1))
    service.fail = True
    alarm = clock_for(service)
    await alarm.start()
    try:
        job = alarm.scheduler.get_job(WAKEUP_JOB)
        assert job is not None and job.next_run_time == NOW + RETRY
    finally:
        await alarm.shutdown()


def real_time() -> datetime:
    return datetime.now(UTC)


class BusyService(FakeService):
    """Its second run takes a moment, and a command during it makes something due at once
    (a game master's `process` in another game, say)."""

    def __init__(self) -> None:
        super().__init__(None)
        self.alarm: AlarmClock | None = None
        self.third = asyncio.Event()

    async def process_due(self) -> int:
        self.runs += 1
        if self.runs == 2:
            assert self.alarm is not None
            self.wakeup = real_time()
            await self.alarm.rearm()
            await asyncio.sleep(0.05)
        elif self.runs == 3:
            self.wakeup = None
            self.third.set()
        return 0


async def test_a_wakeup_armed_during_a_run_is_never_skipped() -> None:
    service = BusyService()
    alarm = AlarmClock(
        service,  # type: ignore[arg-type]
        sweep_seconds=3600,
        scheduler=AsyncIOScheduler(timezone=UTC),
        now=real_time,
    )
    service.alarm = alarm
    await alarm.start()
    try:
        service.wakeup = real_time() + timedelta(milliseconds=100)
        await alarm.rearm()
        # Not RETRY (30 s) later, nor at the next sweep: right after the run it came during.
        await asyncio.wait_for(service.third.wait(), timeout=5)
        assert service.runs == 3
    finally:
        await alarm.shutdown()


async def test_the_alarm_clock_drives_the_real_service(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players()
        table.fresh()
        alarm = AlarmClock(
            table.service,
            sweep_seconds=60,
            scheduler=AsyncIOScheduler(timezone=UTC),
            now=table.clock,
        )
        stop = asyncio.Event()
        pump = asyncio.create_task(table.console.pump.run(stop))
        table.clock.now += timedelta(days=3)
        await alarm.start()
        try:
            # Looked at before anything else may run: the scheduler keeps real time, and the
            # job's (fake) moment is long past.
            job = alarm.scheduler.get_job(WAKEUP_JOB)
            assert job is not None
            assert job.next_run_time == await table.service.next_wakeup()
            # The run rang the console's pump, which delivers the results.
            await asyncio.wait_for(table.console.pump.settled(), timeout=10)
            assert said(table.fresh(), "#game")[0] == "hague: Spring 1901 — results"
        finally:
            await alarm.shutdown()
            stop.set()
            await pump
