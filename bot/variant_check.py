"""`dipgm variant check FILE`: a map file (docs/maps.md) checked before a game is played on it.

Every problem is named, so a map maker fixes them all in one pass; a good board is summed up
(its powers and what they start with, the areas, what wins) with where the file goes for
`newgame variant=<name>` to find it.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import TextIO

from engine import ProvinceKind, Variant, variants_folder
from engine.map_file import checked_map
from engine.map_text import MapTextError, read_map_json
from engine.variant_folder import read_variant_file


def check_map_file(path: Path, sink: TextIO) -> int:
    """0 for a good board (summed up), 1 for a file with problems (each listed), 2 for a file
    that cannot be read."""
    try:
        variant, problems = _checked(path)
    except OSError as exc:
        sink.write(f"dipgm variant check: cannot read {path}: {exc.strerror or exc}\n")
        return 2
    if variant is None:
        count = "1 problem" if len(problems) == 1 else f"{len(problems)} problems"
        sink.write(f"{path}: {count}\n")
        sink.writelines(f"- {problem}\n" for problem in problems)
        return 1
    sink.writelines(f"{line}\n" for line in summary(variant, path))
    return 0


def _checked(path: Path) -> tuple[Variant | None, list[str]]:
    """The board of the file and no problems, or no board and every problem; OSError for a
    file that cannot be read."""
    name = path.name[: -len(".json")] if path.name.endswith(".json") else path.stem
    try:
        data = read_variant_file(path, _folder_of(path))
        variant, problems = checked_map(read_map_json(data), name)
    except MapTextError as exc:
        return None, [str(exc)]
    if not path.name.endswith(".json"):
        problems.append(f"a map file's name ends in .json: call it {name}.json")
    if not problems and _shipped_clash(name, path):
        problems.append(
            f"a variant shipped with dipgm is already called {name!r}: give the map "
            "another 'name' (and its file that name)"
        )
    return (variant if not problems else None), problems


def _folder_of(path: Path) -> Path | None:
    """The variants folder when the file lies in it: the bot reads it there by the folder's
    rules (no link out of it), and the check must not pass what the bot refuses."""
    folder = variants_folder()
    try:
        inside = path.absolute().parent.resolve() == folder.resolve()
    except (OSError, RuntimeError):
        return None
    return folder if inside else None


def _shipped_clash(name: str, path: Path) -> bool:
    """Whether a variant shipped with dipgm takes the name, so that a file of that name in the
    variants folder would be left aside; the shipped file itself, checked where it lies, is no
    clash, nor is a file named like one already in the folder (a new version of it)."""
    shipped = Path(str(resources.files("engine").joinpath("data", f"{name}.json")))
    return shipped.is_file() and path.resolve() != shipped.resolve()


def summary(variant: Variant, path: Path) -> list[str]:
    """A good board in a few lines: what a map maker checks against their intent."""
    provinces = variant.provinces.values()
    territories = sum(1 for p in provinces if p.kind is ProvinceKind.LAND)
    sectors = sum(1 for p in provinces if p.kind is ProvinceKind.SEA)
    centres = len(variant.supply_centers)
    lines = [
        f"{path}: a good map, {variant.name!r} — {variant.title}",
        f"{len(variant.powers)} powers:",
    ]
    for power in variant.powers:
        lines.append(_power_line(variant, power))
    lines.append(
        f"{territories} territories, {sectors} sectors; {centres} supply centres, "
        f"{len(variant.ports)} ports."
    )
    count = variant.rules.victory_count
    # the map may set its own count (rules.victory_count), smaller or larger than a majority
    share = "more than half of" if count == centres // 2 + 1 else "of"
    lines.append(f"To win: {count} supply centres ({share} the {centres}).")
    folder = variants_folder()
    target = folder / f"{variant.name}.json"
    if _folder_of(path) is not None and path.name == target.name:
        lines.append(
            f"It is in the variants folder ({folder}): play it with "
            f"`newgame <name> variant={variant.name}`."
        )
    else:
        lines.append(
            f"To play it, copy it to {target} (the folder DIPGM_VARIANTS_DIR names), then "
            f"`newgame <name> variant={variant.name}`."
        )
    return lines


def _power_line(variant: Variant, power: str) -> str:
    info = variant.power_info[power]
    territories = [h for h in info.homes if variant.provinces[h].kind is ProvinceKind.LAND]
    centres = [h for h in territories if variant.provinces[h].supply_center]
    ports = [h for h in info.homes if variant.provinces[h].port is not None]
    port_names = ", ".join(f"{variant.provinces[s].port} ({s})" for s in ports) or "none"
    units = ", ".join(str(u) for u in info.units)
    return (
        f"  {info.name}: homes {' '.join(territories)}; centres {' '.join(centres) or 'none'}; "
        f"ports {port_names}; units {units}"
    )
