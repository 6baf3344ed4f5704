"""The orders modal of a Diplomacia game on the shipped board: a port seizure and a convoy
hop are offered in the unit's menu, and picking them stores exactly those orders."""

from __future__ import annotations

from bot.store import Order
from tests.bot.slack.table import GAME, GM, PLAYERS, SlackTable

TURKEY, RUSSIA = PLAYERS["TURKEY"], PLAYERS["RUSSIA"]


async def test_the_modal_offers_a_seizure_and_a_hop_and_submits_them(table: SlackTable) -> None:
    await table.slash(GM, "newgame hague variant=diplomacia")
    await table.slash(TURKEY, "join turkey")
    await table.slash(RUSSIA, "join russia")
    await table.slash(GM, "start")
    await table.deliver()
    await table.dm(TURKEY, "order A CON - GRE; F ICA - LVS")
    await table.slash(GM, "process")
    await table.deliver()

    view = await table.enter_orders(TURKEY)
    assert view is not None
    menus = {
        block["label"]["text"]: [o["value"] for o in block["element"]["options"]]
        for block in view["blocks"]
    }
    assert "A GRE ZP MYR" in menus["A GRE"], "the port of Piraeus lies off Greece"
    assert "F LVS C SMY - EGY" in menus["F LVS"], "a hop from Ionia to Egypt"
    assert "A SMY - EGY" in menus["A SMY"]
    picks = {"A GRE": "A GRE ZP MYR", "F LVS": "F LVS C SMY - EGY", "A SMY": "A SMY - EGY"}
    await table.submit(TURKEY, view, picks)
    echo = table.slack.posts[-1]
    assert (echo.kind, echo.channel, echo.user) == ("ephemeral", GAME, TURKEY)
    assert "Orders: 3 accepted" in echo.text
    assert sorted(o.canonical_text for o in await table.rows(Order)) == [
        "A CON - GRE",
        "A GRE ZP MYR",
        "A SMY - EGY",
        "F ICA - LVS",
        "F LVS C SMY - EGY",
    ]
