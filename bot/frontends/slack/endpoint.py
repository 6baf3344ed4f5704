"""The HTTP endpoint for Slack (when not in Socket Mode): every request goes through
slack_bolt, whose middleware refuses a forged or stale signature with 401.

A body that cannot even be read (slack_bolt parses before it verifies) is answered 400 here,
rather than failing inside the web server.

``GET /healthz`` answers a health check (a load balancer's, a container's): 200 with the
service's health as JSON when nothing needs someone to act, 503 with the problems otherwise.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Awaitable, Callable

from aiohttp import web
from slack_bolt.adapter.aiohttp import to_aiohttp_response
from slack_bolt.async_app import AsyncApp, AsyncBoltRequest

from bot.service import Health, safe_trace

logger = logging.getLogger(__name__)

EVENTS_PATH = "/slack/events"
HEALTH_PATH = "/healthz"


def web_app(
    app: AsyncApp,
    path: str = EVENTS_PATH,
    *,
    health: Callable[[], Awaitable[Health]] | None = None,
) -> web.Application:
    async def handle(request: web.Request) -> web.Response:
        body = await request.text()
        try:
            bolt_request = AsyncBoltRequest(
                body=body,
                query=request.query_string,
                headers={k.lower(): v for k, v in request.headers.items()},
            )
        except Exception:
            # slack_bolt reads the body into its context before any check, and fails on
            # JSON that is not an object in as many ways as there are shapes.
            logger.warning("an unreadable request to %s was refused", path)
            return web.Response(status=400, text="unreadable request")
        return await to_aiohttp_response(await app.async_dispatch(bolt_request))

    application = web.Application()
    application.router.add_post(path, handle)
    if health is not None:
        application.router.add_get(HEALTH_PATH, _health_check(health))
    return application


def _health_check(
    health: Callable[[], Awaitable[Health]],
) -> Callable[[web.Request], Awaitable[web.Response]]:
    async def check(request: web.Request) -> web.Response:
        try:
            report = (await health()).as_json(socket.gethostname())
        except Exception as exc:
            logger.error("the health check could not read the database: %s", safe_trace(exc))
            report = {"ok": False, "problems": ["the database cannot be read"]}
        return web.json_response(report, status=200 if report["ok"] else 503)

    return check
