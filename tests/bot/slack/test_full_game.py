"""A whole game year of seven Slack players through slack_bolt and the fake Web API: orders by
DM, by slash command and by the modal; results with the map in the channel, and in the DM of
each power that must retreat or build; a retreat and builds; and before each phase resolves,
no message anyone could read shows another power's orders."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from tests.bot.service.harness import PNG
from tests.bot.slack.fake_slack import FakeSlack, Post
from tests.bot.slack.table import ADMIN, GAME, GM, PLAYERS, STRANGER, SlackTable, slack_table

AUSTRIA, ENGLAND, FRANCE, GERMANY = (
    PLAYERS["AUSTRIA"],
    PLAYERS["ENGLAND"],
    PLAYERS["FRANCE"],
    PLAYERS["GERMANY"],
)
POWER_OF = {user: power for power, user in PLAYERS.items()}


def assert_secret(slack: FakeSlack, since: int, orders: Mapping[str, Sequence[str]]) -> None:
    """Nothing posted since ``since`` shows an order to anyone but its own power."""
    for post in slack.posts[since:]:
        readers = slack.readers(post)
        for power, texts in orders.items():
            for order in texts:
                if order not in post.text:
                    continue
                assert readers is not None, f"{power}'s {order!r} was posted in {post.channel}"
                strangers = {r for r in readers if POWER_OF.get(r) != power}
                assert not strangers, f"{power}'s {order!r} reached {strangers}"


def results_posts(slack: FakeSlack, since: int, phase: str) -> list[Post]:
    return [p for p in slack.in_channel(GAME, since=since) if f"{phase} — results" in p.text]


async def check_results(table: SlackTable, since: int, phase: str) -> Post:
    """The results of a phase in the channel: a Block Kit summary, then the map beside it."""
    posts = results_posts(table.slack, since, phase)
    assert [p.kind for p in posts] == ["message", "file"]
    summary = posts[0]
    assert summary.blocks[0]["type"] == "header"
    completions = table.slack.calls_to("files.completeUploadExternal")
    into_game = [c for c in completions if c["channel_id"] == GAME]
    uploaded = table.slack.uploads[into_game[-1]["files"][0]["id"]]
    assert uploaded.startswith(PNG)
    return summary


async def check_dm_results(table: SlackTable, since: int, user: str, title: str) -> Post:
    """A power that must act has the results in its DM too: its own orders with their
    outcomes in the message, then the same map uploaded into that DM."""
    dm = table.slack.dm_of(user)
    posts = [p for p in table.slack.posts[since:] if p.channel == dm and title in p.text]
    assert [p.kind for p in posts] == ["message", "file"]
    uploads = [
        c for c in table.slack.calls_to("files.completeUploadExternal") if c["channel_id"] == dm
    ]
    assert uploads, "no map uploaded into the DM"
    into_game = [
        c for c in table.slack.calls_to("files.completeUploadExternal") if c["channel_id"] == GAME
    ]
    dm_map = table.slack.uploads[uploads[-1]["files"][0]["id"]]
    assert dm_map.startswith(PNG)
    assert dm_map == table.slack.uploads[into_game[-1]["files"][0]["id"]]
    return posts[0]


async def test_a_game_year_with_a_retreat_and_builds(tmp_path: Path) -> None:
    async with slack_table(tmp_path) as table:
        slack = table.slack
        await table.seven_players()
        welcome = [p for p in slack.received(ENGLAND) if "you play England" in p.text]
        assert welcome and welcome[0].channel == slack.dm_of(ENGLAND)

        # Spring 1901: orders by DM, by slash command, by the modal; clicks and questions.
        mark = len(slack.posts)
        await table.dm(FRANCE, "A Par-Pic, A Mar-Gas, F Bre-MAO")
        assert "✓ A PAR - PIC" in slack.received(FRANCE, since=mark)[-1].text
        await table.slash(GERMANY, "order A Mun-Bur; F Kie-Den")
        echo = slack.posts[-1]
        assert (echo.kind, echo.channel, echo.user) == ("ephemeral", GAME, GERMANY)
        assert "✓ A MUN - BUR" in echo.text
        modal = await table.enter_orders(ENGLAND, channel=slack.dm_of(ENGLAND))
        assert modal is not None
        assert [b["label"]["text"] for b in modal["blocks"]] == ["A LVP", "F EDI", "F LON"]
        picks = {"F LON": "F LON - NTH", "F EDI": "F EDI - NWG", "A LVP": "A LVP - YOR"}
        await table.submit(ENGLAND, modal, picks)
        assert "3 accepted" in slack.received(ENGLAND)[-1].text
        await table.click(GERMANY, "ready")
        assert "You are ready" in slack.posts[-1].text
        await table.slash(AUSTRIA, "status")
        await table.slash(PLAYERS["ITALY"], "map")
        assert_secret(
            slack,
            mark,
            {
                "FRANCE": ["A PAR - PIC", "A MAR - GAS", "F BRE - MAO", "A Par-Pic"],
                "GERMANY": ["A MUN - BUR", "F KIE - DEN", "A Mun-Bur"],
                "ENGLAND": ["F LON - NTH", "F EDI - NWG", "A LVP - YOR"],
            },
        )
        await table.slash(GM, "process")
        assert "adjudicated" in slack.received(GM)[-1].text
        await table.deliver()
        summary = await check_results(table, mark, "Spring 1901")
        assert "A MUN - BUR" in summary.text and "F LON - NTH" in summary.text

        # Fall 1901: France drives Germany out of Burgundy; a stranger may not process.
        mark = len(slack.posts)
        await table.dm(FRANCE, "A Gas-Bur\nA Pic S A Gas-Bur\nF MAO-Por")
        await table.dm(GERMANY, "/dip order A Bur H; F Den H")
        assert "2 accepted" in slack.received(GERMANY, since=mark)[-1].text
        await table.slash(STRANGER, "process")
        assert "Only the game master" in slack.received(STRANGER)[-1].text
        assert await table.deliver() == 0
        assert_secret(
            slack,
            mark,
            {
                "FRANCE": ["A GAS - BUR", "A PIC S A GAS - BUR", "F MAO - POR"],
                "GERMANY": ["A BUR H", "F DEN H"],
            },
        )
        await table.slash(ADMIN, "process")
        await table.deliver()
        await check_results(table, mark, "Fall 1901")
        retreat = [p for p in slack.received(GERMANY, since=mark) if "dislodged" in p.text]
        assert retreat and "RUH" in retreat[0].text
        dm = await check_dm_results(table, mark, GERMANY, "Fall 1901 retreats — Germany to act")
        assert "Your orders in Fall 1901" in dm.text and "A BUR H" in dm.text
        assert "A GAS - BUR" not in dm.text  # France's orders are in the channel, not here
        buttons = [(e["text"]["text"], e["value"]) for e in dm.blocks[-1]["elements"]]
        assert buttons == [
            ("Enter orders", "order"),
            ("Possible orders", "game hague possible"),
            ("My orders", "game hague orders"),
            ("Map", "game hague map"),
        ]

        # Fall 1901 retreats: Germany retreats by the modal opened from that DM.
        mark = len(slack.posts)
        modal = await table.enter_orders(GERMANY, channel=slack.dm_of(GERMANY))
        assert modal is not None
        options = [o["value"] for o in modal["blocks"][0]["element"]["options"]]
        assert "A BUR R RUH" in options and "A BUR D" in options
        assert "A BUR R GAS" not in options  # where the attack came from
        await table.submit(GERMANY, modal, {"A BUR": "A BUR R RUH"})
        assert "✓ A BUR R RUH" in slack.received(GERMANY, since=mark)[-1].text
        assert_secret(slack, mark, {"GERMANY": ["A BUR R RUH"]})
        await table.slash(GM, "process")
        await table.deliver()
        await check_results(table, mark, "Fall 1901 retreats")
        build = await check_dm_results(
            table, mark, FRANCE, "Winter 1901 adjustments — France to act"
        )
        assert "Your orders in Fall 1901 retreats" not in build.text  # France had none

        # Winter 1901: France builds by DM, Germany by the modal.
        mark = len(slack.posts)
        assert "You may build" in build.text
        await table.dm(FRANCE, "build A Par")
        assert "✓ A PAR B" in slack.received(FRANCE, since=mark)[-1].text
        modal = await table.enter_orders(GERMANY, channel=slack.dm_of(GERMANY))
        assert modal is not None
        sites = [b["label"]["text"] for b in modal["blocks"]]
        assert sites == ["Build in KIE", "Build in MUN"]
        await table.submit(GERMANY, modal, {"Build in MUN": "A MUN B"})
        assert "✓ A MUN B" in slack.received(GERMANY, since=mark)[-1].text
        assert_secret(slack, mark, {"FRANCE": ["A PAR B"], "GERMANY": ["A MUN B"]})
        await table.slash(GM, "process")
        await table.deliver()
        summary = await check_results(table, mark, "Winter 1901 adjustments")
        assert "A PAR B" in summary.text and "A MUN B" in summary.text
        assert "built" in summary.text

        # Spring 1902 is open, with the new units.
        await table.slash(FRANCE, "orders")
        assert "A PAR" in slack.posts[-1].text and "Spring 1902" in slack.posts[-1].text
