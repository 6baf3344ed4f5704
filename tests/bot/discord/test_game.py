"""A whole game of seven Discord users through the front end: slash commands, autocomplete,
the order menus, DMs, buttons and the outbox; a dislodgement, a retreat and builds; and no
order seen by anyone but its power before the phase resolves, nor written to a log."""

from __future__ import annotations

import logging
from collections.abc import Sequence

import pytest

from tests.bot.discord.standins import Sent
from tests.bot.discord.table import (
    GAME_CHANNEL,
    GUILD,
    PNG,
    POWERS,
    SEVEN,
    DiscordTable,
    texts,
)


def assert_secret(sent: Sequence[Sent], secrets: dict[str, int]) -> None:
    """Each order text was shown to its own player alone (by id), if at all."""
    for message in sent:
        body = message.text()
        for order, owner in secrets.items():
            if order in body:
                assert message.seen_by == frozenset({owner}), (
                    f"{order!r} reached {message.seen_by or 'the whole channel'} "
                    f"in a {message.kind} message"
                )


def channel_posts(sent: Sequence[Sent]) -> list[Sent]:
    return [s for s in sent if s.kind == "channel" and s.channel_id == GAME_CHANNEL]


def field(message: Sent, name: str) -> str:
    for embed in message.embeds:
        for embed_field in embed.fields:
            if embed_field.name == name:
                return embed_field.value or ""
    raise AssertionError(f"no field {name!r} in {message.text()!r}")


async def test_seven_players_play_to_builds_in_secret(
    table: DiscordTable, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="bot")
    caplog.set_level(logging.DEBUG, logger="discord")
    await table.slash("master", "newgame", name="hague")
    for user, power in zip(SEVEN, POWERS, strict=True):
        joined = await table.slash(user, "join", powers=power)
        assert any(s.public and "joined hague" in s.text() for s in joined)
    started = await table.slash("master", "gm start")
    assert any(s.public and "hague has begun" in s.text() for s in started)
    welcome = await table.deliver()
    alice, carol, frank = (table.user(n) for n in ("alice", "carol", "frank"))
    for name in SEVEN:
        (dm,) = [s for s in welcome if s.kind == "dm" and s.only(table.user(name).id)]
        assert "hague: you play" in dm.text()
        assert dm.buttons() == {
            "Possible orders": f"dip:c:{GUILD}:game hague possible",
            "My orders": f"dip:c:{GUILD}:game hague orders",
            "Map": f"dip:c:{GUILD}:game hague map",
            "Enter orders": f"dip:o:{GUILD}",
        }
    mark = len(table.sent)

    # Spring 1901: by slash command, by bare orders in a DM, and by the menus.
    answer = await table.slash("alice", "order", orders="A Bud-Ser; A Vie-Bud; F Tri-Alb")
    (echo,) = answer
    assert echo.only(alice.id) and "✓ A BUD - SER" in echo.text()
    answer = await table.dm("frank", "F Sev-Rum")
    assert len(answer) == 1 and answer[0].only(frank.id)
    assert "✓ F SEV - RUM" in answer[0].text()
    (menus,) = await table.slash("carol", "order")
    assert menus.only(carol.id)
    (menus,) = await table.choose("carol", menus, "A PAR")
    (menus,) = await table.choose("carol", menus, "A PAR - BUR")
    assert "✓ A PAR - BUR" in menus.text() and menus.only(carol.id)
    await table.slash("alice", "orders")
    await table.slash("bob", "status")
    secrets = {"A BUD - SER": alice.id, "F SEV - RUM": frank.id, "A PAR - BUR": carol.id}
    assert_secret(table.sent[mark:], secrets)
    assert_secret(await table.deliver(), secrets)

    processed = await table.slash("master", "gm process", admin=False)
    results = channel_posts(await table.deliver())
    assert texts(processed + results).count("Spring 1901") >= 1
    (spring,) = [s for s in results if "results" in (s.embeds[0].title or "").lower()]
    assert "A BUD - SER  ✓ moved" in field(spring, "Austria")
    assert "F SEV - RUM  ✓ moved" in field(spring, "Russia")
    assert spring.files == [("map.png", PNG + b"S1901M:None", spring.files[0][2])]
    assert spring.embeds[-1].image.url == "attachment://map.png"
    assert "<t:" in field(spring, "Deadline") and ":R>" in field(spring, "Deadline")
    mark = len(table.sent)

    # Fall 1901: Austria dislodges the Russian fleet in Rumania.
    await table.slash("alice", "order", orders="A Bud-Rum; A Ser S A Bud-Rum; F Alb-Gre")
    secrets = {"A BUD - RUM": alice.id, "A SER S A BUD - RUM": alice.id, "F ALB - GRE": alice.id}
    assert_secret(table.sent[mark:], secrets)
    await table.slash("master", "gm process")
    fall = channel_posts(await table.deliver())
    (fall_results,) = [s for s in fall if "Fall 1901" in (s.embeds[0].title or "")]
    assert "F RUM" in field(fall_results, "Dislodged")
    assert "SEV" in field(fall_results, "Dislodged")
    choices = [s for s in table.sent if s.kind == "dm" and "retreat" in s.text().lower()]
    assert choices and all(s.only(frank.id) for s in choices)
    # Frank's DM tells what happened to Russia, with the same map attached.
    (to_act,) = [s for s in choices if "Russia to act" in s.text()]
    assert "F RUM" in field(to_act, "Your orders in Fall 1901")
    assert "A BUD - RUM" not in to_act.text()  # Austria's orders are in the channel only
    assert to_act.files == [("map.png", fall_results.files[0][1], to_act.files[0][2])]
    assert to_act.embeds[-1].image.url == "attachment://map.png"
    assert set(to_act.buttons()) == {"Possible orders", "My orders", "Map", "Enter orders"}

    # Fall 1901 retreats: autocomplete offers the retreats, the order takes one.
    suggested = await table.complete("frank", "order", "orders", "rum")
    assert set(suggested) == {"F RUM R BLA", "F RUM R BUL/EC", "F RUM R SEV", "F RUM D"}
    (echo,) = await table.slash("frank", "order", orders="F RUM R SEV")
    assert echo.only(frank.id) and "✓ F RUM R SEV" in echo.text()
    await table.slash("master", "gm process")
    retreats = channel_posts(await table.deliver())
    assert "F RUM R SEV  ✓ retreated" in texts(retreats)

    # Winter 1901: three builds for Austria, from the suggested build sites.
    sites = await table.complete("alice", "order", "orders", "")
    assert sorted(sites) == ["Build in BUD", "Build in TRI", "Build in VIE"]
    trieste = await table.complete("alice", "order", "orders", "Build in TRI")
    assert sorted(trieste) == ["A TRI B", "F TRI B", "WAIVE"]
    mark = len(table.sent)
    (echo,) = await table.slash("alice", "order", orders="A VIE B; A BUD B; F TRI B")
    assert "Orders: 3 accepted" in echo.text()
    assert_secret(table.sent[mark:], {"A VIE B": alice.id, "F TRI B": alice.id})
    await table.slash("master", "gm process")
    winter = channel_posts(await table.deliver())
    built = texts(winter)
    assert "A VIE B  ✓ built" in built and "F TRI B  ✓ built" in built
    assert "Spring 1902" in built

    # Nothing a player ordered was ever logged.
    logged = "\n".join(r.getMessage() for r in caplog.records)
    for order in ("BUD - SER", "SEV - RUM", "PAR - BUR", "RUM R SEV", "TRI B"):
        assert order not in logged
