"""The one error a command may end with in front of a player."""

from __future__ import annotations


class UserError(Exception):
    """A request that cannot be done as asked. ``str(error)`` is shown to the requester alone:
    it says what was wrong and what would be right, and never names another power's orders."""
