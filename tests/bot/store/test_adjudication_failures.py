"""A phase whose adjudication failed: kept with its tries and next try, left out of the due
phases until then, listed for the operator, and gone once the phase is adjudicated."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.store import Platform, Store
from tests.bot.store.support import FakeClock, game_with_phase, present

Sessions = async_sessionmaker[AsyncSession]


async def test_a_failure_is_kept_listed_and_retried_when_due(
    sessions: Sessions, clock: FakeClock
) -> None:
    async with sessions.begin() as session:
        store = Store(session, clock)
        game, phase = await game_with_phase(store, deadline=clock.now)
        await game_with_phase(store, deadline=clock.now, name="vienna")
        first = await store.record_adjudication_failure(
            phase, "the adjudicator failed (KeyError)", clock.now + timedelta(minutes=1)
        )
        assert (first.attempts, first.failed_since) == (1, clock.now)
        game_id, phase_id = game.id, phase.id
    async with sessions() as session:
        store = Store(session, clock)
        # the other game's phase is due; this one waits for its next try
        assert [p.id for p in await store.due_phases()] == [phase_id + 1]
        (listed,) = await store.failing_adjudications()
        assert (listed.game_id, listed.game_name, listed.phase_name) == (game_id, "hague", "S1901M")
        assert (listed.platform, listed.workspace, listed.channel) == (Platform.SLACK, "T1", "C1")
        assert (listed.attempts, listed.reason) == (1, "the adjudicator failed (KeyError)")
        assert listed.retry_at == clock.now + timedelta(minutes=1)
        assert (await store.retry_times()) == {phase_id: clock.now + timedelta(minutes=1)}
    since = clock.now
    clock.advance(minutes=1)
    async with sessions.begin() as session:
        store = Store(session, clock)
        assert phase_id in [p.id for p in await store.due_phases()]
        phase = present(await store.lock_phase(phase_id))
        again = await store.record_adjudication_failure(
            phase, "the database failed (OperationalError)", clock.now + timedelta(minutes=2)
        )
        assert (again.attempts, again.failed_since) == (2, since)
    async with sessions.begin() as session:
        store = Store(session, clock)
        assert await store.claim_phase(phase_id)
        await store.clear_adjudication_failure(phase_id)
    async with sessions() as session:
        store = Store(session, clock)
        assert await store.failing_adjudications() == []
        assert await store.adjudication_failure(phase_id) is None
