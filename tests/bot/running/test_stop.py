"""A real `dipgm run` stopped in the middle of a deadline run: SIGTERM (or Ctrl-C's SIGINT)
ends it cleanly, as PID 1 too, and no process of it is left; after a restart every phase
due is adjudicated exactly once and every message is posted once. After `kill -9`, its
worker processes exit by themselves."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
from sqlalchemy import func, select

from bot.store import (
    AuditEntry,
    Game,
    OutboxMessage,
    OutboxStatus,
    Phase,
    PhaseStatus,
    create_engine,
    create_sessionmaker,
)
from tests.bot.running.bot_process import (
    ROOT,
    SETTINGS,
    BotProcess,
    alive,
    channel_of,
    children_of,
    eventually,
    games_due,
)
from tests.bot.slack.fake_slack import FakeSlack, Post

GAMES = 24


def maps_posted(slack: FakeSlack, names: list[str]) -> Counter[str]:
    """How many results maps went to each game's channel."""
    channels = {channel_of(name): name for name in names}
    return Counter(
        channels[post.channel]
        for post in slack.posts
        if post.kind == "file" and post.channel in channels
    )


def posted_twice(posts: list[Post]) -> list[object]:
    """The outbox parts (and files) that reached Slack more than once."""
    keys = Counter(
        str(post.metadata.get("event_payload"))
        if post.metadata
        else f"{post.channel}/{post.filename}"
        for post in posts
        if post.kind in ("message", "file")
    )
    return [key for key, count in keys.items() if count > 1]


async def adjudicated(url: str) -> dict[str, int]:
    """Each game's adjudicated phases, by the phases table and by the audit trail."""
    engine = create_engine(url)
    try:
        async with create_sessionmaker(engine)() as session:
            phases = await session.execute(
                select(Game.name, func.count())
                .join(Phase, Phase.game_id == Game.id)
                .where(Phase.status == PhaseStatus.ADJUDICATED)
                .group_by(Game.name)
            )
            audited = await session.execute(
                select(Game.name, func.count())
                .join(AuditEntry, AuditEntry.game_id == Game.id)
                .where(AuditEntry.action == "adjudicated")
                .group_by(Game.name)
            )
            phase_counts = dict(phases.all())
            assert phase_counts == dict(audited.all())
            return phase_counts
    finally:
        await engine.dispose()


async def outbox_left(url: str) -> int:
    engine = create_engine(url)
    try:
        async with create_sessionmaker(engine)() as session:
            left = await session.scalar(
                select(func.count()).where(OutboxMessage.status != OutboxStatus.SENT)
            )
            return int(left or 0)
    finally:
        await engine.dispose()


async def stop_in_the_run(
    bot: BotProcess, slack: FakeSlack, names: list[str], how: signal.Signals, group: bool
) -> float:
    """Once the first results map is out, signal the bot; the seconds until it exited."""
    await eventually(lambda: bool(maps_posted(slack, names)), "a first results map")
    workers = children_of(bot.bot_pid)
    assert workers, "the bot runs its worker processes"
    began = time.monotonic()
    bot.signal(how, group=group)
    status = await bot.wait()
    took = time.monotonic() - began
    log = bot.log()
    assert status == 0, log
    assert "Traceback" not in log, log
    await eventually(lambda: not any(alive(pid) for pid in workers), "no process left", 5)
    return took


@pytest.mark.parametrize(
    ("how", "group", "pid_one"),
    [
        (signal.SIGTERM, False, False),
        (signal.SIGTERM, True, False),
        (signal.SIGINT, True, False),
        (signal.SIGTERM, False, True),
    ],
    ids=["SIGTERM", "SIGTERM to every process (systemd)", "Ctrl-C", "SIGTERM as PID 1"],
)
async def test_a_stop_in_a_deadline_run_loses_nothing(
    tmp_path: Path, how: signal.Signals, group: bool, pid_one: bool
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'dipgm.sqlite3'}"
    names = await games_due(url, GAMES)
    async with FakeSlack() as slack:
        bot = await BotProcess.start(tmp_path, url, slack, pid_one=pid_one)
        try:
            took = await stop_in_the_run(bot, slack, names, how, group)
        finally:
            bot.kill()
        done = await adjudicated(url)
        print(f"stopped {took:.2f} s after {how.name}, {sum(done.values())} of {GAMES} done")
        assert 0 < sum(done.values()) < GAMES, "the stop came in the middle of the run"
        assert set(done.values()) == {1}
        assert await outbox_left(url) == 0, "what was queued went out before the exit"

        again = await BotProcess.start(tmp_path, url, slack, name="restarted")
        try:
            await eventually(lambda: len(maps_posted(slack, names)) == GAMES, "every map")
            again.signal(signal.SIGTERM)
            assert await again.wait() == 0, again.log()
        finally:
            again.kill()
        assert await adjudicated(url) == dict.fromkeys(names, 1)
        assert maps_posted(slack, names) == Counter(dict.fromkeys(names, 1))
        assert posted_twice(slack.posts) == []
        assert await outbox_left(url) == 0


async def test_worker_processes_end_with_a_killed_bot(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'dipgm.sqlite3'}"
    names = await games_due(url, 8)
    async with FakeSlack() as slack:
        bot = await BotProcess.start(tmp_path, url, slack)
        try:
            await eventually(lambda: bool(maps_posted(slack, names)), "a first results map")
            workers = children_of(bot.bot_pid)
            assert len(workers) >= 2, "the worker processes and the resource tracker"
            bot.signal(signal.SIGKILL)
            assert await bot.wait() == -signal.SIGKILL
        finally:
            bot.kill()
        await eventually(lambda: not any(alive(pid) for pid in workers), "orphans gone", 5)
        await asyncio.sleep(0)


async def test_the_console_run_stops_cleanly_too(tmp_path: Path) -> None:
    """`dipgm run` with no chat token is the console: SIGTERM while it waits for a line."""
    env = {key: value for key, value in os.environ.items() if key not in SETTINGS}
    env |= {"DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'dipgm.sqlite3'}"}
    env |= {"PYTHONPATH": str(ROOT), "WORKER_PROCESSES": "1"}
    bot = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.cli",
        "run",
        cwd=tmp_path,
        env=env,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    assert bot.stdout is not None and bot.stdin is not None
    banner = await asyncio.wait_for(bot.stdout.readline(), 60)
    assert banner.startswith(b"dipgm console."), banner
    bot.stdin.write(b"/dip newgame hague\n")
    await bot.stdin.drain()
    await asyncio.sleep(0.5)
    bot.send_signal(signal.SIGTERM)
    out, err = await asyncio.wait_for(bot.communicate(), 60)
    assert bot.returncode == 0, err
    assert b"Traceback" not in err, err
    assert b"New game: hague" in out
