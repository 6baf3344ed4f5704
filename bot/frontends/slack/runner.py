"""Running the Slack front end: Socket Mode with an app token (no public URL needed), or an
HTTP endpoint verified by the signing secret; the outbox pump of Slack runs all the while.

    await run_slack(service, settings)             # until cancelled
    await run_slack(service, settings, stop=event) # until event is set
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from aiohttp import web
from slack_bolt.adapter.socket_mode.async_handler import AsyncSocketModeHandler
from slack_sdk.http_retry.builtin_async_handlers import (
    AsyncConnectionErrorRetryHandler,
    AsyncRateLimitErrorRetryHandler,
    AsyncServerErrorRetryHandler,
)
from slack_sdk.web.async_client import AsyncWebClient

from bot.config import Settings
from bot.frontends.slack.app import SlackFrontEnd, bolt_logger
from bot.frontends.slack.endpoint import web_app
from bot.service import GameService

# Tries of one Web API call on a rate limit, a 500/503 or a dropped connection; a delivery
# that still fails goes back to the outbox, which tries again later.
API_RETRIES = 4


class SlackSettingsError(ValueError):
    """The settings do not say how to reach Slack; the message says what to set."""


def web_client(token: str, api_url: str) -> AsyncWebClient:
    base_url = api_url if api_url.endswith("/") else api_url + "/"
    return AsyncWebClient(
        token=token,
        base_url=base_url,
        retry_handlers=[
            AsyncConnectionErrorRetryHandler(max_retry_count=API_RETRIES),
            AsyncRateLimitErrorRetryHandler(max_retry_count=API_RETRIES),
            AsyncServerErrorRetryHandler(max_retry_count=API_RETRIES),
        ],
    )


def front_end(service: GameService, settings: Settings) -> SlackFrontEnd:
    if settings.slack_bot_token is None:
        raise SlackSettingsError("SLACK_BOT_TOKEN is not set: the bot token (xoxb-...) is needed.")
    if settings.slack_app_token is None and settings.slack_signing_secret is None:
        raise SlackSettingsError(
            "Set SLACK_APP_TOKEN (xapp-..., Socket Mode) or, for an HTTP endpoint, "
            "SLACK_SIGNING_SECRET."
        )
    secret = settings.slack_signing_secret
    return SlackFrontEnd(
        service,
        web_client(settings.slack_bot_token.get_secret_value(), settings.slack_api_url),
        signing_secret="" if secret is None else secret.get_secret_value(),
    )


async def run_slack(
    service: GameService,
    settings: Settings,
    *,
    stop: asyncio.Event | None = None,
) -> None:
    """Serve Slack until ``stop`` is set (or the task is cancelled). Socket Mode when
    SLACK_APP_TOKEN is set, else HTTP on SLACK_HOST and SLACK_PORT (which also answers
    ``GET /healthz``).

    Stopping: no new request is taken, the work of those in hand is finished, the service
    ends its deadline run (:meth:`GameService.wind_down`), and the pump has a bounded time
    to deliver what is queued."""
    front = front_end(service, settings)
    stop = stop or asyncio.Event()
    pumping = asyncio.Event()
    pump = asyncio.create_task(front.pump.run(pumping))
    try:
        async with _serving(front, settings, service):
            await stop.wait()
        await front.settle()
        await service.wind_down()
    finally:
        stop.set()
        await front.settle()
        await front.pump.stop(pump, pumping)


@contextlib.asynccontextmanager
async def _serving(
    front: SlackFrontEnd, settings: Settings, service: GameService
) -> AsyncIterator[None]:
    if settings.slack_app_token is not None:
        handler = AsyncSocketModeHandler(
            front.app,
            settings.slack_app_token.get_secret_value(),
            logger=bolt_logger(),
            web_client=front.client,
        )
        # slack_bolt leaves these two unannotated.
        await handler.connect_async()  # type: ignore[no-untyped-call]
        try:
            yield
        finally:
            await handler.close_async()  # type: ignore[no-untyped-call]
        return
    runner = web.AppRunner(web_app(front.app, health=service.health))
    await runner.setup()
    try:
        await web.TCPSite(runner, host=settings.slack_host, port=settings.slack_port).start()
        yield
    finally:
        await runner.cleanup()
