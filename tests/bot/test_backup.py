"""Backups and upgrades: `dipgm db backup` copies a database the bot is writing to, and a
SQLite migration keeps a copy beside the database and, when it fails, leaves the database
as it was, saying so in one line."""

from __future__ import annotations

import asyncio
import io
import sqlite3
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import closing
from pathlib import Path

import pytest
from sqlalchemy import text

from bot.cli import main
from bot.dbcli import db_command
from bot.store import (
    BackupError,
    CopyBeside,
    NewOrder,
    Store,
    copy_beside,
    create_engine,
    create_sessionmaker,
    dump_postgresql,
    migrate,
    pg_dump,
    sqlite_file,
)
from tests.bot.store.support import fresh_database, game_with_phase


async def dipgm_db(*argv: str) -> tuple[int, str, str]:
    """`dipgm db ARGV...` as the command line runs it: in a thread of its own."""
    out, err = io.StringIO(), io.StringIO()
    status = await asyncio.to_thread(db_command, list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def rows(file: Path, query: str) -> list[tuple[object, ...]]:
    with closing(sqlite3.connect(file)) as database:
        return list(database.execute(query))


def write(file: Path, statement: str) -> None:
    with closing(sqlite3.connect(file)) as database, database:
        database.execute(statement)


def dump(file: Path) -> list[str]:
    with closing(sqlite3.connect(file)) as database:
        return list(database.iterdump())


class Writer:
    """Orders written one transaction at a time, each a new unit, until stopped."""

    def __init__(self, url: str, phase_id: int) -> None:
        self.engine = create_engine(url)
        self.sessions = create_sessionmaker(self.engine)
        self.phase_id = phase_id
        self.committed = 0
        self.stop = asyncio.Event()

    async def run(self) -> None:
        while not self.stop.is_set():
            number = self.committed
            async with self.sessions() as session, session.begin():
                await Store(session).record_orders(
                    self.phase_id,
                    "FRANCE",
                    [NewOrder(f"U{number:05d}", f"order {number}")],
                    submitted_by="alice",
                )
            self.committed += 1
            await asyncio.sleep(0)

    async def until(self, count: int) -> None:
        while self.committed < count:
            await asyncio.sleep(0.01)


@pytest.fixture
async def sqlite_url(tmp_path: Path) -> AsyncIterator[str]:
    async with fresh_database("sqlite", tmp_path) as url:
        await migrate.upgrade(url)
        yield url


async def a_phase(url: str) -> int:
    engine = create_engine(url)
    async with create_sessionmaker(engine)() as session, session.begin():
        _, phase = await game_with_phase(Store(session))
    await engine.dispose()
    return phase.id


async def test_a_backup_taken_while_orders_are_written_is_one_moment_of_the_database(
    sqlite_url: str, tmp_path: Path
) -> None:
    source = tmp_path / "dipgm.sqlite3"
    copy = tmp_path / "copy.sqlite3"
    writer = Writer(sqlite_url, await a_phase(sqlite_url))
    writing = asyncio.create_task(writer.run())
    try:
        await writer.until(50)
        before = writer.committed
        status, out, err = await dipgm_db("--url", sqlite_url, "backup", str(copy))
        await writer.until(writer.committed + 50)
    finally:
        writer.stop.set()
        await writing
        await writer.engine.dispose()
    assert (status, err) == (0, "")
    head = migrate.head_revision()
    assert out == f"backed up the SQLite file {source} (schema {head}) to {copy}\n"
    assert rows(copy, "PRAGMA integrity_check") == [("ok",)]
    query = "SELECT unit_key, raw_text FROM orders ORDER BY unit_key"
    kept, everything = rows(copy, query), rows(source, query)
    # Every order written before the backup began is in it, none is half there, and the
    # copy is the database as it stood at one moment: the first orders, in full.
    assert before <= len(kept) < len(everything) == writer.committed
    assert kept == everything[: len(kept)]
    assert kept == [(f"U{n:05d}", f"order {n}") for n in range(len(kept))]
    # The copy opens as a database of this schema, on its own.
    assert await migrate.current(f"sqlite+aiosqlite:///{copy}") == migrate.head_revision()


async def test_a_backup_never_overwrites_and_needs_a_database(
    sqlite_url: str, tmp_path: Path
) -> None:
    taken = tmp_path / "taken.sqlite3"
    taken.write_text("keep me")
    status, _, err = await dipgm_db("--url", sqlite_url, "backup", str(taken))
    assert (status, err) == (1, f"dipgm db backup: {taken} already exists: name a new file\n")
    assert taken.read_text() == "keep me"
    missing = tmp_path / "none.sqlite3"
    status, _, err = await dipgm_db("--url", f"sqlite:///{missing}", "backup", str(tmp_path / "b"))
    assert (status, err) == (1, f"dipgm db backup: there is no database at {missing}\n")
    assert not missing.exists()


def test_pg_dump_gets_the_password_through_its_environment(tmp_path: Path) -> None:
    dump_run = pg_dump("postgresql+asyncpg://dipgm:hunter2@db.example:5433/games", tmp_path / "f")
    assert dump_run.argv == ["pg_dump", "--format=custom", f"--file={tmp_path / 'f'}"]
    assert dump_run.environment == {
        "PGHOST": "db.example",
        "PGPORT": "5433",
        "PGUSER": "dipgm",
        "PGPASSWORD": "hunter2",
        "PGDATABASE": "games",
    }
    assert "hunter2" not in dump_run.shown()


def test_without_pg_dump_the_backup_says_how(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(BackupError) as refused:
        dump_postgresql("postgresql+asyncpg://dipgm:hunter2@db/games", tmp_path / "games.dump")
    said = str(refused.value)
    assert said.startswith("pg_dump is not installed here: install PostgreSQL's client tools")
    assert "PGHOST=db" in said and "pg_dump --format=custom" in said
    assert "hunter2" not in said


async def test_a_postgresql_backup_is_pg_dump_s(tmp_path: Path) -> None:
    async with fresh_database("postgresql", tmp_path) as url:
        await migrate.upgrade(url)
        target = tmp_path / "games.dump"
        status, out, err = await dipgm_db("--url", url, "backup", str(target))
        assert (status, err) == (0, "")
        assert out.startswith("backed up ") and out.endswith(f" to {target}\n")
        # pg_dump's custom format begins with its own signature
        assert target.read_bytes().startswith(b"PGDMP")
        password = url.split("@")[0].rsplit(":", 1)[-1]
        assert password not in out


async def test_an_unreachable_database_is_named_by_host_never_by_password() -> None:
    url = "postgresql+asyncpg://dipgm:hunter2@127.0.0.1:1/games"
    for action in ("current", "upgrade"):
        status, _, err = await dipgm_db("--url", url, action)
        assert status == 1
        (line,) = err.splitlines()
        assert line.startswith(
            f"dipgm db {action}: cannot reach the database at 127.0.0.1:1, database games: "
        )
        assert "hunter2" not in err


async def at(url: str, revision: str) -> None:
    await migrate.upgrade(url, revision)


async def test_an_upgrade_keeps_a_copy_from_before_beside_the_database(
    tmp_path: Path,
) -> None:
    file = tmp_path / "dipgm.sqlite3"
    url = f"sqlite+aiosqlite:///{file}"
    await at(url, "0002")
    before = dump(file)
    assert await migrate.ensure_schema(url) == migrate.head_revision()
    (copy,) = tmp_path.glob("dipgm.backup-0002-*.sqlite3")
    assert dump(copy) == before
    # a database already at the newest schema is not copied again
    await migrate.ensure_schema(url)
    assert len(list(tmp_path.glob("dipgm.backup-*"))) == 1


async def test_a_failed_migration_leaves_the_database_as_it_was(tmp_path: Path) -> None:
    file = tmp_path / "dipgm.sqlite3"
    url = f"sqlite+aiosqlite:///{file}"
    # A table in the way of the last migration: the ones before it run, then it fails.
    before = await a_migration_that_fails(file)
    with pytest.raises(migrate.MigrationFailedError) as failed:
        await migrate.ensure_schema(url)
    (copy,) = tmp_path.glob("dipgm.backup-0002-*.sqlite3")
    (line,) = str(failed.value).splitlines()
    assert line == (
        f"migrating {file} from schema 0002 to {migrate.head_revision()} failed "
        "(OperationalError: table computer_seats already exists); the database is as it was "
        f"before, and a copy from before is at {copy}"
    )
    assert dump(file) == before
    assert dump(copy) == before
    assert await migrate.current(url) == "0002"
    # the command line says the same in one line, with the failure's exit status
    status, _, err = await dipgm_db("--url", url, "upgrade")
    assert status == 1
    (said,) = err.splitlines()
    assert said.startswith(f"dipgm db upgrade: migrating {file} from schema 0002")
    assert dump(file) == before


@pytest.fixture
def start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Callable[[], tuple[int, list[str]]]:
    """`dipgm run` on the console, its data folder tmp_path, as a process manager starts
    it again and again: its exit status and what it wrote to standard error."""
    for name in ("SLACK_BOT_TOKEN", "SLACK_APP_TOKEN", "DISCORD_TOKEN", "DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DIPGM_DATA_DIR", str(tmp_path))
    monkeypatch.chdir(tmp_path)

    def once() -> tuple[int, list[str]]:
        monkeypatch.setattr(sys, "stdin", io.StringIO("/quit\n"))
        status = main(["run"])
        return status, capsys.readouterr().err.splitlines()

    return once


async def a_migration_that_fails(file: Path) -> list[str]:
    """The database ``file`` at schema 0002, with a table in the way of the last migration;
    what it holds."""
    url = f"sqlite+aiosqlite:///{file}"
    await at(url, "0002")
    await migrate.on_connection(url, lambda c: c.execute(text("CREATE TABLE computer_seats (x)")))
    return dump(file)


def failure(file: Path, where_the_copy_is: str) -> str:
    return (
        f"dipgm run: migrating {file} from schema 0002 to {migrate.head_revision()} failed "
        "(OperationalError: table computer_seats already exists); the database is as it was "
        f"before, and {where_the_copy_is}"
    )


def test_a_bot_restarted_after_a_failed_migration_keeps_one_copy_from_before(
    tmp_path: Path, start: Callable[[], tuple[int, list[str]]]
) -> None:
    file = tmp_path / "dipgm.sqlite3"
    before = asyncio.run(a_migration_that_fails(file))
    status, (logged, said) = start()
    assert status == 1
    (copy,) = tmp_path.glob("dipgm.backup-*")
    assert logged.endswith(
        f"WARNING bot.store.migrate: a copy of {file} from before its migration is at {copy}"
    )
    assert said == failure(file, f"a copy from before is at {copy}")
    # started again by its process manager, the database as the failure left it
    for _ in range(2):
        status, (logged, said) = start()
        assert status == 1
        assert list(tmp_path.glob("dipgm.backup-*")) == [copy]
        assert logged.endswith(
            f"WARNING bot.store.migrate: {file} has not changed since its copy from before "
            f"this migration was made; the copy from before is still at {copy}"
        )
        assert said == failure(file, f"the copy from before is still at {copy}")
    assert dump(file) == dump(copy) == before
    # the cause mended, the bot starts; what it mended is in a copy of its own
    write(file, "DROP TABLE computer_seats")
    status, (logged,) = start()
    assert status == 0
    (mended,) = set(tmp_path.glob("dipgm.backup-*")) - {copy}
    assert logged.endswith(f"a copy of {file} from before its migration is at {mended}")
    assert "computer_seats" not in "".join(dump(mended))
    assert rows(file, "SELECT version_num FROM alembic_version") == [(migrate.head_revision(),)]


def test_a_database_changed_between_failed_starts_gets_a_new_copy(
    tmp_path: Path, start: Callable[[], tuple[int, list[str]]]
) -> None:
    file = tmp_path / "dipgm.sqlite3"
    asyncio.run(a_migration_that_fails(file))
    start()
    (first,) = tmp_path.glob("dipgm.backup-*")
    # One row more: the file keeps its size, its bytes differ.
    write(file, "INSERT INTO computer_seats VALUES ('written since')")
    changed = dump(file)
    assert file.stat().st_size == first.stat().st_size
    status, (logged, said) = start()
    assert status == 1
    (second,) = set(tmp_path.glob("dipgm.backup-*")) - {first}
    assert logged.endswith(f"a copy of {file} from before its migration is at {second}")
    assert said == failure(file, f"a copy from before is at {second}")
    assert dump(second) == dump(file) == changed != dump(first)


async def test_writes_still_in_the_write_ahead_log_are_a_change(sqlite_url: str) -> None:
    file = sqlite_file(sqlite_url)
    assert file is not None
    head = migrate.head_revision()
    kept = copy_beside(file, head)
    assert copy_beside(file, head) == CopyBeside(kept.path, earlier=True)
    # A connection still open, its commit not yet in the database's own file.
    with closing(sqlite3.connect(file)) as open_connection:
        open_connection.execute("PRAGMA wal_autocheckpoint=0")
        with open_connection:
            open_connection.execute("CREATE TABLE written_since (x)")
        again = copy_beside(file, head)
    assert not again.earlier and again.path != kept.path
    assert "written_since" in "".join(dump(again.path))
    assert "written_since" not in "".join(dump(kept.path))
