"""Messages of the service as Discord embeds: the title, the sections as fields, the deadline
as a timestamp each reader sees in their own time zone, and the map as an attachment.

Discord refuses a message beyond its limits (6000 characters over all embeds, 10 embeds,
25 fields, 4096 a description, 1024 a field), so a long message is split at line boundaries
(a line too long for a piece goes on in the next) into as many Discord messages as it needs;
nothing is cut off, and a block of orders stays a code block when split.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import PurePosixPath

import discord

from bot.service import Deadline, Line, Message

TITLE_LIMIT = 256
DESCRIPTION_LIMIT = 4096
FIELD_NAME_LIMIT = 256
FIELD_VALUE_LIMIT = 1024
FIELDS_PER_EMBED = 25
# Kept free of the 6000 characters: an outbox message's parts carry a footer that marks
# them (see sending).
FOOTER_ROOM = 40
EMBED_TOTAL = 6000 - FOOTER_ROOM
EMBEDS_PER_MESSAGE = 10
MESSAGE_TOTAL = 6000 - FOOTER_ROOM

COLOUR = discord.Colour(0x2E6B4F)
DEADLINE_LABEL = "Deadline"
# Discord shows no field without a name or a value; this reads as nothing.
BLANK = "\u200b"
_FENCE = "```"
# "```\n" before a block of orders and "\n```" after it.
_FENCE_COST = 2 * (len(_FENCE) + 1)
_IMAGE_TYPES = (".png", ".gif", ".jpg", ".jpeg")
# What makes text live in a description or a field: a masked link's "](" and the < that opens
# a mention, a channel, an emoji, a command, a timestamp or a server page. A zero-width space
# between their characters breaks them wherever they stand: which backticks make inline code
# is Discord's own reading (with escapes and emphasis around), so nothing may rely on it, and
# in inline code a backslash would show where the zero-width space shows nothing.
_ZERO_WIDTH = "\u200b"
_LINK_JOIN = "]("
_MENTION = re.compile(r"<(?=[@#:/]|[a-z]+:)")
_PLAIN = re.compile(r"[^A-Za-z0-9._-]")


@dataclass(frozen=True, slots=True)
class Picture:
    """An image to attach: its bytes, the attachment's name, and its alt text."""

    data: bytes = field(repr=False)
    filename: str
    alt: str

    @property
    def shown(self) -> bool:
        """A picture is shown in its embed; any other file (a game record) is attached."""
        return PurePosixPath(self.filename).suffix in _IMAGE_TYPES

    def file(self) -> discord.File:
        """A fresh upload each time: Discord reads a file's bytes once per send."""
        return discord.File(io.BytesIO(self.data), self.filename, description=self.alt[:1024])


@dataclass(frozen=True, slots=True)
class Part:
    """One Discord message's worth of a service message."""

    embeds: tuple[discord.Embed, ...]
    picture: Picture | None = None

    def files(self) -> list[discord.File]:
        return [] if self.picture is None else [self.picture.file()]


def timestamps(deadline: Deadline) -> str:
    """``<t:...:F> (<t:...:R>)``: the date in the reader's zone and how long is left."""
    at = deadline.at
    return f"{discord.utils.format_dt(at, 'F')} ({discord.utils.format_dt(at, 'R')})"


def render(message: Message, image: bytes | None = None) -> list[Part]:
    """The Discord messages that carry ``message``; ``image`` is the picture's bytes when the
    message holds only a reference to a stored one (an outbox delivery)."""
    # Discord refuses a message with nothing in it.
    embeds = _embeds(message) or [discord.Embed(colour=COLOUR)]
    picture = _picture(message, image)
    if picture is not None and picture.shown:
        # The map closes the message: it shows under the last embed's text.
        embeds[-1].set_image(url=f"attachment://{picture.filename}")
    elif len(embeds) == 1 and len(embeds[0]) == 0:
        embeds[0].description = BLANK
    parts = [Part(tuple(group)) for group in _messages(embeds)]
    if picture is not None:
        parts[-1] = Part(parts[-1].embeds, picture)
    return parts


def _picture(message: Message, image: bytes | None) -> Picture | None:
    if message.image is None:
        return None
    data = message.image.data if message.image.data is not None else image
    if data is None:
        return None
    suffix = PurePosixPath(message.image.filename).suffix.lower()
    if suffix in _IMAGE_TYPES or not suffix:
        # Discord links an embed to its attachment by name; keep the name plain ASCII.
        name = "map" + (suffix or ".png")
    else:
        # a file to keep (`export`'s record) keeps its own name, in plain ASCII
        name = _PLAIN.sub("_", message.image.filename)
    return Picture(data, name, message.image.alt)


def _embeds(message: Message) -> list[discord.Embed]:
    sections = list(message.sections)
    description: list[str] = []
    if sections and sections[0].title is None:
        description = chunk_lines(sections[0].lines, DESCRIPTION_LIMIT)
        sections = sections[1:]
    fields: list[tuple[str, str]] = []
    for section in sections:
        chunks = chunk_lines(section.lines, FIELD_VALUE_LIMIT) or [BLANK]
        name = _clip(section.title, FIELD_NAME_LIMIT) if section.title else BLANK
        fields.extend((name if i == 0 else BLANK, chunk) for i, chunk in enumerate(chunks))
    if message.deadline is not None:
        fields.append((DEADLINE_LABEL, timestamps(message.deadline)))
    if message.title is None and not description and not fields:
        return []
    return _pack(message.title, description, fields)


def _pack(
    title: str | None, description: list[str], fields: list[tuple[str, str]]
) -> list[discord.Embed]:
    packer = _Packer(title)
    for chunk in description:
        packer.describe(chunk)
    for name, value in fields:
        packer.add_field(name, value)
    return packer.embeds


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class _Packer:
    """Fills embeds in order, starting a new one when the next piece would not fit."""

    def __init__(self, title: str | None) -> None:
        first = discord.Embed(colour=COLOUR)
        if title:
            first.title = _clip(title, TITLE_LIMIT)
        self.embeds = [first]
        self._size = len(first.title or "")

    def _start(self) -> None:
        self.embeds.append(discord.Embed(colour=COLOUR))
        self._size = 0

    @property
    def current(self) -> discord.Embed:
        return self.embeds[-1]

    def describe(self, chunk: str) -> None:
        if self.current.description or self._size + len(chunk) > EMBED_TOTAL:
            self._start()
        self.current.description = chunk
        self._size += len(chunk)

    def add_field(self, name: str, value: str) -> None:
        cost = len(name) + len(value)
        if len(self.current.fields) >= FIELDS_PER_EMBED or self._size + cost > EMBED_TOTAL:
            self._start()
        self.current.add_field(name=name, value=value, inline=False)
        self._size += cost


def _messages(embeds: Sequence[discord.Embed]) -> Iterator[list[discord.Embed]]:
    group: list[discord.Embed] = []
    size = 0
    for embed in embeds:
        length = len(embed)
        if group and (len(group) >= EMBEDS_PER_MESSAGE or size + length > MESSAGE_TOTAL):
            yield group
            group, size = [], 0
        group.append(embed)
        size += length
    if group:
        yield group


# Lines -------------------------------------------------------------------------------------


def chunk_lines(lines: Sequence[Line], limit: int) -> list[str]:
    """The lines as Discord markdown, in pieces of at most ``limit`` characters, cut between
    lines; orders (code lines) in code blocks, each piece's blocks closed."""
    chunks: list[str] = []
    body: list[tuple[bool, str]] = []
    size = 0
    for code, text in _pieces(lines, limit):
        cost = _cost(body, code, text)
        if body and size + cost > limit:
            chunks.append(_join(body))
            body, size = [], 0
            cost = _cost(body, code, text)
        body.append((code, text))
        size += cost
    if body:
        chunks.append(_join(body))
    return chunks


def _cost(body: list[tuple[bool, str]], code: bool, text: str) -> int:
    cost = len(text) + (1 if body else 0)
    if code and not (body and body[-1][0]):
        cost += _FENCE_COST
    return cost


def _pieces(lines: Sequence[Line], limit: int) -> Iterator[tuple[bool, str]]:
    """(is code, markdown) for each line; a line too long for a piece goes on in the next,
    cut after a space where there is one."""
    for line in lines:
        if line.code:
            text = line.text.replace(_FENCE, "`\u200b``") or " "
            width = limit - _FENCE_COST
        else:
            shown = inert(line.text)
            text = f"**{shown}**" if line.emphasis and shown else shown or BLANK
            width = limit
        while len(text) > width:
            cut = text.rfind(" ", width // 2, width)
            cut = width if cut < 0 else cut + 1
            yield line.code, text[:cut]
            text = text[cut:]
        yield line.code, text


def inert(text: str) -> str:
    """A line as Discord shows it literally where it would make something live of what a
    player wrote: a masked link (`[click](https://...)`) shows as typed, and a mention
    (`<@123>`, `<@&456>`, `<#789>`) as its text, as Slack shows them; in inline code too, so
    that no backtick, backslash or emphasis a player types can make a link live again."""
    joined = text.replace(_LINK_JOIN, "]" + _ZERO_WIDTH + "(")
    return _MENTION.sub("<" + _ZERO_WIDTH, joined)


def _join(body: list[tuple[bool, str]]) -> str:
    out: list[str] = []
    run: list[str] = []
    for code, text in body:
        if code:
            run.append(text)
            continue
        if run:
            out.append(_fenced(run))
            run = []
        out.append(text)
    if run:
        out.append(_fenced(run))
    return "\n".join(out)


def _fenced(run: list[str]) -> str:
    return _FENCE + "\n" + "\n".join(run) + "\n" + _FENCE
