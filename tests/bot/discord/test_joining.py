"""Joining a team on Discord: `/dip join` has a user option, `with:`, as Discord users
expect; the person picked there is the one whose team is joined."""

from __future__ import annotations

from typing import Any

from tests.bot.discord.table import DiscordTable


async def test_join_with_a_member_picked_in_the_option(table: DiscordTable) -> None:
    await table.slash("master", "newgame", name="hague", teams="any")
    await table.slash("alice", "join", powers="france")
    alice = table.user("alice")
    # `with` is a word Python keeps for itself: the option is given by name
    picked: dict[str, Any] = {"with": alice}
    sent = await table.slash("bob", "join", **picked)
    shown = "\n".join(s.text() for s in sent)
    assert "Bob joined Alice's team in hague: Alice, Bob (1 of 7 teams)." in shown
    assert "You are in a team with Alice's" in shown


async def test_join_with_a_mention_in_a_dm(table: DiscordTable) -> None:
    await table.slash("master", "newgame", name="hague", teams="any")
    await table.slash("alice", "join")
    alice = table.user("alice")
    sent = await table.dm("bob", f"game hague join with <@{alice.id}>", mentions=[alice])
    assert "You are in a team with Alice's: Alice, Bob." in "\n".join(s.text() for s in sent)


async def test_a_name_typed_after_at_is_refused_with_how_to_pick(table: DiscordTable) -> None:
    await table.slash("master", "newgame", name="hague", teams="any")
    await table.slash("alice", "join")
    (reply,) = await table.slash("bob", "join", powers="with @alice")
    assert not reply.public
    assert reply.text().startswith("`@alice` names nobody I can tell: type @ and pick")


async def test_a_mention_typed_in_the_powers_option_names_that_member(
    table: DiscordTable,
) -> None:
    await table.slash("master", "newgame", name="hague", teams="any")
    await table.slash("alice", "join")
    alice = table.user("alice")
    sent = await table.slash("bob", "join", powers=f"with <@{alice.id}>")
    assert "You are in a team with" in "\n".join(s.text() for s in sent)
