"""The order error family: every problem with an order is one of these three.

*Invalid* means the text cannot be read; *illegal* means it was read but the rules
forbid it; *ambiguous* means it could mean more than one thing. All are ``ValueError``
so callers that only care that an order failed can catch one type.
"""

from __future__ import annotations


class OrderError(ValueError):
    """Base of all order problems; ``str(error)`` is a message fit for a player."""

    kind = "error"

    def __init__(self, message: str, *, suggestion: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.suggestion = suggestion

    def __str__(self) -> str:
        if self.suggestion:
            return f"{self.message} (did you mean {self.suggestion}?)"
        return self.message


class InvalidOrderError(OrderError):
    """The text cannot be read as an order."""

    kind = "invalid"


class IllegalOrderError(OrderError):
    """The order was read, but the rules forbid it."""

    kind = "illegal"


class AmbiguousOrderError(OrderError):
    """The text could mean more than one order; the message names the choices."""

    kind = "ambiguous"


class VariantError(ValueError):
    """A variant data file is inconsistent."""


class PositionError(ValueError):
    """A position (from JSON or built by hand) is not a possible board state."""
