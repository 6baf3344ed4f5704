"""The league's timetable (``schedule=league``) played on the fake clock across the end of US
daylight-saving time, through the console front end.

The league's errata (``../shared/rulebooks/slack-league-rules-and-errata.md``): orders are due
at midnight Pacific time on Wednesday and Sunday and adjudicated at 12:30 PM Pacific the next
day (Monday or Thursday); retreats within two hours of the adjudication, adjustments two hours
after that; powers are assigned a week before the first turn.

US clocks go back on Sunday 1 November 2026 at 02:00 PDT (09:00 UTC): the Fall 1901 orders
close at midnight PDT that same Sunday, and every adjudication after it is at 12:30 PST. So
12:30 Pacific is 19:30 UTC before the change and 20:30 UTC after it; a bot that kept the old
offset would adjudicate an hour early. The game is played from late October to the Spring
1902 adjudication: a movement phase before the change, one whose orders close before it and
which is adjudicated after it, a retreat phase, an adjustment phase, and a movement phase
after it. Each adjudication is checked a minute before (nothing yet, and orders refused once
they have closed) and at its time.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import select

from bot.store import Phase, PhaseStatus
from tests.bot.service.harness import Table, open_table, said
from tests.bot.store.support import BACKENDS

PACIFIC = ZoneInfo("America/Los_Angeles")
# Monday 19 October 2026, 10:00 PDT: the game master creates and starts the game.
CREATED = datetime(2026, 10, 19, 17, 0, tzinfo=UTC)


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table(request.param, tmp_path) as table:
        table.clock.now = CREATED
        yield table


def pacific(text: str) -> datetime:
    """``2026-11-02 12:30`` on the Los Angeles wall clock, as a UTC moment (never a time the
    change makes ambiguous)."""
    return datetime.fromisoformat(text).replace(tzinfo=PACIFIC).astimezone(UTC)


def utc(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


async def until(table: Table, wall_clock: str) -> list[str]:
    """Let the fake clock run to a Los Angeles wall-clock time (deadlines falling due on the
    way run as they would); what the bot printed meanwhile."""
    span = pacific(wall_clock) - table.clock.now
    assert span.total_seconds() > 0, f"{wall_clock} is not ahead of {table.clock.now}"
    return await table.play(f"clock +{int(span.total_seconds())}s")


def results(lines: list[str]) -> list[str]:
    """The titles of the results posted in the channel."""
    return [line for line in said(lines, "#game") if line.endswith(" — results")]


async def stored_phases(table: Table) -> list[Phase]:
    async with table.sessions() as session:
        return list(await session.scalars(select(Phase).order_by(Phase.id)))


async def test_the_league_timetable_across_the_end_of_daylight_saving(table: Table) -> None:
    # Monday 19 October, 10:00 PDT: the game is made and started; powers are assigned at once,
    # a week of negotiation before the first turn.
    lines = await table.play(
        """
        gm> /dip newgame fall26 schedule=league
        carol> /dip join france
        dave> /dip join germany
        gm> /dip start
        """
    )
    channel = said(lines, "#game")
    timetable = (
        "Orders due Wed 00:00 and Sun 00:00, adjudicated the next Mon 12:30 or Thu 12:30 "
        "(America/Los_Angeles time); then 2 hours for retreats and 2 hours for adjustments; "
        "7 days to negotiate before the first turn; no early adjudication; reminders 1 day "
        "and 1 hour before orders close."
    )
    assert timetable in channel
    assert "France: carol" in channel
    assert "Germany: dave" in channel
    spring_deadline = (
        "Deadline: orders close Wed 28 Oct 2026 00:00 PDT (in 8 days 14 hours); "
        "adjudication Thu 29 Oct 2026 12:30 PDT (in 10 days 2 hours)"
    )
    assert spring_deadline in channel
    assert said(lines, "dm:carol")[0] == "fall26: you play France"
    assert spring_deadline in said(lines, "dm:carol")

    # Negotiation week: nothing is adjudicated; orders may be sent; all ready changes nothing.
    lines = await until(table, "2026-10-27 12:00")
    assert results(lines) == []
    lines = await table.play(
        """
        carol@dm> order A Par-Bur; A Mar-Spa; F Bre-MAO
        dave@dm> order A Mun-Ruh; A Ber-Mun; F Kie-Den
        carol@dm> ready
        dave@dm> ready
        """
    )
    assert "Everyone is ready; this game keeps its deadline." in said(lines, "dm:dave")

    # Thursday 29 October, 12:29 PDT: orders closed on Wednesday at midnight, and the phase
    # is still not adjudicated.
    lines = await until(table, "2026-10-29 12:29")
    assert results(lines) == []
    lines = await table.play("carol@dm> order F MAO - POR")
    assert said(lines, "dm:carol") == [
        "Orders for Spring 1901 closed at Wed 28 Oct 2026 00:00 PDT (1 day 12 hours ago); "
        "the phase is adjudicated Thu 29 Oct 2026 12:30 PDT (in 1 minute)."
    ]
    # 12:30 PDT: adjudicated. Fall's orders close on Sunday 1 November at midnight, still
    # PDT; it is adjudicated on Monday at 12:30, by then PST (4 days and 1 real hour on).
    lines = await until(table, "2026-10-29 12:30")
    assert results(lines) == ["fall26: Spring 1901 — results"]
    assert (
        "Deadline: orders close Sun 1 Nov 2026 00:00 PDT (in 2 days 12 hours); "
        "adjudication Mon 2 Nov 2026 12:30 PST (in 4 days 1 hour)"
    ) in said(lines, "#game")

    lines = await table.play(
        """
        carol@dm> order A Bur H; A Spa H; F MAO-Por
        dave@dm> order A Ruh-Bur; A Mun S A Ruh-Bur; F Den H
        """
    )
    assert "Nothing is missing: every order is in." in said(lines, "dm:dave")

    # Sunday 1 November: the orders close at 00:00 PDT; the clocks go back at 02:00. At 12:29
    # PST on Monday — an hour after 12:30 PDT would have been — nothing has been adjudicated.
    lines = await until(table, "2026-11-02 12:29")
    assert results(lines) == []
    lines = await table.play("dave> /dip status")
    assert said(lines, "only:dave#game")[:2] == [
        "fall26: Fall 1901 — status",
        "Deadline: orders close Sun 1 Nov 2026 00:00 PDT (1 day 13 hours ago); "
        "adjudication Mon 2 Nov 2026 12:30 PST (in 1 minute)",
    ]
    # Monday 2 November, 12:30 PST: adjudicated; the French army in Burgundy is dislodged and
    # has until 14:30 PST to retreat.
    lines = await until(table, "2026-11-02 12:30")
    assert results(lines) == ["fall26: Fall 1901 — results"]
    channel = said(lines, "#game")
    assert "France: A BUR — may retreat to BEL, GAS, MAR, PAR, PIC" in channel
    assert "Deadline: Mon 2 Nov 2026 14:30 PST (in 2 hours)" in channel
    assert "Deadline: Mon 2 Nov 2026 14:30 PST (in 2 hours)" in said(lines, "dm:carol")

    lines = await table.play("carol@dm> order A Bur R Par")
    assert "✓ A BUR R PAR" in said(lines, "dm:carol")
    lines = await until(table, "2026-11-02 14:29")
    assert results(lines) == []
    # 14:30 PST: the retreat is made; the adjustments follow, until 16:30 PST.
    lines = await until(table, "2026-11-02 14:30")
    assert results(lines) == ["fall26: Fall 1901 retreats — results"]
    channel = said(lines, "#game")
    assert "Next: Winter 1901 adjustments" in channel
    assert "Deadline: Mon 2 Nov 2026 16:30 PST (in 2 hours)" in channel

    lines = await table.play(
        """
        carol@dm> order build F Bre; build A Mar
        dave@dm> order build A Ber
        """
    )
    assert "✓ A BER B" in said(lines, "dm:dave")
    lines = await until(table, "2026-11-02 16:29")
    assert results(lines) == []
    # 16:30 PST: the builds are made; Spring 1902 opens, its orders due on Wednesday at
    # midnight and adjudicated on Thursday at 12:30, both PST.
    lines = await until(table, "2026-11-02 16:30")
    assert results(lines) == ["fall26: Winter 1901 adjustments — results"]
    assert (
        "Deadline: orders close Wed 4 Nov 2026 00:00 PST (in 1 day 8 hours); "
        "adjudication Thu 5 Nov 2026 12:30 PST (in 2 days 20 hours)"
    ) in said(lines, "#game")

    lines = await until(table, "2026-11-05 12:29")
    assert results(lines) == []
    # Thursday 5 November, 12:30 PST.
    lines = await until(table, "2026-11-05 12:30")
    assert results(lines) == ["fall26: Spring 1902 — results"]
    assert (
        "Deadline: orders close Sun 8 Nov 2026 00:00 PST (in 2 days 12 hours); "
        "adjudication Mon 9 Nov 2026 12:30 PST (in 4 days)"
    ) in said(lines, "#game")

    # The stored timetable: every phase adjudicated at its deadline, never before; 12:30 on
    # the Pacific wall clock is 19:30 UTC before the change and 20:30 UTC after.
    phases = await stored_phases(table)
    stored = [(p.name, p.orders_close_at, p.deadline, p.processed_at) for p in phases]
    assert stored == [
        ("S1901M", utc("2026-10-28 07:00"), utc("2026-10-29 19:30"), utc("2026-10-29 19:30")),
        ("F1901M", utc("2026-11-01 07:00"), utc("2026-11-02 20:30"), utc("2026-11-02 20:30")),
        ("F1901R", utc("2026-11-02 22:30"), utc("2026-11-02 22:30"), utc("2026-11-02 22:30")),
        ("W1901A", utc("2026-11-03 00:30"), utc("2026-11-03 00:30"), utc("2026-11-03 00:30")),
        ("S1902M", utc("2026-11-04 08:00"), utc("2026-11-05 20:30"), utc("2026-11-05 20:30")),
        ("F1902M", utc("2026-11-08 08:00"), utc("2026-11-09 20:30"), None),
    ]
    assert [p.status for p in phases] == [PhaseStatus.ADJUDICATED] * 5 + [PhaseStatus.OPEN]
    movement = [p.processed_at for p in phases if p.name.endswith("M") and p.processed_at]
    assert [f"{m.astimezone(PACIFIC):%a %H:%M %Z}" for m in movement] == [
        "Thu 12:30 PDT",
        "Mon 12:30 PST",
        "Thu 12:30 PST",
    ]
