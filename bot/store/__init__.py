"""Storage of the game service: one `Store` over a database session, the tables it keeps,
engines and sessions, and the schema migrations. Code outside the store imports from here::

    from bot.store import GameStatus, Platform, Store, create_engine, create_sessionmaker, migrate

    await migrate.upgrade(url)              # at start-up: migrate.ensure_schema(url)
    sessions = create_sessionmaker(create_engine(url))
    async with sessions.begin() as session:  # one transaction: all or nothing
        store = Store(session, clock)
        game = await store.create_game(
            platform=Platform.CONSOLE, workspace="local", channel="main", name="hague",
            creator="alice",
        )
        assert game.status == GameStatus.FORMING

What is here:

- `Store(session, clock=utcnow)`: every read and write of the service. It flushes but never
  commits. Its methods come in six parts: games and seats (`create_game`, `add_player`,
  `set_power_status`, `seat_computer`, `computer_powers`, `record_miss`, ...), phases and
  orders (`open_phase`, `claim_phase` -- exactly once --, `record_order`, `record_orders`
  -- a batch of `NewOrder` in one statement --, `set_ready`, ...), votes and press
  (`cast_vote`, `add_press`, ...), outbox, images and audit (`enqueue`, `due_outbox`, `add_image`,
  `audit`, ...), people's own settings (`palette_of`, `palettes_of`, `set_palette`), a
  club's season (`club_settings`, `finished_games`, `stints_of_user`, `cast_schedule_vote`,
  ...), and what
  an operator reads (`games_by_status`, `passed_deadlines`, `outbox_backlog`, and the
  workers' heartbeat rows: `start_worker`, `beat`, `stop_worker`, `workers`).
- Errors: `StoreError`, with `GameNameTakenError`, `PhaseAlreadyOpenError` and
  `PhaseClosedError`; `SchemaError` for a database this dipgm cannot run on.
- Tables, the rows the Store hands back: `Game`, `Player`, `Phase`, `Order`, `Vote`,
  `Press`, `MissedOrders`, `ComputerSeat`, `UserSettings`, `ClubSettings`, `ScheduleVote`,
  `Image` (a stored picture; not `bot.service.effects.Image`, the picture a message
  carries), `OutboxMessage`, `AuditEntry`, `WorkerBeat`; `Base` holds their metadata;
  `OutboxBacklog`, the outbox as an operator reads it.
- Enums of their columns: `Platform`, `GameStatus`, `PhaseStatus`, `OrderKind`, `VoteKind`,
  `PowerStatus`, `OutboxStatus`.
- Delivery policy of the outbox: `backoff(attempts)`, `MAX_ATTEMPTS`, `DELIVERY_LEASE`.
- Engines and sessions: `create_engine(url)` (SQLite or PostgreSQL, async drivers filled in
  by `async_url`), `create_sessionmaker(engine)`, `kept_connections(sessions)` (how many
  transactions run at once without waiting for a connection), `one_connection(sessions)`
  (SQLite's one connection per process).
- `migrate`, the schema migrations as a module: `migrate.upgrade(url)`,
  `migrate.downgrade(url, revision)`, `migrate.current(url)`, `migrate.ensure_schema(url)`,
  `migrate.head_revision()`, ...
- `utcnow()`: the default clock, an aware UTC datetime.

The modules under bot/store are its inside; a test keeps other code to the names above.
"""

from __future__ import annotations

from bot.store import migrate
from bot.store.adjudication_failures import FailingAdjudication
from bot.store.backup import (
    BackupError,
    CopyBeside,
    copy_beside,
    copy_sqlite,
    dump_postgresql,
    pg_dump,
    sqlite_file,
)
from bot.store.database import (
    async_url,
    create_engine,
    create_sessionmaker,
    kept_connections,
    one_connection,
)
from bot.store.errors import (
    GameNameTakenError,
    PhaseAlreadyOpenError,
    PhaseClosedError,
    StoreError,
)
from bot.store.migrate import SchemaError
from bot.store.models import (
    AdjudicationFailure,
    AuditEntry,
    Base,
    ClubSettings,
    ComputerSeat,
    Game,
    GameStatus,
    Image,
    MissedOrders,
    Order,
    OrderKind,
    OutboxMessage,
    OutboxStatus,
    Phase,
    PhaseStatus,
    Platform,
    Player,
    PowerStatus,
    Press,
    ScheduleVote,
    UserSettings,
    Vote,
    VoteKind,
    WorkerBeat,
)
from bot.store.operations import OutboxBacklog
from bot.store.outbox_and_audit import DELIVERY_LEASE, MAX_ATTEMPTS, backoff
from bot.store.phases_and_orders import NewOrder
from bot.store.repository import Store
from bot.store.types import utcnow

__all__ = [
    "DELIVERY_LEASE",
    "MAX_ATTEMPTS",
    "AdjudicationFailure",
    "AuditEntry",
    "BackupError",
    "Base",
    "ClubSettings",
    "ComputerSeat",
    "CopyBeside",
    "FailingAdjudication",
    "Game",
    "GameNameTakenError",
    "GameStatus",
    "Image",
    "MissedOrders",
    "NewOrder",
    "Order",
    "OrderKind",
    "OutboxBacklog",
    "OutboxMessage",
    "OutboxStatus",
    "Phase",
    "PhaseAlreadyOpenError",
    "PhaseClosedError",
    "PhaseStatus",
    "Platform",
    "Player",
    "PowerStatus",
    "Press",
    "ScheduleVote",
    "SchemaError",
    "Store",
    "StoreError",
    "UserSettings",
    "Vote",
    "VoteKind",
    "WorkerBeat",
    "async_url",
    "backoff",
    "copy_beside",
    "copy_sqlite",
    "create_engine",
    "create_sessionmaker",
    "dump_postgresql",
    "kept_connections",
    "migrate",
    "one_connection",
    "pg_dump",
    "sqlite_file",
    "utcnow",
]
