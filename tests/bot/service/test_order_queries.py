"""What an `order` costs the database: a fixed, small number of statements however many
orders the message carries, the game, the players and the open phase each read once; an
answer that does not wait for the alarm clock, since orders never move a deadline; and a
table ordering at once queueing for the database in turn."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from bot.service.effects import Actor, Place, Request
from bot.store import kept_connections
from tests.bot.service.harness import Table, open_table
from tests.bot.store.support import BACKENDS

# Who plays and where (the game with its players), the open phase with the power's status
# and its orders so far, and one INSERT that also reads the phase still open once written.
ORDER_STATEMENTS = 3


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table(request.param, tmp_path) as table:
        await table.seven_players()
        yield table


@contextmanager
def statements(table: Table) -> Iterator[list[str]]:
    """Every statement sent to the database meanwhile, in order."""
    sent: list[str] = []

    def note(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        sent.append(" ".join(statement.split()))

    engine = table.sessions.kw["bind"].sync_engine
    event.listen(engine, "before_cursor_execute", note)
    try:
        yield sent
    finally:
        event.remove(engine, "before_cursor_execute", note)


async def carol(table: Table, text: str) -> list[str]:
    """Carol (France) writes ``text`` to the bot by DM; the lines of the answer."""
    actor = Actor("console", "local", "carol", "carol")
    replies = await table.service.handle(Request(actor, Place(None, is_dm=True), text))
    return [line.text for reply in replies for s in reply.message.sections for line in s.lines]


def reads_of(sent: list[str], table: str) -> list[str]:
    """The statements that read whole rows of ``table`` (alone or joined to another's)."""
    return [
        s
        for s in sent
        if s.startswith("SELECT") and (f" FROM {table} " in f"{s} " or f" JOIN {table} " in s)
    ]


async def test_an_order_costs_the_same_few_statements_however_many_orders(table: Table) -> None:
    counts = []
    for text in ("order A PAR - BUR", "order A MAR - SPA; F BRE - MAO; A PAR H", "order A PAR H"):
        with statements(table) as sent:
            answer = await carol(table, text)
        assert answer[-1] in (
            "Units without orders: A MAR, F BRE",
            "Nothing is missing: every order is in.",
        )
        counts.append(len(sent))
        assert len(sent) == ORDER_STATEMENTS, "\n".join(sent)
    assert counts == [ORDER_STATEMENTS] * 3


async def test_an_order_reads_the_game_the_players_and_the_phase_once(table: Table) -> None:
    with statements(table) as sent:
        answer = await carol(table, "order A PAR - BUR; F BRE - MAO")
    assert answer[0] == "✓ A PAR - BUR"
    assert len(reads_of(sent, "games")) == 1, "\n".join(sent)
    assert len(reads_of(sent, "players")) == 1, "\n".join(sent)
    # The phase itself once; its status alone is what guards the write.
    assert len([s for s in sent if s.startswith("SELECT phases.id")]) == 1, "\n".join(sent)
    assert len(reads_of(sent, "orders")) == 1, "\n".join(sent)


async def test_orders_are_answered_without_waiting_for_the_alarm_clock(table: Table) -> None:
    looks: list[str] = []

    async def rearm() -> None:
        looks.append("rearm")

    table.service.on_change(rearm)
    await carol(table, "order A PAR - BUR")
    await carol(table, "orders")
    await carol(table, "clear A PAR")
    await carol(table, "possible")
    assert looks == []
    # Readiness may bring the deadline forward: the alarm clock looks again.
    await carol(table, "ready")
    assert looks == ["rearm"]


async def test_a_table_ordering_at_once_queues_for_the_database_in_turn(table: Table) -> None:
    """Commands wait their turn in the order they came, at most as many at once as the pool
    keeps connections: none is left to the pool, where a newcomer may take the connection a
    waiting command was woken for (and a busy table kept some waiting for seconds)."""
    engine = table.sessions.kw["bind"].sync_engine
    held = [0]
    most = [0]

    def checkout(*_args: Any) -> None:
        held[0] += 1
        most[0] = max(most[0], held[0])

    def checkin(*_args: Any) -> None:
        held[0] -= 1

    event.listen(engine, "checkout", checkout)
    event.listen(engine, "checkin", checkin)
    try:

        async def orders_twice(user: str) -> None:
            actor = Actor("console", "local", user, user)
            for text in ("order A PAR H", "orders"):
                await table.service.handle(Request(actor, Place(None, is_dm=True), text))

        users = ("alice", "bob", "carol", "dave", "eve", "frank", "grace") * 4
        await asyncio.gather(*(orders_twice(user) for user in users))
    finally:
        event.remove(engine, "checkout", checkout)
        event.remove(engine, "checkin", checkin)
    assert 1 <= most[0] <= kept_connections(table.sessions)
