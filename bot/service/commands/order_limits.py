"""How much one `order` message may carry: far more than any power needs (the standard board
has 34 units in all), little enough that one message cannot hold up every game."""

from __future__ import annotations

from bot.service.commands.order_routing import pieces
from bot.service.errors import UserError

MAX_CHARACTERS = 4000
MAX_ORDERS = 100

_HOW = (
    "Nothing was stored. Send each unit's order once (a later order for a unit replaces the "
    "earlier one), in several messages if you must."
)


def check_size(text: str) -> None:
    """Refuse a text with more characters or orders than one message takes."""
    if len(text) > MAX_CHARACTERS:
        raise UserError(
            f"That message has {len(text):,} characters; one `order` message takes at most "
            f"{MAX_CHARACTERS:,}. {_HOW}"
        )
    count = len(pieces(text))
    if count > MAX_ORDERS:
        raise UserError(
            f"That message has {count} orders; one `order` message takes at most "
            f"{MAX_ORDERS}, more than any power has units. {_HOW}"
        )
