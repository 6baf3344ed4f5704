"""Consistent copies of the database, taken while the bot runs.

A SQLite database is copied with SQLite's online backup (one read transaction, so the copy
is the database as of one moment, its write-ahead log included: a plain copy of the file
misses what is still in ``-wal``). A PostgreSQL database is dumped by ``pg_dump``, given the
URL's parts through its environment, so the password never shows in a process list.

The copy kept before a migration is made once for a database that has not changed: a bot
restarted after a failed migration finds its copy from before still beside the database,
the same but for the counters SQLite keeps in the file's header, and keeps that one rather
than filling the disk with another at every try.
"""

from __future__ import annotations

import os
import re
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


# Bytes of a SQLite file's header that a commit or a copy rewrites without changing what
# the database holds: the file change counter (24), the schema cookie (40), and the counter
# and library version the file was last written with (92, 96); see "The Database Header" in
# https://www.sqlite.org/fileformat2.html. Every other byte is the database itself.
COUNTERS = (slice(24, 28), slice(40, 44), slice(92, 100))
HEADER = 100
CHUNK = 1 << 20


@dataclass(frozen=True, slots=True)
class CopyBeside:
    """The copy of a database from before a migration: its file, and whether it was made
    at an earlier try, the database unchanged since."""

    path: Path
    earlier: bool


def copy_beside(database: Path, revision: str) -> CopyBeside:
    """A copy of ``database`` (at schema ``revision``) beside it, named for the revision
    and the moment: ``dipgm.backup-0004-20270105T090000123456Z.sqlite3``; or the newest
    such copy already there, where the database has not changed since it was made."""
    earlier = newest_copy(database, revision)
    if earlier is not None and same_database(database, earlier):
        return CopyBeside(earlier, earlier=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    target = database.with_name(f"{database.stem}.backup-{revision}-{stamp}{database.suffix}")
    copy_sqlite(database, target)
    return CopyBeside(target, earlier=False)


def newest_copy(database: Path, revision: str) -> Path | None:
    """The newest copy ``copy_beside`` made of ``database`` at schema ``revision``."""
    name = re.compile(
        re.escape(f"{database.stem}.backup-{revision}-")
        + r"\d{8}T\d{12}Z"
        + re.escape(database.suffix)
    )
    # The stamps are of one width: the last name is the newest copy.
    copies = sorted(path for path in database.parent.iterdir() if name.fullmatch(path.name))
    return copies[-1] if copies else None


def same_database(database: Path, copy: Path) -> bool:
    """Whether the SQLite files ``database`` and ``copy`` hold the same database.

    Their bytes tell surely and cheaply: a database with nothing in its write-ahead log or
    rollback journal is wholly its file, so two such files of one size that differ only in
    the header's counters hold the same schema and rows, page for page. A database that grew
    or shrank is told by its size alone; otherwise both are read once, up to the first
    difference, and nothing is written, where a new copy would write the whole database
    again. Any doubt (a log to replay, a file that cannot be read) counts as a change,
    answered by a new copy as before.
    """
    try:
        if any(_pending(file) for file in (database, copy)):
            return False
        if database.stat().st_size != copy.stat().st_size:
            return False
        with database.open("rb") as ours, copy.open("rb") as theirs:
            if _content(ours.read(HEADER)) != _content(theirs.read(HEADER)):
                return False
            while chunk := ours.read(CHUNK):
                if chunk != theirs.read(CHUNK):
                    return False
            return not theirs.read(1)
    except OSError:
        return False


def _pending(file: Path) -> bool:
    """Whether writes to ``file`` wait beside it, in its write-ahead log or journal."""
    for log in ("-wal", "-journal"):
        beside = file.with_name(file.name + log)
        if beside.exists() and beside.stat().st_size > 0:
            return True
    return False


def _content(header: bytes) -> bytes:
    """A SQLite file's header without its counters."""
    kept = bytearray(header)
    for counter in COUNTERS:
        kept[counter] = bytes(counter.stop - counter.start)
    return bytes(kept)


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
