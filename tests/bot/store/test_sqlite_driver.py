"""The SQLite driver: one trip to the database's thread a statement, and everything
SQLAlchemy reads of a cursor still right (rows, row counts, new ids, errors)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import aiosqlite
import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from bot.store import create_engine
from bot.store.sqlite_driver import DRIVER


@pytest.fixture
async def engine(tmp_path: Path) -> AsyncIterator[Any]:
    # The URL people write: the store picks its own driver for it.
    engine = create_engine(f"sqlite+aiosqlite:///{tmp_path / 'd.sqlite3'}")
    async with engine.begin() as connection:
        await connection.execute(text("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT UNIQUE)"))
    yield engine
    await engine.dispose()


@contextmanager
def trips(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every call queued for aiosqlite's thread meanwhile, by name."""
    made: list[str] = []
    queue = aiosqlite.Connection._execute

    async def counted(self: aiosqlite.Connection, fn: Any, *args: Any, **kwargs: Any) -> Any:
        made.append(getattr(fn, "__name__", repr(fn)))
        return await queue(self, fn, *args, **kwargs)

    monkeypatch.setattr(aiosqlite.Connection, "_execute", counted)
    yield made


async def test_sqlite_urls_run_on_the_one_trip_driver(engine: Any) -> None:
    assert engine.dialect.driver == DRIVER


async def test_a_statement_is_one_trip_and_a_transaction_adds_only_its_commit(
    engine: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with engine.connect() as connection:  # the connection is opened beforehand
        await connection.execute(text("SELECT 1"))
        await connection.commit()
    with trips(monkeypatch) as made:
        async with engine.begin() as connection:
            await connection.execute(text("INSERT INTO t (v) VALUES ('a'), ('b')"))
            rows = (await connection.execute(text("SELECT v FROM t ORDER BY v"))).all()
            await connection.execute(text("UPDATE t SET v = v || '!'"))
    assert [row.v for row in rows] == ["a", "b"]
    # three statements and the commit; no cursor opened or closed on a trip of its own,
    # and no rollback when the connection goes back to the pool
    assert len(made) == 4, made
    assert made[-1] == "commit"


async def test_row_counts_new_ids_and_errors_come_back_as_sqlite_gives_them(engine: Any) -> None:
    async with engine.begin() as connection:
        inserted = await connection.execute(text("INSERT INTO t (v) VALUES ('x')"))
        assert inserted.lastrowid == 1
        await connection.execute(text("INSERT INTO t (v) VALUES (:v)"), [{"v": "y"}, {"v": "z"}])
        updated = await connection.execute(text("UPDATE t SET v = v || '?' WHERE id > 1"))
        assert updated.rowcount == 2
        none = await connection.execute(text("SELECT v FROM t WHERE id > 99"))
        assert none.all() == []
    with pytest.raises(IntegrityError, match="UNIQUE"):
        async with engine.begin() as connection:
            await connection.execute(text("INSERT INTO t (v) VALUES ('x')"))
    async with engine.connect() as connection:
        values = (await connection.execute(text("SELECT v FROM t ORDER BY id"))).scalars()
        assert list(values) == ["x", "y?", "z?"]
