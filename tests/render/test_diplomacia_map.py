"""The shipped Diplomacia board (engine/data/diplomacia.json) keeps docs/maps.md's rules.

Read with the standard library only, so neither the engine's loader nor the generator's
packages are needed: what is checked is the file players get.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from tests.render.outlines import in_area, outline_rings, shared_borders

PATH = Path(__file__).resolve().parents[2] / "engine" / "data" / "diplomacia.json"
# Shorter shared borders than this (picture pixels) do not make two areas neighbours.
MIN_BORDER = 3.0


@cache
def board() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(PATH.read_text(encoding="utf-8"))
    return data


def areas() -> dict[str, dict[str, Any]]:
    return {area["code"]: area for area in board()["areas"]}


def shapes() -> dict[str, dict[str, Any]]:
    shapes_: dict[str, dict[str, Any]] = board()["geometry"]["areas"]
    return shapes_


def test_format_keys() -> None:
    data = board()
    assert data["format"] == "dipgm-map/1"
    assert data["name"] == PATH.stem
    assert data["title"] and data["description"]
    assert data["rules"] == {"ruleset": "diplomacia"}
    keys = {"format", "name", "title", "description", "rules", "powers", "areas", "geometry"}
    assert set(data) == keys
    geometry = data["geometry"]
    assert set(geometry) <= {"width", "height", "areas", "offboard_land", "offboard_water"}
    assert set(geometry["areas"]) == set(areas())


def test_ten_powers_with_distinct_colours() -> None:
    powers = board()["powers"]
    assert len(powers) == 10
    colours = [p["colour"] for p in powers.values()]
    assert all(re.fullmatch(r"#[0-9a-f]{6}", c) for c in colours)
    assert len(set(colours)) == 10
    for code, power in powers.items():
        assert code.isupper()
        assert power["name"] and power["adjective"]
        assert 5 <= len(power["homes"]) <= 8, code


def test_areas_codes_names_and_counts() -> None:
    all_areas = board()["areas"]
    land = [a for a in all_areas if a["kind"] == "land"]
    sea = [a for a in all_areas if a["kind"] == "sea"]
    assert len(all_areas) >= 100
    assert len(land) + len(sea) == len(all_areas)
    assert 70 <= len(land) <= 95 and 35 <= len(sea) <= 45
    codes = [a["code"] for a in all_areas]
    names = [a["name"] for a in all_areas]
    assert len(set(codes)) == len(codes) and len(set(names)) == len(names)
    assert all(re.fullmatch(r"[A-Z0-9]{2,5}", c) for c in codes)
    taken = set(codes) | set(names)
    for area in all_areas:
        own = {area["code"], area["name"]}
        assert not (set(area.get("aliases", [])) & (taken - own)), area["code"]


def test_adjacency_is_mutual_and_measured_from_the_outlines() -> None:
    table = areas()
    for code, area in table.items():
        assert area["adjacent"], f"{code} touches nothing"
        for other in area["adjacent"]:
            assert code in table[other]["adjacent"], f"{code} lists {other}, not back"
    borders = shared_borders({code: outline_rings(shape) for code, shape in shapes().items()})
    measured = {pair for pair, length in borders.items() if length >= MIN_BORDER}
    listed = {tuple(sorted((c, o))) for c, a in table.items() for o in a["adjacent"]}
    assert listed == measured


def test_centres_on_land_and_their_number() -> None:
    centres = [a for a in board()["areas"] if a.get("centre")]
    assert all(a["kind"] == "land" for a in centres)
    assert 40 <= len(centres) <= 60


def test_ports_lie_off_a_touching_territory() -> None:
    table = areas()
    ports = [a for a in table.values() if "port" in a]
    assert 25 <= len(ports) <= 40
    for sector in ports:
        assert sector["kind"] == "sea"
        off = sector["port"]["off"]
        assert table[off]["kind"] == "land"
        assert off in sector["adjacent"], f"{sector['code']}: {off} does not touch it"


def test_homes_and_starting_units() -> None:
    table = areas()
    seen: set[str] = set()
    for code, power in board()["powers"].items():
        homes = set(power["homes"])
        assert not homes & seen, f"{code} shares a home"
        seen |= homes
        assert all(table[h]["kind"] == "land" for h in homes)
        home_sectors = {c for c, a in table.items() if "port" in a and a["port"]["off"] in homes}
        centres = {h for h in homes if table[h].get("centre")}
        armies = {u[2:] for u in power["units"] if u.startswith("A ")}
        fleets = {u[2:] for u in power["units"] if u.startswith("F ")}
        assert len(armies) + len(fleets) == len(power["units"])
        # handbook 3.3: an army on each home centre, a fleet on each home port
        assert armies == centres and len(centres) == 3, code
        assert fleets == home_sectors and 1 <= len(fleets) <= 3, code


def test_every_area_drawn_inside_the_picture() -> None:
    geometry = board()["geometry"]
    width, height = geometry["width"], geometry["height"]
    for code, area in areas().items():
        shape = shapes()[code]
        assert shape["polygons"] and all(len(r) >= 3 for r in shape["polygons"]), code
        points = {"label": shape["label"], "unit": shape["unit"]}
        if area.get("centre"):
            points["center"] = shape["center"]
        if "port" in area:
            points["port"] = shape["port"]
        assert ("center" in shape) == bool(area.get("centre")), code
        assert ("port" in shape) == ("port" in area), code
        for what, point in points.items():
            assert 0 <= point[0] <= width and 0 <= point[1] <= height, (code, what)
            assert in_area((point[0], point[1]), shape["polygons"], shape.get("holes", [])), (
                f"{code}'s {what} is outside it"
            )
        for ring in [*shape["polygons"], *shape.get("holes", [])]:
            for x, y in ring:
                assert 0 <= x <= width and 0 <= y <= height, code


def test_compact_numbers() -> None:
    # coordinates have at most one decimal, and the file stays small
    text = PATH.read_text(encoding="utf-8")
    assert not re.search(r"\d\.\d\d", text)
    assert len(text) < 600_000
