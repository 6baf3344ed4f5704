"""The one error a command may end with in front of a player, and how any other failure is
logged without giving a secret away."""

from __future__ import annotations

import traceback

from bot.service.effects import Button


class UserError(Exception):
    """A request that cannot be done as asked. ``str(error)`` is shown to the requester alone:
    it says what was wrong and what would be right, and never names another power's orders;
    ``buttons`` go under it (the way to do it right, one click away)."""

    def __init__(self, message: str = "", *, buttons: tuple[Button, ...] = ()) -> None:
        super().__init__(message)
        self.buttons = buttons


def safe_trace(exc: BaseException) -> str:
    """Where an error happened, without its message: messages can quote orders."""
    frames = "".join(traceback.format_tb(exc.__traceback__))
    return f"{type(exc).__name__}\n{frames}"
