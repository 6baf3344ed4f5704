"""`dipgm status`: what an operator needs to know of a running dipgm, read from its database.

Each section is one function of the :class:`~bot.service.Health` read; adding a check is
adding its reading there and a section here. The exit status says whether someone must act:
0 all is well, 1 something is overdue or no bot is running (the lines under "Needs
attention" say what), 2 the database cannot be read.
"""

from __future__ import annotations

import argparse
import json
import socket
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from bot.service import Health, Worker

HEALTHY = 0
NEEDS_ATTENTION = 1
UNREADABLE = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", metavar="URL", help="database URL (default: DATABASE_URL)")
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument(
        "--quiet",
        action="store_true",
        help="print nothing; only the exit status tells (for a container's health check)",
    )
    shown.add_argument("--json", action="store_true", help="print one JSON object")


def status_command(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from sqlalchemy.exc import SQLAlchemyError

    from bot.config import load_settings

    url = args.db or load_settings().database_url
    missing = _missing_file(url)
    if missing is not None:
        if not args.quiet:
            err.write(f"dipgm status: no database at {missing} (is DATABASE_URL right?)\n")
        return UNREADABLE
    try:
        import asyncio

        health = asyncio.run(_read(url))
    except (OSError, SQLAlchemyError) as exc:
        if not args.quiet:
            from bot.store import migrate

            # the driver's own words, not SQLAlchemy's wrapping of them (which quotes the SQL)
            reason = getattr(exc, "orig", None) or exc
            said = str(reason).strip().splitlines() or [type(reason).__name__]
            err.write(
                f"dipgm status: cannot read the database at {migrate.where(url)} ({said[0]}); is "
                "DATABASE_URL right, and the schema up to date (`dipgm db upgrade`)?\n"
            )
        return UNREADABLE
    host = socket.gethostname()
    problems = health.problems(host)
    if args.json:
        out.write(json.dumps(health.as_json(host) | {"workers": _workers_json(health)}) + "\n")
    elif not args.quiet:
        out.write(report(health, problems))
    return NEEDS_ATTENTION if problems else HEALTHY


def _missing_file(url: str) -> str | None:
    """The file a SQLite URL names, if there is none: connecting would make an empty one."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if not parsed.get_backend_name().startswith("sqlite"):
        return None
    path = parsed.database or ""
    if path in ("", ":memory:") or Path(path).exists():
        return None
    return path


async def _read(url: str) -> Health:
    from bot.service import read_health
    from bot.store import create_engine, create_sessionmaker

    engine = create_engine(url)
    try:
        return await read_health(create_sessionmaker(engine))
    finally:
        await engine.dispose()


def report(health: Health, problems: list[str]) -> str:
    lines = [f"dipgm status at {_when(health.at)}"]
    for section in SECTIONS:
        lines.extend(section(health))
    if problems:
        lines.append("Needs attention:")
        lines.extend(f"  - {problem}" for problem in problems)
    else:
        lines.append("All well: nothing is overdue and a bot is running.")
    return "\n".join(lines) + "\n"


def games(health: Health) -> list[str]:
    counts = ", ".join(f"{count} {status}" for status, count in sorted(health.games.items()))
    return [f"Games: {counts or 'none'}"]


def phases(health: Health) -> list[str]:
    if not health.deadlines:
        return ["Phases: none past its deadline"]
    oldest = health.deadlines[0]
    return [
        f"Phases: {len(health.deadlines)} past their deadline (the oldest since "
        f"{_when(oldest)}), {health.overdue_phases} of them overdue"
    ]


def failing(health: Health) -> list[str]:
    if not health.failing:
        return []
    lines = [f"Adjudications failing: {len(health.failing)}"]
    lines.extend(
        f"  {f.game_name} ({f.platform} {f.channel}) {f.phase_name}: {f.reason}; "
        f"{f.attempts} tries since {_when(f.failed_since)}, next {_when(f.retry_at)}"
        for f in health.failing
    )
    return lines


def outbox(health: Health) -> list[str]:
    box = health.outbox
    due = f"{box.due} due now"
    if box.oldest_due is not None:
        due += f", the oldest since {_when(box.oldest_due)}"
    return [
        f"Outbox: {box.pending} waiting ({due}), {box.retrying} being retried, "
        f"{box.given_up} given up in the last day"
    ]


def alarm_clock(health: Health) -> list[str]:
    last = health.last_run
    if last is None:
        return ["Alarm clock: no run reported"]
    return [f"Alarm clock: last run {_when(last)} ({_ago(health.at, last)})"]


def workers(health: Health) -> list[str]:
    alive = sum(1 for w in health.workers if w.alive)
    lines = [f"Workers: {alive} alive of {len(health.workers)} known"]
    lines.extend(f"  {_worker_line(health.at, w)}" for w in health.workers)
    return lines


SECTIONS: tuple[Callable[[Health], list[str]], ...] = (
    games,
    phases,
    failing,
    outbox,
    alarm_clock,
    workers,
)


def _worker_line(now: datetime, worker: Worker) -> str:
    who = f"{worker.host} pid {worker.pid} ({worker.platforms})"
    if worker.stopped_at is not None:
        return f"stopped  {who}: stopped {_when(worker.stopped_at)}"
    state = "alive  " if worker.alive else "SILENT "
    return (
        f"{state}  {who}: started {_when(worker.started_at)}, "
        f"heard from {_ago(now, worker.beat_at)}"
    )


def _workers_json(health: Health) -> list[dict[str, object]]:
    return [
        {
            "host": w.host,
            "pid": w.pid,
            "platforms": w.platforms,
            "alive": w.alive,
            "started_at": w.started_at.isoformat(),
            "beat_at": w.beat_at.isoformat(),
            "last_run_at": None if w.last_run_at is None else w.last_run_at.isoformat(),
            "stopped_at": None if w.stopped_at is None else w.stopped_at.isoformat(),
        }
        for w in health.workers
    ]


def _when(moment: datetime) -> str:
    return f"{moment:%Y-%m-%d %H:%M:%S} UTC"


def _ago(now: datetime, then: datetime) -> str:
    seconds = max(0, int((now - then).total_seconds()))
    if seconds < 120:
        return f"{seconds} s ago"
    if seconds < 7200:
        return f"{seconds // 60} min ago"
    return f"{seconds // 3600} h ago"
