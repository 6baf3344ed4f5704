"""Game options written as a game master types them, read as the service reads them: the
line by the command's declaration (`newgame`, `settings`), then checked by the options code."""

from __future__ import annotations

from bot.service.arguments import read_line
from bot.service.commands.newgame import NEWGAME
from bot.service.commands.settings import SETTINGS
from bot.service.options.game_options import GameOptions, changed_options, new_game_options


def parse_newgame(text: str, default_zone: str) -> tuple[str | None, GameOptions]:
    """`[name] [option=value ...]` -> the name (None: the service chooses one), the options."""
    values = read_line(NEWGAME, text)
    return new_game_options(values.text("name") or None, values.settings("settings"), default_zone)


def parse_changes(text: str, current: GameOptions) -> tuple[GameOptions, list[str]]:
    """`option=value ...`, as `settings` takes it, applied to a game's options."""
    return changed_options(read_line(SETTINGS, text).settings("changes"), current)
