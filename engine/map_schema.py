"""Every field of a map file (docs/maps.md) read into typed values, with its limits.

:func:`read_spec` reads a map file's JSON value field by field: each field's type, its range
and its size, every failure one problem naming the field and what is accepted. What it reads
well is returned typed (:class:`MapSpec`), so the board's own checks (:mod:`engine.map_file`)
and the game never meet a value of the wrong kind. The limits keep what a map can cost
bounded: the check, every adjudication and every drawing of the board.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from engine.errors import VariantError
from engine.names import compact, words
from engine.rulesets import Ruleset, ruleset_named

FORMAT = "dipgm-map/1"

# The limits (docs/maps.md, "Limits"): a few times the largest boards played, so that a real
# map never meets them, and small enough that a phase of the largest is adjudicated and
# drawn in well under a second.
MAX_AREAS = 1000
MAX_POWERS = 12  # the map's colours: each power takes about 15 of a picture's 256
MAX_ADJACENT = 30  # areas one area touches
MAX_ALIASES = 10  # other names of one area or power
MAX_NAME = 40  # characters of a name, an alias, a port's name
MAX_TITLE = 80
MAX_DESCRIPTION = 200
MIN_SIDE, MAX_SIDE = 200, 10_000  # geometry width and height, in pixels
MAX_ASPECT = 2  # the picture's longer side at most twice its shorter
MAX_POINTS = 300_000  # every ring's points together

_CODE = re.compile(r"[A-Z0-9]{2,5}")
_POWER = re.compile(r"[A-Z][A-Z0-9_]{0,30}")
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,40}")

Point = tuple[float, float]
Ring = tuple[Point, ...]
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Port:
    name: str
    off: str


@dataclass(frozen=True, slots=True)
class AreaSpec:
    code: str
    name: str
    land: bool
    centre: bool
    port: Port | None
    aliases: tuple[str, ...]
    adjacent: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PowerSpec:
    code: str
    name: str
    adjective: str
    colour: str
    aliases: tuple[str, ...]
    homes: tuple[str, ...]
    units: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MapSpec:
    """What a map file says, each field of the right type and within its limits (fields
    with problems are left out, so the board's checks can go on and find the rest)."""

    name: str | None
    title: str | None
    description: str | None
    victory_count: int | None
    powers: Mapping[str, PowerSpec]
    areas: Mapping[str, AreaSpec]
    # the drawing as the renderer reads it (docs/maps.md "Geometry"), only its checked
    # fields; None when it has problems
    geometry: Mapping[str, Any] | None
    # codes of areas listed with problems of their own: what names them is not told again
    # that there is no such area
    broken: frozenset[str] = frozenset()
    # the ruleset the board is played by: one that plays boards of areas, each holding one
    # kind of unit (Diplomacia, or a ruleset registered on it); None when it names none
    ruleset: Ruleset | None = None


def read_spec(data: Any, problems: list[str]) -> MapSpec:
    """The map file's fields, typed; each problem found is added to ``problems``."""
    top = _object(data, "the map file", _TOP_KEYS, problems) or {}
    if top.get("format") != FORMAT:
        problems.append(f"'format' must be {shown(FORMAT)}, not {shown(top.get('format'))}")
    name = top.get("name")
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        problems.append(
            "'name' must be lower-case letters, digits, '-' or '_' (at most 41), e.g. \"baltic\""
        )
        name = None
    title = _optional(top, "title", MAX_TITLE, problems)
    description = _optional(top, "description", MAX_DESCRIPTION, problems)
    ruleset, victory = _rules(top.get("rules"), problems)
    broken: set[str] = set()
    areas = _areas(top.get("areas"), broken, problems)
    powers = _powers(top.get("powers"), problems)
    geometry = _geometry(top.get("geometry"), problems)
    return MapSpec(
        name,
        title,
        description,
        victory,
        powers,
        areas,
        geometry,
        frozenset(broken - set(areas)),
        ruleset,
    )


_TOP_KEYS = ("format", "name", "title", "description", "rules", "powers", "areas", "geometry")


# Fields of any kind ----------------------------------------------------------------------


def shown(value: Any) -> str:
    """A value as a problem quotes it: short, written as JSON (the map maker's own language:
    ``null``, ``["land"]``), and with anything unprintable (a control character, a lone
    surrogate, a text-direction mark) escaped, so that the line prints anywhere as it is."""
    text = json.dumps(value, ensure_ascii=False, default=repr)
    text = "".join(c if c.isprintable() else json.dumps(c)[1:-1] for c in text)
    return text if len(text) <= 40 else text[:39] + "…"


def _object(
    value: Any, where: str, keys: tuple[str, ...], problems: list[str]
) -> Mapping[str, Any] | None:
    if not isinstance(value, dict):
        problems.append(f"{where} must be a JSON object, not {shown(value)}")
        return None
    unknown = [key for key in value if key not in keys]
    if unknown:
        listed = ", ".join(shown(key) for key in unknown[:3])
        more = f" (and {len(unknown) - 3} more)" if len(unknown) > 3 else ""
        problems.append(f"{where}: unknown key {listed}{more}; it takes {', '.join(keys)}")
    return value


def _text(value: Any, where: str, most: int, problems: list[str]) -> str | None:
    """A name players read: printable text of 1 to ``most`` characters, holding a letter or
    a digit (the key orders find it by)."""
    if (
        not isinstance(value, str)
        or not value.strip()
        or len(value) > most
        or not value.isprintable()
        or not compact(words(value))
    ):
        problems.append(
            f"{where} must be text of 1 to {most} characters on one line, with a letter or "
            f"digit, not {shown(value)}"
        )
        return None
    return value


def _optional(data: Mapping[str, Any], key: str, most: int, problems: list[str]) -> str | None:
    """A top-level text field that may be left out."""
    return _text(data[key], f"'{key}'", most, problems) if key in data else None


def _list(
    value: Any,
    where: str,
    most: int,
    item: Callable[[Any, str], T | None],
    problems: list[str],
    what: str,
) -> tuple[T, ...] | None:
    """A list of at most ``most`` items, each read by ``item`` (which reports its own
    problems); None when it is no list or too long, and its items are not read."""
    if not isinstance(value, list):
        problems.append(f"{where} must be a list of {what}, not {shown(value)}")
        return None
    if len(value) > most:
        problems.append(f"{where} lists {len(value):,} {what}; at most {most:,}")
        return None
    found = [item(v, f"{where}[{n}]") for n, v in enumerate(value)]
    return tuple(v for v in found if v is not None)


def _aliases(value: Any, where: str, problems: list[str]) -> tuple[str, ...] | None:
    """Other names of an area or a power."""
    return _list(
        value, where, MAX_ALIASES, lambda v, w: _text(v, w, MAX_NAME, problems), problems, "names"
    )


def _codes(value: Any, where: str, most: int, problems: list[str]) -> tuple[str, ...] | None:
    """A list of area codes."""
    return _list(value, where, most, lambda v, w: _code(v, w, problems), problems, "area codes")


def _code(value: Any, where: str, problems: list[str]) -> str | None:
    if not isinstance(value, str) or not _CODE.fullmatch(value):
        problems.append(f"{where} must be an area code, 2 to 5 upper-case letters or digits")
        return None
    return value


# Rules -------------------------------------------------------------------------------------


def _rules(raw: Any, problems: list[str]) -> tuple[Ruleset | None, int | None]:
    example = '{"ruleset": "diplomacia"}'
    rules = _object(raw, f"'rules' (like {example})", ("ruleset", "victory_count"), problems)
    if rules is None:
        return None, None
    ruleset = _area_ruleset(rules.get("ruleset"), problems)
    count = rules.get("victory_count")
    if count is None:
        return ruleset, None
    if type(count) is not int or not 1 <= count <= MAX_AREAS:
        problems.append(
            f"rules: 'victory_count' must be a whole number of supply centres, not {shown(count)}"
        )
        return ruleset, None
    return ruleset, count


def _area_ruleset(name: Any, problems: list[str]) -> Ruleset | None:
    """The ruleset a map file names: Diplomacia's, or another registered ruleset that plays
    boards of areas holding one kind of unit each (:mod:`engine.rulesets`)."""
    try:
        ruleset: Ruleset | None = ruleset_named(name)
    except VariantError:
        ruleset = None
    if ruleset is None or not ruleset.one_unit_kind_per_area:
        problems.append(
            'a map file is played by the Diplomacia rules: "rules" needs "ruleset": "diplomacia"'
        )
        return None
    return ruleset


# Areas -------------------------------------------------------------------------------------

_AREA_KEYS = ("code", "name", "kind", "centre", "port", "aliases", "adjacent")


def _areas(raw: Any, broken: set[str], problems: list[str]) -> dict[str, AreaSpec]:
    def area(value: Any, where: str) -> AreaSpec | None:
        read = _area(value, where, problems)
        if read is None and isinstance(value, dict) and isinstance(value.get("code"), str):
            broken.add(value["code"])
        return read

    read = _list(raw, "'areas'", MAX_AREAS, area, problems, "areas")
    if read is not None and not read and not raw:
        problems.append("'areas' must list the board's areas (see docs/maps.md)")
    areas: dict[str, AreaSpec] = {}
    for spec in read or ():
        if spec.code in areas:
            problems.append(f"{spec.code} is listed twice")
        else:
            areas[spec.code] = spec
    return areas


def _area(value: Any, where: str, problems: list[str]) -> AreaSpec | None:
    number = int(where.rsplit("[", 1)[-1].rstrip("]")) + 1
    if not isinstance(value, dict):
        problems.append(f"area {number} must be a JSON object, not {shown(value)}")
        return None
    code = value.get("code")
    if not isinstance(code, str) or not _CODE.fullmatch(code):
        problems.append(f"area {number}: 'code' must be 2 to 5 upper-case letters or digits")
        return None
    area = _object(value, code, _AREA_KEYS, problems)
    assert area is not None
    before = len(problems)
    kind = area.get("kind")
    if kind not in ("land", "sea") or not isinstance(kind, str):
        problems.append(f'{code}: \'kind\' must be "land" or "sea", not {shown(kind)}')
    name = _text(area.get("name"), f"{code}: 'name'", MAX_NAME, problems)
    centre = area.get("centre", False)
    if not isinstance(centre, bool):
        problems.append(f"{code}: 'centre' must be true or false, not {shown(centre)}")
    port = _port(area.get("port"), code, problems) if "port" in area else None
    aliases = _aliases(area.get("aliases", []), f"{code}: 'aliases'", problems)
    adjacent = _codes(area.get("adjacent"), f"{code}: 'adjacent'", MAX_ADJACENT, problems)
    if len(problems) > before or name is None or aliases is None or adjacent is None:
        return None
    return AreaSpec(code, name, kind == "land", bool(centre), port, aliases, adjacent)


def _port(raw: Any, code: str, problems: list[str]) -> Port | None:
    example = '{"name": "Kronstadt", "off": "KAR"}'
    port = _object(raw, f"{code}: 'port' (like {example})", ("name", "off"), problems)
    if port is None:
        return None
    name = _text(port.get("name"), f"{code}: the port's 'name'", MAX_NAME, problems)
    off = _code(port.get("off"), f"{code}: the port's 'off'", problems)
    return Port(name, off) if name is not None and off is not None else None


# Powers ------------------------------------------------------------------------------------

_POWER_KEYS = ("name", "adjective", "colour", "aliases", "homes", "units")


def _powers(raw: Any, problems: list[str]) -> dict[str, PowerSpec]:
    if not isinstance(raw, dict) or not 2 <= len(raw) <= MAX_POWERS:
        given = f"{len(raw)} powers" if isinstance(raw, dict) else shown(raw)
        problems.append(
            f"'powers' must be an object with 2 to {MAX_POWERS} powers keyed by code, not {given}"
        )
        return {}
    found: dict[str, PowerSpec] = {}
    for code, info in raw.items():
        if not _POWER.fullmatch(code):
            problems.append(f'power {shown(code)}: a power\'s code is upper-case, e.g. "RUSSIA"')
            continue
        spec = _power(code, info, problems)
        if spec is not None:
            found[code] = spec
    return found


def _power(code: str, raw: Any, problems: list[str]) -> PowerSpec | None:
    info = _object(raw, code, _POWER_KEYS, problems)
    if info is None:
        return None
    before = len(problems)
    name = _text(info.get("name"), f"{code}: 'name'", MAX_NAME, problems)
    adjective = _text(info.get("adjective"), f"{code}: 'adjective'", MAX_NAME, problems)
    colour = info.get("colour")
    if not isinstance(colour, str) or not _COLOUR.fullmatch(colour):
        problems.append(f"{code}: 'colour' must be like \"#e7a3c0\"")
    aliases = _aliases(info.get("aliases", []), f"{code}: 'aliases'", problems)
    homes = _codes(info.get("homes"), f"{code}: 'homes'", MAX_AREAS, problems)
    if homes == () and isinstance(info.get("homes"), list) and not info["homes"]:
        problems.append(f"{code}: 'homes' must list the territories it controls at the start")
    units = _list(
        info.get("units"),
        f'{code}: \'units\' (like ["A KAR", "F GFI"])',
        MAX_AREAS,
        lambda v, w: _unit(v, code, problems),
        problems,
        "units",
    )
    if len(problems) > before or None in (name, adjective, aliases, homes, units):
        return None
    assert name and adjective and aliases is not None and homes and units is not None
    return PowerSpec(code, name, adjective, str(colour), aliases, homes, units)


_UNIT = re.compile(r"([AF]) ([A-Z0-9]{2,5})")


def _unit(value: Any, power: str, problems: list[str]) -> str | None:
    found = _UNIT.fullmatch(value.strip().upper()) if isinstance(value, str) else None
    if found is None:
        problems.append(f'{power}: {shown(value)} is not a unit; write "A KAR" or "F GFI"')
        return None
    return f"{found[1]} {found[2]}"


# Geometry ----------------------------------------------------------------------------------

_GEOMETRY_KEYS = ("width", "height", "areas", "offboard_land", "offboard_water")
_SHAPE_KEYS = ("polygons", "holes", "label", "unit", "center", "port")


def _geometry(raw: Any, problems: list[str]) -> dict[str, Any] | None:
    if raw is None:
        problems.append("geometry: missing; the map cannot be drawn (see docs/maps.md)")
        return None
    geometry = _object(raw, "'geometry'", _GEOMETRY_KEYS, problems)
    if geometry is None:
        return None
    before = len(problems)
    width, height = geometry.get("width"), geometry.get("height")
    if not (_side(width) and _side(height)):
        problems.append(
            f"geometry: 'width' and 'height' must be whole numbers of pixels from {MIN_SIDE} "
            f"to {MAX_SIDE:,}, not {shown(width)} and {shown(height)}"
        )
        return None
    assert isinstance(width, int) and isinstance(height, int)
    if max(width, height) > MAX_ASPECT * min(width, height):
        problems.append(
            f"geometry: a {width} x {height} picture is too narrow; its longer side may be at "
            f"most {MAX_ASPECT} times its shorter"
        )
        return None
    reader = _Rings(width, height, problems)
    shapes = geometry.get("areas")
    if not isinstance(shapes, dict) or len(shapes) > MAX_AREAS:
        problems.append(
            f"geometry: 'areas' must be an object keyed by area code, at most {MAX_AREAS:,}"
        )
        return None
    drawn = {}
    for code, shape in shapes.items():
        read = _shape(code, shape, reader, problems)
        if read is not None:
            drawn[code] = read
    out: dict[str, Any] = {"width": width, "height": height, "areas": drawn}
    for key in ("offboard_land", "offboard_water"):
        if key in geometry:
            out[key] = reader.rings(geometry[key], f"geometry: '{key}'")
    if reader.left < 0:
        problems.append(
            f"geometry: {MAX_POINTS - reader.left:,} points in all; a map draws at most "
            f"{MAX_POINTS:,}"
        )
    return out if len(problems) == before else None


def _side(value: Any) -> bool:
    return type(value) is int and MIN_SIDE <= value <= MAX_SIDE


def _shape(code: str, raw: Any, reader: _Rings, problems: list[str]) -> dict[str, Any] | None:
    if not _CODE.fullmatch(code):
        problems.append(f"geometry: draws {shown(code)}, which is not an area code")
        return None
    shape = _object(raw, f"geometry: {code}", _SHAPE_KEYS, problems)
    if shape is None:
        return None
    before = len(problems)
    out: dict[str, Any] = {}
    polygons = reader.rings(shape.get("polygons"), f"geometry: {code}'s 'polygons'")
    if not polygons and len(problems) == before:
        problems.append(f"geometry: {code} needs 'polygons', at least one ring")
    out["polygons"] = polygons
    if "holes" in shape:
        out["holes"] = reader.rings(shape["holes"], f"geometry: {code}'s 'holes'")
    for key in ("label", "unit"):
        out[key] = reader.point(shape.get(key), f"geometry: {code}'s {key!r} point")
    for key in ("center", "port"):
        if key in shape:
            out[key] = reader.point(shape[key], f"geometry: {code}'s {key!r} point")
    return out if len(problems) == before else None


class _Rings:
    """Points and rings inside a ``width`` x ``height`` picture, their points counted against
    :data:`MAX_POINTS`."""

    def __init__(self, width: int, height: int, problems: list[str]) -> None:
        self.width, self.height, self.problems = width, height, problems
        self.left = MAX_POINTS

    def inside(self, value: Any) -> bool:
        return (
            isinstance(value, list)
            and len(value) == 2
            and all(type(v) in (int, float) for v in value)
            and 0 <= value[0] <= self.width
            and 0 <= value[1] <= self.height
        )

    def point(self, value: Any, where: str) -> Point | None:
        if self.inside(value):
            return (float(value[0]), float(value[1]))
        self.problems.append(
            f"{where} must be [x, y] inside the {self.width} x {self.height} picture, "
            f"not {shown(value)}"
        )
        return None

    def rings(self, value: Any, where: str) -> list[list[Point]]:
        if not isinstance(value, list) or not all(
            isinstance(r, list) and len(r) >= 3 for r in value
        ):
            self.problems.append(f"{where} must be rings of 3 or more [x, y] points")
            return []
        self.left -= sum(len(r) for r in value)
        if self.left < 0:
            return []  # too many in all: said once, by the geometry
        if not all(self.inside(p) for ring in value for p in ring):
            self.problems.append(
                f"{where} must be rings of 3 or more [x, y] points inside the "
                f"{self.width} x {self.height} picture"
            )
            return []
        return [[(float(p[0]), float(p[1])) for p in ring] for ring in value]
