"""Stand-ins for the Discord objects the front end touches, built from the payloads Discord
documents (INTERACTION_CREATE, MESSAGE_CREATE), recording everything sent.

They are strict: each class has ``__slots__`` (a misspelled attribute fails, read or
written), each method takes exactly the keywords of the discord.py method it stands for (a
test compares the signatures), and each send is checked against Discord's own limits (embed
sizes, 25 autocomplete choices). They also behave as Discord does where privacy depends on
it: the first follow-up after a "thinking" acknowledgement replaces it and keeps its
visibility, whatever the follow-up asks.
"""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.utils import MISSING

_ids = itertools.count(1_100_000_000_000_000_000)
# The bot's own user id: what it posts is its own in a channel's history.
BOT_ID = 1_099_999_999_999_999_999
# What the bot needs in a game's channel, and what a stand-in channel grants unless told.
GRANTED = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
)


def snowflake() -> int:
    return next(_ids)


@dataclass
class Sent:
    """One thing that reached Discord. ``seen_by``: the user ids that can read it, or None
    for everyone in the channel."""

    kind: str  # response, original, followup, edit, dm, channel, autocomplete
    seen_by: frozenset[int] | None
    channel_id: int | None = None
    content: str | None = None
    embeds: list[discord.Embed] = field(default_factory=list)
    files: list[tuple[str, bytes, str | None]] = field(default_factory=list)
    view: discord.ui.View | None = None
    choices: list[Choice[str]] = field(default_factory=list)
    nonce: str | int | None = None

    @property
    def public(self) -> bool:
        return self.seen_by is None

    def only(self, *user_ids: int) -> bool:
        """Whether exactly these users (and nobody else) can read it."""
        return self.seen_by == frozenset(user_ids)

    def text(self) -> str:
        """Everything a reader sees, as text."""
        out = [self.content or ""]
        for embed in self.embeds:
            out += [embed.title or "", embed.description or ""]
            for embed_field in embed.fields:
                out += [embed_field.name or "", embed_field.value or ""]
        out += [c.value for c in self.choices]
        out += (
            [getattr(item, "label", "") or "" for item in self.view.children] if self.view else []
        )
        return "\n".join(part for part in out if part)

    def buttons(self) -> dict[str, str]:
        """label -> custom id of the buttons under the message."""
        if self.view is None:
            return {}
        found: dict[str, str] = {}
        for item in self.view.children:
            inner = getattr(item, "item", item)
            if isinstance(inner, discord.ui.Button) and inner.custom_id and inner.label:
                found[inner.label] = inner.custom_id
        return found


class Recorder:
    """What reached Discord; ``thinking``: each "thinking…" acknowledgement, and who saw it
    (it is on screen until the answer replaces it, so it counts even once deleted)."""

    __slots__ = ("sent", "thinking")

    def __init__(self) -> None:
        self.sent: list[Sent] = []
        self.thinking: list[Sent] = []

    def add(self, sent: Sent) -> Sent:
        _check_limits(sent)
        self.sent.append(sent)
        return sent

    def since(self, mark: int) -> list[Sent]:
        return self.sent[mark:]


def _check_limits(sent: Sent) -> None:
    """Discord refuses what breaks these; so do the stand-ins."""
    assert len(sent.embeds) <= 10, "more than 10 embeds in a message"
    assert sum(len(e) for e in sent.embeds) <= 6000, "more than 6000 characters of embeds"
    for embed in sent.embeds:
        assert len(embed.title or "") <= 256
        assert len(embed.description or "") <= 4096
        assert len(embed.fields) <= 25
        for embed_field in embed.fields:
            assert 0 < len(embed_field.name or "") <= 256, "a field needs a name"
            assert 0 < len(embed_field.value or "") <= 1024, "a field value is 1..1024"
            assert (embed_field.value or "").count("```") % 2 == 0, "a code block left open"
        image = embed.image.url if embed.image else None
        if image and image.startswith("attachment://"):
            assert image.removeprefix("attachment://") in [f[0] for f in sent.files]
    assert len(sent.content or "") <= 2000
    assert len(sent.choices) <= 25, "more than 25 autocomplete choices"
    for choice in sent.choices:
        assert 1 <= len(choice.name) <= 100 and len(choice.value) <= 100
    if sent.view is not None:
        assert len(sent.view.children) <= 25
        for item in sent.view.children:
            custom_id = getattr(item, "custom_id", None)
            assert custom_id is None or len(custom_id) <= 100


def _files(
    file: discord.File | None, files: Sequence[discord.File] | None
) -> list[tuple[str, bytes, str | None]]:
    chosen = [
        *(files if files not in (None, MISSING) else ()),
        *([file] if file not in (None, MISSING) else []),
    ]
    out = []
    for item in chosen:
        assert item is not None
        data = item.fp.read()
        out.append((item.filename, data, item.description))
    return out


def _embeds(
    embed: discord.Embed | None, embeds: Sequence[discord.Embed] | None
) -> list[discord.Embed]:
    chosen = list(embeds) if embeds not in (None, MISSING) else []
    if embed not in (None, MISSING):
        assert embed is not None
        chosen.append(embed)
    return chosen


def _view(view: Any) -> discord.ui.View | None:
    return None if view in (None, MISSING) else view


class FakeHTTPResponse:
    """What discord.HTTPException reads of a response."""

    __slots__ = ("reason", "status")

    def __init__(self, status: int, reason: str) -> None:
        self.status = status
        self.reason = reason


def forbidden(
    code: int = 50007, text: str = "Cannot send messages to this user"
) -> discord.Forbidden:
    return discord.Forbidden(FakeHTTPResponse(403, "Forbidden"), {"code": code, "message": text})


class StandInUser:
    """A Discord user (or a member of the server: then ``nick`` may be set)."""

    __slots__ = ("bot", "dms_open", "global_name", "id", "name", "nick", "recorder")

    def __init__(self, data: dict[str, Any], recorder: Recorder, nick: str | None = None) -> None:
        self.id = int(data["id"])
        self.name: str = data["username"]
        self.global_name: str | None = data.get("global_name")
        self.bot: bool = data.get("bot", False)
        self.nick = nick
        self.recorder = recorder
        self.dms_open = True

    @property
    def display_name(self) -> str:
        return self.nick or self.global_name or self.name

    async def send(
        self,
        content: str | None = None,
        *,
        tts: bool = False,
        embed: discord.Embed | None = None,
        embeds: Sequence[discord.Embed] | None = None,
        file: discord.File | None = None,
        files: Sequence[discord.File] | None = None,
        stickers: Any = None,
        delete_after: float | None = None,
        nonce: Any = None,
        allowed_mentions: discord.AllowedMentions | None = None,
        reference: Any = None,
        mention_author: bool | None = None,
        view: Any = None,
        suppress_embeds: bool = False,
        silent: bool = False,
        poll: Any = None,
    ) -> None:
        if not self.dms_open:
            raise forbidden()
        assert allowed_mentions is not None, "every send sets allowed_mentions"
        self.recorder.add(
            Sent(
                "dm",
                frozenset({self.id}),
                None,
                content,
                _embeds(embed, embeds),
                _files(file, files),
                _view(view),
            )
        )


class StandInGuild:
    """The server a channel is on, as far as the bot's own member goes."""

    __slots__ = ("id", "me")

    def __init__(self, guild_id: int) -> None:
        self.id = guild_id
        self.me = discord.Object(BOT_ID)


@dataclass(frozen=True)
class StandInPosted:
    """A message read back from a channel's history."""

    author: discord.Object
    embeds: list[discord.Embed]


class StandInChannel:
    """A channel (or a DM channel) the bot posts to and reads its history from; ``granted``:
    what the bot may do there."""

    __slots__ = ("fail", "granted", "guild", "id", "readers", "recorder")

    def __init__(self, channel_id: int, recorder: Recorder, readers: frozenset[int] | None) -> None:
        self.id = channel_id
        self.recorder = recorder
        self.readers = readers
        self.fail: Exception | None = None
        self.granted = GRANTED
        self.guild = StandInGuild(0)

    def permissions_for(self, obj: Any, /) -> discord.Permissions:
        return self.granted

    async def history(
        self,
        *,
        limit: int | None = 100,
        before: Any = None,
        after: Any = None,
        around: Any = None,
        oldest_first: bool | None = None,
    ) -> AsyncIterator[StandInPosted]:
        """The channel's latest messages, newest first (all of them the bot's)."""
        if not self.granted.read_message_history:
            raise forbidden(50001, "Missing Access")
        mine = [s for s in self.recorder.sent if s.channel_id == self.id]
        for sent in list(reversed(mine))[:limit]:
            yield StandInPosted(discord.Object(BOT_ID), sent.embeds)

    async def send(
        self,
        content: str | None = None,
        *,
        tts: bool = False,
        embed: discord.Embed | None = None,
        embeds: Sequence[discord.Embed] | None = None,
        file: discord.File | None = None,
        files: Sequence[discord.File] | None = None,
        stickers: Any = None,
        delete_after: float | None = None,
        nonce: Any = None,
        allowed_mentions: discord.AllowedMentions | None = None,
        reference: Any = None,
        mention_author: bool | None = None,
        view: Any = None,
        suppress_embeds: bool = False,
        silent: bool = False,
        poll: Any = None,
    ) -> None:
        if self.fail is not None:
            raise self.fail
        if self.readers is None and not self.granted.send_messages:
            raise forbidden(50013, "Missing Permissions")
        assert allowed_mentions is not None, "every send sets allowed_mentions"
        kind = "channel" if self.readers is None else "dm"
        self.recorder.add(
            Sent(
                kind,
                self.readers,
                self.id,
                content,
                _embeds(embed, embeds),
                _files(file, files),
                _view(view),
                nonce=nonce,
            )
        )


class StandInMessage:
    """A MESSAGE_CREATE the bot receives."""

    __slots__ = ("author", "channel", "content", "guild", "id", "mentions")

    def __init__(
        self,
        data: dict[str, Any],
        author: StandInUser,
        channel: StandInChannel,
        mentions: Sequence[StandInUser] = (),
    ) -> None:
        self.id = int(data["id"])
        self.content: str = data["content"]
        self.author = author
        self.channel = channel
        # The users the message mentions, as Discord resolves them in the payload.
        self.mentions = list(mentions)
        self.guild = None if data.get("guild_id") is None else discord.Object(int(data["guild_id"]))


class _Original:
    """The acknowledgement of an interaction, as Discord keeps it."""

    __slots__ = ("ephemeral", "state")

    def __init__(self) -> None:
        self.state = "none"  # none, thinking, sent, deleted, update
        self.ephemeral = False


class StandInResponse:
    __slots__ = ("_interaction",)

    def __init__(self, interaction: StandInInteraction) -> None:
        self._interaction = interaction

    def is_done(self) -> bool:
        return self._interaction.original.state != "none"

    def _take(self) -> _Original:
        original = self._interaction.original
        if original.state != "none":
            raise discord.InteractionResponded(self._interaction)  # type: ignore[arg-type]
        return original

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        original = self._take()
        assert self._interaction.type is not discord.InteractionType.autocomplete
        if self._interaction.type is discord.InteractionType.component and not thinking:
            original.state = "update"
            original.ephemeral = self._interaction.message_ephemeral
            return
        original.state = "thinking"
        original.ephemeral = ephemeral
        interaction = self._interaction
        private = ephemeral or interaction.guild_id is None
        seen_by = frozenset({interaction.user.id}) if private else None
        interaction.recorder.thinking.append(Sent("thinking", seen_by, interaction.channel_id))

    async def send_message(
        self,
        content: Any = None,
        *,
        embed: discord.Embed = MISSING,
        embeds: Sequence[discord.Embed] = MISSING,
        file: discord.File = MISSING,
        files: Sequence[discord.File] = MISSING,
        view: Any = MISSING,
        tts: bool = False,
        ephemeral: bool = False,
        allowed_mentions: discord.AllowedMentions = MISSING,
        suppress_embeds: bool = False,
        silent: bool = False,
        delete_after: float | None = None,
        poll: Any = MISSING,
    ) -> None:
        original = self._take()
        original.state, original.ephemeral = "sent", ephemeral
        self._interaction.record(
            "response", ephemeral, content, _embeds(embed, embeds), _files(file, files), _view(view)
        )

    async def edit_message(
        self,
        *,
        content: Any = MISSING,
        embed: discord.Embed | None = MISSING,
        embeds: Sequence[discord.Embed] = MISSING,
        attachments: Sequence[Any] = MISSING,
        view: Any = MISSING,
        allowed_mentions: discord.AllowedMentions | None = MISSING,
        delete_after: float | None = None,
        suppress_embeds: bool = MISSING,
    ) -> None:
        assert self._interaction.type is discord.InteractionType.component
        original = self._take()
        original.state = "update"
        ephemeral = self._interaction.message_ephemeral
        self._interaction.record(
            "edit",
            ephemeral,
            None if content is MISSING else content,
            _embeds(embed, embeds),
            _files(
                None,
                [a for a in attachments if isinstance(a, discord.File)]
                if attachments is not MISSING
                else None,
            ),
            _view(view),
        )

    async def autocomplete(self, choices: Sequence[Choice[str]]) -> None:
        assert self._interaction.type is discord.InteractionType.autocomplete
        original = self._take()
        original.state = "sent"
        self._interaction.recorder.add(
            Sent("autocomplete", frozenset({self._interaction.user.id}), choices=list(choices))
        )


class StandInFollowup:
    __slots__ = ("_interaction",)

    def __init__(self, interaction: StandInInteraction) -> None:
        self._interaction = interaction

    async def send(
        self,
        content: str = MISSING,
        *,
        username: str = MISSING,
        avatar_url: Any = MISSING,
        tts: bool = False,
        ephemeral: bool = False,
        file: discord.File = MISSING,
        files: Sequence[discord.File] = MISSING,
        embed: discord.Embed = MISSING,
        embeds: Sequence[discord.Embed] = MISSING,
        allowed_mentions: discord.AllowedMentions = MISSING,
        view: Any = MISSING,
        thread: Any = MISSING,
        thread_name: str = MISSING,
        wait: bool = False,
        suppress_embeds: bool = False,
        silent: bool = False,
        applied_tags: Any = MISSING,
        poll: Any = MISSING,
    ) -> None:
        interaction = self._interaction
        original = interaction.original
        assert original.state != "none", "a follow-up before the interaction was answered"
        if original.state == "thinking":
            # Discord: the first follow-up replaces "thinking…" and keeps its visibility.
            original.state = "sent"
            ephemeral = original.ephemeral
        interaction.record(
            "followup",
            ephemeral,
            None if content is MISSING else content,
            _embeds(embed, embeds),
            _files(file, files),
            _view(view),
        )


class StandInState:
    """What discord.py asks of its connection state to read users resolved in a payload."""

    __slots__ = ()

    def create_user(self, data: dict[str, Any]) -> discord.User:
        return discord.User(state=self, data=data)  # type: ignore[arg-type]


class StandInInteraction:
    """An INTERACTION_CREATE: a slash command, an autocomplete or a component."""

    __slots__ = (
        "_cs_command",
        "_cs_namespace",
        "_state",
        "channel_id",
        "client",
        "command_failed",
        "data",
        "extras",
        "followup",
        "guild",
        "guild_id",
        "id",
        "locale",
        "message",
        "message_ephemeral",
        "original",
        "permissions",
        "recorder",
        "response",
        "type",
        "user",
    )

    def __init__(
        self,
        payload: dict[str, Any],
        client: discord.Client,
        user: StandInUser,
        recorder: Recorder,
        *,
        message_ephemeral: bool = False,
    ) -> None:
        self.id = int(payload["id"])
        self.type = discord.InteractionType(payload["type"])
        self.data: dict[str, Any] = payload["data"]
        self.guild_id = int(payload["guild_id"]) if "guild_id" in payload else None
        self.channel_id = int(payload["channel_id"]) if "channel_id" in payload else None
        self.locale = discord.Locale(payload.get("locale", "en-US"))
        member = payload.get("member")
        self.permissions = (
            discord.Permissions(int(member["permissions"]))
            if member
            else discord.Permissions.none()
        )
        self.user = user
        self.client = client
        self.recorder = recorder
        self.response = StandInResponse(self)
        self.followup = StandInFollowup(self)
        self.original = _Original()
        self.message = None
        self.message_ephemeral = message_ephemeral
        self.command_failed = False
        self.extras: dict[Any, Any] = {}
        self.guild = None
        self._state = StandInState()
        self._cs_command: app_commands.Command[Any, ..., Any] | None = None
        self._cs_namespace: app_commands.Namespace | None = None

    @property
    def namespace(self) -> app_commands.Namespace:
        assert self._cs_namespace is not None
        return self._cs_namespace

    @property
    def command(self) -> app_commands.Command[Any, ..., Any] | None:
        return self._cs_command

    def record(
        self,
        kind: str,
        ephemeral: bool,
        content: str | None,
        embeds: list[discord.Embed],
        files: list[tuple[str, bytes, str | None]],
        view: discord.ui.View | None,
    ) -> None:
        # In a DM only its two parties see anything; in a channel, ephemeral means the user.
        private = ephemeral or self.guild_id is None
        seen_by = frozenset({self.user.id}) if private else None
        self.recorder.add(Sent(kind, seen_by, self.channel_id, content, embeds, files, view))

    async def edit_original_response(
        self,
        *,
        content: str | None = MISSING,
        embeds: Sequence[discord.Embed] = MISSING,
        embed: discord.Embed | None = MISSING,
        attachments: Sequence[Any] = MISSING,
        view: Any = MISSING,
        allowed_mentions: discord.AllowedMentions | None = None,
        poll: Any = MISSING,
    ) -> None:
        original = self.original
        assert original.state in ("thinking", "sent", "update"), (
            f"nothing to edit ({original.state})"
        )
        if original.state == "thinking":
            original.state = "sent"
        files = (
            [a for a in attachments if isinstance(a, discord.File)]
            if attachments is not MISSING
            else None
        )
        self.record(
            "original" if original.state != "update" else "edit",
            original.ephemeral,
            None if content is MISSING else content,
            _embeds(embed, embeds),
            _files(None, files),
            _view(view),
        )

    async def delete_original_response(self) -> None:
        assert self.original.state in ("thinking", "sent"), "nothing to delete"
        self.original.state = "deleted"


# Payloads ----------------------------------------------------------------------------------


def user_payload(name: str, user_id: int) -> dict[str, Any]:
    return {
        "id": str(user_id),
        "username": name,
        "global_name": name.title(),
        "discriminator": "0",
        "avatar": None,
    }


def member_payload(user: dict[str, Any], permissions: discord.Permissions) -> dict[str, Any]:
    return {
        "user": user,
        "nick": None,
        "roles": [],
        "joined_at": "2026-01-01T00:00:00.000000+00:00",
        "deaf": False,
        "mute": False,
        "flags": 0,
        "permissions": str(permissions.value),
    }


def interaction_payload(
    kind: discord.InteractionType,
    data: dict[str, Any],
    *,
    user: dict[str, Any],
    guild_id: int | None,
    channel_id: int,
    permissions: discord.Permissions,
    application_id: int,
) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "id": str(snowflake()),
        "application_id": str(application_id),
        "type": kind.value,
        "data": data,
        "channel_id": str(channel_id),
        "token": "interaction-token",
        "version": 1,
        "locale": "en-GB",
        "app_permissions": str(discord.Permissions.all().value),
        "entitlements": [],
    }
    if guild_id is None:
        payload["user"] = user
        payload["channel"] = {"id": str(channel_id), "type": 1}
        payload["context"] = 1
    else:
        payload["guild_id"] = str(guild_id)
        payload["guild_locale"] = "en-US"
        payload["member"] = member_payload(user, permissions)
        payload["channel"] = {"id": str(channel_id), "type": 0, "guild_id": str(guild_id)}
        payload["context"] = 0
    return payload


def command_data(
    group: app_commands.Group, path: str, options: dict[str, Any], focused: str | None = None
) -> dict[str, Any]:
    """The data of `/dip <path> ...` (``path``: ``order`` or ``gm process``), each option
    typed as the command declares it."""
    *groups, sub = path.split()
    parent = group
    for name in groups:
        found = parent.get_command(name)
        assert isinstance(found, app_commands.Group), f"/{parent.name} {name} is no group"
        parent = found
    command = parent.get_command(sub)
    assert isinstance(command, app_commands.Command), f"/{group.name} {path} does not exist"
    declared = {p.display_name: p for p in command.parameters}
    typed: list[dict[str, Any]] = []
    users: dict[str, Any] = {}
    for name, value in options.items():
        assert name in declared, f"/{group.name} {path} has no option {name!r}"
        kind = declared[name].type
        if kind is discord.AppCommandOptionType.user:
            assert isinstance(value, StandInUser)
            users[str(value.id)] = user_payload(value.name, value.id)
            value = str(value.id)
        option: dict[str, Any] = {"type": kind.value, "name": name, "value": value}
        if name == focused:
            option["focused"] = True
        typed.append(option)
    nested: list[dict[str, Any]] = [{"type": 1, "name": sub, "options": typed}]
    for name in reversed(groups):
        nested = [{"type": 2, "name": name, "options": nested}]
    data: dict[str, Any] = {"id": str(snowflake()), "name": group.name, "type": 1}
    data["options"] = nested
    if users:
        data["resolved"] = {"users": users}
    return data


def component_data(custom_id: str, *, values: Sequence[str] | None = None) -> dict[str, Any]:
    if values is None:
        return {"custom_id": custom_id, "component_type": 2}
    return {"custom_id": custom_id, "component_type": 3, "values": list(values)}


def message_payload(content: str, author: dict[str, Any], channel_id: int) -> dict[str, Any]:
    return {
        "id": str(snowflake()),
        "channel_id": str(channel_id),
        "author": author,
        "content": content,
        "timestamp": "2026-01-05T09:00:00.000000+00:00",
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": False,
        "type": 0,
    }
