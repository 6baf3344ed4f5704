"""The HTTP endpoint for Slack (when not in Socket Mode): every request goes through
slack_bolt, whose middleware refuses a forged or stale signature with 401.

A body that cannot even be read (slack_bolt parses before it verifies) is answered 400 here,
rather than failing inside the web server.
"""

from __future__ import annotations

import logging

from aiohttp import web
from slack_bolt.adapter.aiohttp import to_aiohttp_response
from slack_bolt.async_app import AsyncApp, AsyncBoltRequest

logger = logging.getLogger(__name__)

EVENTS_PATH = "/slack/events"


def web_app(app: AsyncApp, path: str = EVENTS_PATH) -> web.Application:
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
    return application
