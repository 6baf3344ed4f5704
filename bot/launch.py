"""Starting the bot: the database, the game service, the alarm clock and the front ends.

`run` starts every chat front end whose token is set (Slack and Discord together, in one
event loop, sharing one service and one alarm clock; each front end runs the outbox pump of
its platform); with none set it starts the console.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import tempfile
from collections.abc import Iterable, Sequence
from contextlib import AsyncExitStack
from datetime import datetime
from pathlib import Path
from typing import TextIO

from bot.config import Settings
from bot.frontends.console import (
    Console,
    ScriptClock,
    interactive,
    run_script,
    stdin_lines,
)
from bot.scheduler import AlarmClock
from bot.service import GameService, read_variants_ahead
from bot.store import create_engine, create_sessionmaker, migrate
from bot.workers import worker_processes

# Database drivers log every query with its parameters below these levels, and parameters
# carry orders: secret until the phase resolves.
LIBRARY_LOG_LEVELS = {
    "aiosqlite": logging.INFO,
    "asyncpg": logging.INFO,
    "sqlalchemy": logging.WARNING,
}


def configure_logging(level: str) -> None:
    """Log to stderr at the level the settings give (LOG_LEVEL; WARNING unless set)."""
    logging.basicConfig(stream=sys.stderr)
    # Set on the root itself: basicConfig leaves a root that already has a handler alone.
    logging.getLogger().setLevel(logging.getLevelNamesMapping()[level])
    for name, floor in LIBRARY_LOG_LEVELS.items():
        logger = logging.getLogger(name)
        logger.setLevel(max(floor, logger.getEffectiveLevel()))


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
    # the folder's map files are read in the background from the start, never on the loop
    await read_variants_ahead(wait=0)
    async with AsyncExitStack() as stack:
        url = database_url
        if url is None and script is not None:
            folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="dipgm-script-"))
            url = f"sqlite+aiosqlite:///{Path(folder) / 'script.sqlite3'}"
        url = url or settings.database_url
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
        await alarm.start()
        stack.push_async_callback(alarm.shutdown)
        await interactive(front, stdin_lines())


async def chat(settings: Settings, platforms: Sequence[str]) -> None:
    """Slack and/or Discord, as the settings allow, until interrupted."""
    # the folder's map files are read in the background from the start, never on the loop
    await read_variants_ahead(wait=0)
    async with AsyncExitStack() as stack:
        await migrate.ensure_schema(settings.database_url)
        engine = create_engine(settings.database_url)
        stack.push_async_callback(engine.dispose)
        workers = stack.enter_context(worker_processes(settings.worker_processes))
        service = GameService(
            create_sessionmaker(engine),
            default_timezone=settings.default_timezone,
            workers=workers,
        )
        alarm = AlarmClock(service, sweep_seconds=settings.sweep_seconds)
        await alarm.start()
        stack.push_async_callback(alarm.shutdown)
        runs = []
        if "Slack" in platforms:
            from bot.frontends.slack import run_slack

            runs.append(run_slack(service, settings))
        if "Discord" in platforms:
            from bot.frontends.discord import run_discord

            runs.append(run_discord(service, settings))
        await asyncio.gather(*runs)
