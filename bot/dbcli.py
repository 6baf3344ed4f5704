"""`dipgm db ...`: upgrade, downgrade and inspect the database schema; back the database up."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from alembic.util import CommandError as AlembicError

from bot.config import load_settings
from bot.exit_codes import FAILED, OK, CommandError
from bot.store import BackupError, copy_sqlite, dump_postgresql, migrate, sqlite_file


def build_parser(prog: str = "dipgm db") -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Manage the database schema, and back the database up. The database "
        "is DATABASE_URL (environment or .env) unless --url is given.",
    )
    parser.add_argument("--url", help="database URL (default: DATABASE_URL from the settings)")
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    up = actions.add_parser("upgrade", help="migrate to the newest schema (or to REVISION)")
    up.add_argument("revision", nargs="?", default=migrate.HEAD)
    down = actions.add_parser(
        "downgrade", help="migrate down to REVISION ('base' removes every table)"
    )
    down.add_argument("revision")
    actions.add_parser("current", help="show the schema revision of the database")
    backup = actions.add_parser(
        "backup",
        help="copy the database to FILE, consistently, while the bot runs",
        description="SQLite: a copy made with SQLite's online backup (a plain copy of the "
        "file misses recent games, still in its -wal file), opened like any database. "
        "PostgreSQL: pg_dump's custom format (restore with pg_restore); where pg_dump is "
        "not installed, the command to run elsewhere.",
    )
    backup.add_argument("file", metavar="FILE", type=Path, help="the new file")
    return parser


def _describe(revision: str | None) -> str:
    if revision is None:
        return "none (empty database)"
    if revision == migrate.head_revision():
        return f"{revision} (head)"
    if revision in migrate.known_revisions():
        return f"{revision} (behind head {migrate.head_revision()}: run `dipgm db upgrade`)"
    return f"{revision} (unknown to this dipgm: written by a newer release)"


async def _run(args: argparse.Namespace, out: TextIO) -> None:
    url: str = args.url or load_settings().database_url
    if args.action == "upgrade":
        revision = await migrate.upgrade(url, args.revision)
        out.write(f"database schema at {_describe(revision)}\n")
    elif args.action == "downgrade":
        revision = await migrate.downgrade(url, args.revision)
        out.write(f"database schema at {_describe(revision)}\n")
    elif args.action == "backup":
        await _backup(url, args.file, out)
    else:
        out.write(f"{_describe(await migrate.current(url))}\n")


async def _backup(url: str, file: Path, out: TextIO) -> None:
    database = sqlite_file(url)
    if database is not None and not database.is_file():
        # Looking at it would make an empty one.
        raise BackupError(f"there is no database at {database}")
    # A look at the schema first: a database that cannot be reached says so by name.
    revision = await migrate.current(url)
    if database is not None:
        await asyncio.to_thread(copy_sqlite, database, file)
    else:
        await asyncio.to_thread(dump_postgresql, url, file)
    out.write(f"backed up {migrate.where(url)} (schema {revision}) to {file}\n")


def db_command(argv: Sequence[str], *, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run `dipgm db ARGV...`; the exit status (bot/exit_codes.py: 0 done, 1 failed, 2 usage)."""
    stdout = sys.stdout if out is None else out
    stderr = sys.stderr if err is None else err
    parser = build_parser()
    try:
        args = parser.parse_args(list(argv))
    except SystemExit as exc:  # argparse's way of reporting usage errors and --help
        return exc.code if isinstance(exc.code, int) else 2
    try:
        asyncio.run(_run(args, stdout))
    except CommandError as exc:
        stderr.write(f"dipgm db {args.action}: {exc}\n")
        return exc.exit_status
    except AlembicError as exc:
        stderr.write(f"dipgm db {args.action}: {exc}\n")
        return FAILED
    return OK
