"""Map files: a Diplomacia board as one JSON file (docs/maps.md), read and checked.

:func:`map_problems` lists everything wrong with a file, each problem in words a map maker
can act on (``dipgm variant check``); :func:`variant_from_map` builds the board from a file
that has none. The checks are those that would otherwise make a game unplayable or the
adjudicator wrong: one-way borders, a port off a territory that does not touch its sector, a
unit where its kind cannot stand, an area nobody could ever reach.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from engine.errors import VariantError
from engine.rules import Rules, Ruleset
from engine.units import Unit, UnitType
from engine.variant import PowerInfo, Province, ProvinceKind, Variant

FORMAT = "dipgm-map/1"
_CODE = re.compile(r"[A-Z0-9]{2,5}")
_POWER = re.compile(r"[A-Z][A-Z0-9_]{0,30}")
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,40}")
_KINDS = {"land": ProvinceKind.LAND, "sea": ProvinceKind.SEA}


def variant_from_map(data: Mapping[str, Any], name: str | None = None) -> Variant:
    """The board of a map file; :class:`VariantError` naming the first problems if any."""
    problems = map_problems(data, name)
    if problems:
        more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
        raise VariantError("; ".join(problems[:3]) + more)
    return _build(data)


def map_problems(data: Any, name: str | None = None) -> list[str]:
    """Everything wrong with a map file, in the order a map maker would fix it. ``name``: the
    file's name without ``.json``, which must be the map's name."""
    if not isinstance(data, Mapping):
        return ["a map file must hold a JSON object (see docs/maps.md)"]
    problems: list[str] = []
    if data.get("format") != FORMAT:
        problems.append(f"'format' must be {FORMAT!r}, not {data.get('format')!r}")
    own = data.get("name")
    if not isinstance(own, str) or not _NAME.fullmatch(own):
        problems.append(
            "'name' must be lower-case letters, digits, '-' or '_' (at most 41), e.g. \"baltic\""
        )
    elif name is not None and own != name:
        problems.append(
            f"the map is named {own!r}, so its file must be {own}.json, not {name}.json"
        )
    for key in ("title", "description"):
        if key in data and not isinstance(data[key], str):
            problems.append(f"'{key}' must be text")
    rules = data.get("rules", {})
    if not isinstance(rules, Mapping):
        problems.append('\'rules\' must be an object like {"ruleset": "diplomacia"}')
    elif rules.get("ruleset") != Ruleset.DIPLOMACIA.value:
        problems.append(
            'a map file is played by the Diplomacia rules: "rules" needs "ruleset": "diplomacia"'
        )
    else:
        try:
            Rules.from_json(rules)
        except VariantError as exc:
            problems.append(f"rules: {exc}")
    areas = _areas(data.get("areas"), problems)
    powers = _powers(data.get("powers"), areas, problems)
    if areas and not problems:
        _check_reach(areas, powers, problems)
        _check_victory(data, areas, problems)
    _check_geometry(data.get("geometry"), areas, problems)
    return problems


# Areas -------------------------------------------------------------------------------------


def _areas(raw: Any, problems: list[str]) -> dict[str, Mapping[str, Any]]:
    if not isinstance(raw, list) or not raw:
        problems.append("'areas' must be a list of areas (see docs/maps.md)")
        return {}
    areas: dict[str, Mapping[str, Any]] = {}
    names: dict[str, str] = {}
    for n, area in enumerate(raw, 1):
        if not isinstance(area, Mapping):
            problems.append(f"area {n} must be an object with code, name, kind and adjacent")
            continue
        code = area.get("code")
        if not isinstance(code, str) or not _CODE.fullmatch(code):
            problems.append(f"area {n}: 'code' must be 2 to 5 upper-case letters or digits")
            continue
        if code in areas:
            problems.append(f"{code} is listed twice")
            continue
        if area.get("kind") not in _KINDS:
            problems.append(f'{code}: \'kind\' must be "land" or "sea", not {area.get("kind")!r}')
            continue
        label = area.get("name")
        if not isinstance(label, str) or not label.strip():
            problems.append(f"{code}: 'name' must be the area's name")
            continue
        areas[code] = area
        for word in (code, label, *_strings(area.get("aliases", []))):
            key = word.casefold()
            if names.get(key, code) != code:
                problems.append(f"{code} and {names[key]} are both called {word!r}")
            names.setdefault(key, code)
        if not isinstance(area.get("aliases", []), list):
            problems.append(f"{code}: 'aliases' must be a list of names")
    for code, area in areas.items():
        land = area["kind"] == "land"
        if "centre" in area and not isinstance(area["centre"], bool):
            problems.append(f"{code}: 'centre' must be true or false")
        if area.get("centre") and not land:
            problems.append(
                f"{code}: a supply centre must be in a land territory, not a sea sector"
            )
        adjacent = area.get("adjacent")
        if not isinstance(adjacent, list) or not all(isinstance(a, str) for a in adjacent):
            problems.append(f"{code}: 'adjacent' must be a list of area codes")
            continue
        for other in adjacent:
            if other == code:
                problems.append(f"{code} lists itself as adjacent")
            elif other not in areas:
                problems.append(f"{code} lists {other} as adjacent, but there is no area {other}")
            elif code not in areas[other].get("adjacent", ()):
                problems.append(
                    f"adjacency is one-way: {code} lists {other}, but {other} does not list {code}"
                )
        port = area.get("port")
        if port is None:
            continue
        if land:
            problems.append(f"{code}: a port lies in a sea sector, not in a land territory")
            continue
        if not isinstance(port, Mapping) or not isinstance(port.get("name"), str):
            problems.append(f'{code}: \'port\' must be like {{"name": "Kronstadt", "off": "KAR"}}')
            continue
        off = port.get("off")
        if off not in areas:
            problems.append(
                f"{code}: its port {port['name']} lies off {off!r}, which is not an area"
            )
        elif areas[off]["kind"] != "land":
            problems.append(
                f"{code}: its port {port['name']} lies off {off}, a sea sector; "
                "a port lies off a territory's coast"
            )
        elif off not in adjacent:
            problems.append(
                f"{code}: its port {port['name']} lies off {off}, which does not touch {code}"
            )
    return areas


def _strings(raw: Any) -> Iterable[str]:
    return (a for a in raw if isinstance(a, str)) if isinstance(raw, list) else ()


# Powers ------------------------------------------------------------------------------------


def _powers(
    raw: Any, areas: Mapping[str, Mapping[str, Any]], problems: list[str]
) -> dict[str, Mapping[str, Any]]:
    if not isinstance(raw, Mapping) or len(raw) < 2:
        problems.append("'powers' must be an object with at least two powers keyed by code")
        return {}
    powers: dict[str, Mapping[str, Any]] = {}
    home_of: dict[str, str] = {}
    for power, info in raw.items():
        if not isinstance(power, str) or not _POWER.fullmatch(power):
            problems.append(f'power {power!r}: a power\'s code is upper-case, e.g. "RUSSIA"')
            continue
        if not isinstance(info, Mapping):
            problems.append(f"{power} must be an object with name, colour, homes and units")
            continue
        for key in ("name", "adjective"):
            if not isinstance(info.get(key), str) or not info[key].strip():
                problems.append(f"{power}: '{key}' must be text")
        if not isinstance(info.get("colour"), str) or not _COLOUR.fullmatch(info["colour"]):
            problems.append(f"{power}: 'colour' must be like \"#e7a3c0\"")
        homes = info.get("homes")
        if not isinstance(homes, list) or not homes:
            problems.append(f"{power}: 'homes' must list the territories it controls at the start")
            homes = []
        for home in homes:
            if home not in areas:
                problems.append(f"{power}: home {home!r} is not an area")
            elif areas[home]["kind"] != "land":
                problems.append(
                    f"{power}: home {home} is a sea sector; homes are territories "
                    "(sectors follow their ports)"
                )
            elif home in home_of:
                problems.append(f"{home} is a home of both {home_of[home]} and {power}")
            else:
                home_of[home] = power
        powers[power] = info
    for power, info in powers.items():
        own = _home_areas(areas, _strings(info.get("homes")))
        units = info.get("units")
        if not isinstance(units, list):
            problems.append(f'{power}: \'units\' must be a list like ["A KAR", "F GFI"]')
            continue
        for text in units:
            _check_unit(power, text, areas, own, problems)
    seen: dict[str, str] = {}
    for power, info in powers.items():
        for text in _strings(info.get("units")):
            where = text[2:].strip().upper()
            if where in seen:
                problems.append(f"{where} holds two starting units ({seen[where]} and {power})")
            seen[where] = power
    return powers


def _check_unit(
    power: str,
    text: Any,
    areas: Mapping[str, Mapping[str, Any]],
    own: set[str],
    problems: list[str],
) -> None:
    try:
        unit = Unit.parse(str(text))
    except ValueError:
        problems.append(f'{power}: {text!r} is not a unit; write "A KAR" or "F GFI"')
        return
    area = areas.get(unit.location)
    if area is None:
        problems.append(f"{power} starts with {unit}, but there is no area {unit.location}")
    elif unit.type is UnitType.FLEET and area["kind"] != "sea":
        problems.append(
            f"{power} starts with {unit}, but {unit.location} is a land territory: "
            "fleets stand in sea sectors"
        )
    elif unit.type is UnitType.ARMY and area["kind"] != "land":
        problems.append(
            f"{power} starts with {unit}, but {unit.location} is a sea sector: "
            "armies stand in land territories"
        )
    elif unit.location not in own:
        problems.append(f"{power} starts with {unit}, outside its home areas")


def _home_areas(areas: Mapping[str, Mapping[str, Any]], homes: Iterable[str]) -> set[str]:
    """A power's home territories and the sectors whose ports lie off them (handbook 2.1.2.1)."""
    own = set(homes)
    for code, area in areas.items():
        port = area.get("port")
        if isinstance(port, Mapping) and port.get("off") in own:
            own.add(code)
    return own


# The board as a whole ----------------------------------------------------------------------


def _check_reach(
    areas: Mapping[str, Mapping[str, Any]],
    powers: Mapping[str, Mapping[str, Any]],
    problems: list[str],
) -> None:
    """Every area some unit could enter: armies walk from where they start or are raised,
    and are carried by sea wherever fleets can be; fleets sail from their starts and from
    every port (a fleet is built in any controlled port)."""
    fleet_reach: set[str] = set()
    frontier = [
        code
        for code, a in areas.items()
        if a["kind"] == "sea" and (a.get("port") is not None or _starts(powers, "F", code))
    ]
    fleet_reach.update(frontier)
    while frontier:
        here = frontier.pop()
        for there in areas[here]["adjacent"]:
            if areas[there]["kind"] == "sea" and there not in fleet_reach:
                fleet_reach.add(there)
                frontier.append(there)
    army_reach: set[str] = set()
    homes = {h for info in powers.values() for h in _strings(info.get("homes"))}
    frontier = [
        code
        for code, a in areas.items()
        if a["kind"] == "land"
        and ((a.get("centre") and code in homes) or _starts(powers, "A", code))
    ]
    army_reach.update(frontier)
    while frontier:
        here = frontier.pop()
        for there in _army_steps(areas, here, fleet_reach):
            if there not in army_reach:
                army_reach.add(there)
                frontier.append(there)
    for code, area in areas.items():
        reached = army_reach if area["kind"] == "land" else fleet_reach
        if code not in reached:
            problems.append(f"{code} cannot be reached: no unit could ever get there")


def _army_steps(areas: Mapping[str, Mapping[str, Any]], here: str, seas: set[str]) -> Iterable[str]:
    for there in areas[here]["adjacent"]:
        if areas[there]["kind"] == "land":
            yield there
        elif there in seas:
            # a convoy: any coast of a chain of sectors fleets can reach
            seen, chain = {there}, [there]
            while chain:
                sea = chain.pop()
                for shore in areas[sea]["adjacent"]:
                    if areas[shore]["kind"] == "land":
                        yield shore
                    elif shore in seas and shore not in seen:
                        seen.add(shore)
                        chain.append(shore)


def _starts(powers: Mapping[str, Mapping[str, Any]], letter: str, code: str) -> bool:
    return any(
        f"{letter} {code}" in [u.upper() for u in _strings(info.get("units"))]
        for info in powers.values()
    )


def _check_victory(
    data: Mapping[str, Any], areas: Mapping[str, Mapping[str, Any]], problems: list[str]
) -> None:
    centres = sum(1 for a in areas.values() if a.get("centre"))
    if centres == 0:
        problems.append("the board has no supply centre: nobody could win")
        return
    count = data.get("rules", {}).get("victory_count")
    if isinstance(count, int) and count > centres:
        problems.append(f"victory_count {count} is more than the {centres} supply centres")


def _check_geometry(raw: Any, areas: Mapping[str, Mapping[str, Any]], problems: list[str]) -> None:
    if not isinstance(raw, Mapping):
        problems.append("geometry: missing; the map cannot be drawn (see docs/maps.md)")
        return
    width, height = raw.get("width"), raw.get("height")
    if not (isinstance(width, int) and isinstance(height, int) and width > 0 and height > 0):
        problems.append("geometry: 'width' and 'height' must be whole numbers of pixels")
        return
    shapes = raw.get("areas")
    if not isinstance(shapes, Mapping):
        problems.append("geometry: 'areas' must be an object keyed by area code")
        return
    for code in sorted(set(shapes) - set(areas)):
        problems.append(f"geometry: draws {code}, which is not an area")

    def point(value: Any) -> bool:
        return (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, int | float) for v in value)
            and 0 <= value[0] <= width
            and 0 <= value[1] <= height
        )

    def rings(value: Any) -> bool:
        return isinstance(value, list) and all(
            isinstance(r, list) and len(r) >= 3 and all(point(p) for p in r) for r in value
        )

    for code, area in areas.items():
        shape = shapes.get(code)
        if not isinstance(shape, Mapping):
            problems.append(f"geometry: {code} is not drawn")
            continue
        if not rings(shape.get("polygons")) or not shape.get("polygons"):
            problems.append(
                f"geometry: {code} needs 'polygons', rings of 3 or more points inside the picture"
            )
        if "holes" in shape and not rings(shape["holes"]):
            problems.append(f"geometry: {code}'s 'holes' must be rings of 3 or more points")
        for key in ("label", "unit"):
            if not point(shape.get(key)):
                problems.append(f"geometry: {code} has no {key} point inside the picture")
        if area.get("centre") and not point(shape.get("center")):
            problems.append(f"geometry: {code} has a supply centre but no 'center' point")
        if area.get("port") is not None and not point(shape.get("port")):
            problems.append(f"geometry: {code} has a port but no 'port' point")
    for key in ("offboard_land", "offboard_water"):
        if key in raw and not rings(raw[key]):
            problems.append(f"geometry: '{key}' must be rings of 3 or more points")


# Building the board ------------------------------------------------------------------------


def _build(data: Mapping[str, Any]) -> Variant:
    areas = {a["code"]: a for a in data["areas"]}
    powers = tuple(sorted(data["powers"]))
    homes = {p: tuple(data["powers"][p]["homes"]) for p in powers}
    home_areas = {p: _home_areas(areas, homes[p]) for p in powers}
    home_of = {code: p for p in powers for code in home_areas[p]}
    provinces: dict[str, Province] = {}
    for code, a in areas.items():
        port = a.get("port")
        provinces[code] = Province(
            code=code,
            name=a["name"],
            kind=_KINDS[a["kind"]],
            supply_center=bool(a.get("centre", False)),
            coasts=(),
            aliases=tuple(a.get("aliases", ())),
            home_of=home_of.get(code),
            port=port["name"] if port else None,
            port_off=port["off"] if port else None,
        )
    army: dict[str, frozenset[str]] = {}
    fleet: dict[str, frozenset[str]] = {}
    shores: dict[str, frozenset[str]] = {}
    for code, a in areas.items():
        same = frozenset(o for o in a["adjacent"] if areas[o]["kind"] == a["kind"])
        (army if a["kind"] == "land" else fleet)[code] = same
        shores[code] = frozenset(o for o in a["adjacent"] if areas[o]["kind"] != a["kind"])
    power_info = {
        p: PowerInfo(
            code=p,
            name=data["powers"][p]["name"],
            adjective=data["powers"][p]["adjective"],
            aliases=tuple(data["powers"][p].get("aliases", ())),
            colour=data["powers"][p]["colour"],
            # every home area: the territories, then the sectors off them
            homes=homes[p] + tuple(sorted(home_areas[p] - set(homes[p]))),
            units=tuple(Unit.parse(u) for u in data["powers"][p]["units"]),
        )
        for p in powers
    }
    rules = Rules.from_json(data.get("rules", {}))
    if data.get("rules", {}).get("victory_count") is None:
        rules = rules.with_majority_of(sum(1 for a in areas.values() if a.get("centre")))
    return Variant(
        name=data["name"],
        title=data.get("title", data["name"]),
        description=data.get("description", data.get("title", data["name"])),
        rules=rules,
        powers=powers,
        power_info=power_info,
        provinces=provinces,
        impassable={},
        out_of_play={},
        army_adjacency=army,
        fleet_adjacency=fleet,
        ambiguous_names={},
        shores=shores,
        geometry=data["geometry"],
    )
