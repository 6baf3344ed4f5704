"""The App Home tab: my games, their phase and deadline, and whether my orders are in."""

from __future__ import annotations

from tests.bot.slack import signed
from tests.bot.slack.fake_slack import texts_in
from tests.bot.slack.table import GM, PLAYERS, STRANGER, SlackTable

FRANCE = PLAYERS["FRANCE"]


def shown(view: dict[str, object]) -> str:
    return "\n".join(texts_in(view))


async def test_home_lists_my_game_and_my_orders(started: SlackTable) -> None:
    view = await started.open_home(FRANCE)
    assert view["type"] == "home"
    text = shown(view)
    assert "hague: Spring 1901" in text
    assert "You play France." in text
    assert "still missing for A MAR, A PAR, F BRE" in text
    assert "<!date^1767776400^{date_short_pretty} {time}|" in text
    assert "<#C0GAME0001>" in text
    await started.dm(FRANCE, "A Par-Bur, A Mar-Spa, F Bre-MAO")
    await started.click(FRANCE, "ready")
    text = shown(await started.open_home(FRANCE))
    assert "Your orders are all in." in text and "You are ready." in text
    # Germany's page says nothing of France's orders.
    assert "A PAR - BUR" not in shown(await started.open_home(PLAYERS["GERMANY"]))


async def test_home_of_someone_in_no_game(table: SlackTable) -> None:
    assert "You play in no game yet." in shown(await table.open_home(STRANGER))
    await table.slash(GM, "newgame hague")
    await table.slash(FRANCE, "join")
    assert "hague: forming" in shown(await table.open_home(FRANCE))


async def test_the_messages_tab_publishes_nothing(started: SlackTable) -> None:
    event = {"user": FRANCE, "channel": started.slack.dm_of(FRANCE), "tab": "messages"}
    body = signed.event_body(event, "event_app_home_opened", "EvTAB0000001")
    await started.dispatch(body, signed.JSON)
    assert FRANCE not in started.slack.views
