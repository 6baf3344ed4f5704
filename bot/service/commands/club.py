"""`club`: what a club (this Slack workspace, Discord server or console) chose for all its
games: its lobby for seats looking for players, how its standings are scored, whether it keeps
ratings and whether anyone may read a person's reliability. Anyone may read them; an admin of
the workspace or server changes them."""

from __future__ import annotations

import re

from bot.service.arguments import Argument
from bot.service.commands.spec import CommandSpec
from bot.service.context import Context
from bot.service.effects import Reply
from bot.service.errors import UserError
from bot.service.season import DEFAULT_SCORING, Scoring, parse_scoring
from bot.service.words.quoting import excerpt
from bot.store import ClubSettings, Platform

# A channel as Slack (`<#C0123|lobby>`) and Discord (`<#1234>`) write one in a message.
_CHANNEL = re.compile(r"<#([\w.-]+)(?:\|[^>]*)?>")
_ON = ("on", "yes", "true", "public")
_OFF = ("off", "no", "false", "private")


def lobby_text(lobby: str | None, ctx: Context) -> str:
    """The lobby as the asker can tell it: front ends escape what would be a platform's own
    channel mention, so it is named by where it is from here."""
    if lobby is None:
        return "no lobby (`club lobby=here` in a channel makes it the lobby)"
    if not ctx.request.place.is_dm and ctx.request.place.channel == lobby:
        return "this channel"
    if ctx.platform == Platform.CONSOLE:
        return f"#{lobby}"
    return "another channel (`club lobby=here` written in a channel moves it there)"


def describe(club: ClubSettings, ctx: Context) -> list[str]:
    scoring = Scoring(club.scoring) if club.scoring else DEFAULT_SCORING
    reliability = (
        "anyone may read a player's reliability in `players`"
        if club.reliability_public
        else "a player's reliability is shown to game masters alone"
    )
    return [
        f"Lobby: {lobby_text(club.lobby_channel, ctx)}.",
        f"Standings scored by {scoring.described}.",
        f"Ratings: {'kept and shown' if club.ratings else 'off'}.",
        f"Reliability: {reliability}.",
    ]


async def club(ctx: Context) -> list[Reply]:
    given = ctx.values.settings("settings")
    if not given:
        current = await ctx.store.club_settings(ctx.platform, ctx.workspace)
        return [ctx.say(*describe(current, ctx), title="This club's settings")]
    if not ctx.request.actor.is_admin:
        raise UserError(
            "Only an admin of this workspace or server may change the club's settings; "
            "`club` alone shows them."
        )
    changes = dict(_change(ctx, name, value) for name, value in given.items())
    updated = await ctx.store.set_club_settings(ctx.platform, ctx.workspace, **changes)
    return [ctx.say(*describe(updated, ctx), title="This club's settings are now")]


def _change(ctx: Context, name: str, value: str) -> tuple[str, object]:
    """A setting as typed -> the column it changes and its new value."""
    word = value.strip()
    if name == "lobby":
        return "lobby_channel", _lobby(ctx, word)
    if name == "scoring":
        return "scoring", parse_scoring(word).value
    if name == "ratings":
        return "ratings", _switch(name, word, "on", "off")
    if name == "reliability":
        return "reliability_public", _switch(name, word, "public", "private")
    raise UserError(_UNKNOWN.format(excerpt(name)))


def _switch(name: str, word: str, yes: str, no: str) -> bool:
    if word.lower() in _ON:
        return True
    if word.lower() in _OFF:
        return False
    raise UserError(f"{name}={excerpt(word)}: write {name}={yes} or {name}={no}.")


_UNKNOWN = (
    "`{}` is not a club setting: the settings are lobby=here|off, "
    "scoring=sum-of-squares|draw-size|c-diplo, ratings=on|off and reliability=public|private."
)


def _lobby(ctx: Context, word: str) -> str | None:
    lowered = word.lower()
    if lowered in ("off", "none"):
        return None
    if lowered == "here":
        place = ctx.request.place
        if place.is_dm or place.channel is None:
            raise UserError("A lobby is a channel: write `club lobby=here` in that channel.")
        return place.channel
    mention = _CHANNEL.fullmatch(word)
    if mention is not None:
        return mention.group(1)
    if ctx.platform == Platform.CONSOLE and word.startswith("#") and len(word) > 1:
        return word[1:]
    raise UserError(
        f"lobby={excerpt(word)} names no channel: write `club lobby=here` in the channel, "
        "`club lobby=#channel` picking it from the list, or `club lobby=off`."
    )


CLUB = CommandSpec(
    "club",
    "club [lobby=here|off] [scoring=...] [ratings=on|off] [reliability=public|private]",
    "The club's settings: its lobby, scoring, ratings and who sees reliability.",
    club,
    (
        "A club is this Slack workspace, Discord server or console: its settings hold for "
        "all its games. Anyone may read them; a workspace or server admin changes them.",
        "lobby: the channel where seats looking for a player are advertised (`advertise`); "
        "here: the channel the command is written in; off: none.",
        "scoring: how `standings` scores each game (sum-of-squares, draw-size or c-diplo; "
        "default sum-of-squares). ratings: on (default) or off, for `ratings` and the "
        "ratings in `players`. reliability: private (default: shown to game masters at "
        "`join` and `start`) or public (to anyone in `players`).",
    ),
    ("club", "club lobby=here", "club scoring=c-diplo ratings=off reliability=public"),
    arguments=(
        Argument("lobby", "here (this channel), or off", setting="lobby"),
        Argument("scoring", "sum-of-squares, draw-size or c-diplo", setting="scoring"),
        Argument("ratings", "on or off", setting="ratings"),
        Argument("reliability", "public or private", setting="reliability"),
    ),
    game_argument=False,
    group="club",
)
