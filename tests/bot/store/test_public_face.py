"""bot.store's public face is complete, and the only way in: everything in `__all__` imports,
and code outside the store imports those names, never a module inside the store."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import bot.store

ROOT = Path(__file__).resolve().parents[3]
SCANNED = ("bot", "tools", "tests", "migrations")
# The store may import its own modules, and its tests may test them.
EXEMPT = ("bot/store/", "tests/bot/store/")
PUBLIC = frozenset(bot.store.__all__)


def problems_in(source: str, where: str) -> Iterator[str]:
    """Imports in `source` that go past bot.store's public names."""
    for node in ast.walk(ast.parse(source, filename=where)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("bot.store."):
                    yield f"{where}:{node.lineno}: import {alias.name}"
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.startswith("bot.store."):
                yield f"{where}:{node.lineno}: from {node.module} import ..."
            elif node.module == "bot.store":
                for alias in node.names:
                    if alias.name != "*" and alias.name not in PUBLIC:
                        yield f"{where}:{node.lineno}: {alias.name} is not in bot.store.__all__"


def outside_the_store() -> list[Path]:
    paths = []
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if not rel.startswith(EXEMPT):
                paths.append(path)
    return paths


def test_every_public_name_imports() -> None:
    assert len(PUBLIC) == len(bot.store.__all__), "a name is listed twice"
    namespace: dict[str, object] = {}
    exec("from bot.store import *", namespace)
    assert sorted(PUBLIC - namespace.keys()) == []


def test_the_public_face_has_what_outside_code_needs() -> None:
    assert {
        "Store",
        "StoreError",
        "GameNameTakenError",
        "PhaseAlreadyOpenError",
        "PhaseClosedError",
        "backoff",
        "create_engine",
        "create_sessionmaker",
        "kept_connections",
        "migrate",
    } <= PUBLIC
    assert callable(bot.store.migrate.upgrade)


def test_code_outside_the_store_imports_only_its_public_names() -> None:
    paths = outside_the_store()
    assert len(paths) > 100, f"scanned only {len(paths)} files under {ROOT}"
    found = [
        problem
        for path in paths
        for problem in problems_in(
            path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix()
        )
    ]
    assert found == []


def test_the_check_catches_a_reach_inside() -> None:
    source = (
        "import bot.store.models\n"
        "from bot.store.repository import Store\n"
        "from bot.store import models, Store\n"
        "from bot.store import migrate\n"
        "import bot.store\n"
    )
    assert list(problems_in(source, "x.py")) == [
        "x.py:1: import bot.store.models",
        "x.py:2: from bot.store.repository import ...",
        "x.py:3: models is not in bot.store.__all__",
    ]
