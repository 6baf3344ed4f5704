"""Starting the bot: the database, the game service, the alarm clock and the front ends.

`run` starts every chat front end whose token is set (Slack and Discord together, in one
event loop, sharing one service and one alarm clock; each front end runs the outbox pump of
its platform); with none set it starts the console.

Stopping: SIGTERM and SIGINT (Ctrl-C) do the same. The alarm clock takes no new phase and
the phases being adjudicated finish (or, past a bound, roll back whole); the front ends take
no new request and finish those in hand; each outbox pump has a bounded time to deliver
what is queued; the worker processes stop; the process exits with status 0. The same holds
as PID 1 in a container, where a signal with no handler would be ignored.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from contextlib import AsyncExitStack
from datetime import datetime
from pathlib import Path
from typing import TextIO

from bot.config import Settings
from bot.exit_codes import CommandError
from bot.frontends.console import (
    Console,
    ScriptClock,
    interactive,
    run_script,
    stdin_lines,
)
from bot.heartbeat import Heartbeat
from bot.scheduler import AlarmClock
from bot.service import GameService, read_variants_ahead, safe_trace
from bot.store import create_engine, create_sessionmaker, migrate, sqlite_file
from bot.workers import worker_processes

logger = logging.getLogger(__name__)

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


@contextlib.contextmanager
def stopped_by_signals(stop: asyncio.Event) -> Iterator[None]:
    """While inside, SIGTERM and SIGINT set ``stop`` instead of killing the process."""
    loop = asyncio.get_running_loop()

    def on_signal(number: signal.Signals) -> None:
        if stop.is_set():
            logger.warning("%s: already stopping", number.name)
            return
        logger.warning(
            "%s: stopping (the deadline run and the outbox are finished first)", number.name
        )
        stop.set()

    for number in STOP_SIGNALS:
        loop.add_signal_handler(number, on_signal, number)
    try:
        yield
    finally:
        for number in STOP_SIGNALS:
            loop.remove_signal_handler(number)


async def _wind_down_on(stop: asyncio.Event, service: GameService) -> None:
    """At once when told to stop: no phase is begun after the signal, even in the sweep a
    start runs before the front ends are up."""
    await stop.wait()
    await service.wind_down()


def make_places(settings: Settings, database_url: str) -> None:
    """The data folder, and the folder of a SQLite database, made if missing."""
    file = sqlite_file(database_url)
    for folder in (settings.dipgm_data_dir, None if file is None else file.parent):
        if folder is None:
            continue
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise CommandError(f"cannot make the folder {folder}: {exc.strerror}") from None


def chat_tokens(settings: Settings) -> list[str]:
    """The chat platforms the settings hold a token for."""
    found = []
    if settings.slack_bot_token is not None or settings.slack_app_token is not None:
        found.append("Slack")
    if settings.discord_token is not None:
        found.append("Discord")
    return found


async def console(
    settings: Settings,
    *,
    database_url: str | None = None,
    map_dir: Path | None = None,
    admins: Sequence[str] = (),
    script: Iterable[str] | None = None,
    start: datetime | None = None,
    out: TextIO | None = None,
) -> None:
    """The console front end: interactive on the real clock, or a script on a fake one.

    A script runs on a new, throwaway database unless ``database_url`` names one: its fake
    clock must not meet real games.
    """
    stream = sys.stdout if out is None else out
    stop = asyncio.Event()
    # the folder's map files are read in the background from the start, never on the loop
    await read_variants_ahead(wait=0)
    async with AsyncExitStack() as stack:
        if script is None:
            stack.enter_context(stopped_by_signals(stop))
        url = database_url
        if url is None and script is not None:
            folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="dipgm-script-"))
            url = f"sqlite+aiosqlite:///{Path(folder) / 'script.sqlite3'}"
        url = url or settings.database_url
        make_places(settings, url)
        await migrate.ensure_schema(url)
        engine = create_engine(url)
        stack.push_async_callback(engine.dispose)
        sessions = create_sessionmaker(engine)
        maps = map_dir or settings.map_dir
        if script is not None:
            clock = ScriptClock(start) if start is not None else ScriptClock()
            service = GameService(sessions, clock=clock, default_timezone=settings.default_timezone)
            await run_script(Console(service, stream, maps, admins=admins), clock, script)
            return
        workers = stack.enter_context(worker_processes(settings.worker_processes))
        service = GameService(sessions, default_timezone=settings.default_timezone, workers=workers)
        front = Console(service, stream, maps, admins=admins)
        alarm = AlarmClock(service, sweep_seconds=settings.sweep_seconds)
        _wind_down_when_stopped(stack, stop, service)
        await stack.enter_async_context(Heartbeat(sessions, alarm, ["console"]))
        _start_alarm(stack, alarm)
        await interactive(front, stdin_lines(), stop)


def _wind_down_when_stopped(
    stack: AsyncExitStack, stop: asyncio.Event, service: GameService
) -> None:
    watcher = asyncio.create_task(_wind_down_on(stop, service))
    stack.callback(watcher.cancel)


def _start_alarm(stack: AsyncExitStack, alarm: AlarmClock) -> None:
    """Start the alarm clock beside the front ends, not before them: its first sweep may be
    a long deadline run (deadlines passed while the bot was down), whose results the outbox
    pumps deliver as it goes."""
    starting = asyncio.create_task(alarm.start())

    async def stop() -> None:
        starting.cancel()
        try:
            await starting
        except asyncio.CancelledError:
            pass
        except Exception as exc:
            logger.error("starting the alarm clock failed: %s", safe_trace(exc))
        await alarm.shutdown()

    stack.push_async_callback(stop)


async def chat(settings: Settings, platforms: Sequence[str]) -> None:
    """Slack and/or Discord, as the settings allow, until SIGTERM or SIGINT."""
    stop = asyncio.Event()
    # the folder's map files are read in the background from the start, never on the loop
    await read_variants_ahead(wait=0)
    async with AsyncExitStack() as stack:
        stack.enter_context(stopped_by_signals(stop))
        make_places(settings, settings.database_url)
        await migrate.ensure_schema(settings.database_url)
        engine = create_engine(settings.database_url)
        stack.push_async_callback(engine.dispose)
        sessions = create_sessionmaker(engine)
        workers = stack.enter_context(worker_processes(settings.worker_processes))
        service = GameService(sessions, default_timezone=settings.default_timezone, workers=workers)
        alarm = AlarmClock(service, sweep_seconds=settings.sweep_seconds)
        _wind_down_when_stopped(stack, stop, service)
        await stack.enter_async_context(Heartbeat(sessions, alarm, platforms))
        _start_alarm(stack, alarm)
        runs = []
        if "Slack" in platforms:
            from bot.frontends.slack import run_slack

            runs.append(run_slack(service, settings, stop=stop))
        if "Discord" in platforms:
            from bot.frontends.discord import run_discord

            runs.append(run_discord(service, settings, stop=stop))
        await asyncio.gather(*runs)
