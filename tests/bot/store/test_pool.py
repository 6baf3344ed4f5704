"""On PostgreSQL a bot process keeps enough connections for players' commands to run side by
side: ten transactions at once hold kept connections, none opened beyond the pool."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.pool import QueuePool

from bot.store import create_engine, create_sessionmaker, kept_connections
from bot.store.database import POSTGRES_POOL_SIZE
from tests.bot.store.support import fresh_database


async def test_ten_commands_hold_kept_connections_at_once(tmp_path: Path) -> None:
    async with fresh_database("postgresql", tmp_path) as url:
        engine = create_engine(url)
        sessions = create_sessionmaker(engine)
        try:
            assert kept_connections(sessions) == POSTGRES_POOL_SIZE == 10
            async with contextlib.AsyncExitStack() as stack:
                opened = [
                    await stack.enter_async_context(sessions.begin())
                    for _ in range(POSTGRES_POOL_SIZE)
                ]
                pids = await asyncio.gather(
                    *(s.scalar(text("SELECT pg_backend_pid()")) for s in opened)
                )
                pool = engine.pool
                assert isinstance(pool, QueuePool)
                assert len(set(pids)) == POSTGRES_POOL_SIZE
                assert pool.checkedout() == POSTGRES_POOL_SIZE
                assert pool.overflow() <= 0
        finally:
            await engine.dispose()


async def test_sqlite_keeps_its_one_connection(tmp_path: Path) -> None:
    async with fresh_database("sqlite", tmp_path) as url:
        engine = create_engine(url)
        try:
            assert kept_connections(create_sessionmaker(engine)) == 1
        finally:
            await engine.dispose()
