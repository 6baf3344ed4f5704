"""Checks of a generated map file (docs/maps.md): the rules a playable board keeps, and
whether what the renderer draws at the anchors stays legible."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import shapely

from engine.errors import VariantError
from engine.rulesets import ruleset_named
from tools.mapgen.anchors import (
    ARMY_HALF,
    BORDER_INSET,
    ITEM_GAP,
    MARKER_RADIUS,
    UNIT_HALF,
    UNIT_MIN_CLEARANCE,
    label_half,
)

CODE = re.compile(r"^[A-Z0-9]{2,5}$")
NAME = re.compile(r"^[a-z0-9_-]{1,41}$")
COLOUR = re.compile(r"^#[0-9a-f]{6}$")

Ring = Sequence[Sequence[float]]


def _inside_ring(x: float, y: float, ring: Ring) -> bool:
    inside = False
    n = len(ring)
    for i in range(n):
        x1, y1 = ring[i][0], ring[i][1]
        x2, y2 = ring[(i + 1) % n][0], ring[(i + 1) % n][1]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def inside_area(shape: dict[str, Any], x: float, y: float) -> bool:
    """Whether (x, y) lies in one of the area's pieces and in none of its holes."""
    if not any(_inside_ring(x, y, ring) for ring in shape["polygons"]):
        return False
    return not any(_inside_ring(x, y, ring) for ring in shape.get("holes", []))


def _reachable(areas: dict[str, dict[str, Any]], powers: dict[str, Any]) -> set[str]:
    """Areas some unit can enter: armies over land and by convoy, fleets over sea, and fleets
    built in any sector whose port an army can seize."""
    land = {c for c, a in areas.items() if a["kind"] == "land"}
    units = [u.split() for p in powers.values() for u in p["units"]]
    reached = {where for _kind, where in units}
    while True:
        before = len(reached)
        for code in list(reached):
            for other in areas[code]["adjacent"]:
                if (code in land) == (other in land):
                    reached.add(other)  # a move
                elif code not in land and any(n in reached for n in areas[code]["adjacent"]):
                    reached.add(other)  # a convoy to this shore
        for code, area in areas.items():
            if "port" in area and area["port"]["off"] in reached:
                reached.add(code)  # seized, then a fleet built there
        if len(reached) == before:
            return reached


def _check_areas(data: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    areas = {a["code"]: a for a in data["areas"]}
    if len(areas) != len(data["areas"]):
        problems.append("an area code is listed twice")
    names = [a["name"] for a in data["areas"]]
    if len(set(names)) != len(names):
        problems.append("two areas share a name")
    taken = set(areas) | set(names)
    for code, area in areas.items():
        if not CODE.match(code):
            problems.append(f"{code}: a code is 2 to 5 upper-case letters or digits")
        if area["kind"] not in ("land", "sea"):
            problems.append(f"{code}: kind is land or sea, not {area['kind']!r}")
        if area.get("centre") and area["kind"] != "land":
            problems.append(f"{code}: only land territories hold supply centres")
        own = {code, area["name"]}
        problems += [
            f"{code}: alias {alias!r} is another area's code or name"
            for alias in area.get("aliases", [])
            if alias in taken - own
        ]
        for other in area["adjacent"]:
            if other not in areas or other == code:
                problems.append(f"{code} lists {other} as adjacent, which is no other area")
            elif code not in areas[other]["adjacent"]:
                problems.append(
                    f"adjacency is one-way: {code} lists {other}, but {other} does not list {code}"
                )
        if "port" in area:
            off = area["port"]["off"]
            if area["kind"] != "sea":
                problems.append(f"{code}: only sea sectors hold ports")
            elif off not in areas or areas[off]["kind"] != "land":
                problems.append(f"{code}: its port lies off {off}, which is no land territory")
            elif off not in area["adjacent"]:
                problems.append(
                    f"{code}: its port {area['port']['name']} lies off {off}, "
                    f"which does not touch {code}"
                )
    return problems


def _check_powers(data: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    areas = {a["code"]: a for a in data["areas"]}
    owner: dict[str, str] = {}
    for power, info in data["powers"].items():
        if not COLOUR.match(info["colour"]):
            problems.append(f"{power}: colour {info['colour']!r} is not #rrggbb")
        for home in info["homes"]:
            if home not in areas or areas[home]["kind"] != "land":
                problems.append(f"{power}: home {home} is no land territory")
            elif home in owner:
                problems.append(f"{home} is a home of both {owner[home]} and {power}")
            owner[home] = power
        home_sectors = {
            c for c, a in areas.items() if "port" in a and a["port"]["off"] in info["homes"]
        }
        for unit in info["units"]:
            kind, where = unit.split()
            if where not in areas:
                problems.append(f"{power} starts with {unit}: {where} is no area")
            elif kind == "A" and (areas[where]["kind"] != "land" or where not in info["homes"]):
                problems.append(f"{power} starts with {unit}, not in a home territory")
            elif kind == "F" and where not in home_sectors:
                problems.append(f"{power} starts with {unit}, not in a home sector with a port")
    missing = set(areas) - _reachable(areas, data["powers"])
    problems += [f"{c} cannot be reached: no unit could ever get there" for c in sorted(missing)]
    return problems


def _check_geometry(data: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    geometry = data["geometry"]
    width, height = geometry["width"], geometry["height"]
    for area in data["areas"]:
        code = area["code"]
        shape = geometry["areas"].get(code)
        if shape is None:
            problems.append(f"geometry: {code} has no shape")
            continue
        if not shape.get("polygons") or any(len(r) < 3 for r in shape["polygons"]):
            problems.append(f"geometry: {code} has no polygons of three points or more")
        points = {"label": shape.get("label"), "unit": shape.get("unit")}
        if area.get("centre"):
            points["center"] = shape.get("center")
        if "port" in area:
            points["port"] = shape.get("port")
        for what, point in points.items():
            if point is None:
                problems.append(f"geometry: {code} has no {what} point")
            elif not (0 <= point[0] <= width and 0 <= point[1] <= height):
                problems.append(f"geometry: {code}'s {what} point lies outside the picture")
            elif not inside_area(shape, point[0], point[1]):
                problems.append(f"geometry: {code}'s {what} point lies outside {code}")
    return problems


def check_map(data: dict[str, Any]) -> list[str]:
    """What breaks docs/maps.md's rules, one line each (empty when the file is right)."""
    problems: list[str] = []
    if data.get("format") != "dipgm-map/1":
        problems.append("format must be dipgm-map/1")
    if not NAME.match(str(data.get("name", ""))):
        problems.append("name: lower-case letters, digits, - and _, at most 41 characters")
    if not _plays_areas(data.get("rules", {}).get("ruleset")):
        problems.append('rules: {"ruleset": "diplomacia"}')
    return problems + _check_areas(data) + _check_powers(data) + _check_geometry(data)


def _plays_areas(name: object) -> bool:
    """Whether the ruleset named plays a map file's board: areas of one kind of unit each."""
    try:
        return ruleset_named(name).one_unit_kind_per_area
    except VariantError:
        return False


def legibility(data: dict[str, Any]) -> list[str]:
    """Labels, unit badges and centre or port markers that would meet one another or stray
    from their area: label and marker boxes lie inside the area with BORDER_INSET to spare,
    the badge's middle at least UNIT_MIN_CLEARANCE inside, and no two items come within
    ITEM_GAP."""
    out: list[str] = []
    geometry = data["geometry"]["areas"]
    kinds = {a["code"]: a["kind"] for a in data["areas"]}
    boxes: list[tuple[str, shapely.Geometry]] = []
    for code, shape in sorted(geometry.items()):
        # rounding to 0.1 px may leave a ring touching itself: make_valid mends that
        geom = shapely.union_all(
            [shapely.make_valid(shapely.Polygon(r)) for r in shape["polygons"]]
        )
        if shape.get("holes"):
            holes = [shapely.make_valid(shapely.Polygon(h)) for h in shape["holes"]]
            geom = geom.difference(shapely.union_all(holes))
        unit_half = UNIT_HALF if kinds[code] == "sea" else ARMY_HALF
        items = [
            ("label", shape["label"], label_half(code)),
            ("unit", shape["unit"], (unit_half, unit_half)),
        ]
        for marker in ("center", "port"):
            if marker in shape:
                items.append((marker, shape[marker], (MARKER_RADIUS, MARKER_RADIUS)))
        for what, (x, y), (hx, hy) in items:
            box = shapely.box(x - hx, y - hy, x + hx, y + hy)
            boxes.append((f"{code} {what}", box))
            if what == "unit":
                if geom.boundary.distance(shapely.Point(x, y)) < UNIT_MIN_CLEARANCE - 0.2:
                    out.append(f"{code}: the unit stands too near the border")
            elif not geom.contains(box.buffer(BORDER_INSET - 0.2, join_style="mitre")):
                out.append(f"{code}: the {what} does not fit inside the area")
    tree = shapely.STRtree([b for _, b in boxes])
    for i, j in tree.query([b.buffer(ITEM_GAP / 2) for _, b in boxes], predicate="intersects").T:
        if i < j and boxes[i][1].buffer(ITEM_GAP / 2 - 0.2).intersects(
            boxes[j][1].buffer(ITEM_GAP / 2 - 0.2)
        ):
            out.append(f"{boxes[i][0]} meets {boxes[j][0]}")
    return out
