"""Every command in one place, and `help`, the command that reads them out.

Each command group's module declares its commands (:class:`CommandSpec`: grammar entry,
help text and handler together); :data:`COMMANDS` lists them, in the order `help` shows
them. The service runs a command through its entry here, `help` describes it from the same
entry, and front ends build their commands from it, so a command cannot be in one of those
places and missing from another.
"""

from __future__ import annotations

import difflib
import re

from bot.service.arguments import Argument, Kind, Suggest
from bot.service.commands import (
    club,
    computers,
    export,
    forming,
    game_master,
    joining,
    lobby,
    newgame,
    ordering,
    palette,
    possible,
    press,
    readiness,
    report,
    rollback,
    schedule_votes,
    scoreboard,
    season,
    seating,
    settings,
    viewing,
    voting,
)
from bot.service.commands.help_pages import GAME_TOPIC, detail, game_topic, overview
from bot.service.commands.spec import CommandSpec
from bot.service.context import Context
from bot.service.effects import Message, Reply
from bot.service.errors import UserError
from bot.service.words.quoting import excerpt

# `help game`: how to address a game by name.
_GAME_TOPIC_WORD = GAME_TOPIC[0].split()[0]
_ORDER_LIKE = re.compile(r"(?i)^(a|f|army|fleet|build|remove|waive)\b")


async def _help(ctx: Context) -> list[Reply]:
    return [ctx.private(help_message(ctx.values.text("command")))]


HELP = CommandSpec(
    "help",
    "help [command]",
    "List the commands, or explain one.",
    _help,
    examples=("help", "help order"),
    reads_variants=True,
    arguments=(Argument("command", "A command to explain", Kind.WORD, suggest=Suggest.TOPICS),),
    game_argument=False,
)

COMMANDS: tuple[CommandSpec, ...] = (
    HELP,
    newgame.NEWGAME,
    joining.JOIN,
    joining.LEAVE,
    forming.GAMES,
    forming.PLAYERS,
    forming.START,
    ordering.ORDER,
    ordering.ORDERS,
    ordering.CLEAR,
    possible.POSSIBLE,
    readiness.READY,
    readiness.UNREADY,
    voting.DRAW,
    voting.UNDRAW,
    voting.SURRENDER,
    schedule_votes.VOTE,
    press.PRESS,
    report.REPORT,
    export.EXPORT,
    viewing.STATUS,
    viewing.MAP,
    viewing.HISTORY,
    scoreboard.SCOREBOARD,
    season.STANDINGS,
    season.RATINGS,
    season.RELIABILITY,
    club.CLUB,
    palette.PALETTE,
    game_master.PROCESS,
    game_master.PAUSE,
    game_master.RESUME,
    game_master.LOCK,
    game_master.UNLOCK,
    seating.KICK,
    seating.REPLACE,
    computers.BOT,
    lobby.ADVERTISE,
    rollback.ROLLBACK,
    game_master.EXTEND,
    game_master.DEADLINE,
    settings.SETTINGS,
    game_master.END,
)
BY_NAME: dict[str, CommandSpec] = {spec.name: spec for spec in COMMANDS}
ALIASES = {
    "?": "help",
    "new": "newgame",
    "notready": "unready",
    "moves": "possible",
    "season": "standings",
}


def find_command(word: str) -> CommandSpec | None:
    """The command a word names (any case, aliases too); None if none."""
    name = word.lower()
    return BY_NAME.get(ALIASES.get(name, name))


def unknown_command_text(word: str, rest: str) -> str:
    """What to tell someone whose first word, ``word``, is no command."""
    text = f"`{excerpt(word)}` is not a command."
    if _ORDER_LIKE.match(word) and rest:
        example = excerpt(f"order {word} {rest}")
        return f"{text} To give orders, start with `order`, e.g. `{example}`."
    close = difflib.get_close_matches(word.lower(), list(BY_NAME), n=1, cutoff=0.6)
    if close:
        return f"{text} Did you mean `{close[0]}`? `help` lists every command."
    return f"{text} `help` lists every command."


def help_message(topic: str = "") -> Message:
    """`help` (every command in one line each) or `help <command>`."""
    word = topic.strip().lower()
    if not word:
        return overview(COMMANDS)
    if word == _GAME_TOPIC_WORD:
        return game_topic()
    spec = find_command(word)
    if spec is None:
        raise UserError(unknown_command_text(topic.strip(), "") + " Try `help` alone.")
    return detail(spec)


def help_topics(typed: str) -> list[str]:
    """The topics of `help` starting with what was typed: the commands, then `game`."""
    start = typed.strip().lower()
    return [t for t in (*BY_NAME, _GAME_TOPIC_WORD) if t.startswith(start)]
