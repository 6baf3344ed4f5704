"""The App Home tab: the reader's games, their phase and deadline, and whether their orders
are in; each game as the service describes it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.frontends.slack.blocks import Block, header, message_blocks
from bot.service import Message

TITLE = "Your Diplomacy games"
HINT = "`/dip help` lists the commands; orders can be sent to me in the Messages tab."
MAX_BLOCKS = 100


def home_view(cards: Sequence[Message]) -> dict[str, Any]:
    blocks: list[Block] = [header(TITLE)]
    for card in cards:
        blocks.extend(message_blocks(card, buttons=False))
        blocks.append({"type": "divider"})
    hint: Block = {"type": "context", "elements": [{"type": "mrkdwn", "text": HINT}]}
    blocks = [*blocks[: MAX_BLOCKS - 1], hint]
    return {"type": "home", "blocks": blocks}
