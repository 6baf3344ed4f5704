"""The Diplomacia board: grow its areas with the shared pipeline, read adjacency off the
outlines, place the anchors, and write a map file (docs/maps.md) that it then checks."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import shapely

from tools.mapgen import anchors
from tools.mapgen import diplomacia_seeds as facts
from tools.mapgen.adjacency import MIN_BORDER
from tools.mapgen.board import DIPLOMACIA
from tools.mapgen.build import Clock, coords, regions
from tools.mapgen.mapfile import check_map, legibility

NAME = "diplomacia"
TITLE = "Diplomacia: Europe"
# ends with "; N supply centres win", N more than half of the centres
DESCRIPTION = (
    "Diplomacia rules for ten powers on today's Europe, from Ireland to the Caucasus and "
    "from the Barents Sea to Egypt: ports instead of coasts"
)


@dataclass
class Report:
    problems: list[str] = field(default_factory=list)  # the file breaks docs/maps.md's rules
    crowded: list[str] = field(default_factory=list)  # drawn items that would overlap
    touching: list[tuple[str, str, float]] = field(default_factory=list)  # short, not adjacent
    shortest: list[tuple[float, str, str]] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    vertices: int = 0
    timings: dict[str, float] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not (self.problems or self.crowded)


def check_facts() -> None:
    """The hand-written game data hangs together before anything is grown."""
    land, sea = set(facts.LAND), set(facts.SEA)
    if land & sea:
        raise ValueError(f"codes both land and sea: {sorted(land & sea)}")
    if bad := sorted(set(facts.CENTRES) - land):
        raise ValueError(f"supply centres outside the land territories: {bad}")
    for code, port in facts.PORTS.items():
        if code not in sea or port.off not in land:
            raise ValueError(f"port {port.name}: {code} must be a sector, {port.off} a territory")
    homes = [home for power in facts.POWERS.values() for home in power.homes]
    if bad := sorted({h for h in homes if homes.count(h) > 1 or h not in land}):
        raise ValueError(f"homes shared by two powers or not territories: {bad}")


def starting_units(power: facts.Power) -> list[str]:
    """An army on each home centre, a fleet in each sector whose port lies off a home
    (handbook 3.3)."""
    armies = [f"A {code}" for code in power.homes if code in facts.CENTRES]
    fleets = [f"F {code}" for code, port in sorted(facts.PORTS.items()) if port.off in power.homes]
    return armies + fleets


def _areas(adjacent: dict[str, list[str]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for kind, table in (("land", facts.LAND), ("sea", facts.SEA)):
        for code in sorted(table):
            area = table[code]
            entry: dict[str, Any] = {"code": code, "name": area.name, "kind": kind}
            if code in facts.CENTRES:
                entry["centre"] = True
            if code in facts.PORTS:
                port = facts.PORTS[code]
                entry["port"] = {"name": port.name, "off": port.off}
            if area.aliases:
                entry["aliases"] = list(area.aliases)
            entry["adjacent"] = adjacent[code]
            out.append(entry)
    return out


def _powers() -> dict[str, Any]:
    return {
        code: {
            "name": power.name,
            "adjective": power.adjective,
            "colour": power.colour,
            "aliases": list(power.aliases),
            "homes": list(power.homes),
            "units": starting_units(power),
        }
        for code, power in facts.POWERS.items()
    }


def build() -> tuple[dict[str, Any], Report]:
    report = Report()
    clock = Clock(report.timings)
    check_facts()
    board = DIPLOMACIA
    proj = board.projection
    grown = regions(board, proj, frozenset(facts.SEA), clock)

    kinds = {code: "sea" if code in facts.SEA else "land" for code in grown.written}
    markers = {
        **anchors.projected(proj, facts.CENTRES),
        **{code: proj.point(p.lon, p.lat) for code, p in facts.PORTS.items()},
    }
    placed = anchors.place(
        grown.written,
        kinds,
        markers,
        {},
        anchors.projected(proj, facts.UNIT_POINTS),
        anchors.projected(proj, facts.LABEL_POINTS),
    )
    shapes: dict[str, Any] = {}
    for code, parts in grown.exported.items():
        entry: dict[str, Any] = {"polygons": [shell for shell, _ in parts]}
        holes = [h for _, hs in parts for h in hs]
        if holes:
            entry["holes"] = holes
        entry["label"] = coords(placed.label[code])
        entry["unit"] = coords(placed.unit[code])
        if code in placed.center:
            entry["port" if kinds[code] == "sea" else "center"] = coords(placed.center[code])
        shapes[code] = entry
    clock.lap("anchors")

    offboard_land, offboard_water = grown.offboard(board)
    borders = grown.borders()
    pairs = sorted(pair for pair, length in borders.items() if length >= MIN_BORDER)
    adjacent: dict[str, list[str]] = {code: [] for code in grown.exported}
    for a, b in pairs:
        adjacent[a].append(b)
        adjacent[b].append(a)
    report.touching = sorted(
        (a, b, round(length, 2)) for (a, b), length in borders.items() if length < MIN_BORDER
    )
    report.shortest = sorted((round(borders[p], 1), *p) for p in pairs)[:10]
    clock.lap("adjacency")

    data: dict[str, Any] = {
        "format": "dipgm-map/1",
        "name": NAME,
        "title": TITLE,
        "description": f"{DESCRIPTION}; {len(facts.CENTRES) // 2 + 1} supply centres win",
        "rules": {"ruleset": "diplomacia"},
        "powers": _powers(),
        "areas": _areas({code: sorted(n) for code, n in adjacent.items()}),
        "geometry": {
            "width": board.width,
            "height": board.height,
            "areas": shapes,
            "offboard_land": offboard_land,
            "offboard_water": offboard_water,
        },
    }
    report.problems = check_map(data)
    report.crowded = legibility(data)
    areas = data["areas"]
    report.counts = {
        "land": sum(a["kind"] == "land" for a in areas),
        "sea": sum(a["kind"] == "sea" for a in areas),
        "centres": sum(bool(a.get("centre")) for a in areas),
        "ports": sum("port" in a for a in areas),
        "pairs": len(pairs),
    }
    report.vertices = sum(
        len(r) for e in shapes.values() for r in [*e["polygons"], *e.get("holes", [])]
    ) + sum(len(r) for r in offboard_land + offboard_water)
    clock.lap("check")
    # the areas' total is a quick sanity check on the outlines (they tile the picture)
    total = sum(shapely.area(g) for g in grown.geoms.values())
    if abs(total - board.width * board.height) > 1.0:
        report.problems.append(f"the regions cover {total:.0f} px², not the whole picture")
    return data, report
