"""What `pip install` and the source package carry: the licence the metadata names, the
data files (and only patterns that match some), and what the README points to."""

from __future__ import annotations

import fnmatch
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
# What the README and docs/deploy.md tell a deployer to open, beside the packages.
POINTED_TO = [
    "LICENSE",
    "CHANGELOG.md",
    ".env.example",
    "slack/manifest.json",
    "docs/deploy.md",
    "docs/architecture.md",
    "Dockerfile",
    "compose.yaml",
    "deploy/dipgm.service",
    # the README's `dipgm variant check` example
    "tests/data/handbook.json",
]


def test_the_files_a_running_database_leaves_are_ignored_by_git() -> None:
    """SQLite in WAL mode keeps `-wal` and `-shm` files beside the database while the bot
    runs; they are never something to commit."""
    patterns = [
        line.strip()
        for line in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    for name in ("dipgm.sqlite3", "dipgm.sqlite3-wal", "dipgm.sqlite3-shm", "games.db-wal"):
        assert any(fnmatch.fnmatch(name, p) for p in patterns), name


def test_every_package_data_pattern_matches_a_file() -> None:
    for package, patterns in PROJECT["tool"]["setuptools"]["package-data"].items():
        for pattern in patterns:
            assert list((ROOT / package).glob(pattern)), f"{package}: {pattern} matches nothing"


def test_the_licence_file_is_the_one_the_metadata_names() -> None:
    assert PROJECT["project"]["license"] == "MIT"
    assert PROJECT["project"]["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The sdist and the wheel, built from a copy of the files git knows."""
    source = tmp_path_factory.mktemp("source")
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    for name in listed:
        if (ROOT / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            (source / name).write_bytes((ROOT / name).read_bytes())
    out = source / "dist"
    build = (
        "from setuptools import build_meta as b; "
        f"print(b.build_sdist({str(out)!r})); print(b.build_wheel({str(out)!r}))"
    )
    subprocess.run([sys.executable, "-c", build], cwd=source, capture_output=True, check=True)
    (sdist,) = out.glob("*.tar.gz")
    (wheel,) = out.glob("*.whl")
    return sdist, wheel


def test_the_source_package_carries_what_the_readme_points_to(built: tuple[Path, Path]) -> None:
    sdist, _ = built
    with tarfile.open(sdist) as archive:
        top = archive.getnames()[0].split("/")[0]
        names = {name.removeprefix(top + "/") for name in archive.getnames()}
    missing = [name for name in POINTED_TO if name not in names]
    assert missing == []


def test_the_wheel_carries_the_licence_and_the_data_files(built: tuple[Path, Path]) -> None:
    _, wheel = built
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    version = PROJECT["project"]["version"]
    assert f"dipgm-{version}.dist-info/licenses/LICENSE" in names
    for data in (
        "engine/data/standard.json",
        "render/data/standard_map.json",
        # the maps' font, with its licence beside it (OFL)
        "render/data/NotoSans-Regular.ttf",
        "render/data/NotoSans-OFL.txt",
        "migrations/versions/0001_initial_schema.py",
        "migrations/script.py.mako",
        "bot/py.typed",
    ):
        assert data in names
