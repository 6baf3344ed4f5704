"""Talking to the service as console users, and printing what it sends where it went."""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TextIO

from bot.frontends.console.transport import ConsolePart, ConsoleTransport
from bot.service import (
    Actor,
    Audience,
    GameService,
    Image,
    Message,
    Place,
    Pump,
    Reply,
    Request,
    command_in_message,
    neutral_users,
    read_user,
    user_mention,
)

PLATFORM = "console"
WORKSPACE = "local"
# Console users are named by what is typed, so a name is also the user's id: `@zoe` and
# `zoe` are zoe.
_MENTION = re.compile(r"@?([\w.-]+)")


@dataclass(frozen=True, slots=True)
class Where:
    """Where a console user writes: a channel (``game``), or their DM with the bot."""

    channel: str | None

    @property
    def is_dm(self) -> bool:
        return self.channel is None

    def label(self, user: str) -> str:
        return f"{user}@dm" if self.channel is None else f"{user}#{self.channel}"


def neutral_mention(text: str) -> str | None:
    """A user as the console writes them (`@zoe` or `zoe`), in the service's neutral form
    (`<@zoe|zoe>`); one already in it stays so."""
    if read_user(text) is not None:
        return text
    found = _MENTION.fullmatch(text)
    return None if found is None else user_mention(found.group(1), found.group(1))


def command_text(text: str, where: Where) -> str | None:
    """The command in a line, or None for table talk: in a channel only `/dip ...` reaches
    the bot; in a DM every line does (`/dip` there is optional)."""
    command = command_in_message(text, prefix_optional=where.is_dm)
    return None if command is None else neutral_users(command, neutral_mention)


class Console:
    """Sends lines as users and prints replies and deliveries, saving images as files.

    The outbox reaches the terminal through :attr:`pump`: run its loop (interactive), or
    drive it after each step (a script on a fake clock)."""

    def __init__(
        self,
        service: GameService,
        out: TextIO,
        map_dir: Path,
        *,
        admins: Collection[str] = (),
    ) -> None:
        self.service = service
        self.out = out
        self.map_dir = map_dir
        self.admins = frozenset(admins)

    @cached_property
    def pump(self) -> Pump[ConsolePart]:
        """The console's outbox pump, made on first use (and then kept: it remembers which
        parts of a message it already printed)."""
        return self.service.pump(PLATFORM, ConsoleTransport(self))

    def actor(self, user: str) -> Actor:
        # Console users are named by what is typed; the name is their stable id here.
        return Actor(PLATFORM, WORKSPACE, user, user, is_admin=user in self.admins)

    async def send(self, user: str, where: Where, line: str) -> bool:
        """Send a line as ``user``; False if it was table talk the bot does not read."""
        command = command_text(line, where)
        if command is None:
            return False
        request = Request(self.actor(user), Place(where.channel, where.is_dm), command)
        for reply in await self.service.handle(request):
            self.show(_reply_label(reply, user, where), reply.message, None)
        return True

    def show(self, label: str, message: Message, image: bytes | None) -> None:
        """A message printed where ``label`` says, its picture saved (``image``: the stored
        picture's bytes when the message holds only a reference to it)."""
        self.print_text(label, message)
        if message.image is not None:
            self.save_picture(label, message.image, image)

    def print_text(self, label: str, message: Message) -> None:
        for line in message.plain_text().splitlines() or [""]:
            self._write(f"[{label}] {line}".rstrip())

    def save_picture(self, label: str, image: Image, data: bytes | None) -> None:
        """Save the picture as a PNG file and say where; raises OSError if it cannot be."""
        png = image.data if image.data is not None else data
        if png is None:
            self._write(f"[{label}] (the picture {image.filename} is missing)")
            return
        path = self.map_dir / image.filename
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(png)
        self._write(f"[file {label}] {path}")

    def note(self, line: str) -> None:
        """A line of the console's own, not the bot's."""
        self._write(line)

    def _write(self, line: str) -> None:
        self.out.write(line + "\n")
        self.out.flush()


def _reply_label(reply: Reply, user: str, where: Where) -> str:
    if reply.audience is Audience.DM or where.channel is None:
        return f"dm:{user}"
    if reply.audience is Audience.ONLY_YOU:
        return f"only:{user}#{where.channel}"
    return f"#{where.channel}"
