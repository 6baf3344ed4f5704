"""What the service asks the world to do, as plain values every front end can deliver.

A front end turns a :class:`Message` into Block Kit, a Discord embed or terminal text; it
never writes game text itself. Who may see a message is part of the value: the same words
go to a channel, to one user in place ("only you can see this"), or by direct message.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any


class Audience(StrEnum):
    CHANNEL = "channel"  # everyone in the game's channel
    ONLY_YOU = "only_you"  # the requester alone, where they wrote (ephemeral)
    DM = "dm"  # a direct message to one user


@dataclass(frozen=True, slots=True)
class Line:
    """One line of text. ``emphasis`` marks a headline-like line; ``code`` a line of orders."""

    text: str
    emphasis: bool = False
    code: bool = False


@dataclass(frozen=True, slots=True)
class Section:
    """A titled group of lines (e.g. one power's orders with their outcomes)."""

    title: str | None
    lines: tuple[Line, ...]


@dataclass(frozen=True, slots=True)
class Deadline:
    """A moment shown to readers in their own time zone where the platform can do that
    (Slack's date formatting, Discord's timestamps); ``fallback`` is the text elsewhere."""

    at: datetime
    fallback: str


@dataclass(frozen=True, slots=True)
class Button:
    """A one-click command (e.g. "Ready" sends ``ready``)."""

    label: str
    command: str


@dataclass(frozen=True, slots=True)
class Image:
    """A PNG (or GIF). Stored in the database it has an ``image_id`` (outbox deliveries bring
    its bytes along); a reply carries its bytes in ``data``, so a private picture (a preview
    of one's own orders) is never stored."""

    image_id: int | None
    filename: str
    alt: str
    data: bytes | None = field(default=None, repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class Message:
    title: str | None = None
    sections: tuple[Section, ...] = ()
    deadline: Deadline | None = None
    image: Image | None = None
    # Chosen by the service (see bot.service.words.buttons); front ends show exactly these.
    buttons: tuple[Button, ...] = ()

    def plain_text(self) -> str:
        """The whole message as plain text (console, logs of public messages, fallbacks)."""
        out: list[str] = []
        if self.title:
            out.append(self.title)
        for section in self.sections:
            if section.title:
                out.append(section.title)
            out.extend(line.text for line in section.lines)
        if self.deadline is not None:
            out.append(f"Deadline: {self.deadline.fallback}")
        return "\n".join(out)

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "sections": [
                {
                    "title": s.title,
                    "lines": [
                        {"text": ln.text, "emphasis": ln.emphasis, "code": ln.code}
                        for ln in s.lines
                    ],
                }
                for s in self.sections
            ],
            "deadline": None
            if self.deadline is None
            else {"at": self.deadline.at.isoformat(), "fallback": self.deadline.fallback},
            "image": None
            if self.image is None
            else {
                "image_id": self.image.image_id,
                "filename": self.image.filename,
                "alt": self.image.alt,
            },
            "buttons": [{"label": b.label, "command": b.command} for b in self.buttons],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Message:
        deadline = data.get("deadline")
        image = data.get("image")
        return cls(
            title=data.get("title"),
            sections=tuple(
                Section(
                    s.get("title"),
                    tuple(
                        Line(ln["text"], ln.get("emphasis", False), ln.get("code", False))
                        for ln in s["lines"]
                    ),
                )
                for s in data.get("sections", ())
            ),
            deadline=None
            if deadline is None
            else Deadline(datetime.fromisoformat(deadline["at"]), deadline["fallback"]),
            image=None
            if image is None
            else Image(image["image_id"], image["filename"], image["alt"]),
            buttons=tuple(Button(b["label"], b["command"]) for b in data.get("buttons", ())),
        )


def text(*lines: str, title: str | None = None) -> Message:
    """A message of plain lines."""
    return Message(title=title, sections=(Section(None, tuple(Line(t) for t in lines)),))


@dataclass(frozen=True, slots=True)
class Reply:
    """The answer to a command, for the requester: in the channel, only to them, or by DM."""

    audience: Audience
    message: Message


@dataclass(frozen=True, slots=True)
class Target:
    """Where an outbox message goes: a game channel, or one user's DM."""

    platform: str
    workspace: str
    channel: str | None = None
    user_id: str | None = None

    def to_json(self) -> dict[str, str | None]:
        return {
            "platform": self.platform,
            "workspace": self.workspace,
            "channel": self.channel,
            "user_id": self.user_id,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Target:
        return cls(
            platform=data["platform"],
            workspace=data["workspace"],
            channel=data.get("channel"),
            user_id=data.get("user_id"),
        )


class Need(StrEnum):
    """What the bot needs in a game's channel to post its messages there; each platform
    names them its own way (the words zone says how to grant each)."""

    MEMBER = "member"  # be in the channel (Slack: invited)
    VIEW = "view"  # see the channel
    SEND = "send"  # post messages
    EMBED = "embed"  # show rich messages (Discord embeds)
    ATTACH = "attach"  # upload the map
    HISTORY = "history"  # read its own recent posts (to never post a message twice)


@dataclass(frozen=True, slots=True)
class Access:
    """What the bot lacks in a channel (nothing: it can post everything there);
    ``unknown``: the platform could not be asked."""

    missing: tuple[Need, ...] = ()
    unknown: bool = False


@dataclass(frozen=True, slots=True)
class Actor:
    """Who wrote the command: a stable platform user id, never a display name."""

    platform: str
    workspace: str
    user_id: str
    display_name: str
    is_admin: bool = False


@dataclass(frozen=True, slots=True)
class Place:
    """Where the command was written: a channel, or the user's DM with the bot."""

    channel: str | None
    is_dm: bool = False


# An option's value as a front end with typed options hands it over: text, a yes/no, or
# nothing given.
OptionValue = str | bool | None


@dataclass(frozen=True, slots=True)
class Options:
    """A command given with typed options (Discord's slash commands): its name, and each
    option's value by its argument's name (`game` too, when it names one)."""

    command: str
    values: Mapping[str, OptionValue] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Request:
    """A command written by ``actor`` at ``place``: as one line of ``text``, or, from a front
    end with typed options, as ``options`` (``text`` then only shows it). ``phase``: the
    phase (``S1901M``) of the form the command was sent from (a menu opened earlier); the
    service refuses it once that phase is over, so a form left open never acts on another
    phase."""

    actor: Actor
    place: Place
    text: str
    phase: str | None = None
    options: Options | None = None
