"""Settings: `.env.example` and the Settings class never drift apart."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest
from pydantic import SecretStr

from bot.config import DEFAULT_DATABASE_URL, Settings, SettingsError, load_settings
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
    ("name", "value", "accepted"),
    [
        ("DEFAULT_TIMEZONE", "Mars/Olympus_Mons", "use an IANA name"),
        ("LOG_LEVEL", "LOUD", "'DEBUG', 'INFO', 'WARNING', 'ERROR' or 'CRITICAL'"),
        ("SWEEP_SECONDS", "0", "greater than 0"),
        ("SLACK_PORT", "70000", "less than or equal to 65535"),
        ("DISCORD_DEV_GUILD_ID", "not-a-number", "a valid integer"),
    ],
)
def test_a_bad_value_is_one_line_naming_the_setting_the_value_and_what_is_accepted(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str, accepted: str
) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(SettingsError) as refused:
        load_settings(None)
    (line,) = str(refused.value).splitlines()
    assert line.startswith(f"setting {name}={value.upper() if name == 'LOG_LEVEL' else value!r}")
    assert accepted in line


def test_each_bad_value_has_its_line_and_secrets_are_not_shown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SWEEP_SECONDS", "often")
    monkeypatch.setenv("DATABASE_URL", "mysql://dipgm:hunter2@db/dipgm")
    with pytest.raises(SettingsError) as refused:
        load_settings(None)
    lines = str(refused.value).splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("setting DATABASE_URL=(hidden) is not accepted: mysql:// is not")
    assert "postgresql+asyncpg://" in lines[0]
    assert lines[1].startswith("setting SWEEP_SECONDS='often' is not accepted")
    assert "hunter2" not in str(refused.value)


def test_everything_lives_in_the_data_folder_unless_set_on_its_own(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    monkeypatch.setenv("DIPGM_DATA_DIR", str(data))
    settings = load_settings(None)
    assert settings.database_url == f"sqlite+aiosqlite:///{data}/dipgm.sqlite3"
    assert settings.map_dir == data / "maps"
    assert settings.dipgm_variants_dir == data / "variants"
    assert settings.discord_commands_file == data / ".dipgm-discord-commands.json"
    monkeypatch.setenv("MAP_DIR", str(tmp_path / "elsewhere"))
    monkeypatch.setenv("DATABASE_URL", "postgresql+asyncpg://dipgm@db/dipgm")
    settings = load_settings(None)
    assert settings.map_dir == tmp_path / "elsewhere"
    assert settings.database_url == "postgresql+asyncpg://dipgm@db/dipgm"
    assert settings.dipgm_variants_dir == data / "variants"


def test_without_a_data_folder_everything_is_where_dipgm_starts() -> None:
    settings = load_settings(None)
    assert settings.dipgm_data_dir == Path()
    assert settings.discord_commands_file == Path(".dipgm-discord-commands.json")
    assert settings.dipgm_variants_dir == Path("variants")


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
