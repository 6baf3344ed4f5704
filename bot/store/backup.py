"""Consistent copies of the database, taken while the bot runs.

A SQLite database is copied with SQLite's online backup (one read transaction, so the copy
is the database as of one moment, its write-ahead log included: a plain copy of the file
misses what is still in ``-wal``). A PostgreSQL database is dumped by ``pg_dump``, given the
URL's parts through its environment, so the password never shows in a process list.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy.engine import URL, make_url

from bot.exit_codes import CommandError

# Seconds to wait for a writer's lock (the bot commits in milliseconds).
BUSY_TIMEOUT = 30.0


class BackupError(CommandError):
    """A backup that could not be made; the message says why and what to do."""


def sqlite_file(url: str | URL) -> Path | None:
    """The file of a SQLite URL; None for a server database or one in memory."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database)


def copy_sqlite(source: Path, target: Path) -> None:
    """Copy the database ``source`` to the new file ``target`` with SQLite's online backup,
    while other connections go on writing; written whole or not at all."""
    if not source.is_file():
        raise BackupError(f"there is no database at {source}")
    if target.exists():
        raise BackupError(f"{target} already exists: name a new file")
    partial = target.with_name(target.name + ".part")
    try:
        with (
            closing(sqlite3.connect(source, timeout=BUSY_TIMEOUT)) as database,
            closing(sqlite3.connect(partial)) as copy,
        ):
            # All pages in one step: one read transaction, so one moment of the database.
            database.backup(copy, pages=-1)
        partial.replace(target)
    except (sqlite3.Error, OSError) as exc:
        partial.unlink(missing_ok=True)
        raise BackupError(f"cannot copy {source} to {target}: {exc}") from None


def restore_sqlite(copy: Path, database: Path) -> None:
    """Put the database back as ``copy`` holds it (nothing else may be connected)."""
    with (
        closing(sqlite3.connect(copy)) as source,
        closing(sqlite3.connect(database, timeout=BUSY_TIMEOUT)) as target,
    ):
        source.backup(target, pages=-1)


def copy_beside(database: Path, revision: str) -> Path:
    """A copy of ``database`` (at schema ``revision``) beside it, named for the revision
    and the moment: ``dipgm.backup-0004-20270105T090000Z.sqlite3``."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    target = database.with_name(f"{database.stem}.backup-{revision}-{stamp}{database.suffix}")
    copy_sqlite(database, target)
    return target


@dataclass(frozen=True, slots=True)
class Dump:
    """How ``pg_dump`` is run for a URL: its arguments, and the environment that carries
    the connection (the password among it)."""

    argv: list[str]
    environment: dict[str, str]

    def shown(self) -> str:
        """The command as a person would type it, the password left to PGPASSWORD."""
        given = {k: v for k, v in self.environment.items() if k != "PGPASSWORD"}
        settings = " ".join(f"{name}={value}" for name, value in sorted(given.items()))
        return f"PGPASSWORD=... {settings} {' '.join(self.argv)}"


def pg_dump(url: str | URL, target: Path) -> Dump:
    """The ``pg_dump`` run that writes the database of ``url`` to ``target`` in its custom
    format (restored with ``pg_restore``)."""
    parsed = make_url(url)
    parts = {
        "PGHOST": parsed.host,
        "PGPORT": None if parsed.port is None else str(parsed.port),
        "PGUSER": parsed.username,
        "PGPASSWORD": parsed.password,
        "PGDATABASE": parsed.database,
        "PGSSLMODE": parsed.query.get("sslmode") or parsed.query.get("ssl"),
    }
    environment = {name: str(value) for name, value in parts.items() if value}
    return Dump(["pg_dump", "--format=custom", f"--file={target}"], environment)


def dump_postgresql(url: str | URL, target: Path) -> None:
    """Run ``pg_dump`` for ``url``, or say how to, where it is not installed."""
    dump = pg_dump(url, target)
    if target.exists():
        raise BackupError(f"{target} already exists: name a new file")
    if shutil.which("pg_dump") is None:
        raise BackupError(
            "pg_dump is not installed here: install PostgreSQL's client tools (Debian: "
            "apt install postgresql-client, the server's major version or newer), or run "
            f"on a machine that has them: {dump.shown()}"
        )
    done = subprocess.run(
        dump.argv,
        env={**os.environ, **dump.environment},
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        target.unlink(missing_ok=True)
        said = done.stderr.strip().splitlines()
        raise BackupError(f"pg_dump failed: {said[-1] if said else f'exit {done.returncode}'}")
