"""`dipgm db ...`: upgrade, downgrade and inspect the database schema."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from typing import TextIO

from alembic.util import CommandError

from bot.config import load_settings
from bot.store import migrate


def build_parser(prog: str = "dipgm db") -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Manage the database schema. The database is DATABASE_URL "
        "(environment or .env) unless --url is given.",
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
    else:
        out.write(f"{_describe(await migrate.current(url))}\n")


def db_command(argv: Sequence[str], *, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run `dipgm db ARGV...`; the exit status (0 ok, 1 schema problem, 2 usage)."""
    stdout = sys.stdout if out is None else out
    stderr = sys.stderr if err is None else err
    parser = build_parser()
    try:
        args = parser.parse_args(list(argv))
    except SystemExit as exc:  # argparse's way of reporting usage errors and --help
        return exc.code if isinstance(exc.code, int) else 2
    try:
        asyncio.run(_run(args, stdout))
    except (migrate.SchemaError, CommandError) as exc:
        stderr.write(f"dipgm db: {exc}\n")
        return 1
    return 0
