"""Phases and orders: each phase of a game and its one-way trip from open to adjudicated
(claimed exactly once), the orders given in it and which powers said they are ready."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import (
    CursorResult,
    Table,
    and_,
    bindparam,
    delete,
    null,
    or_,
    select,
    update,
)
from sqlalchemy.sql import ColumnElement

from bot.store.errors import PhaseAlreadyOpenError, PhaseClosedError, StoreError
from bot.store.models import (
    AdjudicationFailure,
    Game,
    GameStatus,
    Image,
    MissedOrders,
    Order,
    OrderKind,
    Phase,
    PhaseStatus,
    PowerState,
    PowerStatus,
    Readiness,
    Vote,
)
from bot.store.order_upsert import orders_written, upsert_orders
from bot.store.part import StorePart


def due_at(moment: datetime) -> tuple[ColumnElement[bool], ...]:
    """What makes a phase due at ``moment`` (with its game joined): open, not locked, in an
    active game, its deadline passed."""
    return (
        Phase.status == PhaseStatus.OPEN,
        Phase.locked.is_(False),
        Phase.deadline.is_not(None),
        Phase.deadline <= moment,
        Game.status == GameStatus.ACTIVE,
    )


@dataclass(frozen=True)
class OpenPhase:
    """A game's open phase (None: none is open) with how some powers stand (those with a
    status stored) and their orders (not the conditional ones), in the order first given."""

    phase: Phase | None
    statuses: dict[str, PowerStatus]
    orders: dict[str, list[Order]]


# What every command giving or reading orders runs, built once with its values as parameters:
# building a statement anew costs about as much as running it.
_OPEN_PHASE = (
    select(Phase)
    .where(Phase.game_id == bindparam("game_id"), Phase.status == PhaseStatus.OPEN)
    .execution_options(populate_existing=True)
)
# The open phase with how the powers named stand and their orders, for a command writing
# orders or votes: a row per power with a status stored (most often none: one row with no
# power) and per order of the powers (most often one power, a few orders), or one row.
_OPEN_PHASE_WITH_POWERS = (
    select(Phase, PowerState.power, PowerState.status, Order)
    .outerjoin(
        PowerState,
        and_(
            PowerState.game_id == Phase.game_id,
            PowerState.power.in_(bindparam("powers", expanding=True)),
        ),
    )
    .outerjoin(
        Order,
        and_(
            Order.phase_id == Phase.id,
            Order.power.in_(bindparam("powers", expanding=True)),
            Order.kind == OrderKind.ORDER,
        ),
    )
    .where(Phase.game_id == bindparam("game_id"), Phase.status == PhaseStatus.OPEN)
    .execution_options(populate_existing=True)
)
# On the table, not the mapped class: a plain statement skips the ORM's work on each run.
_PHASES = cast(Table, Phase.__table__)
_PHASE_STATUS = (
    select(_PHASES.c.status).where(_PHASES.c.id == bindparam("phase_id")).with_for_update(read=True)
)
_POWER_ORDERS = (
    select(Order)
    .where(
        Order.phase_id == bindparam("phase_id"),
        Order.power == bindparam("power"),
        Order.kind == bindparam("kind"),
    )
    .order_by(Order.id)
    .execution_options(populate_existing=True)
)


@dataclass(frozen=True, slots=True)
class NewOrder:
    """One order to store with :meth:`PhasesAndOrders.record_orders`."""

    unit_key: str
    raw_text: str
    canonical_text: str | None = None
    kind: OrderKind = OrderKind.ORDER
    condition: dict[str, Any] | None = None


class PhasesAndOrders(StorePart):
    """The part of the Store that keeps phases, their orders and readiness."""

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
        return await self.session.scalar(_OPEN_PHASE, {"game_id": game_id})

    async def open_phase_with_powers(self, game_id: int, powers: Sequence[str]) -> OpenPhase:
        """The game's open phase; of ``powers``, those with a status stored (as
        `power_statuses` gives them) and their orders (as `orders_of_phase` gives those
        of kind ORDER); in one statement."""
        rows = await self.session.execute(
            _OPEN_PHASE_WITH_POWERS, {"game_id": game_id, "powers": list(powers)}
        )
        phase = None
        statuses: dict[str, PowerStatus] = {}
        orders: dict[int, Order] = {}
        for row in rows:
            phase = row[0]
            if row[1] is not None:
                statuses[row[1]] = row[2]
            if row[3] is not None:
                orders.setdefault(row[3].id, row[3])
        by_power: dict[str, list[Order]] = {power: [] for power in powers}
        for key in sorted(orders):
            by_power[orders[key].power].append(orders[key])
        return OpenPhase(phase, statuses, by_power)

    async def get_phase(self, phase_id: int) -> Phase | None:
        return await self.session.get(Phase, phase_id, populate_existing=True)

    async def lock_phase(self, phase_id: int, *, skip_locked: bool = False) -> Phase | None:
        """The phase, read afresh under a row lock held until commit (PostgreSQL; SQLite has
        one writer at a time): a second worker waits, then sees what the first did.

        ``skip_locked``: None at once, rather than waiting, while another transaction holds
        the row (a worker busy with it, or an order being written): a worker with other due
        phases does those first."""
        return await self.session.scalar(
            select(Phase)
            .where(Phase.id == phase_id)
            .with_for_update(skip_locked=skip_locked)
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
        """Open, unlocked phases of active games whose deadline has passed (and, for one whose
        adjudication failed, whose next try is due), earliest first."""
        moment = self.clock() if now is None else now
        return list(
            await self.session.scalars(
                select(Phase)
                .join(Game, Game.id == Phase.game_id)
                .outerjoin(AdjudicationFailure, AdjudicationFailure.phase_id == Phase.id)
                .where(
                    *due_at(moment),
                    # a phase that failed waits for its next try
                    or_(
                        AdjudicationFailure.retry_at.is_(None),
                        AdjudicationFailure.retry_at <= moment,
                    ),
                )
                .order_by(Phase.deadline, Phase.id)
                .execution_options(populate_existing=True)
            )
        )

    async def scheduled_phases(self) -> list[tuple[Game, Phase]]:
        """Open phases with a deadline in active games: what the alarm clock watches."""
        rows = await self.session.execute(
            select(Game, Phase)
            .join(Phase, Phase.game_id == Game.id)
            .where(
                Phase.status == PhaseStatus.OPEN,
                Phase.deadline.is_not(None),
                Game.status == GameStatus.ACTIVE,
            )
            .order_by(Phase.deadline, Phase.id)
            .execution_options(populate_existing=True)
        )
        return [(game, phase) for game, phase in rows]

    async def phases_of(self, game_id: int) -> list[Phase]:
        """Every phase of a game, oldest first."""
        return list(
            await self.session.scalars(
                select(Phase)
                .where(Phase.game_id == game_id)
                .order_by(Phase.id)
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
        new = NewOrder(unit_key, raw_text, canonical_text, kind, condition)
        (order,) = await self.record_orders(phase_id, power, [new], submitted_by=submitted_by)
        return order

    async def record_orders(
        self,
        phase_id: int,
        power: str,
        orders: Sequence[NewOrder],
        *,
        submitted_by: str,
        read_open: bool = False,
    ) -> list[Order]:
        """Store a power's orders in one statement, each replacing any earlier one for the
        same (power, unit_key, kind); of several for one unit here, the last counts. The rows
        stored, in the order given.

        ``read_open``: the caller has just read the phase open, so it is checked only after
        writing, by the writing statement itself (a claim since that read is caught there;
        the caller's transaction must then roll back, as a command's does on any error)."""
        last = {(o.unit_key, OrderKind(o.kind)): o for o in orders}
        if not last:
            return []
        now = self.clock()
        values = [
            {
                "phase_id": phase_id,
                "power": power,
                "unit_key": o.unit_key,
                "kind": OrderKind(o.kind),
                "raw_text": o.raw_text,
                "canonical_text": o.canonical_text,
                # SQL NULL, not JSON null: every row then has the same columns, and the
                # rows go as one statement.
                "condition": null() if o.condition is None else o.condition,
                "submitted_by": submitted_by,
                "submitted_at": now,
            }
            for o in last.values()
        ]
        if not read_open:
            await self._require_open(phase_id)
        # The rows go as parameters of one statement, not into its text: its compiled form
        # is then the same for any number of orders, and compiled once. A plain (not ORM)
        # statement: the rows come back as columns, made into orders here, which costs a
        # fraction of the ORM's bulk insert and loading.
        dialect = self.session.get_bind().dialect.name
        result = await self.session.execute(upsert_orders(dialect, self._insert), values)
        stored = {(order.unit_key, order.kind): order for order in orders_written(result)}
        if len(stored) != len(last):  # pragma: no cover - an upsert returns every row
            raise StoreError("not every order was stored")
        return [stored[key] for key in last]

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
        status = await self.session.scalar(_PHASE_STATUS, {"phase_id": phase_id})
        if status != PhaseStatus.OPEN:
            state = "missing" if status is None else str(status)
            raise PhaseClosedError(f"phase {phase_id} is {state}: its orders can no longer change")

    async def orders_of_phase(
        self, phase_id: int, *, power: str | None = None, kind: OrderKind | None = None
    ) -> list[Order]:
        """A phase's orders, by power then in the order first given."""
        if power is not None and kind is not None:
            params = {"phase_id": phase_id, "power": power, "kind": OrderKind(kind)}
            return list(await self.session.scalars(_POWER_ORDERS, params))
        query = select(Order).where(Order.phase_id == phase_id).order_by(Order.power, Order.id)
        if power is not None:
            query = query.where(Order.power == power)
        if kind is not None:
            query = query.where(Order.kind == kind)
        return list(await self.session.scalars(query.execution_options(populate_existing=True)))

    # -- readiness -------------------------------------------------------------------------

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
