"""Playing a transcript on a fake clock.

Script lines::

    alice> /dip join             alice writes in the game channel (#game)
    alice#other> /dip status     ... in channel #other
    alice@dm> order A PAR - BUR  ... to the bot, in her DM
    clock +48h                   time passes: whatever falls due meanwhile runs, in order
    # a comment                  (blank lines are skipped too)

After every line the bot does what its alarm clock would do at that moment, and everything
it sends is printed where it went. The script stands in for the alarm clock and for the
outbox pump's loop alike: it drives both itself, one step at a time, so a transcript never
depends on how tasks happen to interleave.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta

from bot.frontends.console.terminal import Console, Where
from bot.service.schedule import ScheduleError, parse_duration

START = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
GAME_CHANNEL = "game"
_SAY = re.compile(r"(?P<user>[\w.-]+)(?:(?P<dm>@dm)|#(?P<channel>[\w.-]+))?>(?P<text>.*)")
_CLOCK = re.compile(r"clock\s+\+\s*(?P<span>.+)", re.IGNORECASE)
# A run that keeps finding the same moment due has hit a phase that fails every time.
_MAX_STEPS = 10_000


class ScriptError(ValueError):
    """A script line that cannot be read; the message names the line."""


class ScriptClock:
    """The script's time: it moves only when the script says ``clock +...``."""

    def __init__(self, start: datetime = START) -> None:
        if start.tzinfo is None:
            start = start.replace(tzinfo=UTC)
        self.now = start.astimezone(UTC)

    def __call__(self) -> datetime:
        return self.now


async def run_script(console: Console, clock: ScriptClock, lines: Iterable[str]) -> None:
    """Play every line in order; a line that cannot be read stops the run with ScriptError."""
    await _settle(console)
    for number, raw in enumerate(lines, start=1):
        line = raw.rstrip("\n")
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if clock_match := _CLOCK.fullmatch(stripped):
            try:
                span = parse_duration(clock_match.group("span"))
            except ScheduleError as exc:
                raise ScriptError(f"line {number}: {exc}") from None
            await advance(console, clock, span)
            continue
        say = _SAY.fullmatch(line)
        if say is None:
            raise ScriptError(
                f"line {number}: cannot read {stripped!r}: write `name> text`, "
                "`name#channel> text`, `name@dm> text`, `clock +DURATION` or `# comment`"
            )
        where = Where(None if say.group("dm") else say.group("channel") or GAME_CHANNEL)
        if await console.send(say.group("user"), where, say.group("text")):
            await _settle(console)


async def advance(console: Console, clock: ScriptClock, span: timedelta) -> None:
    """Move the clock on, waking at each moment something falls due on the way, as the alarm
    clock and the outbox pump would."""
    target = clock.now + span
    for _ in range(_MAX_STEPS):
        wake = await _next_moment(console)
        if wake is None or wake > target:
            break
        if wake <= clock.now:
            # Due already and not done by the last run: it fails; go on to the target.
            break
        clock.now = wake
        await _settle(console)
    clock.now = target
    await _settle(console)


async def _next_moment(console: Console) -> datetime | None:
    """The next deadline, reminder or outbox retry."""
    moments = [await console.service.next_wakeup(), await console.pump.next_retry()]
    return min((m for m in moments if m is not None), default=None)


async def _settle(console: Console) -> None:
    await console.service.process_due()
    await console.pump.deliver_due()
