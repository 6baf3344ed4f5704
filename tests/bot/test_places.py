"""The variants folder read alone (for the commands that start at once) is the one the full
settings give, from the environment and the `.env` file alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import load_settings
from bot.places import variants_dir

CASES = [
    ({}, ""),
    ({"DIPGM_VARIANTS_DIR": "boards"}, ""),
    ({}, "DIPGM_VARIANTS_DIR=from-file\n"),
    ({"DIPGM_DATA_DIR": "data"}, ""),
    ({}, "DIPGM_DATA_DIR=/srv/dipgm\n"),
    # the environment wins over the file; an empty value counts as unset
    ({"DIPGM_VARIANTS_DIR": "env-boards"}, "DIPGM_VARIANTS_DIR=file-boards\n"),
    ({"DIPGM_VARIANTS_DIR": ""}, "DIPGM_DATA_DIR=kept\n"),
    ({"dipgm_data_dir": "lower"}, ""),
]


@pytest.mark.parametrize(("environment", "env_file"), CASES)
def test_the_variants_folder_is_the_settings_one(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, environment: dict[str, str], env_file: str
) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("DIPGM_VARIANTS_DIR", "DIPGM_DATA_DIR"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    if env_file:
        (tmp_path / ".env").write_text(env_file, encoding="utf-8")
    assert variants_dir() == load_settings().dipgm_variants_dir
