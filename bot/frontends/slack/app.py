"""The Slack front end: slash commands, DMs, buttons, the orders modal and the App Home, on
slack_bolt's AsyncApp.

Every request is acknowledged first (Slack waits three seconds at most); the work runs after,
as a task of this front end, and its answer is posted through the Web API, which has no such
limit. Who someone is comes from Slack (users.info), never from the text of a request.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections import OrderedDict
from collections.abc import Coroutine
from typing import Any

from slack_bolt.async_app import AsyncAck, AsyncApp
from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from bot.frontends.slack.blocks import COMMAND_ACTION, ENTER_ORDERS_ACTION
from bot.frontends.slack.home import home_view
from bot.frontends.slack.identity import PLATFORM, Directory
from bot.frontends.slack.inbound import (
    Origin,
    clicked,
    dm_text,
    field,
    is_dm_channel,
    slash_text,
    user_and_team,
)
from bot.frontends.slack.modal import (
    CALLBACK_ID,
    NOTHING_CHOSEN,
    SELECT_ACTION,
    Where,
    chosen_orders,
    first_block,
    matching,
    order_modal,
    unit_of_block,
)
from bot.frontends.slack.replies import Answerer
from bot.frontends.slack.sender import Sender, api_error
from bot.frontends.slack.transport import SlackPart, SlackTransport
from bot.service import (
    COMMAND_PREFIX,
    OUR_FAULT,
    Actor,
    Audience,
    GameService,
    Pump,
    Reply,
    Request,
    UserError,
    asks_for_menus,
    text,
    user_mention,
)

logger = logging.getLogger(__name__)

# A user in the neutral form with their id for a name: what a message's <@U0123> becomes.
_BY_ID_ALONE = re.compile(r"<@([UW][A-Z0-9]+)\|\1>")
# Slack retries an event it thinks was missed; each is handled once.
_REMEMBERED_EVENTS = 2000
MENUS_NOT_OPENED = (
    "The menus could not be opened (Slack allows them only a moment after the click). Click "
    f"again, or write the orders: `{COMMAND_PREFIX} order A PAR - BUR`."
)


def quiet_sdk_logs() -> None:
    """The SDKs log request bodies (a power's orders) below these levels."""
    for name, floor in (("slack_bolt", logging.WARNING), ("slack_sdk", logging.INFO)):
        library = logging.getLogger(name)
        library.setLevel(max(floor, library.getEffectiveLevel()))


def bolt_logger() -> logging.Logger:
    found = logging.getLogger(f"{__name__}.bolt")
    found.setLevel(max(logging.WARNING, found.getEffectiveLevel()))
    return found


class SlackFrontEnd:
    def __init__(
        self,
        service: GameService,
        client: AsyncWebClient,
        *,
        signing_secret: str = "",
        directory: Directory | None = None,
    ) -> None:
        quiet_sdk_logs()
        self.service = service
        self.client = client
        self.sender = Sender(client)
        self.directory = directory or Directory(client)
        self.answerer = Answerer(self.sender)
        self.pump: Pump[SlackPart] = service.pump(PLATFORM, SlackTransport(self.sender))
        self._jobs: set[asyncio.Task[None]] = set()
        self._events: OrderedDict[str, None] = OrderedDict()
        self.app = AsyncApp(
            client=client,
            signing_secret=signing_secret,
            logger=bolt_logger(),
            name="dipgm",
            # Listeners only acknowledge and hand the work to a task of this front end, so
            # Slack still gets its answer at once; and no work is left in a future nobody
            # holds (or waits for at shutdown).
            process_before_response=True,
        )
        self._register(self.app)

    def _register(self, app: AsyncApp) -> None:
        app.command(COMMAND_PREFIX)(self._on_slash)
        app.event("message")(self._on_message)
        app.event("app_home_opened")(self._on_home_opened)
        app.action(re.compile(rf"^{re.escape(COMMAND_ACTION)}:\d+$"))(self._on_button)
        app.action(ENTER_ORDERS_ACTION)(self._on_enter_orders)
        app.view(CALLBACK_ID)(self._on_submit)
        app.options(SELECT_ACTION)(self._on_suggest)
        app.error(self._on_error)

    # Work after the acknowledgement --------------------------------------------------------

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._jobs.add(task)
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[None]) -> None:
        self._jobs.discard(task)
        if not task.cancelled() and (exc := task.exception()) is not None:
            logger.error("Slack work failed: %s", api_error(exc))

    async def settle(self) -> None:
        """Wait for the work of every request acknowledged so far."""
        while self._jobs:
            await asyncio.gather(*list(self._jobs), return_exceptions=True)

    async def _run(
        self, actor: Actor, origin: Origin, command: str, phase: str | None = None
    ) -> None:
        try:
            replies = await self.service.handle(Request(actor, origin.place, command, phase))
        except Exception as exc:
            logger.error("a Slack command failed: %s", api_error(exc))
            replies = [_private(origin, OUR_FAULT)]
        await self.answerer.answer(origin, replies)

    # Slash command ----------------------------------------------------------------------

    async def _on_slash(self, ack: AsyncAck, body: dict[str, Any]) -> None:
        await ack()
        team, user, channel = (
            field(body, "team_id"),
            field(body, "user_id"),
            field(body, "channel_id"),
        )
        if team is None or user is None or channel is None:
            logger.warning("a %s request without team, user or channel was refused", COMMAND_PREFIX)
            return
        origin = Origin(
            user, channel, is_dm_channel(channel), response_url=field(body, "response_url")
        )
        command = slash_text(str(body.get("text") or ""))
        self._spawn(self._slash(team, origin, command, field(body, "trigger_id")))

    async def _slash(self, team: str, origin: Origin, command: str, trigger: str | None) -> None:
        actor = await self.directory.actor(team, origin.user_id)
        menus = asks_for_menus(command)
        if menus is not None and trigger is not None:
            await self._open_menus(actor, origin, trigger, game=menus or None)
            return
        await self._run(actor, origin, command)

    # Direct messages ----------------------------------------------------------------------

    async def _on_message(self, body: dict[str, Any], event: dict[str, Any]) -> None:
        # Edits, deletions, files and bots' messages carry a subtype or a bot id: not orders.
        if event.get("channel_type") != "im" or event.get("subtype") or event.get("bot_id"):
            return
        if self._seen(body.get("event_id")):
            return
        team = field(body, "team_id") or field(event, "team")
        user, channel = field(event, "user"), field(event, "channel")
        if team is None or user is None or channel is None:
            logger.warning("a direct message without team, user or channel was ignored")
            return
        command = dm_text(str(event.get("text") or ""))
        if command is None:
            return
        self.sender.remember_dm(user, channel)
        origin = Origin(user, channel, is_dm=True, dm_channel=channel)
        self._spawn(self._command(team, origin, command))

    async def _command(
        self, team: str, origin: Origin, command: str, phase: str | None = None
    ) -> None:
        actor = await self.directory.actor(team, origin.user_id)
        await self._run(actor, origin, await self._named(team, command), phase)

    async def _named(self, team: str, command: str) -> str:
        """The users a message names by id alone (`<@U0123>` in a DM), with the names Slack
        knows them by."""
        for user_id in sorted(set(_BY_ID_ALONE.findall(command))):
            person = await self.directory.person(team, user_id)
            named = user_mention(user_id, person.display_name)
            command = command.replace(f"<@{user_id}|{user_id}>", named)
        return command

    def _seen(self, event_id: object) -> bool:
        if not isinstance(event_id, str):
            return False
        if event_id in self._events:
            return True
        self._events[event_id] = None
        while len(self._events) > _REMEMBERED_EVENTS:
            self._events.popitem(last=False)
        return False

    # App Home ----------------------------------------------------------------------------

    async def _on_home_opened(self, body: dict[str, Any], event: dict[str, Any]) -> None:
        team = field(body, "team_id")
        user = field(event, "user")
        if event.get("tab") != "home" or team is None or user is None:
            return
        self._spawn(self.publish_home(team, user))

    async def publish_home(self, team: str, user: str) -> None:
        actor = await self.directory.actor(team, user)
        try:
            cards = await self.service.home(actor)
        except UserError as exc:
            cards = [text(str(exc))]
        try:
            await self.client.views_publish(user_id=user, view=home_view(cards))
        except SlackApiError as exc:
            logger.warning("the App Home of %s was not published: %s", user, api_error(exc))

    # Buttons -----------------------------------------------------------------------------

    async def _on_button(self, ack: AsyncAck, body: dict[str, Any], action: dict[str, Any]) -> None:
        await ack()
        who = clicked(body)
        command = action.get("value")
        if who is None or not isinstance(command, str) or not command.strip():
            logger.warning("a button click without user, team or command was refused")
            return
        team, origin = who
        menus = asks_for_menus(command)
        trigger = field(body, "trigger_id")
        if menus is not None and trigger is not None:
            # A button the service chose to offer the form ("Enter orders" under a refusal).
            self._spawn(self._menus(team, origin, trigger, menus or None))
            return
        self._spawn(self._command(team, origin, command.strip()))

    async def _on_enter_orders(
        self, ack: AsyncAck, body: dict[str, Any], action: dict[str, Any]
    ) -> None:
        await ack()
        who = clicked(body)
        trigger = field(body, "trigger_id")
        menus = asks_for_menus(str(action.get("value") or ""))
        if who is None or trigger is None or menus is None:
            logger.warning("an Enter orders click without user, team, trigger or form was refused")
            return
        team, origin = who
        self._spawn(self._menus(team, origin, trigger, menus or None))

    async def _menus(self, team: str, origin: Origin, trigger: str, game: str | None) -> None:
        actor = await self.directory.actor(team, origin.user_id)
        await self._open_menus(actor, origin, trigger, game=game or None)

    # The orders modal ----------------------------------------------------------------------

    async def _open_menus(
        self, actor: Actor, origin: Origin, trigger: str, *, game: str | None
    ) -> None:
        try:
            form = await self.service.order_form(actor, origin.place, game=game)
        except UserError as exc:
            await self.answerer.answer(origin, [_private(origin, str(exc))])
            return
        view = order_modal(form.choices, Where(origin.channel, origin.is_dm, game, form.phase))
        try:
            await self.client.views_open(trigger_id=trigger, view=view)
        except Exception as exc:
            logger.warning("the orders modal did not open: %s", api_error(exc))
            await self.answerer.answer(origin, [_private(origin, MENUS_NOT_OPENED)])

    async def _on_submit(self, ack: AsyncAck, body: dict[str, Any], view: dict[str, Any]) -> None:
        orders = chosen_orders(view)
        where = Where.from_metadata(str(view.get("private_metadata") or ""))
        user, team = user_and_team(body)
        if orders is None or where is None or user is None or team is None:
            await ack()
            logger.warning("an orders form that this app did not make was refused")
            return
        if not orders:
            block = first_block(view)
            if block is None:
                await ack()
            else:
                await ack(response_action="errors", errors={block: NOTHING_CHOSEN})
            return
        await ack()
        command = "order " + "\n".join(orders)
        if where.game:
            command = f"game {where.game} {command}"
        origin = Origin(user, where.channel, where.is_dm)
        self._spawn(self._command(team, origin, command, where.phase))

    async def _on_suggest(self, ack: AsyncAck, body: dict[str, Any]) -> None:
        """A searching menu asks for options as the player types: answered in the ack."""
        unit = unit_of_block(str(body.get("block_id") or ""))
        view = body.get("view")
        where = (
            Where.from_metadata(str(view.get("private_metadata") or ""))
            if isinstance(view, dict)
            else None
        )
        user, team = user_and_team(body)
        if unit is None or where is None or user is None or team is None:
            await ack(options=[])
            return
        actor = await self.directory.actor(team, user)
        try:
            choices = await self.service.order_choices(actor, where.place, game=where.game)
        except UserError:
            await ack(options=[])
            return
        orders = dict(choices).get(unit, [])
        await ack(options=matching(unit, orders, str(body.get("value") or "")))

    async def _on_error(self, error: Exception) -> None:
        # The request's body may hold orders: only the kind of failure is logged.
        logger.error("a Slack request failed: %s", api_error(error))


def _private(origin: Origin, line: str) -> Reply:
    return Reply(Audience.DM if origin.is_dm else Audience.ONLY_YOU, text(line))
