"""The app's worker processes: where the game service adjudicates and draws at a deadline,
so that a thousand games due in the same minute use every core and the event loop stays free
for the database and the players (see :class:`bot.service.Workers`). They run at a lower
priority than the bot: while the processors are all busy, the players' commands come first.

Computers choose their orders in a second pool of as many processes, at a lower priority
still: thirty games' searches opening a phase together queue there, never in front of another
game's deadline, and while both pools are busy the processors go to the adjudication first.

The bot governs their end. They ignore SIGINT and SIGTERM (Ctrl-C reaches the whole process
group, and systemd signals every process of the unit): the bot finishes the job in hand and
shuts the pool itself. And each one watches the bot: when it is gone without shutting the
pool (``kill -9``, a crash), the worker sees itself handed to another parent and exits, so
no worker outlives the bot.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager

from bot.exit_codes import CommandError
from bot.service import Workers

# How often a worker looks whether the bot is still its parent.
PARENT_WATCH_SECONDS = 0.5
# How much a worker defers to the bot's own process for a processor (nice(1)'s scale, 0..19):
# a deadline's maps can wait a little, a player waiting for a reply cannot.
WORKER_NICENESS = 10
# Computers' searches defer to both (a quarter of a processor the deadlines' workers want):
# a search counts its budget in simulations, so a slower one plays the same orders, only
# later; only one starved past its wall-clock safety stop plays its best so far.
COMPUTER_NICENESS = 15


def worker_count(setting: int) -> int:
    """The ``WORKER_PROCESSES`` setting, 0 meaning one per processor."""
    return setting or os.cpu_count() or 1


@contextmanager
def worker_processes(setting: int) -> Iterator[Workers]:
    """Two pools of ``worker_count(setting)`` processes each, one for the deadlines and one
    for computers' searches, both shut down on leaving. A pool starts its processes only as
    jobs come, so a bot without computers never starts the second one's."""
    count = worker_count(setting)
    with _pool(count, WORKER_NICENESS) as pool, _pool(count, COMPUTER_NICENESS) as computers:
        yield Workers(pool, count, computers)


@contextmanager
def _pool(count: int, niceness: int) -> Iterator[ProcessPoolExecutor]:
    # Started afresh, not forked: the bot's process has threads (the database driver's)
    # and an event loop that a fork would copy in whatever state they were.
    try:
        pool = ProcessPoolExecutor(
            count,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=start_worker,
            initargs=(os.getpid(), niceness),
        )
    except OSError as exc:
        # The pool's locks are POSIX semaphores, files in /dev/shm: a container or sandbox
        # without a writable one refuses them, and that is no chat platform's fault.
        raise WorkersUnavailableError(
            f"cannot start the worker processes: {exc.strerror or exc} (their locks need "
            "a writable /dev/shm, as a container runtime mounts)"
        ) from None
    try:
        yield pool
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


class WorkersUnavailableError(CommandError):
    """The worker processes cannot be started on this machine."""


def start_worker(bot_pid: int, niceness: int = WORKER_NICENESS) -> None:
    """Run first in each worker process: leave the signals to the bot, yield the
    processors to its event loop (by ``niceness``), and watch it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if hasattr(os, "nice"):  # not on Windows, where the workers share the bot's priority
        os.nice(niceness)
    threading.Thread(
        target=_exit_when_orphaned, args=(bot_pid,), name="watch-the-bot", daemon=True
    ).start()


def _exit_when_orphaned(bot_pid: int) -> None:
    # An orphan is handed to init (or a subreaper): its parent is no longer the bot.
    while os.getppid() == bot_pid:
        time.sleep(PARENT_WATCH_SECONDS)
    os._exit(0)
