"""A pooled PostgreSQL connection the server has ended (a restart, an administrator) is
replaced before a command's transaction uses it: the command works, no error reaches it."""

from __future__ import annotations

import asyncio
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.pool import NullPool

from bot.store import create_engine
from tests.bot.store.support import fresh_database


async def test_a_connection_the_server_ended_is_replaced(tmp_path: Path) -> None:
    async with fresh_database("postgresql", tmp_path) as url:
        engine = create_engine(url, pool_size=1, max_overflow=0)
        admin = create_engine(url, isolation_level="AUTOCOMMIT", poolclass=NullPool)
        try:
            async with engine.connect() as connection:
                ended = await connection.scalar(text("SELECT pg_backend_pid()"))
            async with admin.connect() as connection:
                assert await connection.scalar(
                    text("SELECT pg_terminate_backend(:pid)"), {"pid": ended}
                )
            # time for the server's closing of it to reach the bot, as it would between commands
            await asyncio.sleep(0.5)
            async with engine.connect() as connection:
                pid = await connection.scalar(text("SELECT pg_backend_pid()"))
            assert pid != ended
        finally:
            await admin.dispose()
            await engine.dispose()
