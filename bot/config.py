"""Settings of the game service, read from the environment and a `.env` file.

`.env.example` lists every setting with its default; a test keeps the two in step.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///./dipgm.sqlite3"

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

    # A server URL may carry a password: keep it out of repr() and logs.
    database_url: str = Field(default=DEFAULT_DATABASE_URL, repr=False)

    slack_bot_token: SecretStr | None = None
    slack_app_token: SecretStr | None = None
    slack_signing_secret: SecretStr | None = None
    slack_port: int = Field(default=3000, ge=1, le=65535)
    slack_api_url: str = "https://slack.com/api/"

    discord_token: SecretStr | None = None
    discord_dev_guild_id: int | None = None

    map_dir: Path = Path("./maps")
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


def load_settings(env_file: str | Path | None = ".env") -> Settings:
    """Settings from the environment, then `env_file` (None: the environment only)."""
    # The keyword is pydantic-settings' own, invisible to mypy without the pydantic plugin.
    return Settings(_env_file=env_file)  # type: ignore[call-arg]
