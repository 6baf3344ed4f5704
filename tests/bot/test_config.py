"""Settings: `.env.example` and the Settings class never drift apart."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest
from pydantic import SecretStr, ValidationError

from bot.config import DEFAULT_DATABASE_URL, Settings, load_settings
from bot.logs import configure_logging

EXAMPLE = Path(__file__).resolve().parents[2] / ".env.example"
ASSIGNMENT = re.compile(r"^([A-Z][A-Z0-9_]*)=(.*)$")
NAMES = sorted(name.upper() for name in Settings.model_fields)


def example_names() -> list[str]:
    names = []
    for line in EXAMPLE.read_text(encoding="utf-8").splitlines():
        match = ASSIGNMENT.match(line.strip())
        if match:
            names.append(match.group(1))
    return names


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No setting leaks in from the machine running the tests, nor from a `.env` here."""
    for name in NAMES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)


def test_env_example_lists_exactly_the_settings() -> None:
    names = example_names()
    assert len(names) == len(set(names)), "a setting is listed twice in .env.example"
    assert sorted(names) == NAMES


def test_env_example_values_are_the_defaults() -> None:
    assert load_settings(EXAMPLE) == load_settings(None)


def test_defaults() -> None:
    settings = load_settings(None)
    assert settings.database_url == DEFAULT_DATABASE_URL == "sqlite+aiosqlite:///./dipgm.sqlite3"
    assert settings.slack_bot_token is None
    assert settings.discord_token is None
    assert settings.discord_dev_guild_id is None
    assert settings.slack_port == 3000
    assert settings.slack_api_url == "https://slack.com/api/"
    assert settings.map_dir == Path("maps")
    assert settings.sweep_seconds == 60
    assert settings.log_level == "WARNING"
    assert settings.default_timezone == "UTC"


def test_environment_and_env_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / ".env").write_text(
        "SLACK_BOT_TOKEN=xoxb-from-file\nSWEEP_SECONDS=15\nDISCORD_DEV_GUILD_ID=\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("SWEEP_SECONDS", "30")
    monkeypatch.setenv("log_level", "debug")
    settings = load_settings()
    assert isinstance(settings.slack_bot_token, SecretStr)
    assert settings.slack_bot_token.get_secret_value() == "xoxb-from-file"
    assert settings.sweep_seconds == 30  # the environment wins over the file
    assert settings.log_level == "DEBUG"
    assert settings.discord_dev_guild_id is None  # blank means not set


def test_secrets_stay_out_of_repr(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "discord-secret")
    monkeypatch.setenv("SLACK_SIGNING_SECRET", "signing-secret")
    monkeypatch.setenv("DATABASE_URL", "postgresql+asyncpg://dipgm:hunter2@db/dipgm")
    settings = load_settings(None)
    shown = repr(settings) + str(settings)
    for secret in ("discord-secret", "signing-secret", "hunter2"):
        assert secret not in shown


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("DEFAULT_TIMEZONE", "Mars/Olympus_Mons"),
        ("LOG_LEVEL", "LOUD"),
        ("SWEEP_SECONDS", "0"),
        ("SLACK_PORT", "70000"),
        ("DISCORD_DEV_GUILD_ID", "not-a-number"),
    ],
)
def test_bad_values_are_refused(monkeypatch: pytest.MonkeyPatch, name: str, value: str) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(ValidationError, match=name.lower()):
        load_settings(None)


def test_iana_time_zones_are_accepted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEFAULT_TIMEZONE", "America/Los_Angeles")
    assert load_settings(None).default_timezone == "America/Los_Angeles"


@pytest.mark.parametrize("level", ["DEBUG", "INFO", "WARNING", "ERROR"])
def test_the_log_level_is_the_one_set(level: str) -> None:
    """LOG_LEVEL=INFO logs INFO lines, and DEBUG debug lines (once nothing below WARNING)."""
    root = logging.getLogger()
    before = root.level
    try:
        configure_logging(level)
        wanted = logging.getLevelNamesMapping()[level]
        assert logging.getLogger("bot.service").getEffectiveLevel() == wanted
        assert logging.getLogger("bot.service").isEnabledFor(wanted)
        assert not logging.getLogger("bot.service").isEnabledFor(wanted - 10)
    finally:
        root.setLevel(before)
