"""Schema migrations from code: upgrade, downgrade, and the start-up check.

At start the app calls `ensure_schema(url)`: an embedded SQLite database is brought up to
date on the spot; a server database is left to `dipgm db upgrade` (several workers must
not race to migrate it). Either way, a database written by a newer dipgm is refused.

Before a SQLite database that holds games is migrated, a copy of it is kept beside it (the
one from an earlier try, when the database has not changed since: a bot its process manager
restarts after each failure makes no copy after the first); a migration that fails puts
the database back as it was (SQLite runs most schema changes outside the migration's
transaction, so a failure half-way would otherwise stay) and says in one line what failed
and where the copy is. PostgreSQL undoes a failed migration itself:
its schema changes are part of the transaction.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import NullPool

import migrations
from bot.exit_codes import CommandError
from bot.store.backup import copy_beside, restore_sqlite, sqlite_file
from bot.store.database import create_engine, is_sqlite

logger = logging.getLogger(__name__)

# __path__ rather than __file__: an editable install made before the package had an
# __init__.py imports it as a namespace package, which has no __file__.
MIGRATIONS_DIR = Path(next(iter(migrations.__path__))).resolve()
T = TypeVar("T")

HEAD = "head"
BASE = "base"


class SchemaError(CommandError, RuntimeError):
    """The database schema is not one this dipgm can run on."""


class MigrationFailedError(SchemaError):
    """A migration failed; the database is as it was before it."""


class DatabaseUnreachableError(CommandError):
    """The database cannot be reached (or opened); the message names where it was looked
    for, never the URL's password."""


class UnknownSchemaError(SchemaError):
    """The database carries a revision this dipgm has never heard of (a newer release's)."""


class OutdatedSchemaError(SchemaError):
    """The database is older than this dipgm and is not upgraded automatically."""


def alembic_config(url: str | None = None) -> Config:
    """Alembic's configuration for our migrations, without reading any ini file."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.attributes["configure_logging"] = False
    if url is not None:
        # Passed as an attribute: an ini option would mangle '%' in passwords.
        config.attributes["url"] = url
    return config


def script_directory() -> ScriptDirectory:
    return ScriptDirectory.from_config(alembic_config())


def head_revision() -> str:
    head = script_directory().get_current_head()
    if head is None:  # pragma: no cover - the package ships its revisions
        raise SchemaError(f"no migrations found in {MIGRATIONS_DIR}")
    return head


def known_revisions() -> set[str]:
    return {script.revision for script in script_directory().walk_revisions()}


def _shown(url: str) -> str:
    return make_url(url).render_as_string(hide_password=True)


def where(url: str) -> str:
    """Where a database is, for a message: the host and port of a server (its password and
    user left out), the file of SQLite."""
    parsed = make_url(url)
    file = sqlite_file(parsed)
    if file is not None:
        return f"the SQLite file {file}"
    if parsed.get_backend_name() == "sqlite":
        return "SQLite in memory"
    port = f":{parsed.port}" if parsed.port else ""
    return f"{parsed.host or 'localhost'}{port}, database {parsed.database or '?'}"


async def on_connection(url: str, work: Callable[[Connection], T]) -> T:
    """Run ``work`` on one connection of its own to ``url``, in one transaction (what the
    migrations and a look at the schema need, outside the application's pool)."""
    engine = create_engine(url, poolclass=NullPool)
    try:
        try:
            connection = await engine.connect()
        except (OSError, DBAPIError) as exc:
            reason = exc.orig if isinstance(exc, DBAPIError) else exc
            said = str(reason).strip().splitlines() or [type(reason).__name__]
            raise DatabaseUnreachableError(
                f"cannot reach the database at {where(url)}: {said[0]}"
            ) from None
        try:
            async with connection.begin():
                return await connection.run_sync(work)
        finally:
            await connection.close()
    finally:
        await engine.dispose()


def _current(connection: Connection) -> tuple[str, ...]:
    return MigrationContext.configure(connection).get_current_heads()


async def current(url: str) -> str | None:
    """The database's revision; None for a database never migrated."""
    heads = await on_connection(url, _current)
    return heads[0] if heads else None


def _check_known(url: str, heads: tuple[str, ...]) -> None:
    unknown = sorted(set(heads) - known_revisions())
    if unknown:
        raise UnknownSchemaError(
            f"the database {_shown(url)} has schema revision {', '.join(unknown)}, which this "
            f"dipgm does not know (it knows up to {head_revision()}): it was written by a newer "
            "release of dipgm. Install that release, or point DATABASE_URL at another database."
        )


def _run(url: str, action: Callable[[Config], Any]) -> Callable[[Connection], None]:
    def work(connection: Connection) -> None:
        _check_known(url, _current(connection))
        config = alembic_config(url)
        config.attributes["connection"] = connection
        action(config)

    return work


async def upgrade(url: str, revision: str = HEAD) -> str | None:
    """Migrate up to `revision`; returns the revision the database is then at."""
    action = _run(url, lambda config: command.upgrade(config, revision))
    await _guarded(url, revision, action)
    return await current(url)


async def downgrade(url: str, revision: str) -> str | None:
    """Migrate down to `revision` ("base" drops everything); returns the new revision."""
    action = _run(url, lambda config: command.downgrade(config, revision))
    await _guarded(url, revision, action)
    return await current(url)


async def _guarded(url: str, revision: str, action: Callable[[Connection], None]) -> None:
    """Run a migration; on a SQLite file that holds a schema, keep a copy first and put it
    back if the migration fails."""
    file = sqlite_file(url)
    before = None if file is None or not file.exists() else await current(url)
    target = {HEAD: head_revision(), BASE: None}.get(revision, revision)
    if file is None or before is None or before == target or before not in known_revisions():
        await on_connection(url, action)
        return
    copy = copy_beside(file, before)
    if copy.earlier:
        logger.warning(
            "%s has not changed since its copy from before this migration was made; the "
            "copy from before is still at %s",
            file,
            copy.path,
        )
    else:
        logger.warning("a copy of %s from before its migration is at %s", file, copy.path)
    try:
        await on_connection(url, action)
    except BaseException as exc:
        restore_sqlite(copy.path, file)
        if not isinstance(exc, Exception):  # interrupted: put back, and stop as asked
            raise
        reason = getattr(exc, "orig", None) or exc
        said = str(reason).strip().splitlines() or [""]
        raise MigrationFailedError(
            f"migrating {file} from schema {before} to {target or BASE} failed "
            f"({type(reason).__name__}: {said[0]}); the database is as it was before, and "
            f"{'the copy from before is still' if copy.earlier else 'a copy from before is'} "
            f"at {copy.path}"
        ) from exc


def _state(connection: Connection) -> tuple[tuple[str, ...], bool]:
    return _current(connection), inspect(connection).has_table("games")


async def ensure_schema(url: str, *, auto_upgrade: bool | None = None) -> str:
    """Make sure the app can run on this database, or raise a SchemaError saying why.

    `auto_upgrade` defaults to True for SQLite and False for server databases.
    Returns the revision the database is at.
    """
    heads, has_tables = await on_connection(url, _state)
    _check_known(url, heads)
    head = head_revision()
    if heads == (head,):
        return head
    if not heads and has_tables:
        raise SchemaError(
            f"the database {_shown(url)} has dipgm tables but no migration record; "
            "it was not made by `dipgm db upgrade`, and is left alone."
        )
    if auto_upgrade is None:
        auto_upgrade = is_sqlite(url)
    if not auto_upgrade:
        at = heads[0] if heads else "empty"
        raise OutdatedSchemaError(
            f"the database {_shown(url)} is at schema revision {at}; this dipgm needs {head}. "
            "Run `dipgm db upgrade` first."
        )
    await upgrade(url)
    return head
