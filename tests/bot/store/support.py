"""Test support: fresh databases (a SQLite file always, PostgreSQL when the run has one),
a fake clock, and builders for the rows most tests need.

PostgreSQL is used when DIPGM_TEST_POSTGRES_URL names a server where the user may create
databases (`eval "$(tools/pg.sh start)"` gives one); each test gets its own database.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TypeVar
from uuid import uuid4

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from bot.store import Game, GameStatus, Phase, Platform, Store, create_engine

T = TypeVar("T")

POSTGRES_ENV = "DIPGM_TEST_POSTGRES_URL"
BACKENDS = [pytest.param("sqlite", id="sqlite"), pytest.param("postgresql", id="postgresql")]
NO_POSTGRES = (
    f"PostgreSQL NOT TESTED: {POSTGRES_ENV} is not set. "
    f'Start a throwaway server with: eval "$(tools/pg.sh start)"'
)


@asynccontextmanager
async def fresh_database(backend: str, tmp_path: Path) -> AsyncIterator[str]:
    """The URL of a new, empty database, dropped afterwards."""
    if backend == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'dipgm.sqlite3'}"
        return
    server = os.environ.get(POSTGRES_ENV)
    if not server:
        pytest.skip(NO_POSTGRES)
    name = f"dipgm_test_{uuid4().hex[:16]}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT", poolclass=NullPool)
    try:
        async with admin.connect() as connection:
            await connection.execute(text(f'CREATE DATABASE "{name}"'))
        try:
            yield make_url(server).set(database=name).render_as_string(hide_password=False)
        finally:
            async with admin.connect() as connection:
                await connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        await admin.dispose()


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self, start: datetime | None = None) -> None:
        self.now = start or datetime(1901, 3, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        self.now += timedelta(**delta)
        return self.now


OPENING = {"units": {"FRANCE": ["A PAR", "A MAR", "F BRE"]}, "centers": {"FRANCE": ["BRE"]}}


async def active_game(store: Store, name: str = "hague", channel: str = "C1") -> Game:
    game = await store.create_game(
        platform=Platform.SLACK, workspace="T1", channel=channel, name=name, creator="U1"
    )
    game.status = GameStatus.ACTIVE
    await store.session.flush()
    return game


async def game_with_phase(
    store: Store, *, deadline: datetime | None = None, name: str = "hague"
) -> tuple[Game, Phase]:
    game = await active_game(store, name=name)
    phase = await store.open_phase(game.id, "S1901M", OPENING, deadline=deadline)
    return game, phase


def present(value: T | None) -> T:
    assert value is not None
    return value
