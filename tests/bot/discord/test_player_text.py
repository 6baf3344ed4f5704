"""What players write never becomes a live link or mention on Discord: a masked link in press,
a report or a name shows as typed, and a mention as its text, as Slack shows them.

A zero-width space keeps them apart: Discord makes a masked link only of "](" and a mention
only of a "<" followed by "@", "#" and the like, and shows the space as nothing."""

from __future__ import annotations

import re

import pytest

from bot.frontends.discord.embeds import inert, render
from bot.service import Line, Message, Section
from tests.bot.discord.table import DiscordTable

LINK = "[click](https://evil.example)"
ZERO_WIDTH = "\u200b"
# What Discord reads as a masked link or a mention (its markdown's rules, simplified)
LIVE = re.compile(r"\]\(|<[@#:/]|<[a-z]+:")


def as_seen(text: str) -> str:
    """The text as a reader sees it: the zero-width spaces show as nothing."""
    return text.replace(ZERO_WIDTH, "")


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
    assert f"{LINK} and <@{master.id}>" in as_seen(shown)
    assert not LIVE.search(shown), shown


# the ways round an escape a player may try: code that Discord does not read as code, a
# backslash of their own, brackets inside the label, emphasis around a backtick
@pytest.mark.parametrize(
    "text",
    [
        LINK,
        f"`{LINK}``",
        f"\\`{LINK}`",
        f"\\{LINK}",
        "[[click]](https://evil.example)",
        "[a]b](https://evil.example)",
        f"*a `b* {LINK}`",
        "[click](<https://evil.example>)",
        "<@123> <@!1> <@&4> <#5> <t:1:R> </dip:6> <id:customize> <a:x:7>",
        "`<@123>` ``<#5>``",
    ],
)
def test_nothing_a_player_types_is_live_and_everything_shows_as_typed(text: str) -> None:
    shown = inert(text)
    assert not LIVE.search(shown), shown
    assert as_seen(shown) == text


def test_the_bots_own_markup_and_plain_brackets_are_kept() -> None:
    plain = "write `join with alice` [a] (b) < b, 2 < 3, **bold**"
    assert inert(plain) == plain
    (part,) = render(Message(title="t", sections=(Section(None, (Line(LINK, emphasis=True),)),)))
    description = part.embeds[0].description
    assert description is not None
    assert description.startswith("**[click]") and description.endswith("**")
    assert as_seen(description) == f"**{LINK}**" and not LIVE.search(description)
