"""`dipgm status`: what an operator reads of a running dipgm, and its exit status (0 all
well, 1 needs attention, 2 the database cannot be read); the heartbeat rows it reads them
from; and `GET /healthz` in Slack's HTTP mode, which answers the same."""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import aiohttp
import pytest

from bot.cli import main
from bot.config import Settings
from bot.frontends.slack import run_slack
from bot.heartbeat import Heartbeat
from bot.scheduler import AlarmClock
from bot.service import GameService
from bot.store import Store, create_engine, create_sessionmaker, migrate
from tests.bot.running.bot_process import free_port, games_due
from tests.bot.slack.fake_slack import FakeSlack
from tests.bot.slack.signed import SECRET
from tests.bot.store.support import BACKENDS, fresh_database


def status(url: str, capsys: pytest.CaptureFixture[str], *flags: str) -> tuple[int, str]:
    code = main(["status", "--db", url, *flags])
    return code, capsys.readouterr().out


async def beating(
    url: str, *, host: str | None = None, silent_for: timedelta | None = None
) -> None:
    """A worker's row, as a running bot writes it (or one gone silent)."""
    engine = create_engine(url)
    try:
        async with create_sessionmaker(engine).begin() as session:
            now = datetime.now(UTC) - (silent_for or timedelta())
            store = Store(session, lambda: now)
            worker = await store.start_worker(host or socket.gethostname(), 4242, "slack")
            await store.beat(worker, last_run_at=now - timedelta(seconds=5))
    finally:
        await engine.dispose()


@pytest.fixture(params=BACKENDS)
async def url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    async with fresh_database(request.param, tmp_path) as found:
        await migrate.upgrade(found)
        yield found


async def test_all_well_with_a_bot_alive_and_nothing_due(
    url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    await beating(url)
    code, out = await asyncio.to_thread(status, url, capsys)
    assert code == 0, out
    assert "Games: none" in out
    assert "Phases: none past its deadline" in out
    assert "Outbox: 0 waiting" in out
    assert "Alarm clock: last run" in out
    assert "Workers: 1 alive of 1 known" in out
    assert "All well" in out


async def test_overdue_phases_and_no_bot_need_attention(
    url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    await games_due(url, 2)
    code, out = await asyncio.to_thread(status, url, capsys)
    assert code == 1, out
    assert "Games: 2 active" in out
    assert "Phases: 2 past their deadline" in out
    assert "2 of them overdue" in out
    assert "Needs attention:" in out
    assert "2 phase(s) past their deadline for over 5 min" in out
    assert "no bot is running" in out
    code, quiet = await asyncio.to_thread(status, url, capsys, "--quiet")
    assert (code, quiet) == (1, "")
    code, given = await asyncio.to_thread(status, url, capsys, "--json")
    report = json.loads(given)
    assert code == 1
    assert report["ok"] is False
    assert report["phases_overdue"] == 2
    assert report["games"] == {"active": 2}


async def test_a_failing_adjudication_is_listed_with_its_next_try(
    url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    await beating(url)
    await games_due(url, 1)
    engine = create_engine(url)
    try:
        async with create_sessionmaker(engine).begin() as session:
            now = datetime.now(UTC)
            store = Store(session, lambda: now)
            (phase,) = await store.due_phases(now)
            await store.record_adjudication_failure(
                phase, "the adjudicator failed (KeyError)", now + timedelta(minutes=4)
            )
    finally:
        await engine.dispose()
    code, out = await asyncio.to_thread(status, url, capsys)
    assert code == 1, out
    assert "Adjudications failing: 1" in out
    assert "the adjudicator failed (KeyError); 1 tries since" in out
    assert "has failed 1 time(s): the adjudicator failed (KeyError)" in out
    code, given = await asyncio.to_thread(status, url, capsys, "--json")
    (failing,) = json.loads(given)["adjudications_failing"]
    assert (failing["attempts"], failing["reason"]) == (1, "the adjudicator failed (KeyError)")


async def test_a_silent_bot_on_this_host_needs_attention(
    url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    await beating(url, host="elsewhere")
    await beating(url, silent_for=timedelta(minutes=10))
    code, out = await asyncio.to_thread(status, url, capsys)
    assert code == 1, out
    assert "SILENT" in out
    assert f"the bot on {socket.gethostname()} (pid 4242) has not been heard from" in out


def test_an_unreadable_database_is_exit_status_two(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "none.sqlite3"
    assert main(["status", "--db", f"sqlite+aiosqlite:///{missing}"]) == 2
    assert f"no database at {missing}" in capsys.readouterr().err
    assert not missing.exists(), "status never makes a database"
    empty = tmp_path / "empty.sqlite3"
    empty.write_bytes(b"")
    assert main(["status", "--quiet", "--db", f"sqlite+aiosqlite:///{empty}"]) == 2
    assert capsys.readouterr() == ("", "")


def test_an_unreachable_server_is_named_by_host_never_by_password(
    capsys: pytest.CaptureFixture[str],
) -> None:
    url = "postgresql+asyncpg://dipgm:hunter2@127.0.0.1:1/games"
    assert main(["status", "--db", url]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith(
        "dipgm status: cannot read the database at 127.0.0.1:1, database games ("
    )
    assert line.endswith("is DATABASE_URL right, and the schema up to date (`dipgm db upgrade`)?")
    assert "hunter2" not in line


async def test_the_heartbeat_beats_and_says_when_it_stopped(url: str) -> None:
    engine = create_engine(url)
    sessions = create_sessionmaker(engine)
    alarm = AlarmClock(GameService(sessions), sweep_seconds=60)
    try:
        async with Heartbeat(sessions, alarm, ["Slack", "Discord"], every=0.02):
            async with sessions() as session:
                (row,) = await Store(session).workers()
            started = row.beat_at
            alarm.last_run = datetime.now(UTC)
            await asyncio.sleep(0.2)
            async with sessions() as session:
                (row,) = await Store(session).workers()
            assert row.beat_at > started
            assert row.last_run_at == alarm.last_run
            assert row.platforms == "slack,discord"
            assert row.stopped_at is None
        async with sessions() as session:
            (row,) = await Store(session).workers()
        assert row.stopped_at is not None
    finally:
        await engine.dispose()


async def test_healthz_in_http_mode(url: str) -> None:
    engine = create_engine(url)
    port = free_port()
    try:
        service = GameService(create_sessionmaker(engine))
        async with FakeSlack() as slack:
            config = Settings(  # type: ignore[call-arg]
                _env_file=None,
                slack_bot_token="xoxb-test",
                slack_signing_secret=SECRET,
                slack_port=port,
                slack_api_url=slack.api_url,
            )
            stop = asyncio.Event()
            running = asyncio.create_task(run_slack(service, config, stop=stop))
            try:
                sick = await get_health(port)
                assert sick[0] == 503
                assert sick[1]["problems"] == [
                    "no bot is running (no worker heard from in the last minute)"
                ]
                await beating(url)
                well = await get_health(port)
                assert well[0] == 200
                assert well[1]["ok"] is True
                assert well[1]["workers_alive"] == 1
            finally:
                stop.set()
                await asyncio.wait_for(running, 10)
    finally:
        await engine.dispose()


async def get_health(port: int) -> tuple[int, dict[str, object]]:
    for _ in range(250):
        try:
            async with (
                aiohttp.ClientSession() as session,
                session.get(f"http://127.0.0.1:{port}/healthz") as reply,
            ):
                return reply.status, await reply.json()
        except aiohttp.ClientConnectionError:
            await asyncio.sleep(0.02)
    raise AssertionError("the server never listened")
