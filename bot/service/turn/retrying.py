"""A phase that could not be adjudicated is never silently stuck.

Whatever failed (the board, the adjudicator, the map, the database, a bug), the failure is
kept with the phase (:meth:`bot.store.Store.record_adjudication_failure`): since when, how many
tries, when the next one is due and why, in one line that quotes nothing of the game. The
first failure tells the game master by DM and the channel; the phase stays open with its
orders, and is tried again with a growing wait (stored, so every worker and a restarted bot
keep to it); `status` says so, the game master's `process` tries at once, and the record goes
when the phase is finally adjudicated.
"""

from __future__ import annotations

import logging
import traceback
from datetime import datetime, timedelta
from pathlib import Path

from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.service.context import Deps
from bot.service.effects import Line, Message, Section
from bot.service.errors import safe_trace
from bot.service.options.game_options import GameOptions
from bot.service.outbox import queue
from bot.service.turn import opening
from bot.service.turn.resolving import JobFailedError
from bot.service.words.labels import phase_label
from bot.store import AdjudicationFailure, Game, Phase, PhaseStatus, Store

logger = logging.getLogger(__name__)
FIRST_WAIT = timedelta(minutes=1)
LONGEST_WAIT = timedelta(hours=1)
# What these messages are, told to whoever can act should one not arrive.
TOLD = queue.About("the news that a phase could not be adjudicated")
# Where an error happened, by the package of the innermost frame of ours.
_STAGES = (
    ("engine", "reading the board or its rules"),
    ("render", "drawing the results map"),
    ("store", "the database"),
)


def wait_after(attempts: int) -> timedelta:
    """How long after the ``attempts``-th failed try the next one comes: a minute, doubled
    each time, an hour at most."""
    exponent = min(max(attempts - 1, 0), 16)
    return min(FIRST_WAIT * (1 << exponent), LONGEST_WAIT)


def reason_of(exc: BaseException) -> str:
    """What failed, in one line that quotes nothing the error said (it may hold an order)."""
    if isinstance(exc, JobFailedError):
        return str(exc)
    if isinstance(exc, SQLAlchemyError | ConnectionError | TimeoutError):
        return f"the database failed ({type(exc).__name__})"
    return f"{_stage(exc)} failed ({type(exc).__name__})"


def _stage(exc: BaseException) -> str:
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        parts = Path(frame.filename).parts
        for package, stage in _STAGES:
            if package in parts:
                return stage
    return "the game service"


async def record(
    store: Store, game: Game, phase: Phase, exc: BaseException, now: datetime, *, zone: str
) -> AdjudicationFailure:
    """One more failed try of ``phase``: kept, and on the first one the game master and the
    channel told (once: a retried transaction queues nothing twice)."""
    previous = await store.adjudication_failure(phase.id)
    attempts = 1 if previous is None else previous.attempts + 1
    failure = await store.record_adjudication_failure(
        phase, reason_of(exc), now + wait_after(attempts)
    )
    if failure.attempts == 1:
        message = news(game, phase, failure, zone, now)
        key = f"game:{game.id}:phase:{phase.id}:failed:{failure.failed_since:%Y%m%dT%H%M%S}"
        await queue.to_channel(store, game, key, message, about=TOLD)
        await queue.to_user(store, game, game.creator, f"{key}:gm", message, about=TOLD)
    return failure


def news(
    game: Game, phase: Phase, failure: AdjudicationFailure, zone: str, now: datetime
) -> Message:
    """The one line the game master and the channel read."""
    line = (
        f"{game.name}: {phase_label(phase.name)} could not be adjudicated: {failure.reason}. "
        f"Its orders are kept; it is tried again {opening.when(failure.retry_at, zone, now)}, "
        "and the game master can `process` once the cause is fixed."
    )
    return Message(sections=(Section(None, (Line(line),)),))


def status_line(failure: AdjudicationFailure, zone: str, now: datetime) -> str:
    """What `status` says of a phase whose adjudication failed."""
    tries = "1 try" if failure.attempts == 1 else f"{failure.attempts} tries"
    return (
        f"Adjudication failed since {opening.when(failure.failed_since, zone, now)}: "
        f"{failure.reason}, {tries} so far. Next try "
        f"{opening.when(failure.retry_at, zone, now)}; the game master can `process` once "
        "the cause is fixed."
    )


async def failed(
    sessions: async_sessionmaker[AsyncSession], deps: Deps, phase_id: int, exc: BaseException
) -> str | None:
    """Keep the failure with the phase, telling whoever can act the first time; what the
    game master reads of it (None if even that could not be written)."""
    try:
        async with sessions.begin() as session:
            store = Store(session, deps.clock)
            phase = await store.lock_phase(phase_id)
            if phase is None or phase.status != PhaseStatus.OPEN:
                return None
            game = await store.get_game(phase.game_id)
            if game is None:
                return None
            now = deps.clock()
            zone = GameOptions.of_game(game, deps.default_zone).schedule.zone
            failure = await record(store, game, phase, exc, now, zone=zone)
            return news(game, phase, failure, zone, now).plain_text()
    except Exception as again:
        logger.error("recording that phase %s failed failed too: %s", phase_id, safe_trace(again))
        return None
