"""Settings of the game service, read from the environment and a `.env` file.

`.env.example` lists every setting with its default; a test keeps the two in step.
Everything the bot keeps lives under one folder, ``DIPGM_DATA_DIR`` (the SQLite database,
the console's maps, the variants folder, Discord's command-registration file), unless a
setting of its own puts it elsewhere.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.exit_codes import UsageError
from bot.places import IN_DATA_DIR

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///./dipgm.sqlite3"
# The database's file in the data folder, unless DATABASE_URL is set.
DATABASE_FILE = "dipgm.sqlite3"
# The databases dipgm runs on, as a DATABASE_URL's scheme names them before any `+driver`.
DATABASES = ("sqlite", "postgresql", "postgres")

LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]
LogFormat = Literal["text", "json"]


class Settings(BaseSettings):
    """Every knob of the bot; names match the environment variables, upper-cased."""

    model_config = SettingsConfigDict(
        env_file=".env",
        env_file_encoding="utf-8",
        # `.env.example` leaves tokens blank; blank must mean "not configured", not "".
        env_ignore_empty=True,
        extra="ignore",
        frozen=True,
    )

    # The folder of everything the bot keeps; the settings below default to places in it.
    dipgm_data_dir: Path = Path()
    # A server URL may carry a password: keep it out of repr() and logs.
    database_url: str = Field(default=DEFAULT_DATABASE_URL, repr=False)

    slack_bot_token: SecretStr | None = None
    slack_app_token: SecretStr | None = None
    slack_signing_secret: SecretStr | None = None
    # HTTP mode only: the address and port Slack's requests arrive on (behind a TLS proxy).
    slack_host: str = "127.0.0.1"
    slack_port: int = Field(default=3000, ge=1, le=65535)
    slack_api_url: str = "https://slack.com/api/"

    discord_token: SecretStr | None = None
    discord_dev_guild_id: int | None = None
    # The hash of the registered slash commands, so an unchanged set is not sent again.
    discord_commands_file: Path = Path(".dipgm-discord-commands.json")

    map_dir: Path = Path("maps")
    # Map files added to the bot (docs/maps.md): `newgame variant=<file name>` plays them.
    dipgm_variants_dir: Path = Path("variants")
    sweep_seconds: int = Field(default=60, gt=0)
    # Processes that adjudicate and draw maps at a deadline; 0: one per processor.
    worker_processes: int = Field(default=0, ge=0)
    # Quiet unless asked: the console shares its terminal with the log.
    log_level: LogLevel = "WARNING"
    # One line of text per record, or one JSON object (for a log collector).
    log_format: LogFormat = "text"
    default_timezone: str = "UTC"

    @model_validator(mode="before")
    @classmethod
    def _places_in_the_data_dir(cls, values: object) -> object:
        """Each place left unset is in the data folder."""
        if not isinstance(values, dict):
            return values
        folder = Path(values.get("dipgm_data_dir") or ".")
        values.setdefault("database_url", f"sqlite+aiosqlite:///{folder}/{DATABASE_FILE}")
        for name, default in IN_DATA_DIR.items():
            values.setdefault(name, folder / default)
        return values

    @field_validator("database_url")
    @classmethod
    def _known_driver(cls, value: str) -> str:
        scheme, found, _ = value.partition("://")
        if not found or scheme.partition("+")[0] not in DATABASES:
            # The URL itself may hold a password: name only its scheme.
            raise ValueError(
                f"{scheme + '://' if found else 'a URL without a scheme'} is not a database "
                "dipgm runs on (use sqlite+aiosqlite:///FILE or "
                "postgresql+asyncpg://USER:PASSWORD@HOST:PORT/NAME)"
            )
        return value

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper_log_level(cls, value: object) -> object:
        return value.upper() if isinstance(value, str) else value

    @field_validator("log_format", mode="before")
    @classmethod
    def _lower_log_format(cls, value: object) -> object:
        return value.lower() if isinstance(value, str) else value

    @field_validator("default_timezone")
    @classmethod
    def _known_timezone(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError) as exc:
            raise ValueError(f"unknown time zone {value!r} (use an IANA name)") from exc
        return value


def export_variants_dir(settings: Settings) -> None:
    """Tell the engine where the map files are: it reads ``DIPGM_VARIANTS_DIR`` from the
    environment, which a setting given only in the `.env` file does not reach by itself."""
    os.environ["DIPGM_VARIANTS_DIR"] = str(settings.dipgm_variants_dir)


class SettingsError(UsageError, ValueError):
    """A setting has a value dipgm cannot use: one line for each, naming the setting, what
    was given (never a secret's value) and what is accepted."""


# Settings whose value is never shown, even when it is wrong.
SECRET_SETTINGS = frozenset(
    {"database_url", "slack_bot_token", "slack_app_token", "slack_signing_secret", "discord_token"}
)


def load_settings(env_file: str | Path | None = ".env") -> Settings:
    """Settings from the environment, then `env_file` (None: the environment only)."""
    try:
        # The keyword is pydantic-settings' own, invisible to mypy without the pydantic plugin.
        return Settings(_env_file=env_file)  # type: ignore[call-arg]
    except ValidationError as exc:
        raise SettingsError("\n".join(_problem(error) for error in exc.errors())) from None


def _problem(error: Mapping[str, Any]) -> str:
    location = error.get("loc") or ("?",)
    name = str(location[0])
    given = "(hidden)" if name in SECRET_SETTINGS else repr(error.get("input"))
    reason = str(error.get("msg", "not accepted")).removeprefix("Value error, ")
    return f"setting {name.upper()}={given} is not accepted: {reason}"
