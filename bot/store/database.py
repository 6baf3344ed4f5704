"""Async engines and sessions for the store."""

from __future__ import annotations

from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.pool import AsyncAdaptedQueuePool, QueuePool

from bot.store.sqlite_driver import DRIVER as SQLITE_DRIVER

# Plain or sync driver names people paste from elsewhere -> the async driver we ship.
_ASYNC_DRIVERS = {
    "sqlite": f"sqlite+{SQLITE_DRIVER}",
    "sqlite+pysqlite": f"sqlite+{SQLITE_DRIVER}",
    "sqlite+aiosqlite": f"sqlite+{SQLITE_DRIVER}",
    "postgres": "postgresql+asyncpg",
    "postgresql": "postgresql+asyncpg",
    "postgresql+psycopg2": "postgresql+asyncpg",
    "postgresql+psycopg": "postgresql+asyncpg",
}

# A pooled PostgreSQL connection older than this is closed and opened anew at its next use.
POSTGRES_RECYCLE_SECONDS = 180

# The PostgreSQL connections a bot process keeps, and so how many players' commands run at
# once (`kept_connections`; a deadline's transactions take the pool's overflow beyond them).
# An order is a few round trips to the server, each waiting on the event loop and the
# server's processor: while a deadline storm slows every round trip, SQLAlchemy's default
# of five let 200 players ordering at once through only five at a time, and their replies
# queued for seconds (tools/bench_storm.py). Ten keeps the event loop and the server both
# busy; twenty measured worse on two cores (each transaction then waits on the processors
# more than it gains).
POSTGRES_POOL_SIZE = 10

# Seconds a SQLite writer waits for another writer's lock before giving up.
SQLITE_BUSY_TIMEOUT = 30.0


def async_url(url: str | URL) -> URL:
    """The URL with an async driver: PostgreSQL's asyncpg, and for SQLite (`sqlite:///x`,
    `sqlite+aiosqlite:///x`) our aiosqlite dialect (:mod:`bot.store.sqlite_driver`)."""
    parsed = make_url(url)
    driver = _ASYNC_DRIVERS.get(parsed.drivername)
    return parsed.set(drivername=driver) if driver else parsed


def is_sqlite(url: str | URL) -> bool:
    return make_url(url).get_backend_name() == "sqlite"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # SQLite leaves foreign keys off unless asked, per connection.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    # Write-ahead logging: readers never wait for the writer (status, maps and autocomplete
    # go on while a phase is adjudicated) and a commit is one sync, not several. The
    # default synchronous=FULL is kept, so a confirmed order survives a power cut too.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.close()


def create_engine(url: str | URL, **kwargs: Any) -> AsyncEngine:
    """An async engine; on SQLite with foreign keys on and a generous busy timeout."""
    target = async_url(url)
    if target.get_backend_name() == "sqlite":
        connect_args = dict(kwargs.pop("connect_args", {}))
        connect_args.setdefault("timeout", SQLITE_BUSY_TIMEOUT)
        if target.database not in (None, "", ":memory:") and "poolclass" not in kwargs:
            # SQLite has one writer at a time, and a writer that finds the file locked
            # sleeps and polls: under many users at once that sleeping is most of the wait.
            # One connection per process queues the work instead, in order, without sleeps.
            kwargs["poolclass"] = AsyncAdaptedQueuePool
            kwargs.setdefault("pool_size", 1)
            kwargs.setdefault("max_overflow", 0)
            kwargs.setdefault("pool_timeout", SQLITE_BUSY_TIMEOUT)
        # A connection goes back to the pool only after its transaction ended (a session's
        # commit, or the rollback of its close), so the pool's own rollback on return would
        # be one more trip to the database thread for nothing.
        kwargs.setdefault("pool_reset_on_return", None)
        engine = create_async_engine(target, connect_args=connect_args, **kwargs)
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        return engine
    if not kwargs.get("pool_pre_ping"):
        # Without a ping, a connection cut silently on the way (a NAT or firewall dropping
        # idle connections, some after 4 minutes) would fail the first command to use it:
        # connections are renewed before they get that old instead.
        kwargs.setdefault("pool_recycle", POSTGRES_RECYCLE_SECONDS)
    if "poolclass" not in kwargs:
        kwargs.setdefault("pool_size", POSTGRES_POOL_SIZE)
    engine = create_async_engine(target, **kwargs)
    if not kwargs.get("pool_pre_ping"):
        event.listen(engine.sync_engine.pool, "checkout", _refuse_closed)
    return engine


def _refuse_closed(dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
    """A pooled connection the server has closed (a restart, an administrator ending it) is
    replaced before a transaction uses it, as the pool's pre-ping would; but asked of the
    driver, which saw the connection end, rather than by a ping: that ping costs three
    round trips (begin, query, rollback) before every transaction, a third of an order
    command's trips to the server."""
    if dbapi_connection.driver_connection.is_closed():
        # the pool discards this connection and checks out (or opens) another
        raise DisconnectionError("the server closed this connection")


def kept_connections(sessions: async_sessionmaker[AsyncSession]) -> int:
    """How many connections the sessions' pool keeps open (its size: 1 on a SQLite file):
    how many transactions may run at once without waiting for a connection."""
    bind = sessions.kw.get("bind")
    pool = bind.pool if isinstance(bind, AsyncEngine) else None
    return max(1, pool.size()) if isinstance(pool, QueuePool) else 1


def one_connection(sessions: async_sessionmaker[AsyncSession]) -> bool:
    """Whether the sessions share a single connection (a SQLite file, see `create_engine`): a
    session kept open while waiting on something else holds up every other one."""
    bind = sessions.kw.get("bind")
    return isinstance(bind, AsyncEngine) and bind.dialect.name == "sqlite"


def create_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """Sessions whose objects stay readable after commit (no lazy reload in async code)."""
    return async_sessionmaker(engine, expire_on_commit=False)
