"""Adjudicating a phase is exactly-once: of any number of claimers, one wins."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.orm.exc import StaleDataError

from bot.store import (
    NewOrder,
    PhaseClosedError,
    PhaseStatus,
    Store,
    create_engine,
    create_sessionmaker,
)
from tests.bot.store.support import FakeClock, game_with_phase

Sessions = async_sessionmaker[AsyncSession]


async def seeded_phase(sessions: Sessions, clock: FakeClock) -> tuple[int, int]:
    async with sessions.begin() as session:
        store = Store(session, clock)
        _, phase = await game_with_phase(store, deadline=clock.now)
        await store.record_order(phase.id, "FRANCE", "PAR", "A PAR-BUR", submitted_by="U1")
        return phase.id, phase.version


async def claimer(sessions: Sessions, clock: FakeClock, phase_id: int, version: int | None) -> bool:
    """One worker: claim, then "adjudicate" for a moment while holding the claim."""
    async with sessions.begin() as session:
        won = await Store(session, clock).claim_phase(phase_id, version)
        if won:
            # Give the others time to run into the claim before it commits.
            await asyncio.sleep(0.3)
        return won


@pytest.mark.parametrize("workers", [2, 5])
async def test_concurrent_claimers_exactly_one_wins(
    sessions: Sessions, clock: FakeClock, workers: int
) -> None:
    phase_id, version = await seeded_phase(sessions, clock)

    outcomes = await asyncio.gather(
        *(claimer(sessions, clock, phase_id, version) for _ in range(workers))
    )

    assert sorted(outcomes) == [False] * (workers - 1) + [True]
    async with sessions() as session:
        phase = await Store(session).get_phase(phase_id)
        assert phase is not None
        assert phase.status == PhaseStatus.ADJUDICATED
        assert phase.version == version + 1
        assert phase.processed_at == clock.now


async def test_claim_without_expected_version(sessions: Sessions, clock: FakeClock) -> None:
    phase_id, _ = await seeded_phase(sessions, clock)
    outcomes = await asyncio.gather(
        claimer(sessions, clock, phase_id, None),
        claimer(sessions, clock, phase_id, None),
    )
    assert sorted(outcomes) == [False, True]


async def test_a_crash_half_way_leaves_the_phase_open(sessions: Sessions, clock: FakeClock) -> None:
    phase_id, version = await seeded_phase(sessions, clock)

    with pytest.raises(RuntimeError, match="renderer fell over"):
        async with sessions.begin() as session:
            store = Store(session, clock)
            assert await store.claim_phase(phase_id, version)
            await store.record_results(phase_id, {"A PAR": "moved"})
            raise RuntimeError("renderer fell over")

    async with sessions.begin() as session:
        store = Store(session, clock)
        phase = await store.get_phase(phase_id)
        assert phase is not None
        assert (phase.status, phase.version, phase.results) == (PhaseStatus.OPEN, version, None)
        assert [o.raw_text for o in await store.orders_of_phase(phase_id)] == ["A PAR-BUR"]
        # The retry after the restart wins.
        assert await store.claim_phase(phase_id, version)
        await store.record_results(phase_id, {"A PAR": "moved"})

    async with sessions() as session:
        phase = await Store(session).get_phase(phase_id)
        assert phase is not None
        assert phase.status == PhaseStatus.ADJUDICATED
        assert phase.results == {"A PAR": "moved"}


async def test_a_phase_changed_since_it_was_read_is_not_claimed(
    sessions: Sessions, clock: FakeClock
) -> None:
    phase_id, version = await seeded_phase(sessions, clock)
    async with sessions.begin() as session:
        phase = await Store(session).get_phase(phase_id)
        assert phase is not None
        phase.deadline = clock.advance(hours=24)  # extended by the game master

    async with sessions.begin() as session:
        store = Store(session, clock)
        assert not await store.claim_phase(phase_id, version)
        assert await store.claim_phase(phase_id, version + 1)
        assert not await store.claim_phase(phase_id)


async def test_an_update_from_a_stale_read_is_refused(
    sessions: Sessions, clock: FakeClock, database_url: str
) -> None:
    phase_id, version = await seeded_phase(sessions, clock)
    # A second worker: a process of its own, with its own connections.
    other = create_engine(database_url)
    try:
        async with create_sessionmaker(other)() as slow:
            stale = await Store(slow).get_phase(phase_id)
            assert stale is not None and stale.version == version

            async with sessions.begin() as session:
                assert await Store(session, clock).claim_phase(phase_id, version)

            stale.deadline = clock.advance(hours=1)
            with pytest.raises(StaleDataError):
                await slow.flush()
            await slow.rollback()
    finally:
        await other.dispose()


async def test_claim_of_a_missing_or_closed_phase(sessions: Sessions, clock: FakeClock) -> None:
    phase_id, _ = await seeded_phase(sessions, clock)
    async with sessions.begin() as session:
        store = Store(session, clock)
        assert not await store.claim_phase(phase_id + 1000)
        assert await store.claim_phase(phase_id)
        assert not await store.claim_phase(phase_id)


async def test_orders_for_a_claimed_phase_are_refused(sessions: Sessions, clock: FakeClock) -> None:
    phase_id, version = await seeded_phase(sessions, clock)
    async with sessions.begin() as session:
        assert await Store(session, clock).claim_phase(phase_id, version)

    async with sessions.begin() as session:
        store = Store(session, clock)
        with pytest.raises(PhaseClosedError, match="adjudicated"):
            await store.record_order(phase_id, "FRANCE", "PAR", "A PAR H", submitted_by="U1")
        with pytest.raises(PhaseClosedError):
            await store.clear_orders(phase_id, "FRANCE")
        with pytest.raises(PhaseClosedError, match="missing"):
            await store.record_order(phase_id + 99, "FRANCE", "PAR", "A PAR H", submitted_by="U1")


async def test_an_order_racing_the_adjudication_is_never_lost(
    sessions: Sessions, clock: FakeClock
) -> None:
    """Either the order is in before the claim (and adjudicated) or it is refused."""
    phase_id, version = await seeded_phase(sessions, clock)
    claimed = asyncio.Event()

    async def adjudicate() -> list[str]:
        async with sessions.begin() as session:
            store = Store(session, clock)
            assert await store.claim_phase(phase_id, version)
            claimed.set()
            await asyncio.sleep(0.3)
            return [o.raw_text for o in await store.orders_of_phase(phase_id)]

    async def late_order() -> str:
        await claimed.wait()
        try:
            async with sessions.begin() as session:
                await Store(session, clock).record_order(
                    phase_id, "FRANCE", "PAR", "A PAR H", submitted_by="U1"
                )
        except PhaseClosedError:
            return "refused"
        return "stored"

    seen, outcome = await asyncio.gather(adjudicate(), late_order())
    assert (seen, outcome) == (["A PAR-BUR"], "refused")
    async with sessions() as session:
        orders = await Store(session).orders_of_phase(phase_id)
        assert [o.raw_text for o in orders] == ["A PAR-BUR"]


async def test_an_order_read_open_before_a_claim_is_refused_once_the_claim_commits(
    sessions: Sessions, clock: FakeClock
) -> None:
    """A command that read the phase open writes its order while the deadline's claim is in
    progress: the status read with the write waits for the claim and refuses the order."""
    phase_id, version = await seeded_phase(sessions, clock)
    claimed = asyncio.Event()

    async def adjudicate() -> list[str]:
        async with sessions.begin() as session:
            store = Store(session, clock)
            assert await store.claim_phase(phase_id, version)
            claimed.set()
            await asyncio.sleep(0.3)
            return [o.raw_text for o in await store.orders_of_phase(phase_id)]

    async def order_read_open() -> str:
        await claimed.wait()
        new = NewOrder("PAR", "A PAR H", "A PAR H")
        try:
            async with sessions.begin() as session:
                await Store(session, clock).record_orders(
                    phase_id, "FRANCE", [new], submitted_by="U1", read_open=True
                )
        except PhaseClosedError as exc:
            assert "adjudicated" in str(exc)
            return "refused"
        return "stored"

    seen, outcome = await asyncio.gather(adjudicate(), order_read_open())
    assert (seen, outcome) == (["A PAR-BUR"], "refused")
    async with sessions() as session:
        orders = await Store(session).orders_of_phase(phase_id)
        assert [o.raw_text for o in orders] == ["A PAR-BUR"]
