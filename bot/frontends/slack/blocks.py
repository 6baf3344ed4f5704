"""Messages of the service as Block Kit: a header, the sections as mrkdwn, the deadline in
each reader's own time zone, and the message's buttons (exactly those the service chose, plus
"Enter orders", Slack's menus, under a message with a deadline).

Slack's limits are kept here (50 blocks, 3000 characters a text, 150 a header, 75 a button
label) so that no message is refused for its size.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
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


def message_blocks(message: Message, *, buttons: bool = True) -> list[Block]:
    """The message as blocks; ``buttons=False`` where a click could not be answered (the App
    Home shows its own)."""
    head: list[Block] = []
    if message.title:
        head.append(header(message.title))
    tail: list[Block] = []
    if message.deadline is not None:
        tail.append(deadline_block(message.deadline))
    if buttons and (actions := actions_block(message)) is not None:
        tail.append(actions)
    room = MAX_BLOCKS - len(head) - len(tail)
    return [*head, *_body(message.sections, room), *tail]


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


def _chunks(lines: list[str]) -> Iterator[str]:
    """Lines joined into texts of at most MAX_TEXT characters, cut only between lines (a line
    longer than that on its own is cut)."""
    current: list[str] = []
    size = 0
    for raw in lines:
        line = raw if len(raw) <= MAX_TEXT else raw[: MAX_TEXT - 1] + "…"
        if current and size + 1 + len(line) > MAX_TEXT:
            yield "\n".join(current)
            current, size = [], 0
        current.append(line)
        size += len(line) + (1 if size else 0)
    text = "\n".join(current)
    if text.strip():
        yield text


def _body(sections: tuple[Section, ...], room: int) -> list[Block]:
    """A block per section where that fits in ``room``; else the sections run together."""
    blocks = [section(text) for part in sections for text in _chunks(_section_lines(part))]
    if len(blocks) <= room:
        return blocks
    merged: list[str] = []
    for part in sections:
        if merged:
            merged.append("")
        merged.extend(_section_lines(part))
    blocks = [section(text) for text in _chunks(merged)]
    if len(blocks) > room:
        blocks = [*blocks[: room - 1], section("…")]
    return blocks
