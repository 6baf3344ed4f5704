"""Buttons, the orders modal and its searching menus, as Slack posts them; and payloads this
app did not make, refused without a crash and without a write."""

from __future__ import annotations

import json
from urllib.parse import quote

from bot.store import Order
from tests.bot.slack import signed
from tests.bot.slack.table import GAME, GM, PLAYERS, STRANGER, SlackTable

FRANCE = PLAYERS["FRANCE"]


async def test_phase_messages_carry_the_buttons_the_service_chose(started: SlackTable) -> None:
    welcome = next(p for p in started.slack.received(FRANCE) if "you play France" in p.text)
    actions = welcome.blocks[-1]
    assert [(e["text"]["text"], e["value"]) for e in actions["elements"]] == [
        ("Enter orders", "order"),
        ("Possible orders", "game hague possible"),
        ("My orders", "game hague orders"),
        ("Map", "game hague map"),
    ]
    begun = next(p for p in started.slack.in_channel(GAME) if "has begun" in p.text)
    assert [(e["text"]["text"], e["value"]) for e in begun.blocks[-1]["elements"]] == [
        ("Enter orders", "order"),
        ("Ready", "ready"),
        ("My orders", "orders"),
        ("Map", "map"),
    ]


async def test_a_dm_button_names_its_game(started: SlackTable) -> None:
    await started.dm(FRANCE, "order A Par-Bur")
    await started.click(FRANCE, "game hague orders", channel=started.slack.dm_of(FRANCE))
    post = started.slack.posts[-1]
    assert (post.kind, post.channel) == ("message", started.slack.dm_of(FRANCE))
    assert "A PAR - BUR" in post.text


async def test_ready_clicked_in_the_channel_answers_privately(started: SlackTable) -> None:
    response = await started.click(FRANCE, "ready")
    assert (response.status, response.body) == (200, "")
    post = started.slack.posts[-1]
    assert (post.kind, post.channel, post.user) == ("ephemeral", GAME, FRANCE)
    assert "You are ready for Spring 1901" in post.text


async def test_a_button_in_the_dm_answers_there(started: SlackTable) -> None:
    await started.dm(FRANCE, "order A Par-Bur")
    await started.click(FRANCE, "orders", channel=started.slack.dm_of(FRANCE))
    post = started.slack.posts[-1]
    assert (post.kind, post.channel) == ("message", started.slack.dm_of(FRANCE))
    assert "A PAR - BUR" in post.text


async def test_the_modal_from_the_channel(started: SlackTable) -> None:
    view = await started.enter_orders(FRANCE)
    assert view is not None
    assert view["callback_id"] == "dip:orders"
    assert [b["label"]["text"] for b in view["blocks"]] == ["A MAR", "A PAR", "F BRE"]
    paris = [o["value"] for o in view["blocks"][1]["element"]["options"]]
    assert paris[:3] == ["A PAR H", "A PAR - BRE", "A PAR - BUR"]
    assert "A PAR S A MAR - BUR" in paris
    response = await started.submit(FRANCE, view, {"A PAR": "A PAR - BUR", "F BRE": "F BRE - MAO"})
    assert (response.status, response.body) == (200, "")
    echo = started.slack.posts[-1]
    assert (echo.kind, echo.channel, echo.user) == ("ephemeral", GAME, FRANCE)
    assert "Orders: 2 accepted" in echo.text
    assert sorted(o.canonical_text for o in await started.rows(Order)) == [
        "A PAR - BUR",
        "F BRE - MAO",
    ]


async def test_dip_order_alone_opens_the_modal(started: SlackTable) -> None:
    await started.slash(FRANCE, "order", trigger="trigger-slash")
    [view] = started.slack.views["trigger-slash"]
    assert json.loads(view["private_metadata"]) == {
        "channel": GAME,
        "dm": False,
        "game": None,
        "phase": "S1901M",
    }
    await started.slash(FRANCE, "game hague order", trigger="trigger-named")
    [view] = started.slack.views["trigger-named"]
    assert json.loads(view["private_metadata"])["game"] == "hague"
    await started.submit(FRANCE, view, {"A MAR": "A MAR - SPA"})
    assert "✓ A MAR - SPA" in started.slack.posts[-1].text


async def test_a_form_sent_after_its_phase_is_refused_and_the_new_one_offered(
    started: SlackTable,
) -> None:
    spring = await started.enter_orders(FRANCE)
    assert spring is not None
    await started.slash(GM, "process")
    before = await started.rows(Order)
    await started.submit(FRANCE, spring, {"A PAR": "A PAR - BUR"})
    refusal = started.slack.posts[-1]
    assert (refusal.kind, refusal.channel, refusal.user) == ("ephemeral", GAME, FRANCE)
    assert "Spring 1901 is over, so nothing was changed; here is Fall 1901's form." in refusal.text
    assert await started.rows(Order) == before, "a Spring form never orders in the Fall"
    (offer,) = refusal.blocks[-1]["elements"]
    assert (offer["text"]["text"], offer["value"]) == ("Enter orders", "game hague order")
    # The offered form is Fall's.
    await started.click(FRANCE, offer["value"], action_id=offer["action_id"], trigger="t-fall")
    [fall] = started.slack.views["t-fall"]
    assert json.loads(fall["private_metadata"])["phase"] == "F1901M"
    await started.submit(FRANCE, fall, {"A PAR": "A PAR - BUR"})
    assert "✓ A PAR - BUR" in started.slack.posts[-1].text


async def test_submitting_nothing_asks_for_an_order(started: SlackTable) -> None:
    view = await started.enter_orders(FRANCE)
    assert view is not None
    mark = len(started.slack.posts)
    response = await started.submit(FRANCE, view, {})
    assert json.loads(response.body) == {
        "response_action": "errors",
        "errors": {"unit|A MAR": "Choose an order for at least one unit."},
    }
    assert started.slack.posts[mark:] == []


async def test_no_modal_for_someone_with_nothing_to_order(started: SlackTable) -> None:
    assert await started.enter_orders(STRANGER) is None
    post = started.slack.posts[-1]
    assert (post.kind, post.user) == ("ephemeral", STRANGER)
    assert "You do not play in hague" in post.text
    assert await started.enter_orders(GM) is None


async def test_a_modal_that_slack_could_not_open_in_time(started: SlackTable) -> None:
    started.slack.fail("views.open", "expired_trigger_id")
    assert await started.enter_orders(FRANCE) is None
    post = started.slack.posts[-1]
    assert (post.kind, post.user) == ("ephemeral", FRANCE)
    assert "/dip order" in post.text


async def test_a_searching_menu_gets_matching_orders(started: SlackTable) -> None:
    data = signed.as_user(signed.payload("block_suggestion"), FRANCE)
    data["view"]["private_metadata"] = json.dumps({"channel": GAME, "dm": False, "game": None})
    data["value"] = "bur"
    response = await started.dispatch(signed.interactive_body(data), signed.FORM)
    options = [o["value"] for o in json.loads(response.body)["options"]]
    assert options == ["A PAR - BUR", "A PAR S A MAR - BUR", "A PAR S A MUN - BUR"]
    data["block_id"] = "unit|A MUN"  # not France's
    response = await started.dispatch(signed.interactive_body(data), signed.FORM)
    assert json.loads(response.body) == {"options": []}
    stranger = signed.as_user(signed.payload("block_suggestion"), STRANGER)
    stranger["view"]["private_metadata"] = data["view"]["private_metadata"]
    response = await started.dispatch(signed.interactive_body(stranger), signed.FORM)
    assert json.loads(response.body) == {"options": []}


# Payloads this app did not make ------------------------------------------------------------------


async def test_malformed_payloads_are_refused_without_a_write(started: SlackTable) -> None:
    mark = len(started.slack.posts)
    no_user = signed.payload("block_actions")
    del no_user["user"]
    no_value = signed.as_user(signed.payload("block_actions"), FRANCE)
    no_value["actions"][0]["value"] = ""
    forged_form = signed.as_user(signed.payload("view_submission"), FRANCE)
    forged_form["view"]["state"] = {
        "values": {"x": {"y": {"selected_option": {"value": "A PAR - BUR"}}}}
    }
    forged_form["view"]["private_metadata"] = json.dumps({"channel": GAME, "dm": False})
    no_metadata = signed.as_user(signed.payload("view_submission"), FRANCE)
    no_metadata["view"]["state"] = {
        "values": {"unit|A PAR": {"dip:unit_order": {"selected_option": {"value": "A PAR H"}}}}
    }
    bodies = [
        signed.interactive_body(no_user),
        signed.interactive_body(no_value),
        signed.interactive_body(forged_form),
        signed.interactive_body(no_metadata),
        "payload=" + quote(json.dumps({"type": "block_actions"})),
    ]
    for body in bodies:
        response = await started.dispatch(body, signed.FORM)
        assert response.status in (200, 400, 404), body
    assert started.slack.posts[mark:] == []
    assert await started.rows(Order) == []
    # Still serving after all that.
    await started.click(FRANCE, "ready")
    assert "You are ready" in started.slack.posts[-1].text
