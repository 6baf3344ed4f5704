"""What the slash commands share: their descriptions (the service's own help), the optional
`game` option, and turning typed options back into the one command grammar."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from discord import app_commands

from bot.service import find_command

if TYPE_CHECKING:
    from bot.frontends.discord.identity import Interaction

AnyCommand = app_commands.Command[Any, ..., None]
Suggestions = list[app_commands.Choice[str]]

DESCRIPTION_LIMIT = 100
GAME = "The game's name, when it is not the game of this channel"


def summary(command: str) -> str:
    """The service's one-line help of a command, as Discord's description (at most 100)."""
    spec = find_command(command)
    if spec is None:
        raise KeyError(command)
    line = spec.summary
    return line if len(line) <= DESCRIPTION_LIMIT else line[: DESCRIPTION_LIMIT - 1] + "…"


def command_text(name: str, *args: str | None, game: str | None = None) -> str:
    """``order A PAR - BUR``, or ``game hague order A PAR - BUR`` for a named game."""
    words = [name, *(a.strip() for a in args if a is not None and a.strip())]
    line = " ".join(words)
    named = (game or "").strip()
    return f"game {named} {line}" if named else line


def flag(name: str, value: bool | None) -> str | None:
    """A switch of `newgame`: ``anonymous=on``; None when not given."""
    if value is None:
        return None
    return f"{name}={'on' if value else 'off'}"


def setting(name: str, value: str | None) -> str | None:
    """An option of `newgame`: ``tz=Europe/Paris``; None when not given."""
    if value is None or not value.strip():
        return None
    return f"{name}={value.strip()}"


def choices(values: list[str]) -> Suggestions:
    return [app_commands.Choice(name=v, value=v) for v in values]


def typed_game(interaction: Interaction) -> str | None:
    """The `game` option as typed so far (autocomplete sees the other options too)."""
    value = getattr(interaction.namespace, "game", None)
    return value.strip() if isinstance(value, str) and value.strip() else None
