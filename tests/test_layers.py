"""The import rules of DESIGN.md hold for the whole source tree (tools/check_layers.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools import check_layers


def test_no_package_crosses_its_boundary() -> None:
    found = [
        problem
        for package in check_layers.PACKAGES
        for path in sorted((check_layers.ROOT / package).rglob("*.py"))
        for problem in check_layers.problems_in(path)
    ]
    assert found == []


def test_the_check_catches_a_crossing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A third-party import in the engine is reported."""
    engine_dir = tmp_path / "engine"
    engine_dir.mkdir()
    bad = engine_dir / "bad.py"
    bad.write_text("import PIL\nfrom render import map_png\n", encoding="utf-8")

    monkeypatch.setattr(check_layers, "ROOT", tmp_path)
    problems = list(check_layers.problems_in(bad))
    assert len(problems) == 2
    assert all("engine may use the standard library only" in p for p in problems)


def test_the_check_catches_a_zone_reaching_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Words sit below the commands: a sentence never runs a command."""
    words = tmp_path / "bot" / "service" / "words"
    words.mkdir(parents=True)
    bad = words / "bad.py"
    bad.write_text("from bot.service.commands.ordering import order\n", encoding="utf-8")

    monkeypatch.setattr(check_layers, "ROOT", tmp_path)
    problems = list(check_layers.problems_in(bad))
    assert len(problems) == 1
    assert "words may import only effects of the service" in problems[0]


def test_the_check_catches_a_front_end_reaching_inside_a_zone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Outside the service only its public names are used, so files may move inside it."""
    front = tmp_path / "bot" / "frontends" / "console"
    front.mkdir(parents=True)
    (tmp_path / "bot" / "service" / "schedule").mkdir(parents=True)
    bad = front / "bad.py"
    bad.write_text(
        "from bot.service.words.labels import phase_label\n"
        "from bot.service.schedule import parse_duration\n"
        "from bot.service import GameService\n",
        encoding="utf-8",
    )

    monkeypatch.setattr(check_layers, "ROOT", tmp_path)
    problems = list(check_layers.problems_in(bad))
    assert len(problems) == 1
    assert "bot.service.words.labels" in problems[0]


def test_the_check_keeps_the_computer_players_on_the_engine(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Computer players build on the engine alone: never the bot, the renderer or a package."""
    computer = tmp_path / "computer"
    computer.mkdir()
    bad = computer / "bad.py"
    bad.write_text(
        "from bot.service import GameService\nimport render\nimport engine\nimport random\n",
        encoding="utf-8",
    )

    monkeypatch.setattr(check_layers, "ROOT", tmp_path)
    problems = list(check_layers.problems_in(bad))
    assert len(problems) == 2
    assert all("computer may use engine and the standard library only" in p for p in problems)
