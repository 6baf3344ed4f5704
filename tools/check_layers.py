"""The import rules of DESIGN.md, checked on the source (run by `make lint` and by a test).

- engine imports nothing from render or bot, and no third-party package;
- render imports engine, Pillow and the standard library only;
- computer (the computer players) imports engine and the standard library only; bot may
  import it, engine and render never do;
- bot/service imports no chat SDK and no scheduler;
- each front end imports nothing of the other front ends, and never the store;
- inside bot/service, each zone imports only the zones below it (ZONES);
- outside bot/service, code imports the service's public names only: ``bot.service`` or a
  zone's package (``bot.service.schedule``), never a module inside a zone.
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

# What each part of bot/service may import of the service, lowest first. A zone is a package
# (bot/service/words/...), the rest are the shared modules at the service's top. The package's
# own __init__ (the public face) and the facade may import anything.
ZONES: dict[str, frozenset[str]] = {
    "effects": frozenset(),
    # A refusal may carry buttons: the way to do it right, one click away.
    "errors": frozenset({"effects"}),
    "inbound": frozenset({"effects"}),
    "words": frozenset({"effects"}),
    "schedule": frozenset({"errors", "words"}),
    "options": frozenset({"errors", "schedule", "words"}),
    "maps": frozenset({"effects"}),
    "health": frozenset(),
    "roster": frozenset({"options"}),
    "stored_orders": frozenset({"options", "words"}),
    "outbox": frozenset({"effects", "errors", "words"}),
    # how a command's arguments are declared and read into values
    "arguments": frozenset({"effects", "errors", "schedule", "words"}),
    "context": frozenset({"arguments", "effects", "errors", "maps", "options", "outbox", "words"}),
    # a club's season across its games, and its lobby
    "season": frozenset({"effects", "errors", "options", "outbox", "schedule", "words"}),
    "turn": frozenset(
        {
            *("effects", "errors", "maps", "context", "roster", "stored_orders"),
            *("outbox", "options", "schedule", "words", "season"),
        }
    ),
    "commands": frozenset(
        {
            *("arguments", "effects", "errors", "maps", "context", "roster", "stored_orders"),
            *("outbox", "options", "schedule", "words", "turn", "season"),
        }
    ),
    "game_service": frozenset(
        {
            *("arguments", "effects", "errors", "inbound", "maps", "context", "outbox"),
            *("commands", "turn", "health"),
        }
    ),
}


def imports(path: Path) -> Iterator[tuple[int, str, list[str]]]:
    """(line, module, the names taken from it) of every absolute import; ``import x`` takes
    no names."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, []
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.lineno, node.module, [alias.name for alias in node.names]


def _service_part(module: str) -> str | None:
    """``words`` for bot.service.words.labels, ``context`` for bot.service.context."""
    parts = module.split(".")
    if parts[:2] != ["bot", "service"] or len(parts) < 3:
        return None
    return parts[2]


def _service_problem(rel: str, module: str, names: list[str]) -> str | None:
    """Why an import inside bot/service breaks the zones, or None."""
    own = _service_part(rel.removesuffix(".py").replace("/", "."))
    if own is None or own in ("__init__",) or own not in ZONES:
        return None
    targets = [_service_part(module)] if module != "bot.service" else names
    for target in targets:
        if target is None or target == own or target not in ZONES:
            continue
        if target not in ZONES[own]:
            return (
                f"{own} may import only {', '.join(sorted(ZONES[own])) or 'nothing'} of the service"
            )
    return None


def _public_problem(rel: str, module: str) -> str | None:
    """Why an import from outside bot/service reaches inside a zone, or None."""
    if rel.startswith(("bot/service/", "tests/bot/service/")):
        return None
    parts = module.split(".")
    if parts[:2] != ["bot", "service"] or len(parts) == 2:
        return None
    package = ROOT.joinpath(*parts)
    if len(parts) == 3 and package.is_dir():
        return None
    return "outside the service, import its public names from bot.service or a zone's package"


def problems_in(path: Path) -> Iterator[str]:
    rel = path.relative_to(ROOT).as_posix()
    parts = rel.split("/")
    for line, module, names in imports(path):
        top = module.split(".")[0]
        where = f"{rel}:{line}: imports {module}"
        zone = _service_problem(rel, module, names) or _public_problem(rel, module)
        if zone is not None:
            yield f"{where} ({zone})"
        if parts[0] == "engine" and top not in STDLIB and top != "engine":
            yield f"{where} (engine may use the standard library only)"
        elif parts[0] == "render" and top not in STDLIB | {"engine", "render", "PIL"}:
            yield f"{where} (render may use engine, Pillow and the standard library only)"
        elif parts[0] == "computer" and top not in STDLIB | {"engine", "computer"}:
            yield f"{where} (computer may use engine and the standard library only)"
        elif parts[:2] == ["bot", "service"] and top in SDKS:
            yield f"{where} (the game service never talks to an SDK or the scheduler)"
        elif parts[:2] == ["bot", "frontends"] and len(parts) >= 3:
            own = parts[2].removesuffix(".py")
            for other in FRONTENDS:
                if other != own and module.startswith(f"bot.frontends.{other}"):
                    yield f"{where} (a front end never imports another front end)"
            if module.startswith("bot.store"):
                yield f"{where} (front ends reach the store only through the service)"


PACKAGES = ("engine", "render", "computer", "bot", "tools", "tests")


def main() -> int:
    found = [
        problem
        for package in PACKAGES
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
