"""Requests over HTTP to the endpoint: signed ones are served; forged, stale or unreadable
ones are refused before anything is read or written."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator

import aiohttp
import pytest
from aiohttp.test_utils import TestServer

from bot.frontends.slack.endpoint import EVENTS_PATH, web_app
from bot.store import Game
from tests.bot.slack import signed
from tests.bot.slack.table import GAME, GM, SlackTable


@pytest.fixture
async def endpoint(table: SlackTable) -> AsyncIterator[str]:
    server = TestServer(web_app(table.front.app), host="127.0.0.1")
    await server.start_server()
    try:
        yield str(server.make_url(EVENTS_PATH))
    finally:
        await server.close()


async def post(url: str, body: str, headers: dict[str, str]) -> tuple[int, str]:
    async with (
        aiohttp.ClientSession() as session,
        session.post(url, data=body, headers=headers) as response,
    ):
        return response.status, await response.text()


async def test_a_signed_slash_command_is_served(table: SlackTable, endpoint: str) -> None:
    body = signed.slash_body(GM, "newgame hague", GAME)
    status, _ = await post(endpoint, body, signed.headers(body, signed.FORM))
    await table.front.settle()
    assert status == 200
    assert "New game: hague" in table.slack.posts[0].text


@pytest.mark.parametrize(
    "forgery",
    ["wrong secret", "stale", "tampered", "unsigned", "future"],
)
async def test_forged_and_stale_requests_are_refused(
    table: SlackTable, endpoint: str, forgery: str
) -> None:
    body = signed.slash_body(GM, "newgame hague", GAME)
    now = int(time.time())
    if forgery == "wrong secret":
        headers = signed.headers(body, signed.FORM, secret="not-the-secret")
    elif forgery == "stale":
        headers = signed.headers(body, signed.FORM, timestamp=now - 10 * 60)
    elif forgery == "future":
        headers = signed.headers(body, signed.FORM, timestamp=now + 10 * 60)
    elif forgery == "tampered":
        headers = signed.headers(body, signed.FORM)
        body = body.replace("newgame", "newgame+evil")
    else:
        headers = {"content-type": signed.FORM}
    status, _ = await post(endpoint, body, headers)
    await table.front.settle()
    assert status == 401
    assert table.slack.calls == []  # not even who the sender claims to be was looked up
    assert await table.rows(Game) == []


async def test_an_unreadable_body_is_refused(table: SlackTable, endpoint: str) -> None:
    for body in ("payload=%7Bnot+json", "{broken json", "", "payload=%5B1%2C2%5D", "[1, 2]"):
        content_type = signed.JSON if body.startswith(("{", "[")) else signed.FORM
        status, _ = await post(endpoint, body, signed.headers(body, content_type))
        assert status in (400, 401, 404), body
    unsigned = "payload=%7Bnot+json"
    status, _ = await post(endpoint, unsigned, {"content-type": signed.FORM})
    assert status == 400
    await table.front.settle()
    assert [c.method for c in table.slack.calls if c.method != "auth.test"] == []
    assert await table.rows(Game) == []
