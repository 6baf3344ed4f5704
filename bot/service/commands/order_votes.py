"""DRAW and SURRENDER written among orders, as the league's errata tell players to vote:
``order A Par-Bur; F Bre-MAO; DRAW`` gives two orders and votes for a draw, exactly as
`draw` would (and SURRENDER as `surrender confirm`).

A vote is a piece of its own (between ``;``, ``,`` or line breaks) that is exactly the word,
in any case; ``draw`` inside an order or a conditional order is left to be read as written.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.service.commands.turns import Turn
from bot.service.commands.voting import vote_draw, vote_surrender
from bot.service.context import Context
from bot.service.effects import Reply
from bot.store import VoteKind

_WORDS = {"draw": VoteKind.DRAW, "surrender": VoteKind.SURRENDER}
# The pieces of an order text, keeping what separates them; conditional orders list their
# choices with commas, so commas separate only outside them.
_LINES = re.compile(r"([;\n])")
_IF = re.compile(r"(?i)\s*if\b")


def take_votes(text: str) -> tuple[str, list[VoteKind]]:
    """``text`` without its vote words, and the votes they cast (each once, as written)."""
    votes: list[VoteKind] = []
    kept: list[str] = []
    for part in _LINES.split(text):
        if _LINES.fullmatch(part) or _IF.match(part):
            kept.append(part)
            continue
        items: list[str] = []
        for item in part.split(","):
            kind = _WORDS.get(item.strip().lower())
            if kind is None:
                items.append(item)
            elif kind not in votes:
                votes.append(kind)
        kept.append(",".join(i for i in items if i.strip()))
    return ("".join(kept), votes) if votes else (text, [])


def leads_with_vote(text: str) -> bool:
    """Whether ``text`` starts with a vote word standing alone and goes on after it
    (``DRAW`` then orders on the next lines): orders with a vote, not the `draw` command."""
    parts = re.split(r"[;,\n]", text.strip(), maxsplit=1)
    return len(parts) == 2 and parts[0].strip().lower() in _WORDS and bool(parts[1].strip())


async def cast_votes(ctx: Context, turns: list[Turn], votes: Sequence[VoteKind]) -> list[Reply]:
    """Cast each vote for every one of the requester's powers; the answers."""
    replies: list[Reply] = []
    for kind in votes:
        if kind is VoteKind.DRAW:
            replies.append(await vote_draw(ctx, turns))
        else:
            replies.append(await vote_surrender(ctx, turns))
    return replies
