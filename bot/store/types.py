"""Column types shared by the tables."""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum
from typing import Any, TypeVar

from sqlalchemy import DateTime, Dialect, String
from sqlalchemy.types import TypeDecorator

E = TypeVar("E", bound=StrEnum)


def utcnow() -> datetime:
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """An aware datetime in, an aware UTC datetime out, on every database.

    SQLite has no time zones: SQLAlchemy would store the wall-clock digits and hand back a
    naive value. Normalising to UTC before binding keeps stored text comparable (deadline
    queries compare it as text) and lets the result be marked UTC again on the way out.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError(f"naive datetime {value!r}: the store keeps aware UTC times only")
        value = value.astimezone(UTC)
        if dialect.name == "sqlite":
            return value.replace(tzinfo=None)
        return value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


class StrEnumType(TypeDecorator[E]):
    """A StrEnum stored as its value in a VARCHAR; the CHECK constraint lives on the table."""

    impl = String(24)
    cache_ok = True

    def __init__(self, enum: type[E]) -> None:
        super().__init__()
        self.enum = enum

    def process_bind_param(self, value: E | str | None, dialect: Dialect) -> str | None:
        if value is None:
            return None
        return self.enum(value).value

    def process_result_value(self, value: Any, dialect: Dialect) -> E | None:
        if value is None:
            return None
        return self.enum(value)

    def __repr__(self) -> str:
        return f"StrEnumType({self.enum.__name__})"
