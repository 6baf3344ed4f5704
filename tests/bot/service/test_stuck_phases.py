"""A phase that cannot be adjudicated is never silently stuck: the game master and the channel
are told in one line (never a secret), `status` says so and when it is tried again, it is
tried again with a growing wait kept in the database, and the game master's `process` does it
once the cause is fixed."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy.exc import OperationalError

from bot.frontends.console import Console
from bot.service.turn import resolving
from bot.store import FailingAdjudication, Store
from engine import adjudicate
from tests.bot.service.harness import Table, open_table, said

SECRET = "A PAR - BUR"
FAILED = (
    "hague: Spring 1901 could not be adjudicated: the adjudicator failed (KeyError). Its "
    "orders are kept; it is tried again"
)


class Breakdown:
    """The adjudicator failing, its error quoting an order (as a bug's might), until fixed."""

    def __init__(self) -> None:
        self.broken = True
        self.tries = 0

    def __call__(self, *args: object, **kwargs: object) -> object:
        self.tries += 1
        if self.broken:
            raise KeyError(SECRET)
        return adjudicate(*args, **kwargs)  # type: ignore[arg-type]


@pytest.fixture
def breakdown(monkeypatch: pytest.MonkeyPatch) -> Iterator[Breakdown]:
    broken = Breakdown()
    monkeypatch.setattr(resolving, "adjudicate", broken)
    yield broken


async def failing(table: Table) -> list[FailingAdjudication]:
    async with table.sessions() as session:
        return await Store(session, table.clock).failing_adjudications()


async def test_a_failed_adjudication_is_told_shown_retried_and_processed(
    tmp_path: Path, breakdown: Breakdown
) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players()
        await table.play("carol@dm> order A Par-Bur")
        lines = await table.play("clock +48h")
        assert breakdown.tries == 1
        assert not [line for line in lines if SECRET in line or "Bur" in line]
        (channel,) = said(lines, "#game")
        assert channel.startswith(FAILED)
        assert channel.endswith("and the game master can `process` once the cause is fixed.")
        assert said(lines, "dm:gm") == [channel]
        (record,) = await failing(table)
        assert (record.game_name, record.phase_name, record.attempts) == ("hague", "S1901M", 1)
        assert record.reason == "the adjudicator failed (KeyError)"
        assert record.failed_since == table.clock.now
        assert record.retry_at == record.failed_since + timedelta(minutes=1)
        lines = await table.play("alice> /dip status")
        shown = "\n".join(lines)
        assert "Adjudication failed since" in shown
        assert "the adjudicator failed (KeyError), 1 try so far. Next try" in shown
        assert "(in 1 minute)" in shown
        # not before its next try, stored: a restarted bot keeps to it too
        table.service = table.new_service()
        table.console = Console(table.service, table.out, table.map_dir)
        await table.play("clock +30s")
        assert breakdown.tries == 1
        lines = await table.play("clock +31s")
        assert breakdown.tries == 2
        assert not said(lines, "#game"), "told once"
        (record,) = await failing(table)
        assert record.attempts == 2
        # tried at the minute, then two minutes' wait
        assert record.retry_at == record.failed_since + timedelta(minutes=3)
        await table.play("clock +118s")
        assert breakdown.tries == 2
        # fixed: the game master processes it
        breakdown.broken = False
        lines = await table.play("gm> /dip process")
        assert "A PAR - BUR  ✓ moved" in said(lines, "#game")
        assert await failing(table) == []
        lines = await table.play("alice> /dip status")
        assert "Adjudication failed" not in "\n".join(lines)


async def test_process_says_why_it_failed(tmp_path: Path, breakdown: Breakdown) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players()
        lines = await table.play("gm> /dip process")
        assert said(lines, "only:gm#game")[0].startswith(FAILED)
        assert said(lines, "#game")[0].startswith(FAILED)
        (record,) = await failing(table)
        assert record.attempts == 1


async def test_a_database_error_is_named_as_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def refused(self: Store, phase_id: int, results: dict[str, object]) -> None:
        raise OperationalError("UPDATE phases SET results=...", {}, Exception(SECRET))

    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players()
        await table.play("carol@dm> order A Par-Bur")
        monkeypatch.setattr(Store, "record_results", refused)
        lines = await table.play("clock +48h")
        (channel,) = said(lines, "#game")
        assert channel.startswith(
            "hague: Spring 1901 could not be adjudicated: the database failed "
            "(OperationalError). Its orders are kept;"
        )
        assert not [line for line in lines if SECRET in line]
        monkeypatch.undo()
        lines = await table.play("clock +1m")
        assert "A PAR - BUR  ✓ moved" in said(lines, "#game")
        assert await failing(table) == []
