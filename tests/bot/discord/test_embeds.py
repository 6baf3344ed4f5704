"""Messages as embeds within Discord's limits: long ones cut at lines into several
messages, orders kept in closed code blocks, deadlines as timestamps, the map attached."""

from __future__ import annotations

from datetime import UTC, datetime

import discord

from bot.frontends.discord.embeds import BLANK, render
from bot.service import Deadline, Image, Line, Message, Section, text
from tests.bot.discord.standins import Recorder, Sent

PNG = b"\x89PNG\r\n\x1a\nmap"


def sent(message: Message, image: bytes | None = None) -> list[Sent]:
    """Each part as Discord would receive it, checked against Discord's limits."""
    recorder = Recorder()
    for part in render(message, image):
        files = [(f.filename, f.fp.read(), f.description) for f in part.files()]
        recorder.add(Sent("channel", None, 1, None, list(part.embeds), files, None))
    return recorder.sent


def lines_of(parts: list[Sent]) -> list[str]:
    out: list[str] = []
    for part in parts:
        for embed in part.embeds:
            chunks = [embed.description or ""] + [f.value or "" for f in embed.fields]
            for chunk in chunks:
                out += [ln for ln in chunk.splitlines() if ln not in ("```", BLANK, "")]
    return out


def test_a_short_message_is_one_embed_with_title_description_and_fields() -> None:
    message = Message(
        title="hague: Spring 1901 — results",
        sections=(
            Section(None, (Line("All orders were read."),)),
            Section("France", (Line("A PAR - BUR  ✓ moved", code=True), Line("note"))),
            Section("Next", (Line("Fall 1901", emphasis=True),)),
        ),
    )
    (part,) = sent(message)
    (embed,) = part.embeds
    assert embed.title == "hague: Spring 1901 — results"
    assert embed.description == "All orders were read."
    assert [(f.name, f.value) for f in embed.fields] == [
        ("France", "```\nA PAR - BUR  ✓ moved\n```\nnote"),
        ("Next", "**Fall 1901**"),
    ]


def test_a_long_message_is_cut_at_lines_into_several_within_the_limits() -> None:
    sections = tuple(
        Section(
            f"Power {p}",
            tuple(Line(f"A P{p:02d} - X{i:03d}  ✓ moved", code=True) for i in range(60)),
        )
        for p in range(30)
    )
    message = Message(title="A very long results message", sections=sections)
    parts = sent(message)
    assert len(parts) > 1
    expected = [ln.text for s in sections for ln in s.lines]
    assert lines_of(parts) == expected
    assert parts[0].embeds[0].title == "A very long results message"


def test_a_description_longer_than_4096_characters_continues() -> None:
    message = text(*(f"line {i} " + "x" * 90 for i in range(100)))
    parts = sent(message)
    assert lines_of(parts) == [f"line {i} " + "x" * 90 for i in range(100)]


def test_a_line_longer_than_a_field_is_cut() -> None:
    long = "A" * 3000
    parts = sent(Message(sections=(Section("Long", (Line(long, code=True),)),)))
    assert "".join(lines_of(parts)) == long


def test_a_long_title_is_shortened() -> None:
    (part,) = sent(Message(title="t" * 300))
    assert len(part.embeds[0].title or "") == 256


def test_the_deadline_is_a_discord_timestamp() -> None:
    at = datetime(2026, 1, 7, 9, 0, tzinfo=UTC)
    (part,) = sent(Message(title="Spring 1901", deadline=Deadline(at, "Wed 7 Jan 09:00 UTC")))
    (deadline,) = part.embeds[0].fields
    stamp = int(at.timestamp())
    assert deadline.name == "Deadline"
    assert deadline.value == f"<t:{stamp}:F> (<t:{stamp}:R>)"


def test_the_map_is_attached_and_shown_under_the_last_embed() -> None:
    image = Image(7, "hague-S1901M-results.png", "The board after Spring 1901")
    (part,) = sent(Message(title="results", image=image), PNG)
    assert part.files == [("map.png", PNG, "The board after Spring 1901")]
    assert part.embeds[-1].image.url == "attachment://map.png"
    gif = Image(None, "hague.gif", "The game so far", data=b"GIF89a")
    (part,) = sent(Message(image=gif))
    assert part.files == [("map.gif", b"GIF89a", "The game so far")]


def test_a_missing_picture_leaves_the_text() -> None:
    (part,) = sent(Message(title="results", image=Image(7, "x.png", "alt")), None)
    assert part.files == [] and part.embeds[0].image.url is None


def test_an_empty_message_is_still_a_message() -> None:
    (part,) = sent(Message())
    assert part.embeds[0].description == BLANK


def test_code_fences_in_text_cannot_break_the_block() -> None:
    (part,) = sent(Message(sections=(Section("x", (Line("```evil```", code=True),)),)))
    value = part.embeds[0].fields[0].value or ""
    assert value.count("```") == 2
    assert isinstance(part.embeds[0], discord.Embed)
