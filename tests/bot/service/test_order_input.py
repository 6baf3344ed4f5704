"""What one message may carry, and how it is read: a bound on the orders of one message, the
last order per unit stored in one statement, text every database takes, DRAW and
SURRENDER among the orders, and answers that quote at most an excerpt of what was written."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy import event

from bot.service.effects import Actor, Place, Request
from bot.store import OrderKind, Store, VoteKind
from tests.bot.service.harness import Table, open_table, said
from tests.bot.store.support import BACKENDS

LIMIT = (
    "one `order` message takes at most {}. Nothing was stored. Send each unit's order once "
    "(a later order for a unit replaces the earlier one), in several messages if you must."
)


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table(request.param, tmp_path) as table:
        await table.seven_players()
        table.fresh()
        yield table


async def france_orders(table: Table, kind: OrderKind = OrderKind.ORDER) -> list[tuple[str, str]]:
    async with table.sessions() as session:
        store = Store(session)
        phase = await store.open_phase_of(1)
        assert phase is not None
        rows = await store.orders_of_phase(phase.id, power="FRANCE", kind=kind)
        return [(row.unit_key, row.canonical_text or row.raw_text) for row in rows]


async def france_votes(table: Table) -> list[VoteKind]:
    async with table.sessions() as session:
        return [v.kind for v in await Store(session).votes_of(1, "S1901M", power="FRANCE")]


async def from_carol(table: Table, text: str) -> list[str]:
    """Carol's (France's) DM to the bot as written, line breaks and all; the lines of the
    answer."""
    actor = Actor("console", "local", "carol", "carol")
    replies = await table.service.handle(Request(actor, Place(None, is_dm=True), text))
    return [line.text for reply in replies for s in reply.message.sections for line in s.lines]


# One message's load ---------------------------------------------------------------------------


async def test_thousands_of_orders_in_one_message_are_refused_whole(table: Table) -> None:
    many = "; ".join(["A Par-Bur", "A Par-Pic"] * 1500)
    lines = await table.play(f"carol@dm> order {many}")
    assert lines == [f"[dm:carol] That message has 32,998 characters; {LIMIT.format('4,000')}"]
    hundred_and_one = ";".join(["Par-Bur"] * 101)
    lines = await table.play(f"carol@dm> order {hundred_and_one}")
    assert lines == [
        "[dm:carol] That message has 101 orders; "
        + LIMIT.format("100, more than any power has units")
    ]
    # Bare, the same text is no command: it is not read as orders at all.
    lines = await table.play(f"carol@dm> {hundred_and_one}")
    assert lines[0].startswith("[dm:carol] `Par-Bur;Par-Bur;")
    assert await france_orders(table) == []
    hundred = ";".join(["Par-Bur"] * 99 + ["Par H"])
    lines = await table.play(f"carol@dm> order {hundred}")
    assert said(lines, "dm:carol")[0] == "Orders: 1 accepted"
    assert await france_orders(table) == [("PAR", "A PAR H")]


async def test_a_message_stores_the_last_order_per_unit_in_one_statement(table: Table) -> None:
    await table.play("carol@dm> order A Mar H")
    inserts: list[str] = []

    def count(conn: object, cursor: object, statement: str, *args: object) -> None:
        if statement.lstrip().upper().startswith("INSERT INTO ORDERS"):
            inserts.append(statement)

    engine = table.sessions.kw["bind"]
    event.listen(engine.sync_engine, "before_cursor_execute", count)
    try:
        lines = await table.play(
            "carol@dm> order A Par-Pic; A Par-Gas; F Bre-MAO; A Par-Bur; A Mar-Spa; "
            "if MAR dislodged retreat GAS; if MAR dislodged retreat BUR"
        )
    finally:
        event.remove(engine.sync_engine, "before_cursor_execute", count)
    assert said(lines, "dm:carol") == [
        "Orders: 3 accepted; Conditional: 2 accepted",
        "⚠ A PAR - PIC — replaced by a later line for A PAR",
        "⚠ A PAR - GAS — replaced by a later line for A PAR",
        "✓ F BRE - MAO",
        "✓ A PAR - BUR",
        "⚠ A MAR - SPA — replaces your earlier order for A MAR",
        "Conditional orders",
        "✓ if MAR dislodged retreat GAS",
        "⚠ if MAR dislodged retreat BUR — replaces your earlier one",
        "Conditional orders apply when the retreats or adjustments come, if they fit.",
        "Nothing is missing: every order is in.",
    ]
    assert len(inserts) == 1
    assert await france_orders(table) == [
        ("MAR", "A MAR - SPA"),
        ("BRE", "F BRE - MAO"),
        ("PAR", "A PAR - BUR"),
    ]
    assert await france_orders(table, OrderKind.CONDITIONAL) == [
        ("IF:MAR", "if MAR dislodged retreat BUR")
    ]


# Text every database takes --------------------------------------------------------------------


async def test_control_characters_and_cut_emoji_are_cleaned_for_every_command(
    table: Table,
) -> None:
    lines = await table.play("carol@dm> press germany Hello\x00 there\x1b \ud83d!")
    assert said(lines, "dm:carol") == ["Sent to Germany, signed France."]
    assert said(lines, "dm:dave")[-1] == "Hello there \ufffd!"
    lines = await table.play("carol@dm> order A Par\x00-Bur;\x07 F Bre-MAO\ud800; A Mar-\ud83d")
    assert said(lines, "dm:carol")[:4] == [
        "Orders: 2 accepted, 1 not accepted",
        "✓ A PAR - BUR",
        "✓ F BRE - MAO",
        "✗ A Mar-\ufffd — invalid: unknown province '\ufffd'",
    ]
    lines = await table.play("carol@dm> report Cut emoji \ud83d\x00 here")
    assert "Something went wrong" not in "\n".join(lines)
    assert await france_orders(table) == [("PAR", "A PAR - BUR"), ("BRE", "F BRE - MAO")]


async def test_line_breaks_of_every_kind_keep_orders_apart(table: Table) -> None:
    lines = await from_carol(table, "order A Par-Bur\r\nF Bre-MAO\rA Mar-Spa\x00")
    assert lines[:4] == ["✓ A PAR - BUR", "✓ F BRE - MAO", "✓ A MAR - SPA", lines[3]]
    assert len(await france_orders(table)) == 3


async def test_a_name_that_cannot_be_stored_is_cleaned(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.play("gm> /dip newgame hague")
        actor = Actor("console", "local", "zoe", "Zoe \ud83d\x00")
        replies = await table.service.handle(Request(actor, Place("game"), "join france"))
        assert replies[0].message.sections[0].lines[0].text == (
            "Zoe \ufffd joined hague (1 of 7 players)."
        )


# DRAW and SURRENDER among the orders -----------------------------------------------------------


async def test_draw_written_with_the_orders_is_a_draw_vote(table: Table) -> None:
    lines = await table.play("carol@dm> order A Par-Bur; F Bre-MAO; DRAW")
    assert said(lines, "dm:carol") == [
        "Orders: 2 accepted",
        "✓ A PAR - BUR",
        "✓ F BRE - MAO",
        "Units without orders: A MAR",
        "France votes for a draw in Spring 1901. The vote is secret until the phase is "
        "adjudicated, then reported to all.",
        "The game ends in a draw if every power still playing votes for it in the same phase; "
        "vote again in the next phase if it does not pass. `undraw` takes it back.",
    ]
    assert await france_votes(table) == [VoteKind.DRAW]
    lines = await table.play("carol@dm> A Mar-Spa, draw")
    assert said(lines, "dm:carol")[-1] == (
        "You already vote for a draw in Spring 1901; `undraw` takes it back."
    )
    lines = await table.play("carol@dm> undraw")
    lines = await from_carol(table, "Draw\nA Mar-Bur")
    assert lines[0] == "⚠ A MAR - BUR — replaces your earlier order for A MAR"
    assert lines[-2].startswith("France votes for a draw in Spring 1901.")
    assert await france_votes(table) == [VoteKind.DRAW]
    lines = await table.play("carol@dm> order draw")
    assert said(lines, "dm:carol") == [
        "You already vote for a draw in Spring 1901; `undraw` takes it back."
    ]


async def test_surrender_written_with_the_orders_surrenders(table: Table) -> None:
    lines = await table.play("carol@dm> A Par-Bur; surrender")
    assert said(lines, "dm:carol")[-2:] == [
        "France surrenders when Spring 1901 is adjudicated; your orders for it still count. "
        "The surrender stays secret until then, and `surrender cancel` takes it back.",
        "To surrender to an alliance, the allies vote `draw` in the same phase.",
    ]
    assert await france_votes(table) == [VoteKind.SURRENDER]
    assert await france_orders(table) == [("PAR", "A PAR - BUR")]


async def test_a_vote_word_with_text_that_is_not_orders_does_nothing(table: Table) -> None:
    lines = await table.play("carol@dm> draw; no")
    assert lines == [
        "[dm:carol] `draw` with other lines after it counts only if every line is an order, "
        "so `draw; no` was not done. Write `draw` alone to vote, or `order` before your "
        "orders to see which could not be read."
    ]
    assert await france_votes(table) == []


async def test_a_vote_among_orders_with_a_typo_counts_as_written(table: Table) -> None:
    # the orders start as orders do: each is answered, and the vote written with them counts
    lines = await table.play("carol@dm> A Par-Bur; SURRENDER; A Mun-Ber")
    assert said(lines, "dm:carol")[:3] == [
        "Orders: 1 accepted, 1 not accepted",
        "✓ A PAR - BUR",
        "✗ A Mun-Ber — illegal: you have no unit in MUN",
    ]
    assert said(lines, "dm:carol")[4].startswith("France surrenders when Spring 1901")
    assert await france_votes(table) == [VoteKind.SURRENDER]


# Answers quote an excerpt ----------------------------------------------------------------------


async def test_a_long_bad_input_is_quoted_as_an_excerpt(table: Table) -> None:
    junk = "z" * 3000
    lines = await table.play(f"carol@dm> order A Par-{junk}")
    assert said(lines, "dm:carol")[1] == (
        f"✗ A Par-{'z' * 54}… — invalid: unknown province '{'z' * 60}…'"
    )
    lines = await table.play(f"carol@dm> A Par-Bur {junk}")
    assert said(lines, "dm:carol")[1] == (
        f"✗ A Par-Bur {'z' * 50}… — invalid: could not read the order from '{'z' * 60}…' on"
    )
    lines = await table.play(f"carol@dm> {junk}")
    assert lines == [f"[dm:carol] `{'z' * 60}…` is not a command. `help` lists every command."]
    lines = await table.play(f"carol@dm> press {junk} hello")
    assert said(lines, "dm:carol")[0].startswith(f"`{'z' * 60}…` is no power of standard")
    for line in await table.play(f"carol@dm> game {junk} orders"):
        assert len(line) < 200
