"""The terminal chat: you are any number of players, in a channel or in your DM with the bot.

The prompt says who and where you are, in the script's own notation (``gm#game>``)."""

from __future__ import annotations

import asyncio
import re
import sys
import threading
from collections.abc import AsyncIterator
from typing import TextIO

from bot.frontends.console.terminal import Console, Where
from bot.service import COMMAND_PREFIX

FIRST_USER = "gm"
FIRST_CHANNEL = "game"
_NAME = re.compile(r"[\w.-]+")

CONSOLE_HELP = f"""\
Console commands:
  /as NAME        write as another user (e.g. /as alice); users are made as you name them
  /in #CHANNEL    write in a channel (e.g. /in #game)
  /dm             write to the bot in your direct messages
  /quit           leave (Ctrl-D too)
In a channel, talk to the bot with {COMMAND_PREFIX} (e.g. {COMMAND_PREFIX} newgame); in /dm every
line goes to the bot (e.g. order A PAR - BUR). `{COMMAND_PREFIX} help` lists the bot's commands."""


async def stdin_lines(stream: TextIO | None = None) -> AsyncIterator[str]:
    """Lines typed, read in a daemon thread so a pending read never holds up the exit."""
    source = sys.stdin if stream is None else stream
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[str | None] = asyncio.Queue()

    def read() -> None:
        for line in source:
            loop.call_soon_threadsafe(queue.put_nowait, line)
        loop.call_soon_threadsafe(queue.put_nowait, None)

    threading.Thread(target=read, name="console-input", daemon=True).start()
    while (line := await queue.get()) is not None:
        yield line


class Session:
    """Who is typing, and where."""

    def __init__(self) -> None:
        self.user = FIRST_USER
        self.where = Where(FIRST_CHANNEL)

    @property
    def prompt(self) -> str:
        return f"{self.where.label(self.user)}> "

    def switch(self, line: str) -> str | None:
        """Apply a console command; the answer to print, or None if the line is not one."""
        word, _, rest = line.strip().partition(" ")
        rest = rest.strip()
        match word.lower():
            case "/as":
                if not _NAME.fullmatch(rest):
                    return "Name a user: /as alice (letters, digits, _ . -)."
                self.user = rest
                return f"You are {rest} now."
            case "/in":
                channel = rest.removeprefix("#")
                if not _NAME.fullmatch(channel):
                    return "Name a channel: /in #game."
                self.where = Where(channel)
                return f"You write in #{channel} now."
            case "/dm":
                self.where = Where(None)
                return "You write to the bot in your direct messages now."
            case "/help":
                return CONSOLE_HELP
        return None


async def interactive(
    console: Console, lines: AsyncIterator[str], stop: asyncio.Event | None = None
) -> None:
    """Read lines until /quit, the end of input or ``stop``, answering each as it comes; the
    outbox pump runs all the while. Leaving, the deadline run in hand ends and the pump has
    a bounded time to print what is queued."""
    pumping = asyncio.Event()
    pump = asyncio.create_task(console.pump.run(pumping))
    try:
        await _converse(console, lines if stop is None else until_set(lines, stop))
        await console.service.wind_down()
    finally:
        await console.pump.stop(pump, pumping)


async def until_set(lines: AsyncIterator[str], stop: asyncio.Event) -> AsyncIterator[str]:
    """The lines, until ``stop`` is set (a line being typed then is dropped)."""
    stopped = asyncio.create_task(stop.wait())
    try:
        while True:
            line = asyncio.ensure_future(anext(lines))
            await asyncio.wait({line, stopped}, return_when=asyncio.FIRST_COMPLETED)
            if not line.done():
                line.cancel()
                return
            try:
                yield line.result()
            except StopAsyncIteration:
                return
    finally:
        stopped.cancel()


async def _converse(console: Console, lines: AsyncIterator[str]) -> None:
    session = Session()
    out = console.out
    out.write(
        f"dipgm console. You are {session.user} in #{FIRST_CHANNEL}. "
        f"Try `{COMMAND_PREFIX} help`, or /help for the console's own commands.\n"
        "A first turn in a minute:\n"
        f"  {COMMAND_PREFIX} newgame demo schedule=blitz:5m   (you are its game master)\n"
        f"  /as alice   then   {COMMAND_PREFIX} join france   (and /as bob ... for more players)\n"
        f"  /as {session.user}   then   {COMMAND_PREFIX} start   then, as alice: /dm   "
        "order A Par-Bur\n"
    )
    out.write(session.prompt)
    out.flush()
    async for line in lines:
        text = line.strip()
        if text.lower() in ("/quit", "/exit"):
            break
        answer = session.switch(text) if text.startswith("/") else None
        if answer is not None:
            out.write(answer + "\n")
        elif text and not await console.send(session.user, session.where, text):
            out.write(
                f"(table talk: the bot reads lines starting with {COMMAND_PREFIX} here, "
                f"e.g. {COMMAND_PREFIX} status)\n"
            )
        elif text:
            # What the command queued is printed before the next prompt, not after it.
            await console.pump.settled()
        out.write(session.prompt)
        out.flush()
    out.write("\n")
    out.flush()
