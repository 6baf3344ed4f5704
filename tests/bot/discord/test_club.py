"""The club on Discord: `/club` commands, and a seat advertised to the server's lobby channel,
answered there with the advert's button, and handed over from the game master's DM."""

from __future__ import annotations

from tests.bot.discord.table import GAME_CHANNEL, OTHER_CHANNEL, DiscordTable


async def test_a_lobby_answered_from_another_channel(table: DiscordTable) -> None:
    await table.seven_players()
    sent = await table.slash(
        "owner", "club", under="club", admin=True, lobby="here", channel=OTHER_CHANNEL
    )
    assert "Lobby: this channel." in sent[-1].text()
    await table.slash("master", "gm kick", power="england")
    adverts = [s for s in await table.deliver() if s.channel_id == OTHER_CHANNEL]
    (advert,) = adverts
    assert "hague needs a player for England" in advert.text()
    assert "England in hague is in civil disorder: 3 supply centres, 3 units" in advert.text()
    # zoe answers in the lobby with the advert's button
    await table.press("zoe", advert, "Play England")
    dms = [s for s in await table.deliver() if s.kind == "dm"]
    (offer,) = [s for s in dms if "volunteers to play England" in s.text()]
    assert offer.only(table.user("master").id)
    # the game master hands it over with one click in the DM
    await table.press("master", offer, "Hand England to Zoe")
    handed = await table.deliver()
    channel = "\n".join(s.text() for s in handed if s.channel_id == GAME_CHANNEL)
    assert "Zoe now plays England." in channel
    briefing = [s for s in handed if s.kind == "dm" and s.only(table.user("zoe").id)]
    assert any("hague: you now play England" in s.text() for s in briefing)


async def test_standings_are_a_club_command(table: DiscordTable) -> None:
    await table.seven_players()
    for user in ("alice", "bob", "carol", "dave", "eve", "frank", "grace"):
        await table.slash(user, "draw")
    await table.advance(days=3)
    await table.deliver()
    (reply,) = await table.slash("zoe", "standings", under="club", channel=OTHER_CHANNEL)
    assert reply.public
    # a draw of seven by sum of squares: Russia 16 / (6 × 9 + 16) = 22.9, the others 9/70
    assert "Standings of the club (1 game finished)" in reply.text()
    assert "1. Frank: 22.9 points (1 game; 1 draw)" in reply.text()
    assert "Alice: 12.9 points (1 game; 1 draw)" in reply.text()


async def test_a_vote_to_extend_is_secret_until_it_passes(table: DiscordTable) -> None:
    await table.seven_players()
    players = ("alice", "bob", "carol", "dave", "eve", "frank")
    for user in players:
        (reply,) = await table.slash(user, "vote", under="club", vote="extend", by="12h")
        assert reply.only(table.user(user).id)
        assert "is counted, in secret" in reply.text()
    sent = await table.slash("grace", "vote", under="club", vote="extend", by="12h")
    shown = [s for s in sent if s.public]
    assert shown and "The players voted to extend the deadline by 12 hours." in shown[0].text()
