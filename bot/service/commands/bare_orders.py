"""Bare text in a direct message, read as `order` when it starts as orders do.

A Par - Bur; A Marsailles - Spa; F Bre - MAO     orders: each answered with ✓ or ✗
raise A MOS                                      an adjustment: orders
if MUN dislodged retreat BER                     a conditional order: orders
statsu                                           "`statsu` is not a command. Did you mean..."
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.service.context import Context
from bot.service.errors import UserError
from bot.store import VoteKind
from engine import load_variant
from engine.names import names_for
from engine.parse_start import starts_like_order

_CONDITIONAL = re.compile(r"\s*if\b", re.IGNORECASE)


async def require_bare_orders(ctx: Context, text: str, votes: Sequence[VoteKind]) -> None:
    """Bare text in a DM is orders when it starts as orders do (a unit, a province, an
    adjustment: `A Par - Bur; A Marsailles - Spa`), read with the usual ✓ and ✗ for each, or
    votes alone; anything else gets the help a mistyped command gets."""
    refusal = UserError(ctx.command.refusal)
    if not text.strip():
        if votes:
            return
        raise refusal
    try:
        variant = ctx.variant(await ctx.game())
    except UserError:
        # no game to give orders in: what looks like orders is told why, the rest is helped
        # as a mistyped command is
        if starts_like_order(text, names_for(load_variant("standard"))):
            raise
        raise refusal from None
    conditional = _CONDITIONAL.match(text) is not None
    if not conditional and not starts_like_order(text, names_for(variant)):
        raise refusal
