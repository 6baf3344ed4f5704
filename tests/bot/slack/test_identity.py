"""Who may use the game master's commands: the game's creator and the workspace's admins and
owners, as Slack says (users.info), whatever name a request carries."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode

from bot.frontends.slack.identity import Directory
from bot.frontends.slack.runner import web_client
from bot.store import Phase, PhaseStatus
from tests.bot.slack import signed
from tests.bot.slack.fake_slack import FakeSlack
from tests.bot.slack.table import ADMIN, GAME, GM, PLAYERS, STRANGER, SlackTable


async def open_phases(table: SlackTable) -> list[str]:
    return [p.name for p in await table.rows(Phase) if p.status == PhaseStatus.OPEN]


async def test_a_gm_command_from_a_player_is_refused(started: SlackTable) -> None:
    await started.slash(PLAYERS["FRANCE"], "process")
    post = started.slack.posts[-1]
    assert (post.kind, post.user) == ("ephemeral", PLAYERS["FRANCE"])
    assert "Only the game master of hague" in post.text
    await started.slash(STRANGER, "pause")
    assert "Only the game master of hague" in started.slack.posts[-1].text
    assert await open_phases(started) == ["S1901M"]
    assert await started.deliver() == 0


async def test_a_claimed_name_gives_no_rights(started: SlackTable) -> None:
    fields = dict(parse_qsl(signed.slash_body(STRANGER, "process", GAME)))
    fields["user_name"] = "Ada Admin"
    await started.dispatch(urlencode(fields), signed.FORM)
    assert "Only the game master" in started.slack.posts[-1].text
    assert await open_phases(started) == ["S1901M"]


async def test_admins_and_owners_may_use_gm_commands(started: SlackTable) -> None:
    await started.slash(ADMIN, "pause")
    assert "paused" in started.slack.posts[-1].text.lower()
    started.slack.add_user("U0OWNER001", "Olga Owner", owner=True)
    await started.slash("U0OWNER001", "resume")
    assert "resume" in started.slack.posts[-1].text.lower()
    await started.slash(GM, "process")
    assert await open_phases(started) == ["F1901M"]


async def test_users_info_is_asked_once_a_minute(slack: FakeSlack) -> None:
    now = [0.0]
    client = web_client("xoxb-test", slack.api_url)
    directory = Directory(client, clock=lambda: now[0])
    first = await directory.actor("T1", ADMIN)
    assert (first.display_name, first.is_admin, first.platform) == ("Ada Admin", True, "slack")
    await directory.actor("T1", ADMIN)
    assert len(slack.calls_to("users.info")) == 1
    slack.users[ADMIN]["is_admin"] = False  # demoted
    now[0] = 61.0
    assert not (await directory.actor("T1", ADMIN)).is_admin
    assert len(slack.calls_to("users.info")) == 2


async def test_a_failed_lookup_grants_nothing(slack: FakeSlack) -> None:
    client = web_client("xoxb-test", slack.api_url)
    directory = Directory(client)
    slack.fail("users.info", "internal_error")
    actor = await directory.actor("T1", ADMIN)
    assert (actor.display_name, actor.is_admin) == (ADMIN, False)
    assert (await directory.actor("T1", ADMIN)).is_admin  # not remembered: asked again
    slack.users[ADMIN]["deleted"] = True
    assert not (await Directory(client).actor("T1", ADMIN)).is_admin
