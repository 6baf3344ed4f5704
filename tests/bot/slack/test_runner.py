"""`run_slack` as the bot runs it: over HTTP on SLACK_PORT with signed requests, or in Socket
Mode with an app token; SLACK_API_URL pointing the whole front end at the fake Web API."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.config import Settings
from bot.frontends.slack import SlackSettingsError, run_slack
from bot.frontends.slack.endpoint import EVENTS_PATH
from bot.frontends.slack.runner import web_client
from bot.service import GameService
from tests.bot.slack import signed
from tests.bot.slack.fake_slack import FakeSlack
from tests.bot.slack.table import GAME, GM, game_service


def settings(**values: Any) -> Settings:
    # Only what the test gives: no .env file, and these win over the environment.
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def eventually(check: Callable[[], bool], what: str) -> None:
    for _ in range(250):
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"never happened: {what}")


async def until_served(url: str, body: str) -> int:
    """POST once the server listens; the status."""
    for _ in range(250):
        try:
            async with (
                aiohttp.ClientSession() as session,
                session.post(url, data=body, headers=signed.headers(body, signed.FORM)) as reply,
            ):
                return reply.status
        except aiohttp.ClientConnectionError:
            await asyncio.sleep(0.02)
    raise AssertionError("the server never listened")


async def serving(
    service: GameService, config: Settings, body: Callable[[asyncio.Event], Awaitable[None]]
) -> None:
    stop = asyncio.Event()
    task = asyncio.create_task(run_slack(service, config, stop=stop))
    try:
        await body(stop)
    finally:
        stop.set()
        await asyncio.wait_for(task, timeout=10)


async def refused(url: str) -> bool:
    """Whether a connection to ``url`` is refused (nothing listens there)."""
    try:
        async with aiohttp.ClientSession() as session, session.post(url, data=""):
            return False
    except aiohttp.ClientConnectionError:
        return True


@pytest.mark.parametrize("host", [None, "127.0.0.2"])
async def test_http_mode_listens_only_on_its_address(
    slack: FakeSlack, tmp_path: Path, host: str | None
) -> None:
    """By default this machine alone (127.0.0.1), for a reverse proxy beside it; SLACK_HOST
    another address (two loopback addresses stand in for two interfaces)."""
    port = free_port()
    given = {} if host is None else {"slack_host": host}
    config = settings(
        slack_bot_token="xoxb-test",
        slack_signing_secret=signed.SECRET,
        slack_port=port,
        slack_api_url=slack.api_url.rstrip("/"),
        **given,
    )
    serving_on = host or "127.0.0.1"
    other = "127.0.0.3" if host else "127.0.0.2"
    body = signed.slash_body(GM, "help", GAME)

    async def play(stop: asyncio.Event) -> None:
        assert await until_served(f"http://{serving_on}:{port}{EVENTS_PATH}", body) == 200
        assert await refused(f"http://{other}:{port}{EVENTS_PATH}")

    async with game_service(tmp_path) as (service, _, _):
        await serving(service, config, play)


async def test_http_mode_serves_signed_requests(slack: FakeSlack, tmp_path: Path) -> None:
    port = free_port()
    config = settings(
        slack_bot_token="xoxb-test",
        slack_signing_secret=signed.SECRET,
        slack_port=port,
        slack_api_url=slack.api_url.rstrip("/"),
    )
    url = f"http://127.0.0.1:{port}{EVENTS_PATH}"

    async def play(stop: asyncio.Event) -> None:
        assert await until_served(url, signed.slash_body(GM, "newgame hague", GAME)) == 200
        await eventually(lambda: bool(slack.in_channel(GAME)), "the reply in the channel")
        assert "New game: hague" in slack.in_channel(GAME)[0].text
        forged = signed.slash_body(GM, "newgame forged", GAME)
        async with (
            aiohttp.ClientSession() as session,
            session.post(url, data=forged, headers={"content-type": signed.FORM}) as reply,
        ):
            assert reply.status == 401

    async with game_service(tmp_path) as (service, _, _):
        await serving(service, config, play)
    assert not any("forged" in p.text for p in slack.posts)


async def test_socket_mode_serves_envelopes(slack: FakeSlack, tmp_path: Path) -> None:
    config = settings(
        slack_bot_token="xoxb-test", slack_app_token="xapp-test", slack_api_url=slack.api_url
    )

    async def play(stop: asyncio.Event) -> None:
        payload = signed.payload("slash_command")
        payload.update(user_id=GM, text="newgame hague", channel_id=GAME)
        await slack.push(
            {
                "envelope_id": "57d6a792-4d35-4d0b-b6aa-3361493e1caf",
                "type": "slash_commands",
                "payload": payload,
                "accepts_response_payload": True,
            }
        )
        ack = await asyncio.wait_for(slack.socket_acks.get(), timeout=10)
        assert ack["envelope_id"] == "57d6a792-4d35-4d0b-b6aa-3361493e1caf"
        await eventually(lambda: bool(slack.in_channel(GAME)), "the reply in the channel")
        assert "New game: hague" in slack.in_channel(GAME)[0].text

    async with game_service(tmp_path) as (service, _, _):
        await serving(service, config, play)
    opened = slack.calls_to("apps.connections.open")
    assert len(opened) >= 1


async def test_settings_must_say_how_to_reach_slack(tmp_path: Path) -> None:
    async with game_service(tmp_path) as (service, _, _):
        with pytest.raises(SlackSettingsError, match="SLACK_BOT_TOKEN"):
            await run_slack(service, settings(slack_app_token="xapp-test"))
        with pytest.raises(SlackSettingsError, match="SLACK_APP_TOKEN"):
            await run_slack(service, settings(slack_bot_token="xoxb-test"))


def test_the_api_url_may_omit_its_slash() -> None:
    assert web_client("xoxb", "http://127.0.0.1:9/api").base_url == "http://127.0.0.1:9/api/"
