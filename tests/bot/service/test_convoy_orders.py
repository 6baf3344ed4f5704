"""A convoy of the power's own army whose army is not ordered to move: the reply says what
the army needs (the UK rule book asks for both orders, and its sample game leaves the army's
out). A foreign army's orders are secret, so its convoy gets no such note."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.bot.service.harness import Table, open_table, said
from tests.bot.store.support import BACKENDS

# England's fleets reach the North Sea and the Channel, its army York; France's army Picardy.
SPRING = """
bob@dm> order F Edi-NTH; F Lon-ENG; A Lvp-Yor
carol@dm> order A Par-Pic
gm> /dip process
"""
NEEDS = "⚠ A YOR needs the order A YOR - NWY for the convoy by F NTH to carry it"


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table(request.param, tmp_path) as table:
        await table.seven_players(options="reminders=off")
        await table.play(SPRING)
        table.fresh()
        yield table


async def test_a_convoy_without_its_armys_move_says_what_the_army_needs(table: Table) -> None:
    lines = await table.play("bob@dm> order F NTH C A Yor-Nwy")
    assert said(lines, "dm:bob") == [
        "Orders: 1 accepted",
        "✓ F NTH C A YOR - NWY",
        "Units without orders: A YOR, F ENG",
        f"{NEEDS} (it has no order)",
    ]
    lines = await table.play("bob@dm> order A Yor H")
    assert said(lines, "dm:bob")[-1] == f"{NEEDS} (its order is A YOR H)"
    lines = await table.play("bob@dm> orders")
    assert said(lines, "dm:bob")[-1] == f"{NEEDS} (its order is A YOR H)"
    lines = await table.play("bob@dm> A Yor-Nwy")
    assert not any("needs the order" in line for line in said(lines, "dm:bob"))
    lines = await table.play("bob@dm> orders")
    assert not any("needs the order" in line for line in said(lines, "dm:bob"))


async def test_a_convoy_of_another_powers_army_reveals_nothing(table: Table) -> None:
    lines = await table.play("bob@dm> order F ENG C A Pic-Lon")
    bob = said(lines, "dm:bob")
    assert bob[:2] == ["Orders: 1 accepted", "✓ F ENG C A PIC - LON"]
    assert not any("needs the order" in line or "A PIC" in line for line in bob[2:])
