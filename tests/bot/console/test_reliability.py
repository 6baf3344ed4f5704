"""Reliability records through the console: an excused miss, a miss that cost the seat, a
player replaced; only phases already adjudicated count."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.bot.service.harness import Table, open_table, said
from tests.bot.store.support import BACKENDS

GAME = """
gm#g> /dip newgame g nmr=excuse:1
alice#g> /dip join france
bob#g> /dip join germany
carol#g> /dip join russia
gm#g> /dip start
"""


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table(request.param, tmp_path, admins=("gm",)) as table:
        await table.play(GAME)
        yield table


async def record(table: Table, who: str) -> str:
    lines = await table.play(f"gm#g> /dip reliability @{who}")
    return said(lines, "only:gm#g")[0]


async def test_excused_missed_and_removed(table: Table) -> None:
    # nobody has a record while the first phase is open, whatever they did in it
    await table.play("alice#g> /dip ready")
    assert await record(table, "alice") == "alice's reliability: no record yet."
    # the deadline passes: bob and carol are excused once (the deadline moves on)
    await table.play("clock +2d")
    await table.play("carol#g> /dip ready")
    assert await record(table, "carol") == "carol's reliability: no record yet."
    # bob misses again: removed, his power in civil disorder
    await table.play("clock +2d")
    assert await record(table, "alice") == "alice's reliability: 100% (1 of 1 phase)."
    assert await record(table, "carol") == "carol's reliability: 100% (1 of 1 phase; 1 excused)."
    assert await record(table, "bob") == (
        "bob's reliability: 0% (0 of 1 phase), left or replaced in 1 game."
    )


async def test_a_player_replaced_keeps_what_they_owed_before(table: Table) -> None:
    await table.play(
        """
        alice#g> /dip ready
        bob#g> /dip ready
        carol#g> /dip ready
        clock +1m
        gm#g> /dip replace germany zoe
        """
    )
    assert await record(table, "bob") == (
        "bob's reliability: 100% (1 of 1 phase), left or replaced in 1 game."
    )
    assert await record(table, "zoe") == "zoe's reliability: no record yet."


async def test_a_seat_handed_over_as_the_phase_resolves_keeps_none_of_its_misses(
    table: Table,
) -> None:
    # bob misses Spring 1901 twice (the deadline moved a day) and is removed by its
    # adjudication; the game master hands Germany to zoe at that very moment, the clock not
    # moved on: the missed phase is bob's, and zoe owes only Fall's
    await table.play(
        """
        alice#g> /dip ready
        carol#g> /dip ready
        clock +2d
        clock +1d
        gm#g> /dip replace germany zoe
        """
    )
    assert await record(table, "bob") == (
        "bob's reliability: 0% (0 of 1 phase), left or replaced in 1 game."
    )
    assert await record(table, "zoe") == "zoe's reliability: no record yet."
    lines = said(await table.play("gm#g> /dip players"), "only:gm#g")
    assert [line for line in lines if line.startswith("zoe")] == []
