"""What every part of the `Store` shares: the session it writes through, the clock it
stamps rows with, and an INSERT that can say ON CONFLICT on either database."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from sqlalchemy import Table
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.errors import StoreError
from bot.store.types import utcnow

Insert = postgresql.Insert | sqlite.Insert


class StorePart:
    """The base of the Store's parts; each part reads and writes a few tables."""

    def __init__(self, session: AsyncSession, clock: Callable[[], datetime] = utcnow) -> None:
        self.session = session
        self.clock = clock

    def _insert(self, entity: type[Any] | Table) -> Insert:
        """An INSERT that can say ON CONFLICT, in the session's dialect."""
        dialect = self.session.get_bind().dialect.name
        if dialect == "postgresql":
            return postgresql.insert(entity)
        if dialect == "sqlite":
            return sqlite.insert(entity)
        raise StoreError(f"unsupported database {dialect!r}: use SQLite or PostgreSQL")
