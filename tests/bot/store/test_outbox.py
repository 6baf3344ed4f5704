"""The outbox: enqueueing is idempotent by key, delivery is retried with back-off."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.store import (
    DELIVERY_LEASE,
    MAX_ATTEMPTS,
    OutboxMessage,
    OutboxStatus,
    Platform,
    Store,
    backoff,
)
from bot.store.outbox_and_audit import BACKOFF_BASE, BACKOFF_CAP
from tests.bot.store.support import FakeClock, active_game

Sessions = async_sessionmaker[AsyncSession]
CHANNEL = {"kind": "channel", "team": "T1", "channel": "C1"}


async def enqueue(store: Store, key: str, text: str = "S1901M adjudicated") -> OutboxMessage:
    return await store.enqueue(
        key, platform=Platform.SLACK, target=CHANNEL, payload={"blocks": [{"text": text}]}
    )


async def count(sessions: Sessions) -> int:
    async with sessions() as session:
        return int(await session.scalar(select(func.count()).select_from(OutboxMessage)) or 0)


async def test_same_dedupe_key_twice_makes_one_row(sessions: Sessions, clock: FakeClock) -> None:
    async with sessions.begin() as session:
        store = Store(session, clock)
        game = await active_game(store)
        png = await store.add_image(game.id, "S1901M", "map", b"\x89PNG...")
        first = await store.enqueue(
            "game1:S1901M:results",
            platform=Platform.SLACK,
            target=CHANNEL,
            payload={"blocks": [{"text": "first"}]},
            game_id=game.id,
            image_id=png.id,
        )
        again = await enqueue(store, "game1:S1901M:results", "second")
        assert again.id == first.id
    # A retried adjudication runs in a new transaction: still one row, the first payload.
    async with sessions.begin() as session:
        retried = await enqueue(Store(session, clock), "game1:S1901M:results", "third")
        assert retried.id == first.id
        assert retried.payload == {"blocks": [{"text": "first"}]}
        assert retried.image_id == png.id
    assert await count(sessions) == 1


async def test_concurrent_enqueues_of_one_key(sessions: Sessions, clock: FakeClock) -> None:
    async def worker(text: str) -> int:
        async with sessions.begin() as session:
            message = await enqueue(Store(session, clock), "announce", text)
            await asyncio.sleep(0.1)
            return message.id

    ids = await asyncio.gather(worker("a"), worker("b"), worker("c"))
    assert len(set(ids)) == 1
    assert await count(sessions) == 1


async def test_due_messages_are_leased_to_one_deliverer(
    sessions: Sessions, clock: FakeClock
) -> None:
    async with sessions.begin() as session:
        store = Store(session, clock)
        for key in ("a", "b", "c"):
            await enqueue(store, key)

    async with sessions.begin() as session:
        taken = await Store(session, clock).due_outbox(limit=2)
        assert [m.dedupe_key for m in taken] == ["a", "b"]
    async with sessions.begin() as session:
        assert [m.dedupe_key for m in await Store(session, clock).due_outbox()] == ["c"]
        assert await Store(session, clock).due_outbox() == []

    # The deliverer died without marking anything: the lease runs out, they come back.
    clock.advance(seconds=DELIVERY_LEASE.total_seconds())
    async with sessions.begin() as session:
        assert [m.dedupe_key for m in await Store(session, clock).due_outbox()] == ["a", "b", "c"]


async def test_each_platform_takes_only_its_own_messages(
    sessions: Sessions, clock: FakeClock
) -> None:
    async with sessions.begin() as session:
        store = Store(session, clock)
        for key, platform in (
            ("a", Platform.SLACK),
            ("b", Platform.DISCORD),
            ("c", Platform.SLACK),
        ):
            await store.enqueue(key, platform=platform, target=CHANNEL, payload={"blocks": []})

    async def take(platform: Platform | None) -> list[str]:
        async with sessions.begin() as session:
            found = await Store(session, clock).due_outbox(platform=platform)
            return [m.dedupe_key for m in found]

    # Slack running beside Discord hides none of Discord's messages, and the other way round.
    assert await take(Platform.SLACK) == ["a", "c"]
    assert await take(Platform.CONSOLE) == []
    assert await take(Platform.DISCORD) == ["b"]
    assert await take(Platform.DISCORD) == []  # leased
    assert await take(None) == []
    clock.advance(seconds=DELIVERY_LEASE.total_seconds())
    assert await take(None) == ["a", "b", "c"]


async def test_sent_messages_are_done(sessions: Sessions, clock: FakeClock) -> None:
    async with sessions.begin() as session:
        message = await enqueue(Store(session, clock), "a")
    clock.advance(seconds=5)
    async with sessions.begin() as session:
        store = Store(session, clock)
        await store.due_outbox()
        await store.mark_sent(message.id)
    clock.advance(days=1)
    async with sessions.begin() as session:
        store = Store(session, clock)
        assert await store.due_outbox() == []
        sent = await store.session.get(OutboxMessage, message.id)
        assert sent is not None
        assert (sent.status, sent.attempts) == (OutboxStatus.SENT, 1)
        assert sent.sent_at == clock.now - timedelta(days=1)


async def test_failures_back_off_then_give_up(sessions: Sessions, clock: FakeClock) -> None:
    async with sessions.begin() as session:
        message_id = (await enqueue(Store(session, clock), "a")).id

    for attempt in range(1, MAX_ATTEMPTS):
        async with sessions.begin() as session:
            store = Store(session, clock)
            assert [m.id for m in await store.due_outbox()] == [message_id]
            status = await store.mark_failed(message_id, f"rate limited #{attempt}")
            assert status == OutboxStatus.PENDING
        wait = backoff(attempt)
        clock.advance(seconds=wait.total_seconds() - 1)
        async with sessions.begin() as session:
            assert await Store(session, clock).due_outbox() == [], f"early retry {attempt}"
        clock.advance(seconds=1)

    async with sessions.begin() as session:
        store = Store(session, clock)
        assert [m.id for m in await store.due_outbox()] == [message_id]
        assert await store.mark_failed(message_id, "still down") == OutboxStatus.FAILED
    clock.advance(days=30)
    async with sessions.begin() as session:
        store = Store(session, clock)
        assert await store.due_outbox() == []
        failed = await session.get(OutboxMessage, message_id)
        assert failed is not None
        assert (failed.attempts, failed.last_error) == (MAX_ATTEMPTS, "still down")


async def test_retry_after_and_permanent_failures(sessions: Sessions, clock: FakeClock) -> None:
    async with sessions.begin() as session:
        store = Store(session, clock)
        slow = (await enqueue(store, "slow")).id
        gone = (await enqueue(store, "gone")).id
        await store.mark_failed(slow, "429", retry_after=timedelta(seconds=7))
        assert await store.mark_failed(gone, "channel_not_found", permanent=True) == (
            OutboxStatus.FAILED
        )
    clock.advance(seconds=6)
    async with sessions.begin() as session:
        assert await Store(session, clock).due_outbox() == []
    clock.advance(seconds=1)
    async with sessions.begin() as session:
        assert [m.id for m in await Store(session, clock).due_outbox()] == [slow]


@pytest.mark.parametrize(
    ("attempts", "expected"),
    [(1, BACKOFF_BASE), (2, BACKOFF_BASE * 2), (3, BACKOFF_BASE * 4), (8, BACKOFF_CAP)],
)
def test_backoff_doubles_up_to_a_cap(attempts: int, expected: timedelta) -> None:
    assert backoff(attempts) == expected
    assert backoff(10_000) == BACKOFF_CAP
