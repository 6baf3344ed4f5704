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


async def test_a_person_typed_in_the_powers_option_is_refused_with_where_it_goes(
    table: DiscordTable,
) -> None:
    """The options reach the service as values, never joined into a line: `with @alice`
    typed into `powers` is no power, and the refusal names the option the person goes in."""
    await table.slash("master", "newgame", name="hague", teams="any")
    await table.slash("alice", "join")
    alice = table.user("alice")
    for typed in ("with @alice", f"with <@{alice.id}>"):
        (reply,) = await table.slash("bob", "join", powers=typed)
        assert not reply.public
        # a mention echoed is kept from being live by a zero-width space, which shows as nothing
        seen = reply.text().replace("\u200b", "")
        assert seen.startswith(f"`{typed}` was typed in the powers option: `powers` takes")
        assert "give `with` in an option of its own. Usage: `join " in reply.text()
    (reply,) = await table.slash("alice", "players")
    assert "Bob" not in reply.text()
