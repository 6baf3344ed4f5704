"""Messages of the service as Block Kit: a header, the sections as mrkdwn, the deadline in
each reader's own time zone, and the message's buttons (exactly those the service chose, plus
"Enter orders", Slack's menus, under a message with a deadline).

Slack's limits are kept here (50 blocks, 3000 characters a text, 150 a header, 75 a button
label) so that no message is refused for its size, and none is cut: a text too long for a
block goes on in the next, a message too long for one post goes on in the next post
(:func:`message_pages`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from bot.service import Deadline, Line, Message, Section

Block = dict[str, Any]

MAX_BLOCKS = 50
MAX_TEXT = 3000
MAX_HEADER = 150
MAX_LABEL = 75
MAX_VALUE = 2000
MAX_BUTTONS = 25
# A notification's plain text: enough to read on a lock screen, well inside Slack's limit.
MAX_FALLBACK = 3000

COMMAND_ACTION = "dip:cmd"
ENTER_ORDERS_ACTION = "dip:enter_orders"
ENTER_ORDERS_LABEL = "Enter orders"
# Slack refuses a button without a value: this one's is the command that asks for the menus.
ENTER_ORDERS_VALUE = "order"
DEADLINE_LABEL = "Deadline"

# Slack channel ids as the service writes them (`#C0123ABCD`) become channel links.
_CHANNEL = re.compile(r"(?<![\w<])#([CG][A-Z0-9]{6,})\b")


def escape(text: str) -> str:
    """Text as mrkdwn shows it literally: Slack reads only &, < and > specially."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def mrkdwn(text: str) -> str:
    return _CHANNEL.sub(r"<#\1>", escape(text))


def slack_date(deadline: Deadline) -> str:
    """The moment in the reader's own time zone; the service's text where Slack cannot."""
    stamp = int(deadline.at.timestamp())
    fallback = escape(deadline.fallback).replace("|", "/")
    return f"<!date^{stamp}^{{date_short_pretty}} {{time}}|{fallback}>"


def fallback_text(message: Message) -> str:
    """The plain text of a message: notifications, and clients that show no blocks."""
    text = mrkdwn(message.plain_text()) or " "
    return text if len(text) <= MAX_FALLBACK else text[: MAX_FALLBACK - 1] + "…"


@dataclass(frozen=True, slots=True)
class Page:
    """One Slack post of a message: its notification text and its blocks."""

    text: str
    blocks: list[Block]


def message_pages(message: Message, *, buttons: bool = True) -> list[Page]:
    """The message as Slack posts, in order: one, unless its blocks exceed what one post
    holds; the title heads the first, the deadline and the buttons close the last."""
    head: list[Block] = []
    if message.title:
        head.append(header(message.title))
    tail: list[Block] = []
    if message.deadline is not None:
        tail.append(deadline_block(message.deadline))
    if buttons and (actions := actions_block(message)) is not None:
        tail.append(actions)
    pages: list[list[Block]] = []
    current = list(head)
    for block in _body(message.sections, MAX_BLOCKS - len(head) - len(tail)):
        if len(current) >= MAX_BLOCKS:
            pages.append(current)
            current = []
        current.append(block)
    if current and len(current) + len(tail) > MAX_BLOCKS:
        pages.append(current)
        current = []
    pages.append([*current, *tail])
    first = fallback_text(message)
    if len(pages) == 1:
        return [Page(first, pages[0])]
    title = message.title or "(continued)"
    return [
        Page(first if n == 1 else f"{mrkdwn(title)} ({n}/{len(pages)})", blocks)
        for n, blocks in enumerate(pages, start=1)
    ]


def message_blocks(message: Message, *, buttons: bool = True) -> list[Block]:
    """The message as blocks, every post's in order; ``buttons=False`` where a click could
    not be answered (the App Home shows its own)."""
    return [block for page in message_pages(message, buttons=buttons) for block in page.blocks]


def header(title: str) -> Block:
    text = title if len(title) <= MAX_HEADER else title[: MAX_HEADER - 1] + "…"
    return {"type": "header", "text": {"type": "plain_text", "text": text, "emoji": False}}


def deadline_block(deadline: Deadline) -> Block:
    text = f"*{DEADLINE_LABEL}:* {slack_date(deadline)}"
    return {"type": "context", "elements": [{"type": "mrkdwn", "text": text}]}


def section(text: str) -> Block:
    return {"type": "section", "text": {"type": "mrkdwn", "text": text}}


def actions_block(message: Message) -> Block | None:
    """The message's buttons as the service chose them; a message with a deadline (a phase is
    open) also gets one to enter orders from menus."""
    elements = [
        _button(f"{COMMAND_ACTION}:{i}", b.label, b.command) for i, b in enumerate(message.buttons)
    ]
    if message.deadline is not None:
        elements.insert(
            0, _button(ENTER_ORDERS_ACTION, ENTER_ORDERS_LABEL, ENTER_ORDERS_VALUE, primary=True)
        )
    if not elements:
        return None
    return {"type": "actions", "elements": elements[:MAX_BUTTONS]}


def _button(action_id: str, label: str, value: str, *, primary: bool = False) -> Block:
    text = label if len(label) <= MAX_LABEL else label[: MAX_LABEL - 1] + "…"
    button: Block = {
        "type": "button",
        "action_id": action_id,
        "text": {"type": "plain_text", "text": text, "emoji": False},
        "value": value[:MAX_VALUE],
    }
    if primary:
        button["style"] = "primary"
    return button


# The body -------------------------------------------------------------------------------------


def _line(line: Line) -> str:
    if not line.text.strip():
        return ""
    text = mrkdwn(line.text)
    if line.code:
        # Inline code keeps orders apart from prose; a backtick inside would end it early.
        quoted = text.replace("`", "'")
        return f"`{quoted}`"
    if line.emphasis:
        return f"*{text}*"
    return text


def _section_lines(part: Section) -> list[str]:
    lines = [f"*{mrkdwn(part.title)}*"] if part.title else []
    lines.extend(_line(line) for line in part.lines)
    return lines


def _pieces(line: str) -> Iterator[str]:
    """A line in pieces of at most MAX_TEXT characters, each cut after a space where there
    is one (a line that fits is one piece)."""
    while len(line) > MAX_TEXT:
        cut = line.rfind(" ", MAX_TEXT // 2, MAX_TEXT)
        cut = MAX_TEXT if cut < 0 else cut + 1
        yield line[:cut]
        line = line[cut:]
    yield line


def _chunks(lines: list[str]) -> Iterator[str]:
    """Lines joined into texts of at most MAX_TEXT characters, cut between lines (a line
    longer than that on its own goes on in the next text)."""
    current: list[str] = []
    size = 0
    for line in (piece for raw in lines for piece in _pieces(raw)):
        if current and size + 1 + len(line) > MAX_TEXT:
            yield "\n".join(current)
            current, size = [], 0
        current.append(line)
        size += len(line) + (1 if size else 0)
    text = "\n".join(current)
    if text.strip():
        yield text


def _body(sections: tuple[Section, ...], room: int) -> list[Block]:
    """A block per section where that fits in ``room``; else the sections run together (in
    as many blocks as they take: the caller spreads them over several posts)."""
    blocks = [section(text) for part in sections for text in _chunks(_section_lines(part))]
    if len(blocks) <= room:
        return blocks
    merged: list[str] = []
    for part in sections:
        if merged:
            merged.append("")
        merged.extend(_section_lines(part))
    return [section(text) for text in _chunks(merged)]
