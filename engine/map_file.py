"""Map files: a Diplomacia board as one JSON file (docs/maps.md), read and checked.

:func:`map_problems` lists everything wrong with a file, each problem in words a map maker
can act on (``dipgm variant check``); :func:`variant_from_map` builds the board from a file
that has none. Each field is read first, typed and within its limits
(:mod:`engine.map_schema`); then the board as a whole is checked for what would make a game
unplayable or the adjudicator wrong: one-way borders, a port off a territory that does not
touch its sector, a unit where its kind cannot stand, an area nobody could ever reach. Every
check takes time in proportion to the file's size.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.errors import VariantError
from engine.map_schema import FORMAT, AreaSpec, MapSpec, PowerSpec, read_spec, shown
from engine.map_text import read_map_json
from engine.names import compact, words
from engine.rules import Rules
from engine.units import Unit
from engine.variant import PowerInfo, Province, ProvinceKind, Variant

__all__ = ["FORMAT", "checked_map", "map_problems", "read_map", "variant_from_map"]


def read_map(raw: bytes | str, name: str | None = None) -> Variant:
    """The board of a map file's text: :class:`VariantError` naming the first problems if
    the text is over the limits, not JSON, or not a good map."""
    return variant_from_map(read_map_json(raw), name)


def variant_from_map(data: Any, name: str | None = None) -> Variant:
    """The board of a map file; :class:`VariantError` naming the first problems if any."""
    problems: list[str] = []
    spec = _checked(data, name, problems)
    if problems:
        more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
        raise VariantError("; ".join(problems[:3]) + more)
    return _build(spec)


def checked_map(data: Any, name: str | None = None) -> tuple[Variant | None, list[str]]:
    """The board of a map file checked once: the board and no problems, or no board and
    every problem."""
    problems: list[str] = []
    spec = _checked(data, name, problems)
    return (None if problems else _build(spec)), problems


def map_problems(data: Any, name: str | None = None) -> list[str]:
    """Everything wrong with a map file, in the order a map maker would fix it. ``name``: the
    file's name without ``.json``, which must be the map's name."""
    problems: list[str] = []
    _checked(data, name, problems)
    return problems


def _checked(data: Any, name: str | None, problems: list[str]) -> MapSpec:
    spec = read_spec(data, problems)
    if spec.name is not None and name is not None and spec.name != name:
        problems.append(
            f"the map is named {shown(spec.name)}, so its file must be {spec.name}.json, "
            f"not {name}.json"
        )
    _check_names(spec, problems)
    _check_areas(spec, problems)
    _check_powers(spec, problems)
    if spec.areas and spec.powers and not problems:
        _check_reach(spec, problems)
        _check_victory(spec, problems)
    _check_geometry(spec, problems)
    return spec


# Names -------------------------------------------------------------------------------------


def _check_names(spec: MapSpec, problems: list[str]) -> None:
    """Every name an order or a join may use means one area, or one power: names are told
    apart as orders read them (case, accents, dots and spaces aside)."""
    for kind, names in (
        ("", {a.code: (a.code, a.name, *a.aliases) for a in spec.areas.values()}),
        (
            "power ",
            {p.code: (p.code, p.name, p.adjective, *p.aliases) for p in spec.powers.values()},
        ),
    ):
        seen: dict[str, str] = {}
        for code, spellings in names.items():
            for word in spellings:
                key = compact(words(word))
                other = seen.setdefault(key, code)
                if other != code:
                    problems.append(f"{kind}{code} and {other} are both called {shown(word)}")


# Areas -------------------------------------------------------------------------------------


def _check_areas(spec: MapSpec, problems: list[str]) -> None:
    areas = spec.areas
    touching = {code: set(area.adjacent) for code, area in areas.items()}
    for code, area in areas.items():
        if area.centre and not area.land:
            problems.append(
                f"{code}: a supply centre must be in a land territory, not a sea sector"
            )
        for other in area.adjacent:
            if other == code:
                problems.append(f"{code} lists itself as adjacent")
            elif other in spec.broken:
                continue
            elif other not in areas:
                problems.append(f"{code} lists {other} as adjacent, but there is no area {other}")
            elif code not in touching[other]:
                problems.append(
                    f"adjacency is one-way: {code} lists {other}, but {other} does not list {code}"
                )
        port = area.port
        if port is None:
            continue
        if area.land:
            problems.append(f"{code}: a port lies in a sea sector, not in a land territory")
        elif port.off in spec.broken:
            continue
        elif port.off not in areas:
            problems.append(
                f"{code}: its port {port.name} lies off {port.off}, which is not an area"
            )
        elif not areas[port.off].land:
            problems.append(
                f"{code}: its port {port.name} lies off {port.off}, a sea sector; "
                "a port lies off a territory's coast"
            )
        elif port.off not in touching[code]:
            problems.append(
                f"{code}: its port {port.name} lies off {port.off}, which does not touch {code}"
            )


# Powers ------------------------------------------------------------------------------------


def _check_powers(spec: MapSpec, problems: list[str]) -> None:
    areas = spec.areas
    # a centre's colour is all that tells whose it is on the map
    coloured: dict[str, str] = {}
    for power in spec.powers.values():
        other = coloured.setdefault(power.colour.lower(), power.code)
        if other != power.code:
            problems.append(f"{other} and {power.code} are both coloured {power.colour}")
    home_of: dict[str, str] = {}
    for power in spec.powers.values():
        for home in power.homes:
            if home in spec.broken:
                continue
            if home not in areas:
                problems.append(f"{power.code}: home {shown(home)} is not an area")
            elif not areas[home].land:
                problems.append(
                    f"{power.code}: home {home} is a sea sector; homes are territories "
                    "(sectors follow their ports)"
                )
            elif home in home_of:
                problems.append(f"{home} is a home of both {home_of[home]} and {power.code}")
            else:
                home_of[home] = power.code
    seen: dict[str, str] = {}
    for power in spec.powers.values():
        own = _home_areas(areas, power.homes)
        for text in power.units:
            if text[2:] not in spec.broken:
                _check_unit(power, Unit.parse(text), areas, own, problems)
            where = text[2:]
            if where in seen:
                problems.append(
                    f"{where} holds two starting units ({seen[where]} and {power.code})"
                )
            seen[where] = power.code


def _check_unit(
    power: PowerSpec, unit: Unit, areas: Mapping[str, AreaSpec], own: set[str], problems: list[str]
) -> None:
    area = areas.get(unit.location)
    fleet = unit.type.value == "F"
    if area is None:
        problems.append(f"{power.code} starts with {unit}, but there is no area {unit.location}")
    elif fleet and area.land:
        problems.append(
            f"{power.code} starts with {unit}, but {unit.location} is a land territory: "
            "fleets stand in sea sectors"
        )
    elif not fleet and not area.land:
        problems.append(
            f"{power.code} starts with {unit}, but {unit.location} is a sea sector: "
            "armies stand in land territories"
        )
    elif unit.location not in own:
        problems.append(f"{power.code} starts with {unit}, outside its home areas")


def _home_areas(areas: Mapping[str, AreaSpec], homes: Iterable[str]) -> set[str]:
    """A power's home territories and the sectors whose ports lie off them (handbook 2.1.2.1)."""
    own = set(homes)
    own.update(code for code, area in areas.items() if area.port and area.port.off in own)
    return own


# The board as a whole ----------------------------------------------------------------------


def _check_reach(spec: MapSpec, problems: list[str]) -> None:
    """Every area some unit could enter: armies walk from where they start or are raised,
    and are carried by sea wherever fleets can be; fleets sail from their starts and from
    every port (a fleet is built in any controlled port). Each border is followed once."""
    areas = spec.areas
    starts = {text for power in spec.powers.values() for text in power.units}
    seas = _spread(
        [c for c, a in areas.items() if not a.land and (a.port or f"F {c}" in starts)],
        lambda here: (t for t in areas[here].adjacent if not areas[t].land),
    )
    # the waters fleets reach, each whole body once: an army carried into one lands on any
    # of its coasts
    water_of: dict[str, int] = {}
    shores: list[list[str]] = []
    for sea in seas:
        if sea not in water_of:
            body = _spread([sea], lambda here: (t for t in areas[here].adjacent if t in seas))
            water_of.update(dict.fromkeys(body, len(shores)))
            shores.append(sorted({t for s in body for t in areas[s].adjacent if areas[t].land}))
    homes = {h for power in spec.powers.values() for h in power.homes}
    carried: set[int] = set()

    def army_steps(here: str) -> Iterable[str]:
        for there in areas[here].adjacent:
            if areas[there].land:
                yield there
            elif there in water_of and water_of[there] not in carried:
                carried.add(water_of[there])
                yield from shores[water_of[there]]

    lands = _spread(
        [
            c
            for c, a in areas.items()
            if a.land and ((a.centre and c in homes) or f"A {c}" in starts)
        ],
        army_steps,
    )
    for code, area in areas.items():
        if code not in (lands if area.land else seas):
            problems.append(f"{code} cannot be reached: no unit could ever get there")


def _spread(start: list[str], steps: Any) -> set[str]:
    """Everything reached from ``start`` by ``steps`` (a function of one place)."""
    reached, frontier = set(start), list(start)
    while frontier:
        for there in steps(frontier.pop()):
            if there not in reached:
                reached.add(there)
                frontier.append(there)
    return reached


def _check_victory(spec: MapSpec, problems: list[str]) -> None:
    centres = sum(1 for a in spec.areas.values() if a.centre)
    if centres == 0:
        problems.append("the board has no supply centre: nobody could win")
    elif spec.victory_count is not None and spec.victory_count > centres:
        problems.append(
            f"victory_count {spec.victory_count} is more than the {centres} supply centres"
        )


def _check_geometry(spec: MapSpec, problems: list[str]) -> None:
    if spec.geometry is None:
        return
    shapes = spec.geometry["areas"]
    for code in sorted(set(shapes) - set(spec.areas) - spec.broken):
        problems.append(f"geometry: draws {code}, which is not an area")
    for code, area in spec.areas.items():
        shape = shapes.get(code)
        if shape is None:
            problems.append(f"geometry: {code} is not drawn")
            continue
        if area.centre and "center" not in shape:
            problems.append(f"geometry: {code} has a supply centre but no 'center' point")
        if not area.centre and "center" in shape:
            problems.append(f"geometry: {code} has a 'center' point but no supply centre")
        if area.port is not None and "port" not in shape:
            problems.append(f"geometry: {code} has a port but no 'port' point")
        if area.port is None and "port" in shape:
            problems.append(f"geometry: {code} has a 'port' point but no port")


# Building the board ------------------------------------------------------------------------


def _build(spec: MapSpec) -> Variant:
    """The board of a map with no problems: every field is there and of its kind."""
    areas = spec.areas
    powers = tuple(sorted(spec.powers))
    home_areas = {p: _home_areas(areas, spec.powers[p].homes) for p in powers}
    home_of = {code: p for p in powers for code in home_areas[p]}
    kind = {True: ProvinceKind.LAND, False: ProvinceKind.SEA}
    provinces = {
        code: Province(
            code=code,
            name=a.name,
            kind=kind[a.land],
            supply_center=a.centre,
            coasts=(),
            aliases=a.aliases,
            home_of=home_of.get(code),
            port=a.port.name if a.port else None,
            port_off=a.port.off if a.port else None,
        )
        for code, a in areas.items()
    }
    army: dict[str, frozenset[str]] = {}
    fleet: dict[str, frozenset[str]] = {}
    shores: dict[str, frozenset[str]] = {}
    for code, a in areas.items():
        (army if a.land else fleet)[code] = frozenset(
            o for o in a.adjacent if areas[o].land == a.land
        )
        shores[code] = frozenset(o for o in a.adjacent if areas[o].land != a.land)
    power_info = {
        p: PowerInfo(
            code=p,
            name=info.name,
            adjective=info.adjective,
            aliases=info.aliases,
            colour=info.colour,
            # every home area: the territories, then the sectors off them
            homes=info.homes + tuple(sorted(home_areas[p] - set(info.homes))),
            units=tuple(Unit.parse(u) for u in info.units),
        )
        for p, info in ((p, spec.powers[p]) for p in powers)
    }
    assert spec.name is not None and spec.geometry is not None and spec.ruleset is not None
    rules = Rules.from_json({"ruleset": spec.ruleset.name, "victory_count": spec.victory_count})
    if spec.victory_count is None:
        rules = rules.with_majority_of(sum(1 for a in areas.values() if a.centre))
    title = spec.title or spec.name
    return Variant(
        name=spec.name,
        title=title,
        description=spec.description or title,
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
        geometry=spec.geometry,
    )
