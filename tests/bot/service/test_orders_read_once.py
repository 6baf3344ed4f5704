"""Orders travel as values: each order a player sends is read by the engine once, from the
moment it arrives to the reply; only orders stored by an earlier message are read from their
canonical text, with the engine's canonical reader.

Every call the service makes into the engine's order readers is counted, by the number of
order texts it reads, on the way the players use them: an `order` with several orders,
bare orders in a direct message, the `orders` listing, `ready` and `clear`, the menus'
orders sent back, orders for two powers at once, and the deadline's adjudication.

Before orders travelled as values, an `order` of three orders read six (each order read,
stored, then read back to list what is still missing), two bare orders in a direct message
four, and one player's three orders for two powers ten.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from engine import parse as engine_parse
from engine import parse_canonical, parse_start
from tests.bot.service.harness import Table, open_table, said

# The engine's readers of order texts, and what each call reads: the orders a player sent
# (``sent``), or an order stored earlier, from its canonical text (``stored``).
_READERS: dict[str, tuple[Callable[..., Any], str]] = {
    "parse_order": (engine_parse.parse_order, "sent"),
    "parse_orders": (engine_parse.parse_orders, "sent"),
    "read_order": (engine_parse.read_order, "sent"),
    "read_by_words": (engine_parse.read_by_words, "sent"),
    "read_canonical_order": (parse_canonical.read_canonical_order, "stored"),
    "starts_like_order": (parse_start.starts_like_order, "starts"),
}


class Reads(Counter[str]):
    """Order texts the service had the engine read, by kind, since the last :meth:`take`."""

    def take(self) -> dict[str, int]:
        taken = {kind: n for kind, n in self.items() if n}
        self.clear()
        return taken


def _counting(reads: Reads, function: Callable[..., Any], kind: str) -> Callable[..., Any]:
    def counted(*args: Any, **kwargs: Any) -> Any:
        if function is engine_parse.parse_orders:
            lines = function(*args, **kwargs)
            reads[kind] += len(lines)
            return lines
        # a text read counts whether or not it reads as an order
        reads[kind] += 1
        return function(*args, **kwargs)

    return counted


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> Reads:
    """Each reader wrapped wherever the service or the computer players took it from the
    engine (the engine's own calls among its modules are its business)."""
    found = Reads()
    for function, kind in _READERS.values():
        counted = _counting(found, function, kind)
        for name, module in list(sys.modules.items()):
            if not name.startswith(("bot.", "computer.")):
                continue
            for attribute, value in list(vars(module).items()):
                if value is function:
                    monkeypatch.setattr(module, attribute, counted)
    return found


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players()
        table.fresh()
        yield table


async def test_an_order_message_reads_each_order_once(table: Table, reads: Reads) -> None:
    lines = await table.play("carol> /dip order A Par-Bur; F Bre-MAO; Marseilles army to Spain")
    assert said(lines, "only:carol#game") == [
        "Orders: 3 accepted",
        "✓ A PAR - BUR",
        "✓ F BRE - MAO",
        "✓ A MAR - SPA",
        "Nothing is missing: every order is in.",
    ]
    # before: 6 (the three read, then read back from what was stored to list what is missing)
    assert reads.take() == {"sent": 3}

    # one order more: it is read; the two stored earlier are read from their canonical text
    lines = await table.play("carol> /dip order A Par H")
    assert said(lines, "only:carol#game")[1] == "⚠ A PAR H — replaces your earlier order for A PAR"
    assert reads.take() == {"sent": 1, "stored": 2}

    # a conditional retreat names places, not orders: nothing more is read for it
    lines = await table.play("carol> /dip order F Bre H; if MAR dislodged retreat GAS, BUR")
    assert said(lines, "only:carol#game")[:2] == [
        "Orders: 1 accepted; Conditional: 1 accepted",
        "⚠ F BRE H — replaces your earlier order for F BRE",
    ]
    assert reads.take() == {"sent": 1, "stored": 2}


async def test_bare_orders_in_a_dm_are_read_once(table: Table, reads: Reads) -> None:
    lines = await table.play("carol@dm> A Par-Bur, F Bre-MAO")
    assert said(lines, "dm:carol") == [
        "Orders: 2 accepted",
        "✓ A PAR - BUR",
        "✓ F BRE - MAO",
        "Units without orders: A MAR",
    ]
    # whether the text is orders at all is told from its first words, then it is read once
    assert reads.take() == {"starts": 1, "sent": 2}


async def test_listing_and_ready_read_the_stored_orders_once(table: Table, reads: Reads) -> None:
    await table.play("carol> /dip order A Par-Bur; F Bre-MAO; A Mar-Spa")
    reads.take()
    lines = await table.play("carol> /dip orders")
    assert said(lines, "only:carol#game")[1:4] == ["A PAR - BUR", "F BRE - MAO", "A MAR - SPA"]
    assert reads.take() == {"stored": 3}
    lines = await table.play("carol> /dip ready")
    assert said(lines, "only:carol#game") == ["You are ready for Spring 1901."]
    assert reads.take() == {"stored": 3}
    lines = await table.play("carol> /dip clear A PAR")
    assert said(lines, "only:carol#game") == ["Cleared A PAR - BUR.", "Units without orders: A PAR"]
    assert reads.take() == {"stored": 2}


async def test_the_menus_orders_and_the_deadline_read_each_once(
    tmp_path: Path, reads: Reads
) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players(options="reminders=off")
        table.fresh()
        reads.take()
        # what the menus send back is the canonical notation, read once as it comes
        lines = await table.play("carol> /dip order A PAR - BUR; F BRE - MAO; A MAR - SPA")
        assert said(lines, "only:carol#game")[0] == "Orders: 3 accepted"
        assert reads.take() == {"sent": 3}
        lines = await table.play("clock +3d")
        assert "A PAR - BUR  ✓ moved" in said(lines, "#game")
        # France's three orders, read from their canonical text once, for the adjudication
        assert reads.take() == {"stored": 3}


FOUR = """
gm> /dip newgame hague players=4 reminders=off
alice> /dip join austria
bob> /dip join england
dave> /dip join germany
eve> /dip join italy
gm> /dip start
"""


async def test_orders_for_two_powers_are_read_once_for_each(tmp_path: Path, reads: Reads) -> None:
    async with open_table("sqlite", tmp_path) as table:
        lines = await table.play(FOUR)
        seated = dict(line.split(": ", 1) for line in said(lines, "#game") if ": " in line)
        owner = seated["Austria"]
        assert seated["France"] == owner
        reads.take()
        lines = await table.play(f"{owner}@dm> order A Vie-Gal; A Par-Bur; France: F Bre-MAO")
        assert said(lines, f"dm:{owner}")[:5] == [
            "Austria — Orders: 1 accepted",
            "✓ A VIE - GAL",
            "Units without orders: A BUD, F TRI",
            "France — Orders: 2 accepted",
            "✓ A PAR - BUR",
        ]
        # each unnamed order tried as Austria's and as France's (2 x 2), the named one read
        # as France's; none read again to be stored (before: 3 more, and 3 read back)
        assert reads.take() == {"sent": 5}


async def test_computers_orders_are_stored_as_chosen_and_read_once_to_adjudicate(
    tmp_path: Path, reads: Reads
) -> None:
    async with open_table("sqlite", tmp_path) as table:
        reads.take()
        # six computers choose their orders as the phase opens: stored as the values they
        # are, nothing read
        lines = await table.play(
            """
            gm> /dip newgame hague bots=all reminders=off
            alice> /dip join france
            gm> /dip start
            """
        )
        assert "England: computer" in said(lines, "#game")
        assert reads.take() == {}
        await table.play("clock +3d")
        # France gave no orders; the computers' 19 (3 a power, Russia 4) are read once each,
        # from their canonical text, for the adjudication
        assert reads.take() == {"stored": 19}
