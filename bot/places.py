"""Where the bot keeps things, read as the settings read them but without loading them all:
commands that only need the variants folder (`dipgm variants`, `variant check`, `play`)
start at once instead of paying for the settings' validation library.

Same sources, same order as :class:`bot.config.Settings`: the environment (names in any case),
then the `.env` file, an empty value counting as unset, each place left unset being in the
data folder."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

# What lives in the data folder unless set on its own, by setting name.
IN_DATA_DIR = {
    "map_dir": "maps",
    "dipgm_variants_dir": "variants",
    "discord_commands_file": ".dipgm-discord-commands.json",
}


def variants_dir(
    environ: Mapping[str, str] = os.environ, env_file: str | Path | None = ".env"
) -> Path:
    """The folder of map files the bot plays (DIPGM_VARIANTS_DIR, else in the data folder)."""
    values = _given(env_file, environ)
    named = values.get("dipgm_variants_dir")
    if named:
        return Path(named)
    return Path(values.get("dipgm_data_dir") or ".") / IN_DATA_DIR["dipgm_variants_dir"]


def _given(env_file: str | Path | None, environ: Mapping[str, str]) -> dict[str, str]:
    values: dict[str, str] = {}
    if env_file is not None and Path(env_file).is_file():
        from dotenv import dotenv_values  # the reader the settings use for `.env`

        values.update(
            (name.lower(), value)
            for name, value in dotenv_values(env_file, encoding="utf-8").items()
            if value
        )
    # The environment wins over the file.
    values.update((name.lower(), value) for name, value in environ.items() if value)
    return values
