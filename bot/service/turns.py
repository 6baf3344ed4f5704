"""Who takes the database's connections next: the players' commands, in the order they came,
and a deadline's transactions after the commands waiting when they ask.

A player waits for the answer to every command; the deadline's work is waited for by nobody
second by second. On a SQLite file every transaction shares one connection, so a phase's
transaction between two commands delays every command queued behind it; with a storm of
phases due at once and a table ordering, that made orders wait seconds. So a deadline's
transaction waits until no command is waiting or running, and goes in turn regardless once
it has waited ``patience`` seconds, so that a steady stream of commands cannot hold a
deadline back for long.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

# At most this long a deadline's transaction waits for the commands to pause.
DEADLINE_PATIENCE = 2.0


class Turns:
    def __init__(self, connections: int, *, patience: float = DEADLINE_PATIENCE) -> None:
        # Commands take the database's connections in the order they came. The pool alone
        # lets a newcomer take a connection a waiting command was woken for, and under a
        # whole table ordering at once a command could wait seconds behind later ones.
        self._free = asyncio.Semaphore(connections)
        # one connection for every transaction (a SQLite file): a deadline's takes its turn
        self._shared = connections == 1
        self._patience = patience
        self._commands = 0
        self._no_command = asyncio.Event()
        self._no_command.set()

    @contextlib.asynccontextmanager
    async def command(self) -> AsyncIterator[None]:
        """A command's transaction: in the order the commands came."""
        self._commands += 1
        self._no_command.clear()
        try:
            async with self._free:
                yield
        finally:
            self._commands -= 1
            if self._commands == 0:
                self._no_command.set()

    @contextlib.asynccontextmanager
    async def deadline(self) -> AsyncIterator[None]:
        """A deadline's transaction: once the commands pause (or ``patience`` has passed);
        on a single connection, then in turn with them. With several, it takes none of the
        commands' turns: it may hold its connection while its map is drawn, and the pool
        has connections beyond those the commands take. Never taken by a command's own
        transaction or follow-up."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._no_command.wait(), self._patience)
        if not self._shared:
            yield
            return
        async with self._free:
            yield
