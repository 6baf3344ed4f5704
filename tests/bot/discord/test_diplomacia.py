"""The order menus of a Diplomacia game on the shipped board: a port seizure and a convoy hop
are offered among a unit's orders, and choosing them gives exactly those orders."""

from __future__ import annotations

import discord

from tests.bot.discord.standins import Sent
from tests.bot.discord.table import DiscordTable


def options(menus: Sent) -> list[str]:
    assert menus.view is not None
    children = [getattr(i, "item", i) for i in menus.view.children]
    (menu,) = [i for i in children if isinstance(i, discord.ui.Select)]
    return [o.label for o in menu.options]


async def test_the_menus_offer_a_seizure_and_a_hop_and_send_them(table: DiscordTable) -> None:
    await table.slash("master", "newgame", name="hague", variant="diplomacia")
    await table.slash("alice", "join", powers="turkey")
    await table.slash("bob", "join", powers="russia")
    await table.slash("master", "gm start")
    await table.deliver()
    await table.slash("alice", "order", orders="A CON - GRE; F ICA - LVS")
    await table.slash("master", "gm process")
    await table.deliver()

    (menus,) = await table.slash("alice", "order")
    (menus,) = await table.choose("alice", menus, "A GRE")
    assert "A GRE ZP MYR" in options(menus), "the port of Piraeus lies off Greece"
    (menus,) = await table.choose("alice", menus, "A GRE ZP MYR")
    assert "✓ A GRE ZP MYR" in menus.text() and menus.only(table.user("alice").id)

    (menus,) = await table.choose("alice", menus, "F LVS")
    # hops are gathered under the area they carry the army from
    (menus,) = await table.choose("alice", menus, "F LVS C SMY …")
    assert "F LVS C SMY - EGY" in options(menus)
    (menus,) = await table.choose("alice", menus, "F LVS C SMY - EGY")
    assert "✓ F LVS C SMY - EGY" in menus.text()
    (menus,) = await table.choose("alice", menus, "A SMY")
    (menus,) = await table.choose("alice", menus, "A SMY - EGY")
    (mine,) = await table.slash("alice", "orders")
    for order in ("A GRE ZP MYR", "A SMY - EGY", "F LVS C SMY - EGY"):
        assert order in mine.text()
