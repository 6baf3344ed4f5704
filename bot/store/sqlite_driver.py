"""The SQLite driver of the store: SQLAlchemy's aiosqlite dialect, with each statement sent
to the database in one trip.

aiosqlite keeps the sqlite3 connection in a thread of its own, and every call on it is a
trip there and back: the call queued, the thread woken, the event loop woken with the answer.
SQLAlchemy's adapter makes four trips a statement (open a cursor, execute, fetch the rows,
close the cursor), so a command of five statements made twenty-two, and under fifty players
ordering at once those wake-ups were a third of every command's time. Here a statement opens
its cursor, executes, fetches every row and closes in one trip; what SQLAlchemy then reads
of the cursor (the rows, their description, the row count, the last row id) was kept.

The dialect is registered as ``sqlite+dipgm`` (:func:`bot.store.database.async_url` chooses
it for every SQLite URL). It leans on the internals of SQLAlchemy's adapter and of aiosqlite,
whose versions pyproject.toml bounds for that reason; the whole test suite runs on it.
"""

from __future__ import annotations

import collections
import sqlite3
from collections.abc import Sequence
from typing import Any

from sqlalchemy.dialects import registry
from sqlalchemy.dialects.sqlite.aiosqlite import (
    AsyncAdapt_aiosqlite_connection,
    AsyncAdapt_aiosqlite_cursor,
    AsyncAdapt_aiosqlite_dbapi,
    SQLiteDialect_aiosqlite,
)
from sqlalchemy.util import EMPTY_DICT

DRIVER = "dipgm"

# What one trip brings back: the rows, their description, the row count, the last row id.
_Answer = tuple[list[Any], Any, int, int | None]


def _run(connection: sqlite3.Connection, operation: str, parameters: Any, many: bool) -> _Answer:
    """In aiosqlite's thread: the statement executed and its cursor read out and closed."""
    cursor = connection.cursor()
    try:
        if many:
            cursor.executemany(operation, parameters)
        else:
            cursor.execute(operation, () if parameters is None else parameters)
        rows = cursor.fetchall() if cursor.description else []
        return rows, cursor.description, cursor.rowcount, cursor.lastrowid
    finally:
        cursor.close()


class OneTripCursor(AsyncAdapt_aiosqlite_cursor):
    """A cursor whose statement, rows and all, is one trip to aiosqlite's thread."""

    __slots__ = ("_arraysize", "_description", "_lastrowid", "_rowcount")

    def __init__(self, adapt_connection: AsyncAdapt_aiosqlite_connection) -> None:
        # No sqlite3 cursor is opened here: each statement opens and closes its own.
        self._adapt_connection = adapt_connection
        self._connection = adapt_connection._connection
        self._soft_closed_memoized = EMPTY_DICT
        self._rows = collections.deque()
        self._description: Any = None
        self._rowcount = -1
        self._lastrowid: int | None = None
        self._arraysize = 1

    @property
    def description(self) -> Any:
        return self._description

    @property
    def rowcount(self) -> int:
        return self._rowcount

    @property
    def lastrowid(self) -> int:
        return self._lastrowid  # type: ignore[return-value]  # None before an insert, as sqlite3's

    @property
    def arraysize(self) -> int:
        return self._arraysize

    @arraysize.setter
    def arraysize(self, value: int) -> None:
        self._arraysize = value

    async def _async_soft_close(self) -> None:
        """Nothing is left open to close."""

    def close(self) -> None:
        self._rows.clear()

    async def _execute_async(self, operation: Any, parameters: Any) -> Any:
        await self._trip(operation, parameters, many=False)
        return self

    async def _executemany_async(self, operation: Any, seq_of_parameters: Sequence[Any]) -> Any:
        await self._trip(operation, seq_of_parameters, many=True)
        return self

    async def _trip(self, operation: Any, parameters: Any, *, many: bool) -> None:
        connection = self._connection
        async with self._adapt_connection._execute_mutex:
            answer: _Answer = await connection._execute(
                _run, connection._conn, operation, parameters, many
            )
        rows, self._description, self._rowcount, self._lastrowid = answer
        self._rows = collections.deque(rows)


class OneTripConnection(AsyncAdapt_aiosqlite_connection):
    __slots__ = ()

    _cursor_cls: type[AsyncAdapt_aiosqlite_cursor] = OneTripCursor


class OneTripDBAPI(AsyncAdapt_aiosqlite_dbapi):
    def connect(self, *arg: Any, **kw: Any) -> OneTripConnection:
        adapted = super().connect(*arg, **kw)
        return OneTripConnection(self, adapted._connection)


class OneTripDialect(SQLiteDialect_aiosqlite):
    driver = DRIVER
    supports_statement_cache = True

    @classmethod
    def import_dbapi(cls) -> OneTripDBAPI:
        return OneTripDBAPI(__import__("aiosqlite"), __import__("sqlite3"))


registry.register(f"sqlite.{DRIVER}", __name__, "OneTripDialect")
