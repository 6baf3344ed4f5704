"""What players write never becomes a live link or mention on Discord: a masked link in press,
a report or a name shows as typed, and a mention as its text, as Slack shows them."""

from __future__ import annotations

from bot.frontends.discord.embeds import inert, render
from bot.service import Line, Message, Section
from tests.bot.discord.table import DiscordTable

LINK = "[click](https://evil.example)"


async def test_press_to_the_channel_shows_a_masked_link_as_typed(table: DiscordTable) -> None:
    await table.slash("master", "newgame", name="hague", press="public")
    for user, power in (("alice", "france"), ("bob", "england")):
        await table.slash(user, "join", powers=power)
    await table.slash("master", "gm start")
    await table.deliver()
    master = table.user("master")
    sent = await table.slash("alice", "press", to="all", message=f"{LINK} and <@{master.id}>")
    sent += await table.deliver()
    posted = [s for s in sent if s.public and "and" in s.text()]
    assert posted, [s.text() for s in sent]
    shown = posted[0].text()
    assert "\\[click\\](https://evil.example)" in shown
    assert f"\\<@{master.id}>" in shown
    assert "[click](" not in shown


def test_lines_are_inert_but_inline_code_and_the_bots_own_markup_are_kept() -> None:
    assert inert(f"from {LINK}") == "from \\[click\\](https://evil.example)"
    assert inert("<@123> <@&4> <#5> <t:1:R> </dip:6>") == (
        "\\<@123> \\<@&4> \\<#5> \\<t:1:R> \\</dip:6>"
    )
    assert inert("write `join with <@U1|zoe>` [a] < b") == "write `join with <@U1|zoe>` [a] < b"
    (part,) = render(Message(title="t", sections=(Section(None, (Line(LINK, emphasis=True),)),)))
    assert part.embeds[0].description == "**\\[click\\](https://evil.example)**"
