"""The console's outbox transport: a delivery is printed where it went (``[#game] ...``,
``[dm:alice] ...``) and its picture saved as a file, in two parts, so a picture that could
not be saved is saved again later without printing the text twice."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from bot.service import (
    Access,
    Delivery,
    Image,
    Message,
    PicturePart,
    SendError,
    TextPart,
    text_then_picture,
)


class Screen(Protocol):
    """What the transport needs of the terminal: printing a message, saving its picture."""

    def print_text(self, label: str, message: Message) -> None: ...

    def save_picture(self, label: str, image: Image, data: bytes | None) -> None: ...

    def note(self, line: str) -> None: ...


ConsolePart = TextPart | PicturePart


class ConsoleTransport:
    def __init__(self, console: Screen) -> None:
        self._console = console

    def parts(self, delivery: Delivery) -> list[ConsolePart]:
        return text_then_picture(delivery)

    async def post(self, channel: str, part: ConsolePart) -> None:
        self._show(f"#{channel}", part)

    async def dm(self, user_id: str, workspace: str, part: ConsolePart) -> None:
        self._show(f"dm:{user_id}", part)

    async def posted(self, delivery: Delivery, parts: Sequence[ConsolePart]) -> int:
        # A terminal keeps nothing it could read back; the console runs as one process, so
        # its own memory of what went out (the pump's) is all there is.
        return 0

    async def access(self, channel: str) -> Access:
        # The terminal shows every channel.
        return Access()

    def _show(self, label: str, part: ConsolePart) -> None:
        if isinstance(part, TextPart):
            self._console.print_text(label, part.message)
            return
        try:
            self._console.save_picture(label, part.image, part.data)
        except OSError as exc:
            # The terminal is the game master's: say it there too, not only in the log.
            self._console.note(f"[console] could not save a map: {exc}")
            raise SendError(f"could not save the map: {exc}") from None
