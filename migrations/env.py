"""Alembic environment of dipgm.

The database URL is, in order: the one `bot.store.migrate` hands over, `sqlalchemy.url`
if an ini file sets one, else DATABASE_URL from dipgm's settings (the app's own source).
`bot.store.migrate` may also hand over an open connection, which is then used as is.
"""

from __future__ import annotations

import asyncio
from logging.config import fileConfig

from alembic import context
from sqlalchemy.engine import Connection
from sqlalchemy.pool import NullPool

from bot.config import load_settings
from bot.store import Base, async_url, create_engine

config = context.config
target_metadata = Base.metadata

# Only the alembic command line configures logging; the app keeps its own set-up.
if config.config_file_name is not None and config.attributes.get("configure_logging", True):
    fileConfig(config.config_file_name, disable_existing_loggers=False)


def database_url() -> str:
    url = config.attributes.get("url") or config.get_main_option("sqlalchemy.url")
    return str(url) if url else load_settings().database_url


def run_on(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        # SQLite cannot ALTER most things: autogenerate copy-and-move batches for it.
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


async def run_online() -> None:
    engine = create_engine(database_url(), poolclass=NullPool)
    try:
        async with engine.connect() as connection:
            await connection.run_sync(run_on)
    finally:
        await engine.dispose()


def run_offline() -> None:
    url = async_url(database_url())
    context.configure(
        url=url,
        target_metadata=target_metadata,
        literal_binds=True,
        dialect_opts={"paramstyle": "named"},
        render_as_batch=url.get_backend_name() == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


shared = config.attributes.get("connection")
if context.is_offline_mode():
    run_offline()
elif isinstance(shared, Connection):
    run_on(shared)
else:
    asyncio.run(run_online())
