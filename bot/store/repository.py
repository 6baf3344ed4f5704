"""What the game service reads and writes, and nothing about the rules of the game.

A `Store` wraps one `AsyncSession`; it flushes but never commits, so the caller decides what
one transaction is::

    async with sessions.begin() as session:
        store = Store(session, clock=clock)
        if await store.claim_phase(phase.id, phase.version):
            ...  # adjudicate, open the next phase, enqueue messages: all or nothing
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import CursorResult, delete, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.models import (
    AuditEntry,
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
    PowerState,
    PowerStatus,
    Press,
    Readiness,
    Vote,
    VoteKind,
)
from bot.store.types import utcnow

# Delivery retries: 30 s, 1 min, 2 min, ... capped at an hour; given up after this many tries.
BACKOFF_BASE = timedelta(seconds=30)
BACKOFF_CAP = timedelta(hours=1)
MAX_ATTEMPTS = 12
# How long fetched outbox rows are hidden from other deliverers while one sends them.
DELIVERY_LEASE = timedelta(minutes=2)


class StoreError(Exception):
    """A write the database would refuse, caught early with a readable reason."""


class GameNameTakenError(StoreError):
    pass


class PhaseAlreadyOpenError(StoreError):
    pass


class PhaseClosedError(StoreError):
    """Orders for a phase that is no longer open. If raised after a write, the caller's
    transaction holds that write and must be rolled back."""


def backoff(attempts: int) -> timedelta:
    """Delay before the next try after `attempts` failed tries (1 -> BACKOFF_BASE)."""
    exponent = max(attempts - 1, 0)
    if exponent >= 20:  # far past the cap; avoids a huge multiplication
        return BACKOFF_CAP
    return min(BACKOFF_BASE * (1 << exponent), BACKOFF_CAP)


Insert = postgresql.Insert | sqlite.Insert


class Store:
    def __init__(self, session: AsyncSession, clock: Callable[[], datetime] = utcnow) -> None:
        self.session = session
        self.clock = clock

    def _insert(self, entity: type[Any]) -> Insert:
        """An INSERT that can say ON CONFLICT, in the session's dialect."""
        dialect = self.session.get_bind().dialect.name
        if dialect == "postgresql":
            return postgresql.insert(entity)
        if dialect == "sqlite":
            return sqlite.insert(entity)
        raise StoreError(f"unsupported database {dialect!r}: use SQLite or PostgreSQL")

    # -- games -----------------------------------------------------------------------------

    async def create_game(
        self,
        *,
        platform: Platform,
        workspace: str,
        channel: str,
        name: str,
        creator: str,
        variant: str = "standard",
        settings: dict[str, Any] | None = None,
    ) -> Game:
        """A new game in `forming` status; names are unique per platform and workspace."""
        if await self.find_game(platform, workspace, name) is not None:
            raise GameNameTakenError(f"a game named {name!r} already exists here")
        game = Game(
            platform=Platform(platform),
            workspace=workspace,
            channel=channel,
            name=name,
            creator=creator,
            variant=variant,
            status=GameStatus.FORMING,
            settings=dict(settings or {}),
            created_at=self.clock(),
        )
        self.session.add(game)
        await self.session.flush()
        return game

    async def get_game(self, game_id: int) -> Game | None:
        return await self.session.get(Game, game_id, populate_existing=True)

    async def find_game(self, platform: Platform, workspace: str, name: str) -> Game | None:
        """The game with this name in a workspace."""
        return await self.session.scalar(
            select(Game).where(
                Game.platform == platform, Game.workspace == workspace, Game.name == name
            )
        )

    async def find_game_by_channel(
        self, platform: Platform, workspace: str, channel: str
    ) -> Game | None:
        """The newest unfinished game played in a channel."""
        return await self.session.scalar(
            select(Game)
            .where(
                Game.platform == platform,
                Game.workspace == workspace,
                Game.channel == channel,
                Game.status != GameStatus.FINISHED,
            )
            .order_by(Game.created_at.desc(), Game.id.desc())
            .limit(1)
        )

    async def games_of_user(
        self, platform: Platform, user_id: str, *, include_finished: bool = False
    ) -> list[Game]:
        """Games the user currently plays in (oldest first)."""
        query = (
            select(Game)
            .join(Player, Player.game_id == Game.id)
            .where(Game.platform == platform, Player.user_id == user_id, Player.left_at.is_(None))
            .order_by(Game.created_at, Game.id)
        )
        if not include_finished:
            query = query.where(Game.status != GameStatus.FINISHED)
        return list(await self.session.scalars(query))

    # -- players ---------------------------------------------------------------------------

    async def add_player(
        self,
        game_id: int,
        user_id: str,
        display_name: str,
        preferences: Sequence[str] = (),
    ) -> Player:
        """Join a game; joining again while in it only refreshes name and preferences."""
        insert = self._insert(Player).values(
            game_id=game_id,
            user_id=user_id,
            display_name=display_name,
            preferences=list(preferences),
            joined_at=self.clock(),
        )
        # Two clicks on "join" at once must not make two memberships: the partial unique
        # index on active memberships settles the race inside the database.
        await self.session.execute(
            insert.on_conflict_do_nothing(
                index_elements=[Player.game_id, Player.user_id],
                index_where=Player.left_at.is_(None),
            )
        )
        player = await self._active_player(game_id, user_id)
        if player is None:  # pragma: no cover - the insert above guarantees one
            raise StoreError(f"could not add {user_id} to game {game_id}")
        player.display_name = display_name
        player.preferences = list(preferences)
        await self.session.flush()
        return player

    async def remove_player(self, game_id: int, user_id: str) -> Player | None:
        """Leave a game; the row stays, with `left_at`, as the record of who played what."""
        player = await self._active_player(game_id, user_id)
        if player is not None:
            player.left_at = self.clock()
            await self.session.flush()
        return player

    async def players_of(self, game_id: int, *, include_left: bool = False) -> list[Player]:
        query = select(Player).where(Player.game_id == game_id).order_by(Player.id)
        if not include_left:
            query = query.where(Player.left_at.is_(None))
        return list(await self.session.scalars(query))

    async def _active_player(self, game_id: int, user_id: str) -> Player | None:
        return await self.session.scalar(
            select(Player)
            .where(Player.game_id == game_id, Player.user_id == user_id, Player.left_at.is_(None))
            .execution_options(populate_existing=True)
        )

    async def set_power_status(
        self, game_id: int, power: str, status: PowerStatus, *, phase_name: str | None = None
    ) -> None:
        """Record that a power plays on, fell into civil disorder, surrendered or is out."""
        values = {
            "game_id": game_id,
            "power": power,
            "status": PowerStatus(status),
            "since_phase": phase_name,
            "updated_at": self.clock(),
        }
        insert = self._insert(PowerState).values(values)
        await self.session.execute(
            insert.on_conflict_do_update(
                index_elements=[PowerState.game_id, PowerState.power],
                set_={key: values[key] for key in ("status", "since_phase", "updated_at")},
            )
        )

    async def power_statuses(self, game_id: int) -> dict[str, PowerStatus]:
        rows = await self.session.execute(
            select(PowerState.power, PowerState.status).where(PowerState.game_id == game_id)
        )
        return {row[0]: row[1] for row in rows}

    async def power_since(self, game_id: int, power: str) -> str | None:
        """The phase from which a power has had its present status (e.g. its new player)."""
        return await self.session.scalar(
            select(PowerState.since_phase).where(
                PowerState.game_id == game_id, PowerState.power == power
            )
        )

    # -- missed orders ---------------------------------------------------------------------

    async def record_miss(
        self, game_id: int, power: str, phase_name: str, *, excused: bool
    ) -> None:
        """Count a power's missed deadline; recording the phase again updates `excused`."""
        values = {
            "game_id": game_id,
            "power": power,
            "phase_name": phase_name,
            "excused": excused,
            "created_at": self.clock(),
        }
        insert = self._insert(MissedOrders).values(values)
        await self.session.execute(
            insert.on_conflict_do_update(
                index_elements=[MissedOrders.game_id, MissedOrders.power, MissedOrders.phase_name],
                set_={"excused": excused},
            )
        )

    async def misses_of(self, game_id: int, power: str) -> list[MissedOrders]:
        """A power's missed deadlines, oldest first."""
        return list(
            await self.session.scalars(
                select(MissedOrders)
                .where(MissedOrders.game_id == game_id, MissedOrders.power == power)
                .order_by(MissedOrders.id)
                .execution_options(populate_existing=True)
            )
        )

    # -- phases ----------------------------------------------------------------------------

    async def open_phase(
        self,
        game_id: int,
        name: str,
        position: dict[str, Any],
        *,
        deadline: datetime | None = None,
        orders_close_at: datetime | None = None,
    ) -> Phase:
        """Start a phase; a game has at most one open phase."""
        current = await self.open_phase_of(game_id)
        if current is not None:
            raise PhaseAlreadyOpenError(f"game {game_id} already has phase {current.name} open")
        phase = Phase(
            game_id=game_id,
            name=name,
            position=position,
            status=PhaseStatus.OPEN,
            opened_at=self.clock(),
            deadline=deadline,
            orders_close_at=orders_close_at,
            locked=False,
        )
        self.session.add(phase)
        await self.session.flush()
        return phase

    async def open_phase_of(self, game_id: int) -> Phase | None:
        return await self.session.scalar(
            select(Phase)
            .where(Phase.game_id == game_id, Phase.status == PhaseStatus.OPEN)
            .execution_options(populate_existing=True)
        )

    async def get_phase(self, phase_id: int) -> Phase | None:
        return await self.session.get(Phase, phase_id, populate_existing=True)

    async def lock_phase(self, phase_id: int) -> Phase | None:
        """The phase, read afresh under a row lock held until commit (PostgreSQL; SQLite has
        one writer at a time): a second worker waits, then sees what the first did."""
        return await self.session.scalar(
            select(Phase)
            .where(Phase.id == phase_id)
            .with_for_update()
            .execution_options(populate_existing=True)
        )

    async def ensure_open(self, phase_id: int) -> None:
        """Raise :class:`PhaseClosedError` unless the phase is open (see `_require_open`);
        for what is written with a phase's orders, such as votes."""
        await self._require_open(phase_id)

    async def claim_phase(self, phase_id: int, expected_version: int | None = None) -> bool:
        """Move an open phase to `adjudicated`, exactly once: True for the one caller that won.

        Call it inside the transaction that writes the results. A crash before commit rolls
        the claim back with everything else, so the phase stays open and its orders intact.
        With `expected_version`, a phase changed since it was read (deadline moved, paused)
        is not claimed either.
        """
        # PostgreSQL: the row lock makes a second worker wait here, then see the phase
        # adjudicated. SQLite has no row locks (the clause is dropped) but one writer at
        # a time; the guarded UPDATE below is what decides on every database.
        row = (
            await self.session.execute(
                select(Phase.status, Phase.version).where(Phase.id == phase_id).with_for_update()
            )
        ).one_or_none()
        if row is None or row.status != PhaseStatus.OPEN:
            return False
        version = row.version if expected_version is None else expected_version
        if row.version != version:
            return False
        result = await self.session.execute(
            update(Phase)
            .where(
                Phase.id == phase_id,
                Phase.status == PhaseStatus.OPEN,
                Phase.version == version,
            )
            .values(
                status=PhaseStatus.ADJUDICATED,
                version=Phase.version + 1,
                processed_at=self.clock(),
            )
            .execution_options(synchronize_session="fetch")
        )
        return cast(CursorResult[Any], result).rowcount == 1

    async def record_results(self, phase_id: int, results: dict[str, Any]) -> None:
        """Store the adjudication of a claimed phase."""
        await self.session.execute(
            update(Phase)
            .where(Phase.id == phase_id, Phase.status == PhaseStatus.ADJUDICATED)
            .values(results=results, version=Phase.version + 1)
            .execution_options(synchronize_session="fetch")
        )

    async def roll_back_phase(self, phase_id: int) -> bool:
        """Void an open phase (the one after a phase being undone); False if it is no longer
        open, e.g. adjudicated meanwhile."""
        result = await self.session.execute(
            update(Phase)
            .where(Phase.id == phase_id, Phase.status == PhaseStatus.OPEN)
            .values(status=PhaseStatus.ROLLED_BACK, version=Phase.version + 1)
            .execution_options(synchronize_session="fetch")
        )
        return cast(CursorResult[Any], result).rowcount == 1

    async def reopen_phase(
        self,
        phase_id: int,
        *,
        deadline: datetime | None,
        orders_close_at: datetime | None,
        paused_remaining_seconds: int | None = None,
    ) -> bool:
        """Open an adjudicated phase again, its orders as they were and its results gone;
        False if it was not adjudicated. Void the phase after it first: one open at a time."""
        result = await self.session.execute(
            update(Phase)
            .where(Phase.id == phase_id, Phase.status == PhaseStatus.ADJUDICATED)
            .values(
                status=PhaseStatus.OPEN,
                results=None,
                processed_at=None,
                opened_at=self.clock(),
                deadline=deadline,
                orders_close_at=orders_close_at,
                paused_remaining_seconds=paused_remaining_seconds,
                locked=False,
                version=Phase.version + 1,
            )
            .execution_options(synchronize_session="fetch")
        )
        return cast(CursorResult[Any], result).rowcount == 1

    async def forget_phase(
        self,
        game_id: int,
        phase_id: int,
        phase_name: str,
        *,
        votes: bool = True,
        image_kinds: Sequence[str] | None = None,
    ) -> None:
        """What an undone phase leaves behind: its readiness and missed orders, its votes
        (unless ``votes`` is false) and its pictures (of ``image_kinds``, default all)."""
        await self.session.execute(delete(Readiness).where(Readiness.phase_id == phase_id))
        await self.session.execute(
            delete(MissedOrders).where(
                MissedOrders.game_id == game_id, MissedOrders.phase_name == phase_name
            )
        )
        if votes:
            await self.session.execute(
                delete(Vote).where(Vote.game_id == game_id, Vote.phase_name == phase_name)
            )
        images = delete(Image).where(Image.game_id == game_id, Image.phase_name == phase_name)
        if image_kinds is not None:
            images = images.where(Image.kind.in_(list(image_kinds)))
        await self.session.execute(images)

    async def due_phases(self, now: datetime | None = None) -> list[Phase]:
        """Open, unlocked phases of active games whose deadline has passed, earliest first."""
        moment = self.clock() if now is None else now
        return list(
            await self.session.scalars(
                select(Phase)
                .join(Game, Game.id == Phase.game_id)
                .where(
                    Phase.status == PhaseStatus.OPEN,
                    Phase.locked.is_(False),
                    Phase.deadline.is_not(None),
                    Phase.deadline <= moment,
                    Game.status == GameStatus.ACTIVE,
                )
                .order_by(Phase.deadline, Phase.id)
                .execution_options(populate_existing=True)
            )
        )

    # -- orders ----------------------------------------------------------------------------

    async def record_order(
        self,
        phase_id: int,
        power: str,
        unit_key: str,
        raw_text: str,
        *,
        submitted_by: str,
        canonical_text: str | None = None,
        kind: OrderKind = OrderKind.ORDER,
        condition: dict[str, Any] | None = None,
    ) -> Order:
        """Store an order; it replaces any earlier one for the same (power, unit_key, kind)."""
        values = {
            "phase_id": phase_id,
            "power": power,
            "unit_key": unit_key,
            "kind": OrderKind(kind),
            "raw_text": raw_text,
            "canonical_text": canonical_text,
            "condition": condition,
            "submitted_by": submitted_by,
            "submitted_at": self.clock(),
        }
        replaced = ("raw_text", "canonical_text", "condition", "submitted_by", "submitted_at")
        await self._require_open(phase_id)
        insert = self._insert(Order).values(values)
        statement = insert.on_conflict_do_update(
            index_elements=[Order.phase_id, Order.power, Order.unit_key, Order.kind],
            set_={key: getattr(insert.excluded, key) for key in replaced},
        ).returning(Order)
        order = await self.session.scalar(statement, execution_options={"populate_existing": True})
        if order is None:  # pragma: no cover - an upsert always returns its row
            raise StoreError("the order was not stored")
        await self._require_open(phase_id)
        return order

    async def clear_orders(
        self,
        phase_id: int,
        power: str,
        *,
        unit_keys: Iterable[str] | None = None,
        kind: OrderKind | None = None,
    ) -> int:
        """Delete a power's orders (all, or those for some units / of one kind); the count."""
        await self._require_open(phase_id)
        statement = delete(Order).where(Order.phase_id == phase_id, Order.power == power)
        if unit_keys is not None:
            statement = statement.where(Order.unit_key.in_(list(unit_keys)))
        if kind is not None:
            statement = statement.where(Order.kind == kind)
        result = await self.session.execute(
            statement.execution_options(synchronize_session="fetch")
        )
        await self._require_open(phase_id)
        return cast(CursorResult[Any], result).rowcount

    async def _require_open(self, phase_id: int) -> None:
        """Refuse to touch the orders of a phase that is being or has been adjudicated.

        Checked before writing (the usual late order: nothing written yet) and again after,
        when the answer is final for this transaction: on SQLite the write made this the
        only writer, so no claim can commit before it does; on PostgreSQL the share lock
        taken here waits for a claim in progress and holds off a later one until commit.
        """
        status = await self.session.scalar(
            select(Phase.status).where(Phase.id == phase_id).with_for_update(read=True)
        )
        if status != PhaseStatus.OPEN:
            state = "missing" if status is None else str(status)
            raise PhaseClosedError(f"phase {phase_id} is {state}: its orders can no longer change")

    async def orders_of_phase(
        self, phase_id: int, *, power: str | None = None, kind: OrderKind | None = None
    ) -> list[Order]:
        """A phase's orders, by power then in the order first given."""
        query = select(Order).where(Order.phase_id == phase_id).order_by(Order.power, Order.id)
        if power is not None:
            query = query.where(Order.power == power)
        if kind is not None:
            query = query.where(Order.kind == kind)
        return list(await self.session.scalars(query.execution_options(populate_existing=True)))

    async def set_ready(self, phase_id: int, power: str, ready: bool) -> None:
        values = {"phase_id": phase_id, "power": power, "ready": ready, "updated_at": self.clock()}
        insert = self._insert(Readiness).values(values)
        await self.session.execute(
            insert.on_conflict_do_update(
                index_elements=[Readiness.phase_id, Readiness.power],
                set_={"ready": ready, "updated_at": values["updated_at"]},
            )
        )

    async def ready_powers(self, phase_id: int) -> set[str]:
        rows = await self.session.scalars(
            select(Readiness.power).where(Readiness.phase_id == phase_id, Readiness.ready)
        )
        return set(rows)

    async def cast_vote(
        self,
        game_id: int,
        phase_name: str,
        power: str,
        kind: VoteKind,
        *,
        cast_by: str,
        detail: dict[str, Any] | None = None,
    ) -> None:
        """A power's draw or surrender vote for a phase; voting again replaces the detail."""
        values = {
            "game_id": game_id,
            "phase_name": phase_name,
            "power": power,
            "kind": VoteKind(kind),
            "detail": detail,
            "cast_by": cast_by,
            "created_at": self.clock(),
        }
        insert = self._insert(Vote).values(values)
        await self.session.execute(
            insert.on_conflict_do_update(
                index_elements=[Vote.game_id, Vote.phase_name, Vote.power, Vote.kind],
                set_={key: values[key] for key in ("detail", "cast_by", "created_at")},
            )
        )

    async def withdraw_vote(
        self, game_id: int, phase_name: str, power: str, kind: VoteKind
    ) -> bool:
        """Take back a vote; False if there was none."""
        result = await self.session.execute(
            delete(Vote)
            .where(
                Vote.game_id == game_id,
                Vote.phase_name == phase_name,
                Vote.power == power,
                Vote.kind == VoteKind(kind),
            )
            .execution_options(synchronize_session="fetch")
        )
        return cast(CursorResult[Any], result).rowcount > 0

    async def votes_of(
        self, game_id: int, phase_name: str | None = None, *, power: str | None = None
    ) -> list[Vote]:
        """The votes cast in a game (in one phase, by one power), oldest first."""
        query = select(Vote).where(Vote.game_id == game_id).order_by(Vote.id)
        if phase_name is not None:
            query = query.where(Vote.phase_name == phase_name)
        if power is not None:
            query = query.where(Vote.power == power)
        return list(await self.session.scalars(query.execution_options(populate_existing=True)))

    # -- press -----------------------------------------------------------------------------

    async def add_press(
        self,
        game_id: int,
        phase_name: str,
        *,
        from_power: str | None,
        to_powers: Sequence[str],
        body: str,
        sent_by: str,
        grey: bool = False,
    ) -> Press:
        """Keep a message relayed between powers, for the game's archive."""
        press = Press(
            game_id=game_id,
            phase_name=phase_name,
            from_power=from_power,
            to_powers=list(to_powers),
            grey=grey,
            body=body,
            sent_by=sent_by,
            created_at=self.clock(),
        )
        self.session.add(press)
        await self.session.flush()
        return press

    async def press_of(self, game_id: int) -> list[Press]:
        """Every message relayed in a game, oldest first."""
        return list(
            await self.session.scalars(
                select(Press).where(Press.game_id == game_id).order_by(Press.id)
            )
        )

    # -- outbox ----------------------------------------------------------------------------

    async def add_image(self, game_id: int, phase_name: str, kind: str, png: bytes) -> Image:
        image = Image(
            game_id=game_id, phase_name=phase_name, kind=kind, png=png, created_at=self.clock()
        )
        self.session.add(image)
        await self.session.flush()
        return image

    async def enqueue(
        self,
        dedupe_key: str,
        *,
        platform: Platform,
        target: dict[str, Any],
        payload: dict[str, Any],
        game_id: int | None = None,
        image_id: int | None = None,
    ) -> OutboxMessage:
        """Queue a message once: a second call with the same key returns the first row as is."""
        now = self.clock()
        insert = self._insert(OutboxMessage).values(
            dedupe_key=dedupe_key,
            platform=Platform(platform),
            target=target,
            payload=payload,
            game_id=game_id,
            image_id=image_id,
            status=OutboxStatus.PENDING,
            attempts=0,
            next_attempt_at=now,
            created_at=now,
        )
        await self.session.execute(insert.on_conflict_do_nothing(index_elements=["dedupe_key"]))
        message = await self.session.scalar(
            select(OutboxMessage)
            .where(OutboxMessage.dedupe_key == dedupe_key)
            .execution_options(populate_existing=True)
        )
        if message is None:  # pragma: no cover - inserted or already there
            raise StoreError(f"outbox message {dedupe_key!r} was not stored")
        return message

    async def due_outbox(
        self,
        *,
        platform: Platform | None = None,
        limit: int = 50,
        lease: timedelta = DELIVERY_LEASE,
    ) -> list[OutboxMessage]:
        """Take pending messages that are due, oldest first, and hide them for `lease`.

        ``platform``: only that platform's messages (each front end takes its own, so
        front ends running side by side never hide each other's messages); None takes all.

        Commit right after, deliver outside the transaction, then `mark_sent` or
        `mark_failed`. A deliverer that dies mid-way leaves its messages to come due again
        when the lease runs out: delivery is at least once.
        """
        now = self.clock()
        wanted = [
            OutboxMessage.status == OutboxStatus.PENDING,
            OutboxMessage.next_attempt_at <= now,
        ]
        if platform is not None:
            wanted.append(OutboxMessage.platform == platform)
        messages = list(
            await self.session.scalars(
                select(OutboxMessage)
                .where(*wanted)
                .order_by(OutboxMessage.id)
                .limit(limit)
                .with_for_update(skip_locked=True)
                .execution_options(populate_existing=True)
            )
        )
        for message in messages:
            message.next_attempt_at = now + lease
        await self.session.flush()
        return messages

    async def mark_sent(self, message_id: int) -> None:
        message = await self._message(message_id)
        message.status = OutboxStatus.SENT
        message.attempts += 1
        message.sent_at = self.clock()
        message.last_error = None
        await self.session.flush()

    async def mark_failed(
        self,
        message_id: int,
        error: str,
        *,
        retry_after: timedelta | None = None,
        permanent: bool = False,
    ) -> OutboxStatus:
        """Record a failed try; retried with back-off (or after `retry_after`) until
        MAX_ATTEMPTS, or never again if `permanent`. Returns the new status."""
        message = await self._message(message_id)
        message.attempts += 1
        message.last_error = error
        if permanent or message.attempts >= MAX_ATTEMPTS:
            message.status = OutboxStatus.FAILED
        else:
            delay = backoff(message.attempts) if retry_after is None else retry_after
            message.next_attempt_at = self.clock() + delay
        await self.session.flush()
        return message.status

    async def _message(self, message_id: int) -> OutboxMessage:
        message = await self.session.get(OutboxMessage, message_id, populate_existing=True)
        if message is None:
            raise StoreError(f"no outbox message {message_id}")
        return message

    # -- audit -----------------------------------------------------------------------------

    async def audit(
        self,
        actor: str,
        action: str,
        *,
        game_id: int | None = None,
        detail: dict[str, Any] | None = None,
    ) -> AuditEntry:
        entry = AuditEntry(
            game_id=game_id, actor=actor, action=action, detail=dict(detail or {}), at=self.clock()
        )
        self.session.add(entry)
        await self.session.flush()
        return entry
