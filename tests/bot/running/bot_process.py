"""A real `dipgm run` process for tests: Slack in HTTP mode against the fake Web API, on a
SQLite file, with its own worker processes; and games due at a deadline to start it on.

    names = await games_due(url, 24)
    bot = await BotProcess.start(tmp_path, url, slack)
    ...
    bot.signal(signal.SIGTERM); status = await bot.wait()
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Self

from sqlalchemy import update

from bot.config import Settings
from bot.service import OUR_FAULT, Actor, GameService, Place, Request
from bot.store import OutboxMessage, OutboxStatus, create_engine, create_sessionmaker, migrate
from tests.bot.slack import signed
from tests.bot.slack.fake_slack import TEAM, FakeSlack
from tests.bot.store.support import FakeClock

ROOT = Path(__file__).resolve().parents[3]
GM = "U0GMASTER1"
# Seven computer players; a movement phase of 48 hours, no reminder and no early end.
OPTIONS = "bots=all schedule=48h/2h/2h reminders=off ready_early=off"
# Every setting the bot reads, cleared so the machine's own do not leak in.
SETTINGS = {name.upper() for name in Settings.model_fields}


def channel_of(name: str) -> str:
    return f"C0{name.upper()}"


async def games_due(url: str, count: int) -> list[str]:
    """``count`` started games of seven computer players on Slack, each in a channel of its
    own, whose first deadline passed a day ago; their names. What their start queued counts
    as delivered long ago."""
    await migrate.upgrade(url)
    engine = create_engine(url)
    sessions = create_sessionmaker(engine)
    clock = FakeClock(datetime.now(UTC) - timedelta(days=3))
    service = GameService(sessions, clock=clock, map_size=300)
    gm = Actor("slack", TEAM, GM, "Gamemaster")
    names = [f"g{number:03d}" for number in range(count)]
    try:
        for name in names:
            place = Place(channel_of(name))
            for command in (f"newgame {name} {OPTIONS}", "start"):
                replies = await service.handle(Request(gm, place, command))
                said = " ".join(reply.message.plain_text() for reply in replies)
                assert OUR_FAULT not in said, said
        async with sessions.begin() as session:
            await session.execute(
                update(OutboxMessage)
                .where(OutboxMessage.status == OutboxStatus.PENDING)
                .values(status=OutboxStatus.SENT, sent_at=clock())
            )
    finally:
        await engine.dispose()
    return names


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def children_of(pid: int) -> set[int]:
    """The live processes whose parent is ``pid``."""
    found = set()
    for entry in Path("/proc").iterdir():
        known = _parent_and_state(int(entry.name)) if entry.name.isdigit() else None
        if known is not None and known == (pid, known[1]) and known[1] != "Z":
            found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """Whether a process runs (a zombie, dead but not yet reaped, does not)."""
    known = _parent_and_state(pid)
    return known is not None and known[1] != "Z"


def _parent_and_state(pid: int) -> tuple[int, str] | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # pid (command) state ppid ...: the command may hold spaces and parentheses
    fields = stat[stat.rindex(")") + 2 :].split()
    return int(fields[1]), fields[0]


async def eventually(check: Callable[[], bool], what: str, seconds: float = 120) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while not check():
        if loop.time() > end:
            raise AssertionError(f"never happened within {seconds:.0f} s: {what}")
        await asyncio.sleep(0.05)


@dataclass
class BotProcess:
    process: asyncio.subprocess.Process
    # the process that gets the signals: the bot itself, or as PID 1 in its own namespace
    bot_pid: int
    stderr: Path
    port: int

    @classmethod
    async def start(
        cls,
        folder: Path,
        url: str,
        slack: FakeSlack,
        *,
        pid_one: bool = False,
        environment: dict[str, str] | None = None,
        name: str = "bot",
    ) -> Self:
        """`dipgm run` in ``folder`` (no .env there) on ``url``, Slack in HTTP mode against
        ``slack``; as PID 1 of a new PID namespace if ``pid_one``."""
        port = free_port()
        env = {key: value for key, value in os.environ.items() if key not in SETTINGS}
        env |= {
            "DATABASE_URL": url,
            "SLACK_BOT_TOKEN": "xoxb-test",
            "SLACK_SIGNING_SECRET": signed.SECRET,
            "SLACK_PORT": str(port),
            "SLACK_API_URL": slack.api_url,
            "WORKER_PROCESSES": "2",
            "LOG_LEVEL": "INFO",
            "MAP_DIR": str(folder / "maps"),
            "PYTHONPATH": str(ROOT),
        } | (environment or {})
        command: Sequence[str] = [sys.executable, "-m", "bot.cli", "run"]
        if pid_one:
            command = ["unshare", "--pid", "--fork", "--mount-proc", *command]
        stderr = folder / f"{name}.stderr"
        with stderr.open("wb") as sink:
            process = await asyncio.create_subprocess_exec(
                *command,
                cwd=folder,
                env=env,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=sink,
                stderr=sink,
                # A process group of its own, as a service or a terminal's job has.
                start_new_session=True,
            )
        bot_pid = process.pid
        if pid_one:
            await eventually(lambda: bool(children_of(process.pid)), "the bot as PID 1", 10)
            bot_pid = min(children_of(process.pid))
        return cls(process, bot_pid, stderr, port)

    def signal(self, number: signal.Signals, *, group: bool = False) -> None:
        """Signal the bot; or, ``group``, every process of it, as systemd signals a unit's
        processes and Ctrl-C a terminal's job."""
        if group:
            os.killpg(self.process.pid, number)
        else:
            os.kill(self.bot_pid, number)

    async def wait(self, seconds: float = 120) -> int:
        return await asyncio.wait_for(self.process.wait(), seconds)

    def log(self) -> str:
        return self.stderr.read_text(encoding="utf-8", errors="replace")

    def kill(self) -> None:
        if self.process.returncode is None:
            self.process.kill()
