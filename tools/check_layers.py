"""The import rules of DESIGN.md, checked on the source (run by `make lint` and by a test).

- engine imports nothing from render or bot, and no third-party package;
- render imports engine, Pillow and the standard library only;
- bot/service imports no chat SDK and no scheduler;
- each front end imports nothing of the other front ends, and never the store.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STDLIB = set(sys.stdlib_module_names)
FRONTENDS = ("slack", "discord", "console")
SDKS = ("slack_bolt", "slack_sdk", "discord", "apscheduler", "aiohttp")


def imports(path: Path) -> Iterator[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.lineno, node.module


def problems_in(path: Path) -> Iterator[str]:
    rel = path.relative_to(ROOT).as_posix()
    parts = rel.split("/")
    for line, module in imports(path):
        top = module.split(".")[0]
        where = f"{rel}:{line}: imports {module}"
        if parts[0] == "engine" and top not in STDLIB and top != "engine":
            yield f"{where} (engine may use the standard library only)"
        elif parts[0] == "render" and top not in STDLIB | {"engine", "render", "PIL"}:
            yield f"{where} (render may use engine, Pillow and the standard library only)"
        elif parts[:2] == ["bot", "service"] and top in SDKS:
            yield f"{where} (the game service never talks to an SDK or the scheduler)"
        elif parts[:2] == ["bot", "frontends"] and len(parts) >= 3:
            own = parts[2].removesuffix(".py")
            for other in FRONTENDS:
                if other != own and module.startswith(f"bot.frontends.{other}"):
                    yield f"{where} (a front end never imports another front end)"
            if module.startswith("bot.store"):
                yield f"{where} (front ends reach the store only through the service)"


def main() -> int:
    found = [
        problem
        for package in ("engine", "render", "bot")
        for path in sorted((ROOT / package).rglob("*.py"))
        for problem in problems_in(path)
    ]
    for problem in found:
        print(problem, file=sys.stderr)
    if not found:
        print("import layering: ok")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
