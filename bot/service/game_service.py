"""The game service: every command of every front end, the deadlines, and the outbox.

    service = GameService(sessions, clock=clock)   # workers=Workers(pool, n): processes
    replies = await service.handle(request)        # text in, effects out
    await service.process_due()                    # what the alarm clock calls
    pump = service.pump("console", transport)      # delivers the console's outbox

Each command is one transaction: it happens entirely or not at all, and a problem comes
back as a private reply saying what was wrong, never as a traceback.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.orm.exc import StaleDataError

from bot.service.commands import game_master, order_menus, overview
from bot.service.commands.grammar import parse_command, typed_command
from bot.service.commands.newgame import read_variants_ahead, variants_as_read
from bot.service.commands.order_menus import OrderForm
from bot.service.commands.registry import BY_NAME
from bot.service.context import Command, Context, Deps
from bot.service.effects import (
    Access,
    Actor,
    Audience,
    Button,
    Message,
    Place,
    Reply,
    Request,
    text,
)
from bot.service.errors import UserError, safe_trace
from bot.service.health import Health, read_health
from bot.service.inbound import clean_request
from bot.service.maps import Animator, Renderer, Workers
from bot.service.outbox import queue
from bot.service.outbox.deliveries import Deliveries
from bot.service.outbox.doorbell import Doorbell
from bot.service.outbox.pump import Pump
from bot.service.outbox.transport import PartT, Transport
from bot.service.turn.adjudication import Adjudicator
from bot.service.turns import Turns
from bot.store import PhaseClosedError, Platform, Store, kept_connections, utcnow
from render import history_animation, map_png

logger = logging.getLogger(__name__)

Listener = Callable[[], Awaitable[None]]

# A command that lost a race on a row (two players readying at once) is tried again.
ATTEMPTS = 3
# How long a stopping bot waits for the phases it is adjudicating; past it they roll back.
WIND_DOWN_SECONDS = 30.0


TOO_LATE = (
    "Too late: the phase was adjudicated while your command was on its way, so nothing was "
    "changed. `status` shows the new phase."
)
OUR_FAULT = (
    "Something went wrong on our side and nothing was changed. Please try again; if it "
    "keeps happening, tell the game master."
)


class GameService:
    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        *,
        clock: Callable[[], datetime] = utcnow,
        renderer: Renderer = map_png,
        animator: Animator = history_animation,
        map_size: int = 1200,
        default_timezone: str = "UTC",
        workers: Workers | None = None,
    ) -> None:
        self._sessions = sessions
        self._clock = clock
        self._listeners: list[Listener] = []
        self._doorbell = Doorbell()
        # Each platform's transport, asked whether the bot may post in a game's channel.
        self._access: dict[str, Callable[[str], Awaitable[Access]]] = {}
        self._deps = Deps(
            clock=clock,
            renderer=renderer,
            animator=animator,
            map_size=map_size,
            default_zone=default_timezone,
            process_phase=self.process_phase,
            access=self.access,
            workers=workers,
        )
        # Commands first, in the order they came; a deadline's transactions after them.
        self._turns = Turns(kept_connections(sessions))
        self._adjudicator = Adjudicator(sessions, self._deps, self._turns)
        self._deliveries = Deliveries(sessions, clock, self._doorbell)
        # Deadline runs in hand, and set while there are none.
        self._runs = 0
        self._quiet = asyncio.Event()
        self._quiet.set()

    def on_change(self, listener: Listener) -> None:
        """Call ``listener`` after every command that may move a deadline or a reminder
        (`CommandSpec.reschedules`)."""
        self._listeners.append(listener)

    def pump(self, platform: str, transport: Transport[PartT]) -> Pump[PartT]:
        """The outbox pump of a platform, sending through the front end's ``transport`` and
        woken by this service (see :mod:`bot.service.outbox.pump`)."""
        self._access[platform] = transport.access
        return Pump(platform, transport, self._deliveries, self._doorbell, self._clock)

    async def access(self, platform: str, channel: str) -> Access:
        """What the bot lacks to post in a channel, as the platform's transport says;
        unknown where no transport of the platform runs here, or it could not tell."""
        ask = self._access.get(platform)
        if ask is None:
            return Access(unknown=True)
        try:
            return await ask(channel)
        except Exception as exc:
            logger.error(
                "asking %s what the bot may do in a channel failed: %s", platform, safe_trace(exc)
            )
            return Access(unknown=True)

    # Commands ----------------------------------------------------------------------------

    async def handle(self, request: Request) -> list[Reply]:
        """Run one command; the replies are for the requester (or, public, where they wrote)."""
        request = clean_request(request)
        await variants_as_read()
        try:
            if request.options is not None:
                command = typed_command(request.options)
            else:
                command = parse_command(request.text, in_dm=request.place.is_dm)
        except UserError as exc:
            return [_private(request, str(exc))]
        if BY_NAME[command.name].reads_variants:
            await read_variants_ahead()
        replies = await self._run(request, command)
        if not BY_NAME[command.name].reschedules:
            return replies
        for listener in self._listeners:
            try:
                await listener()
            except Exception as exc:
                # The sweep still finds whatever this listener would have scheduled.
                logger.error("a change listener failed: %s", safe_trace(exc))
        return replies

    async def _run(self, request: Request, command: Command) -> list[Reply]:
        handler = BY_NAME[command.name].handler
        for attempt in range(1, ATTEMPTS + 1):
            try:
                async with self._turns.command(), self._sessions.begin() as session:
                    ctx = Context(
                        store=Store(session, self._clock),
                        request=request,
                        command=command,
                        deps=self._deps,
                        now=self._clock(),
                    )
                    replies = await handler(ctx)
                if queue.queued_in(session):
                    self._doorbell.ring()
                for follow_up in ctx.follow_ups:
                    replies = [*replies, *await follow_up()]
                return replies
            except UserError as exc:
                return [_private(request, str(exc), exc.buttons)]
            except PhaseClosedError:
                return [_private(request, TOO_LATE)]
            except StaleDataError:
                if attempt == ATTEMPTS:
                    break
            except Exception as exc:
                # The text is not logged: it may hold orders.
                logger.error("command %r failed: %s", command.name, safe_trace(exc))
                return [_private(request, OUR_FAULT)]
        logger.warning("command %r kept losing races; given up", command.name)
        return [_private(request, OUR_FAULT)]

    # Front ends' own views ---------------------------------------------------------------

    async def order_form(self, actor: Actor, place: Place, *, game: str | None = None) -> OrderForm:
        """The open phase and, unit by unit, the legal orders (canonical notation) of the
        actor's power, for menus.

        Raises :class:`UserError` when there is nothing to choose; its text is for the actor.
        """
        await variants_as_read()
        try:
            return await order_menus.order_form(self._sessions, self._deps, actor, place, game)
        except UserError:
            raise
        except Exception as exc:
            logger.error("listing order choices failed: %s", safe_trace(exc))
            raise UserError(OUR_FAULT) from None

    async def order_choices(
        self, actor: Actor, place: Place, *, game: str | None = None
    ) -> list[tuple[str, list[str]]]:
        """The choices of :meth:`order_form` alone (suggestions as one types)."""
        return (await self.order_form(actor, place, game=game)).choices

    async def is_game_master(self, actor: Actor, place: Place, *, game: str | None = None) -> bool:
        """Whether the actor masters the game the place means (or the one named): how a front
        end that shows who sees an answer before it comes (Discord) keeps a refusal private.
        False when there is no such game, or on any failure."""
        try:
            return await game_master.masters(self._sessions, self._deps, actor, place, game)
        except UserError:
            return False
        except Exception as exc:
            logger.error("checking a game master failed: %s", safe_trace(exc))
            return False

    async def home(self, actor: Actor) -> list[Message]:
        """The actor's games at a glance (a front end's home page), one message a game."""
        try:
            return await overview.home(self._sessions, self._deps, actor)
        except Exception as exc:
            logger.error("the overview of a player's games failed: %s", safe_trace(exc))
            raise UserError(OUR_FAULT) from None

    async def workspaces_playing(self, platform: str, user_id: str) -> set[str]:
        """The workspaces where the user plays in a game that is not over: how a front end
        whose direct messages name no workspace (Discord) tells which one is meant."""
        async with self._sessions() as session:
            games = await Store(session).games_of_user(Platform(platform), user_id)
            return {game.workspace for game in games}

    # Deadlines ---------------------------------------------------------------------------

    async def process_due(self) -> int:
        """Adjudicate every phase past its deadline and queue due reminders; the number of
        phases adjudicated.

        The pumps are rung after each phase (its results go out while the next game due at
        the same minute is worked on) and at the end, whatever happened: the alarm clock's
        periodic sweep is how a worker finds messages another worker left in the outbox.
        """
        if self._adjudicator.stopping:
            return 0
        self._runs += 1
        self._quiet.clear()
        try:
            await variants_as_read()
            return await self._adjudicator.process_due(after_each=self._ring)
        finally:
            self._runs -= 1
            if self._runs == 0:
                self._quiet.set()
            self._doorbell.ring()

    async def wind_down(self, within: float = WIND_DOWN_SECONDS) -> bool:
        """Take no more phases at deadlines, and wait (at most ``within`` seconds) for the
        ones being adjudicated: how a stopping bot ends a deadline run. True if they all
        finished; those that did not roll back whole when their run is cancelled, and stay
        open for the next start. The phases not begun stay open too."""
        self._adjudicator.stopping = True
        try:
            await asyncio.wait_for(self._quiet.wait(), within)
        except TimeoutError:
            logger.warning(
                "phases still being adjudicated after %g s are left for the next start", within
            )
            return False
        return True

    async def process_phase(self, phase_id: int) -> bool:
        """Adjudicate one phase now; False if it was not open (already done, or never)."""
        await variants_as_read()
        try:
            return await self._adjudicator.process_phase(phase_id)
        finally:
            # the results, or the news that it failed
            self._doorbell.ring()

    async def _ring(self) -> None:
        self._doorbell.ring()

    async def next_wakeup(self) -> datetime | None:
        """When the alarm clock should call :meth:`process_due` next."""
        return await self._adjudicator.next_wakeup()

    async def health(self) -> Health:
        """The service's health as an operator reads it (a web server's ``/healthz``)."""
        return await read_health(self._sessions, self._clock)


def _private(request: Request, line: str, buttons: tuple[Button, ...] = ()) -> Reply:
    audience = Audience.DM if request.place.is_dm else Audience.ONLY_YOU
    return Reply(audience, replace(text(line), buttons=buttons))
