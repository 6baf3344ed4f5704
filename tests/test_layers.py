"""The import rules of DESIGN.md hold for the whole source tree (tools/check_layers.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools import check_layers


def test_no_package_crosses_its_boundary() -> None:
    found = [
        problem
        for package in ("engine", "render", "bot")
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
