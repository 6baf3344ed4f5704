"""The repository: games, players, phases, orders, readiness, votes and the audit trail."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import event, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from bot.store import (
    AuditEntry,
    GameNameTakenError,
    GameStatus,
    NewOrder,
    Order,
    OrderKind,
    Phase,
    PhaseAlreadyOpenError,
    PhaseClosedError,
    Platform,
    Player,
    PowerStatus,
    Store,
    Vote,
    VoteKind,
)
from tests.bot.store.support import OPENING, FakeClock, active_game, game_with_phase, present

Sessions = async_sessionmaker[AsyncSession]


async def test_games_by_name_and_by_channel(sessions: Sessions, clock: FakeClock) -> None:
    async with sessions.begin() as session:
        store = Store(session, clock)
        old = await store.create_game(
            platform=Platform.SLACK,
            workspace="T1",
            channel="C1",
            name="old",
            creator="U1",
            settings={"deadline_hours": 48},
        )
        assert (old.status, old.variant, old.version) == (GameStatus.FORMING, "standard", 1)
        assert old.created_at == clock.now
        clock.advance(days=1)
        new = await store.create_game(
            platform=Platform.SLACK, workspace="T1", channel="C1", name="new", creator="U2"
        )
        other_team = await store.create_game(
            platform=Platform.SLACK, workspace="T2", channel="C1", name="new", creator="U3"
        )
        with pytest.raises(GameNameTakenError):
            await store.create_game(
                platform=Platform.SLACK, workspace="T1", channel="C9", name="new", creator="U4"
            )

    async with sessions.begin() as session:
        store = Store(session, clock)
        assert present(await store.find_game_by_channel(Platform.SLACK, "T1", "C1")).id == new.id
        assert present(await store.find_game(Platform.SLACK, "T2", "new")).id == other_team.id
        assert await store.find_game(Platform.DISCORD, "T1", "new") is None
        assert await store.find_game_by_channel(Platform.SLACK, "T1", "C2") is None
        finished = await store.get_game(new.id)
        assert finished is not None
        assert finished.settings == {}
        finished.status = GameStatus.FINISHED
        finished.outcome = {"kind": "draw", "powers": ["FRANCE", "GERMANY"]}
        await session.flush()
        assert finished.version == 2
        assert present(await store.find_game_by_channel(Platform.SLACK, "T1", "C1")).id == old.id
        assert present(await store.get_game(old.id)).settings == {"deadline_hours": 48}
        # A game still going is the channel's before any that has ended, however new.
        with_ended = await store.find_game_by_channel(
            Platform.SLACK, "T1", "C1", include_finished=True
        )
        assert present(with_ended).id == old.id
        present(await store.get_game(old.id)).status = GameStatus.FINISHED
        await session.flush()
        assert await store.find_game_by_channel(Platform.SLACK, "T1", "C1") is None
        with_ended = await store.find_game_by_channel(
            Platform.SLACK, "T1", "C1", include_finished=True
        )
        assert present(with_ended).id == new.id, "the newest that has ended"


async def test_players_join_leave_and_rejoin(sessions: Sessions, clock: FakeClock) -> None:
    async with sessions.begin() as session:
        store = Store(session, clock)
        game = await active_game(store)
        alice = await store.add_player(game.id, "U1", "alice", ["FRANCE", "ITALY"])
        again = await store.add_player(game.id, "U1", "Alice B.", ["ITALY"])
        assert again.id == alice.id
        assert (again.display_name, again.preferences) == ("Alice B.", ["ITALY"])
        bob = await store.add_player(game.id, "U2", "bob")
        alice.power = bob.power = "ITALY"  # a team: two people, one power
        await session.flush()
        assert [p.user_id for p in await store.players_of(game.id)] == ["U1", "U2"]

        clock.advance(hours=1)
        left = await store.remove_player(game.id, "U1")
        assert left is not None and left.left_at == clock.now
        assert await store.remove_player(game.id, "U1") is None
        assert [p.user_id for p in await store.players_of(game.id)] == ["U2"]

        back = await store.add_player(game.id, "U1", "alice")
        assert back.id != alice.id and back.power is None
        history = await store.players_of(game.id, include_left=True)
        assert [(p.user_id, p.power, p.left_at is None) for p in history] == [
            ("U1", "ITALY", False),
            ("U2", "ITALY", True),
            ("U1", None, True),
        ]


async def test_games_of_a_user(sessions: Sessions, clock: FakeClock) -> None:
    async with sessions.begin() as session:
        store = Store(session, clock)
        first = await active_game(store, "first")
        second = await active_game(store, "second")
        done = await active_game(store, "done")
        left = await active_game(store, "left")
        for game in (first, second, done, left):
            await store.add_player(game.id, "U7", "seven")
        await store.add_player(first.id, "U8", "eight")
        done.status = GameStatus.FINISHED
        await store.remove_player(left.id, "U7")
        discord = await store.create_game(
            platform=Platform.DISCORD, workspace="G1", channel="1", name="first", creator="U7"
        )
        await store.add_player(discord.id, "U7", "seven")

    async with sessions() as session:
        store = Store(session, clock)
        mine = await store.games_of_user(Platform.SLACK, "U7")
        assert [g.name for g in mine] == ["first", "second"]
        everything = await store.games_of_user(Platform.SLACK, "U7", include_finished=True)
        assert [g.name for g in everything] == ["first", "second", "done"]
        assert [g.id for g in await store.games_of_user(Platform.DISCORD, "U7")] == [discord.id]
        assert await store.games_of_user(Platform.SLACK, "U9") == []
        # With every player of each game still in it, in one read.
        seats = await store.games_of_user_with_players(Platform.SLACK, "U7")
        assert [(g.name, [p.user_id for p in players]) for g, players in seats] == [
            ("first", ["U7", "U8"]),
            ("second", ["U7"]),
        ]
        assert await store.games_of_user_with_players(Platform.SLACK, "U9") == []


async def test_one_open_phase_per_game(sessions: Sessions, clock: FakeClock) -> None:
    async with sessions.begin() as session:
        store = Store(session, clock)
        game, phase = await game_with_phase(store, deadline=clock.now + timedelta(days=2))
        assert (phase.name, phase.position, phase.locked, phase.version) == (
            "S1901M",
            OPENING,
            False,
            1,
        )
        assert present(await store.open_phase_of(game.id)).id == phase.id
        with pytest.raises(PhaseAlreadyOpenError, match="S1901M"):
            await store.open_phase(game.id, "F1901M", OPENING)

    # The database itself refuses a second open phase, whatever the code above it does.
    with pytest.raises(IntegrityError):
        async with sessions.begin() as session:
            session.add(Phase(game_id=game.id, name="F1901M", position=OPENING, locked=False))

    async with sessions.begin() as session:
        store = Store(session, clock)
        assert await store.claim_phase(phase.id)
        following = await store.open_phase(game.id, "F1901M", OPENING)
        assert present(await store.open_phase_of(game.id)).id == following.id


async def test_a_batch_of_orders_is_one_statement(
    sessions: Sessions, engine: AsyncEngine, clock: FakeClock
) -> None:
    async with sessions.begin() as session:
        store = Store(session, clock)
        _, phase = await game_with_phase(store)
        await store.record_order(phase.id, "FRANCE", "MAR", "A MAR H", submitted_by="U1")
    inserts: list[str] = []

    def count(conn: object, cursor: object, statement: str, *args: object) -> None:
        if statement.lstrip().upper().startswith("INSERT INTO ORDERS"):
            inserts.append(statement)

    event.listen(engine.sync_engine, "before_cursor_execute", count)
    clock.advance(minutes=5)
    try:
        async with sessions.begin() as session:
            stored = await Store(session, clock).record_orders(
                phase.id,
                "FRANCE",
                [
                    NewOrder("PAR", "A Par-Pic", canonical_text="A PAR - PIC"),
                    NewOrder("MAR", "A Mar-Spa", canonical_text="A MAR - SPA"),
                    # Of two orders for one unit in a batch, the last is kept.
                    NewOrder("PAR", "A Par-Bur", canonical_text="A PAR - BUR"),
                    NewOrder(
                        "IF:PAR",
                        "if PAR dislodged retreat GAS",
                        canonical_text="if PAR dislodged retreat GAS",
                        kind=OrderKind.CONDITIONAL,
                        condition={"kind": "retreat", "province": "PAR"},
                    ),
                ],
                submitted_by="U2",
            )
            assert (
                await Store(session, clock).record_orders(phase.id, "FRANCE", [], submitted_by="U2")
                == []
            )
    finally:
        event.remove(engine.sync_engine, "before_cursor_execute", count)
    assert len(inserts) == 1
    assert [(o.unit_key, o.raw_text) for o in stored] == [
        ("PAR", "A Par-Bur"),
        ("MAR", "A Mar-Spa"),
        ("IF:PAR", "if PAR dislodged retreat GAS"),
    ]
    async with sessions() as session:
        rows = await Store(session, clock).orders_of_phase(phase.id, power="FRANCE")
        assert [(o.unit_key, o.kind, o.canonical_text, o.submitted_by) for o in rows] == [
            ("MAR", OrderKind.ORDER, "A MAR - SPA", "U2"),
            ("PAR", OrderKind.ORDER, "A PAR - BUR", "U2"),
            ("IF:PAR", OrderKind.CONDITIONAL, "if PAR dislodged retreat GAS", "U2"),
        ]
        assert {o.submitted_at for o in rows} == {clock.now}


async def test_a_batch_for_a_closed_phase_stores_nothing(
    sessions: Sessions, clock: FakeClock
) -> None:
    async with sessions.begin() as session:
        store = Store(session, clock)
        _, phase = await game_with_phase(store)
        assert await store.claim_phase(phase.id)
    with pytest.raises(PhaseClosedError):
        async with sessions.begin() as session:
            await Store(session, clock).record_orders(
                phase.id, "FRANCE", [NewOrder("PAR", "A PAR H")], submitted_by="U1"
            )
    async with sessions() as session:
        assert await Store(session, clock).orders_of_phase(phase.id) == []


async def test_a_batch_for_a_phase_read_open_then_claimed_stores_nothing(
    sessions: Sessions, clock: FakeClock
) -> None:
    """A caller that read the phase open skips the check before writing; the one after
    still refuses a phase claimed since, and the transaction rolls back."""
    async with sessions.begin() as session:
        store = Store(session, clock)
        _, phase = await game_with_phase(store)
        assert await store.claim_phase(phase.id)
    with pytest.raises(PhaseClosedError, match="adjudicated"):
        async with sessions.begin() as session:
            await Store(session, clock).record_orders(
                phase.id, "FRANCE", [NewOrder("PAR", "A PAR H")], submitted_by="U1", read_open=True
            )
    async with sessions() as session:
        assert await Store(session, clock).orders_of_phase(phase.id) == []


async def test_a_later_order_replaces_the_earlier(sessions: Sessions, clock: FakeClock) -> None:
    async with sessions.begin() as session:
        store = Store(session, clock)
        _, phase = await game_with_phase(store)
        await store.record_order(
            phase.id, "FRANCE", "PAR", "a par-bur", canonical_text="A PAR - BUR", submitted_by="U1"
        )
        await store.record_order(phase.id, "FRANCE", "MAR", "A MAR H", submitted_by="U1")
        await store.record_order(phase.id, "GERMANY", "MUN", "A MUN-BUR", submitted_by="U2")

    clock.advance(minutes=5)
    async with sessions.begin() as session:
        store = Store(session, clock)
        latest = await store.record_order(
            phase.id, "FRANCE", "PAR", "Paris holds", canonical_text="A PAR H", submitted_by="U3"
        )
        # A conditional retreat for the same province is a different order.
        await store.record_order(
            phase.id,
            "FRANCE",
            "PAR",
            "if PAR is dislodged, retreat BUR, GAS",
            kind=OrderKind.CONDITIONAL,
            condition={"if": "dislodged", "unit": "A PAR", "retreats": ["BUR", "GAS"]},
            submitted_by="U1",
        )
        assert (latest.raw_text, latest.canonical_text, latest.submitted_by) == (
            "Paris holds",
            "A PAR H",
            "U3",
        )
        assert latest.submitted_at == clock.now

    async with sessions() as session:
        store = Store(session, clock)
        france = await store.orders_of_phase(phase.id, power="FRANCE")
        assert [(o.unit_key, o.kind, o.raw_text) for o in france] == [
            ("PAR", OrderKind.ORDER, "Paris holds"),
            ("MAR", OrderKind.ORDER, "A MAR H"),
            ("PAR", OrderKind.CONDITIONAL, "if PAR is dislodged, retreat BUR, GAS"),
        ]
        plain = await store.orders_of_phase(phase.id, kind=OrderKind.ORDER)
        assert [(o.power, o.unit_key) for o in plain] == [
            ("FRANCE", "PAR"),
            ("FRANCE", "MAR"),
            ("GERMANY", "MUN"),
        ]
        rows = await session.scalar(select(func.count()).select_from(Order))
        assert rows == 4


async def test_clearing_orders(sessions: Sessions, clock: FakeClock) -> None:
    async with sessions.begin() as session:
        store = Store(session, clock)
        _, phase = await game_with_phase(store)
        for key in ("PAR", "MAR", "BRE"):
            await store.record_order(phase.id, "FRANCE", key, f"A {key} H", submitted_by="U1")
        await store.record_order(
            phase.id, "FRANCE", "BUILD:PAR", "if one gained, build A PAR",
            kind=OrderKind.CONDITIONAL, submitted_by="U1",
        )  # fmt: skip
        await store.record_order(phase.id, "GERMANY", "MUN", "A MUN H", submitted_by="U2")

        assert await store.clear_orders(phase.id, "FRANCE", unit_keys=["MAR", "XXX"]) == 1
        assert await store.clear_orders(phase.id, "FRANCE", kind=OrderKind.CONDITIONAL) == 1
        remaining = await store.orders_of_phase(phase.id, power="FRANCE")
        assert [o.unit_key for o in remaining] == ["PAR", "BRE"]
        assert await store.clear_orders(phase.id, "FRANCE") == 2
        assert await store.orders_of_phase(phase.id, power="FRANCE") == []
        assert len(await store.orders_of_phase(phase.id)) == 1


async def test_readiness(sessions: Sessions, clock: FakeClock) -> None:
    async with sessions.begin() as session:
        store = Store(session, clock)
        _, phase = await game_with_phase(store)
        await store.set_ready(phase.id, "FRANCE", True)
        await store.set_ready(phase.id, "GERMANY", True)
        await store.set_ready(phase.id, "FRANCE", True)
        await store.set_ready(phase.id, "GERMANY", False)
        assert await store.ready_powers(phase.id) == {"FRANCE"}


async def test_due_phases(sessions: Sessions, clock: FakeClock) -> None:
    now = clock.now
    async with sessions.begin() as session:
        store = Store(session, clock)
        _, late = await game_with_phase(store, name="late", deadline=now - timedelta(hours=2))
        _, exact = await game_with_phase(store, name="exact", deadline=now)
        await game_with_phase(store, name="future", deadline=now + timedelta(seconds=1))
        await game_with_phase(store, name="paused-clock", deadline=None)
        _, held = await game_with_phase(store, name="held", deadline=now - timedelta(hours=1))
        held.locked = True
        paused, _ = await game_with_phase(store, name="paused", deadline=now - timedelta(hours=1))
        paused.status = GameStatus.PAUSED
        _, done = await game_with_phase(store, name="done", deadline=now - timedelta(hours=3))
        assert await store.claim_phase(done.id)

    async with sessions() as session:
        store = Store(session, clock)
        assert [p.id for p in await store.due_phases()] == [late.id, exact.id]
        assert [p.id for p in await store.due_phases(now - timedelta(minutes=1))] == [late.id]


async def test_votes_power_status_and_audit(sessions: Sessions, clock: FakeClock) -> None:
    async with sessions.begin() as session:
        store = Store(session, clock)
        game = await active_game(store)
        await store.cast_vote(game.id, "F1910M", "ITALY", VoteKind.SURRENDER, cast_by="U1")
        await store.cast_vote(
            game.id,
            "F1910M",
            "ITALY",
            VoteKind.SURRENDER,
            cast_by="U2",
            detail={"to": ["GERMANY", "RUSSIA"]},
        )
        await store.cast_vote(game.id, "F1910M", "ITALY", VoteKind.DRAW, cast_by="U2")
        await store.set_power_status(game.id, "ITALY", PowerStatus.PLAYING)
        await store.set_power_status(game.id, "ITALY", PowerStatus.SURRENDERED, phase_name="F1910M")
        await store.set_power_status(game.id, "FRANCE", PowerStatus.CIVIL_DISORDER)
        entry = await store.audit("U1", "game.start", game_id=game.id, detail={"powers": 7})
        await store.audit("system", "sweep")
        assert entry.at == clock.now

    async with sessions() as session:
        store = Store(session, clock)
        votes = list(await session.scalars(select(Vote).order_by(Vote.kind)))
        assert [(v.kind, v.cast_by, v.detail) for v in votes] == [
            (VoteKind.DRAW, "U2", None),
            (VoteKind.SURRENDER, "U2", {"to": ["GERMANY", "RUSSIA"]}),
        ]
        assert await store.power_statuses(game.id) == {
            "ITALY": PowerStatus.SURRENDERED,
            "FRANCE": PowerStatus.CIVIL_DISORDER,
        }
        trail = list(await session.scalars(select(AuditEntry).order_by(AuditEntry.id)))
        assert [(a.game_id, a.action, a.detail) for a in trail] == [
            (game.id, "game.start", {"powers": 7}),
            (None, "sweep", {}),
        ]


async def test_deleting_a_game_deletes_what_hangs_off_it(
    sessions: Sessions, clock: FakeClock
) -> None:
    async with sessions.begin() as session:
        store = Store(session, clock)
        game, phase = await game_with_phase(store)
        await store.add_player(game.id, "U1", "alice")
        await store.record_order(phase.id, "FRANCE", "PAR", "A PAR H", submitted_by="U1")
        await store.audit("U1", "game.create", game_id=game.id)
    async with sessions.begin() as session:
        await session.delete(await session.get(type(game), game.id))
    async with sessions() as session:
        for table in (Player, Phase, Order):
            assert await session.scalar(select(func.count()).select_from(table)) == 0
        assert await session.scalar(select(AuditEntry.game_id)) is None
