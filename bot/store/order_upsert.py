"""The statement that writes a power's orders, each replacing an earlier one for its unit,
and reads back what it wrote and the status of their phase, in one trip to the database."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, cast

from sqlalchemy import Result, Table, literal_column

from bot.store.errors import PhaseClosedError
from bot.store.models import Order, Phase, PhaseStatus
from bot.store.part import Insert

# The column the phase's status comes back in, with each order written.
_STATUS = "phase_status_after"
# The statement, by dialect name: built once.
_BUILT: dict[str, Any] = {}


def upsert_orders(dialect: str, insert: Callable[[Table], Insert]) -> Any:
    """INSERT of orders (rows given as parameters), each replacing an earlier one for the
    same unit, returning the rows and their phase's status; ``insert`` makes the dialect's
    INSERT that can say ON CONFLICT."""
    statement = _BUILT.get(dialect)
    if statement is None:
        table = cast(Table, Order.__table__)
        written = insert(table)
        replaced = ("raw_text", "canonical_text", "condition", "submitted_by", "submitted_at")
        statement = written.on_conflict_do_update(
            index_elements=[table.c.phase_id, table.c.power, table.c.unit_key, table.c.kind],
            set_={key: getattr(written.excluded, key) for key in replaced},
        ).returning(*table.c, _status_after(dialect).label(_STATUS))
        _BUILT[dialect] = statement
    return statement


def orders_written(result: Result[Any]) -> Iterator[Order]:
    """The orders :func:`upsert_orders` wrote, as orders; :class:`PhaseClosedError` (the
    transaction must roll back) if their phase is no longer open."""
    for row in result:
        columns = dict(row._mapping)
        status = columns.pop(_STATUS)
        if status != PhaseStatus.OPEN:
            state = "missing" if status is None else str(status)
            raise PhaseClosedError(
                f"phase {columns['phase_id']} is {state}: its orders can no longer change"
            )
        yield Order(**columns)


def _status_after(dialect: str) -> Any:
    """The status of a written order's phase, read after the write as the store's check
    after writing reads it (`PhasesAndOrders._require_open`): on SQLite the write made
    this the only writer, so no claim can commit before it does; on PostgreSQL the share
    lock waits for a claim in progress and holds off a later one until commit. Written
    out: a RETURNING clause names the written row's columns bare, and the subquery's own
    table has columns of the same names."""
    lock = " FOR SHARE" if dialect == "postgresql" else ""
    phases = cast(Table, Phase.__table__)
    return literal_column(
        f"(SELECT phases.status FROM phases WHERE phases.id = orders.phase_id{lock})",
        type_=phases.c.status.type,
    )
