"""Deadlines from the game's schedule: a weekly timetable whose orders close before the
adjudication, a negotiation period, and times shown in the game's zone."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from bot.service.outbox.doorbell import Doorbell
from tests.bot.service.harness import FakeRenderer, open_table, said


async def test_orders_close_before_a_weekly_adjudication(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players(options="schedule=weekly:due=wed 00:00;process=thu 12:30")
        start = said(table.lines, "#game")
        assert (
            "Deadline: orders close Wed 7 Jan 2026 00:00 UTC (in 1 day 15 hours); adjudication "
            "Thu 8 Jan 2026 12:30 UTC (in 3 days 4 hours)"
        ) in start
        lines = await table.play("alice> /dip status")
        assert said(lines, "only:alice#game")[1] == (
            "Deadline: orders close Wed 7 Jan 2026 00:00 UTC (in 1 day 15 hours); "
            "adjudication Thu 8 Jan 2026 12:30 UTC (in 3 days 4 hours)"
        )
        lines = await table.play(
            """
            carol@dm> order A PAR - BUR
            clock +1d16h
            carol@dm> order A MAR - SPA
            """
        )
        assert said(lines, "dm:carol")[-1] == (
            "Orders for Spring 1901 closed at Wed 7 Jan 2026 00:00 UTC (1 hour ago); the phase "
            "is adjudicated Thu 8 Jan 2026 12:30 UTC (in 1 day 12 hours)."
        )
        lines = await table.play("clock +1d12h")
        channel = said(lines, "#game")
        assert channel[0] == "hague: Spring 1901 — results"
        assert "A PAR - BUR  ✓ moved" in channel


async def test_negotiation_comes_before_the_first_deadline(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players(options="negotiation=1d tz=America/New_York")
        start = said(table.lines, "#game")
        assert "Deadline: Thu 8 Jan 2026 04:00 EST (in 3 days)" in start
        assert any("1 day to negotiate before the first turn" in line for line in start)
        lines = await table.play("clock +2d23h")
        assert not said(lines, "#game")
        lines = await table.play("clock +1h")
        assert said(lines, "#game")[0] == "hague: Spring 1901 — results"


async def test_games_due_together_are_announced_one_by_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.play(
            """
            gm> /dip newgame hague
            alice> /dip join
            bob> /dip join
            gm> /dip start
            gm#other> /dip newgame leiden
            carol#other> /dip join
            dave#other> /dip join
            gm#other> /dip start
            """
        )
        table.fresh()
        assert isinstance(table.renderer, FakeRenderer)
        drawn = table.renderer.calls
        before = len(drawn)
        # How many results maps had been drawn each time the pumps were rung.
        rings: list[int] = []
        ring = Doorbell.ring

        def counted(doorbell: Doorbell) -> None:
            rings.append(len(drawn) - before)
            ring(doorbell)

        monkeypatch.setattr(Doorbell, "ring", counted)
        table.clock.now += timedelta(hours=49)
        assert await table.service.process_due() == 2
        # Rung once a game is adjudicated, before the next is worked on, so its results go
        # out meanwhile; and once more at the end of the run.
        assert rings == [1, 2, 2]
        await table.console.pump.deliver_due()
        lines = table.fresh()
        assert said(lines, "#game")[0] == "hague: Spring 1901 — results"
        assert said(lines, "#other")[0] == "leiden: Spring 1901 — results"
        assert lines.index("[#game] hague: Spring 1901 — results") < lines.index(
            "[#other] leiden: Spring 1901 — results"
        )
