"""Datetimes go in aware and come out aware UTC, on SQLite as on PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import select, text
from sqlalchemy.exc import StatementError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.store import Phase, Store
from tests.bot.store.support import FakeClock, game_with_phase, present

Sessions = async_sessionmaker[AsyncSession]
PACIFIC = ZoneInfo("America/Los_Angeles")


async def test_aware_datetimes_round_trip_as_utc(sessions: Sessions, clock: FakeClock) -> None:
    # The league's deadline: midnight Pacific time, in summer (daylight time, UTC-7).
    midnight = datetime(2025, 7, 4, 0, 0, 0, 123456, tzinfo=PACIFIC)
    async with sessions.begin() as session:
        _, phase = await game_with_phase(Store(session, clock), deadline=midnight)

    async with sessions() as session:
        stored = present(await session.get(Phase, phase.id))
        assert stored.deadline == midnight
        assert stored.deadline is not None and stored.deadline.tzinfo is UTC
        assert stored.deadline == datetime(2025, 7, 4, 7, 0, 0, 123456, tzinfo=UTC)
        assert stored.opened_at == clock.now and stored.opened_at.tzinfo is UTC


async def test_sqlite_stores_utc_digits(
    sessions: Sessions, clock: FakeClock, database_url: str
) -> None:
    if not database_url.startswith("sqlite"):
        pytest.skip("SQLite only: PostgreSQL stores timestamptz natively")
    async with sessions.begin() as session:
        evening = datetime(1901, 3, 1, 23, 30, tzinfo=timezone(-timedelta(hours=8)))
        _, phase = await game_with_phase(Store(session, clock), deadline=evening)
    async with sessions() as session:
        raw = await session.scalar(
            text("SELECT deadline FROM phases WHERE id = :id"), {"id": phase.id}
        )
        assert raw == "1901-03-02 07:30:00.000000"


async def test_comparisons_across_offsets(sessions: Sessions, clock: FakeClock) -> None:
    base = datetime(1901, 3, 1, 12, 0, tzinfo=UTC)
    async with sessions.begin() as session:
        store = Store(session, clock)
        _, early = await game_with_phase(store, name="early", deadline=base.astimezone(PACIFIC))
        tokyo = (base + timedelta(minutes=1)).astimezone(ZoneInfo("Asia/Tokyo"))
        _, late = await game_with_phase(store, name="late", deadline=tokyo)
    async with sessions() as session:
        store = Store(session, clock)
        just_after = (base + timedelta(seconds=30)).astimezone(ZoneInfo("Europe/Paris"))
        assert [p.id for p in await store.due_phases(just_after)] == [early.id]
        ordered = await session.scalars(select(Phase.id).order_by(Phase.deadline.desc()))
        assert list(ordered) == [late.id, early.id]


async def test_naive_datetimes_are_refused(sessions: Sessions, clock: FakeClock) -> None:
    with pytest.raises(StatementError, match="naive datetime"):
        async with sessions.begin() as session:
            await game_with_phase(Store(session, clock), deadline=datetime(1901, 3, 1, 12, 0))  # noqa: DTZ001
