"""Migrations: up, down and up again; the models match the migrated schema; a database
from a newer release is refused; `dipgm db ...` reports what it did."""

from __future__ import annotations

import asyncio
import io
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection
from sqlalchemy.pool import NullPool

from bot.dbcli import db_command
from bot.store import Base, create_engine, migrate
from tests.bot.store.support import BACKENDS, fresh_database

TABLES = {
    "games",
    "players",
    "phases",
    "orders",
    "press",
    "votes",
    "readiness",
    "power_status",
    "nmr",
    "images",
    "outbox",
    "audit",
    "user_settings",
    "computer_seats",
    "workers",
    "adjudication_failures",
    "club_settings",
    "schedule_votes",
}
FUTURE = "9999_from_the_future"


@pytest.fixture(params=BACKENDS)
async def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    async with fresh_database(request.param, tmp_path) as url:
        yield url


def tables(connection: Connection) -> set[str]:
    return set(inspect(connection).get_table_names())


def differences(connection: Connection) -> list[Any]:
    context = MigrationContext.configure(connection, opts={"compare_type": True})
    return list(compare_metadata(context, Base.metadata))


async def test_upgrade_downgrade_upgrade(database_url: str) -> None:
    head = migrate.head_revision()
    assert await migrate.current(database_url) is None

    assert await migrate.upgrade(database_url) == head
    assert await migrate.on_connection(database_url, tables) == TABLES | {"alembic_version"}
    assert await migrate.on_connection(database_url, differences) == []

    assert await migrate.downgrade(database_url, migrate.BASE) is None
    assert await migrate.on_connection(database_url, tables) <= {"alembic_version"}

    assert await migrate.upgrade(database_url) == head
    assert await migrate.on_connection(database_url, differences) == []


async def dipgm_db(url: str, *argv: str) -> tuple[int, str, str]:
    """`dipgm db --url URL ARGV...` as the command line runs it: in a thread of its own."""
    out, err = io.StringIO(), io.StringIO()
    status = await asyncio.to_thread(db_command, ["--url", url, *argv], out=out, err=err)
    return status, out.getvalue(), err.getvalue()


async def set_revision(url: str, revision: str) -> None:
    def work(connection: Connection) -> None:
        connection.execute(text("UPDATE alembic_version SET version_num = :r"), {"r": revision})

    await migrate.on_connection(url, work)


async def test_a_newer_unknown_schema_is_refused(database_url: str) -> None:
    await migrate.upgrade(database_url)
    await set_revision(database_url, FUTURE)

    with pytest.raises(migrate.UnknownSchemaError, match="newer release") as refused:
        await migrate.ensure_schema(database_url)
    assert FUTURE in str(refused.value)
    with pytest.raises(migrate.UnknownSchemaError):
        await migrate.upgrade(database_url)
    with pytest.raises(migrate.UnknownSchemaError):
        await migrate.downgrade(database_url, migrate.BASE)

    status, _, err = await dipgm_db(database_url, "upgrade")
    assert status == 1 and "newer release" in err
    status, out, _ = await dipgm_db(database_url, "current")
    assert status == 0 and "unknown to this dipgm" in out
    # Nothing was touched.
    assert await migrate.current(database_url) == FUTURE


async def test_ensure_schema_upgrades_only_when_allowed(database_url: str) -> None:
    sqlite = database_url.startswith("sqlite")
    head = migrate.head_revision()
    with pytest.raises(migrate.OutdatedSchemaError, match="dipgm db upgrade"):
        await migrate.ensure_schema(database_url, auto_upgrade=False)
    if sqlite:
        # The embedded database is brought up to date by the app itself.
        assert await migrate.ensure_schema(database_url) == head
    else:
        # Several workers share a server database: migrating it is the operator's step.
        with pytest.raises(migrate.OutdatedSchemaError):
            await migrate.ensure_schema(database_url)
        assert await migrate.ensure_schema(database_url, auto_upgrade=True) == head
    assert await migrate.ensure_schema(database_url) == head
    assert await migrate.ensure_schema(database_url, auto_upgrade=False) == head


async def test_tables_made_without_migrations_are_left_alone(database_url: str) -> None:
    engine = create_engine(database_url, poolclass=NullPool)
    async with engine.begin() as connection:
        await connection.run_sync(Base.metadata.create_all)
    await engine.dispose()
    with pytest.raises(migrate.SchemaError, match="no migration record"):
        await migrate.ensure_schema(database_url)


async def test_db_command(database_url: str) -> None:
    head = migrate.head_revision()
    assert await dipgm_db(database_url, "current") == (0, "none (empty database)\n", "")
    assert await dipgm_db(database_url, "upgrade") == (0, f"database schema at {head} (head)\n", "")
    assert await dipgm_db(database_url, "current") == (0, f"{head} (head)\n", "")
    status, _, err = await dipgm_db(database_url, "downgrade", "no-such-revision")
    assert status == 1 and "no-such-revision" in err
    assert await dipgm_db(database_url, "downgrade", "base") == (
        0,
        "database schema at none (empty database)\n",
        "",
    )
    assert (await dipgm_db(database_url))[0] == 2


def test_db_command_reads_the_url_from_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", f"sqlite+aiosqlite:///{tmp_path / 'from-env.sqlite3'}")
    out = io.StringIO()
    assert db_command(["upgrade"], out=out) == 0
    assert (tmp_path / "from-env.sqlite3").exists()
    assert not (tmp_path / "dipgm.sqlite3").exists()


@pytest.mark.parametrize("url", ["sqlite:///offline.db", "postgresql://u@localhost/offline"])
def test_the_migration_renders_as_sql(url: str) -> None:
    buffer = io.StringIO()
    config = migrate.alembic_config(url)
    config.output_buffer = buffer
    command.upgrade(config, migrate.HEAD, sql=True)
    command.downgrade(config, f"{migrate.head_revision()}:{migrate.BASE}", sql=True)
    script = buffer.getvalue()
    for table in TABLES:
        assert f"CREATE TABLE {table} (" in script
        assert f"DROP TABLE {table}" in script
    assert "WHERE status = 'open'" in script


def test_migrations_ship_with_the_package() -> None:
    folder = migrate.MIGRATIONS_DIR
    for name in ("env.py", "script.py.mako", "alembic.ini", "__init__.py"):
        assert (folder / name).is_file(), name
    assert any((folder / "versions").glob("*.py"))
    # One line of history: a second head would make "upgrade head" ambiguous.
    assert len(migrate.script_directory().get_heads()) == 1
