"""The app's worker processes: where the game service adjudicates and draws at a deadline,
so that a thousand games due in the same minute use every core and the event loop stays free
for the database and the players (see :class:`bot.service.Workers`)."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager

from bot.service import Workers


def worker_count(setting: int) -> int:
    """The ``WORKER_PROCESSES`` setting, 0 meaning one per processor."""
    return setting or os.cpu_count() or 1


@contextmanager
def worker_processes(setting: int) -> Iterator[Workers]:
    """A pool of ``worker_count(setting)`` processes, shut down on leaving."""
    count = worker_count(setting)
    # Started afresh, not forked: the bot's process has threads (the database driver's)
    # and an event loop that a fork would copy in whatever state they were.
    pool = ProcessPoolExecutor(count, mp_context=multiprocessing.get_context("spawn"))
    try:
        yield Workers(pool, count)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
