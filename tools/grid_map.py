"""Map files (docs/maps.md) of any size, up to the limits: a grid of square areas, land and
sea, for the tests and benchmarks that need a board larger or denser than the shipped ones.

``python -m tools.grid_map --areas 1000 --adjacent 30 > big.json`` writes one; with
``--largest`` the largest map within every limit at once (areas, touching areas, powers,
aliases and names of the longest, points up to the file's size).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

from engine.map_schema import (
    MAX_ADJACENT,
    MAX_ALIASES,
    MAX_AREAS,
    MAX_NAME,
    MAX_POINTS,
    MAX_POWERS,
    MIN_SIDE,
)
from engine.map_text import MAX_FILE_BYTES

_COLOURS = [
    f"#{(37 * n) % 200 + 40:02x}{(91 * n) % 200 + 40:02x}{(53 * n) % 200 + 40:02x}"
    for n in range(64)
]


def grid_map(
    areas: int,
    *,
    powers: int = 7,
    adjacent: int = 8,
    aliases: int = 0,
    points: int = 4,
    name: str = "grid",
    long_names: bool = False,
) -> dict[str, Any]:
    """A map of ``areas`` areas on a square grid (every third one sea), each touching
    ``adjacent`` others (its neighbours in reading order, round the board), ``aliases``
    other names each, drawn as rings of ``points`` corners; ``powers`` powers each start
    with an army on two centres of their own and a fleet in a port."""
    side = math.ceil(math.sqrt(areas))
    cell = 100
    codes = [f"Z{n:03d}" if n < 1000 else f"Y{n:04d}" for n in range(areas)]
    sea = [n % 3 == 0 for n in range(areas)]
    half = adjacent // 2
    touching = [
        sorted({(n + k) % areas for k in range(-half, half + 1) if k and (n + k) % areas != n})
        for n in range(areas)
    ]
    area_list = []
    for n, code in enumerate(codes):
        area: dict[str, Any] = {
            "code": code,
            "name": _name(f"Area {n}", long_names),
            "kind": "sea" if sea[n] else "land",
            "adjacent": [codes[m] for m in touching[n]],
        }
        if aliases:
            area["aliases"] = [_name(f"Area {n} also {k}", long_names) for k in range(aliases)]
        if not sea[n]:
            area["centre"] = n % 3 == 1
        elif not sea[(n + 1) % areas]:
            area["port"] = {"name": f"Port {n}", "off": codes[(n + 1) % areas]}
        area_list.append(area)
    return {
        "format": "dipgm-map/1",
        "name": name,
        "title": f"A grid of {areas} areas",
        "description": f"{areas} areas, {powers} powers: a board for tests",
        "rules": {"ruleset": "diplomacia"},
        "powers": _powers(areas, powers, codes, sea, area_list),
        "areas": area_list,
        "geometry": _geometry(codes, side, cell, points, area_list),
    }


def _name(text: str, long: bool) -> str:
    """A name, as long as a name may be when ``long``."""
    return text.ljust(MAX_NAME, "x") if long else text


def _powers(
    areas: int, count: int, codes: list[str], sea: list[bool], area_list: list[dict[str, Any]]
) -> dict[str, Any]:
    powers: dict[str, Any] = {}
    block = areas // count
    for p in range(count):
        start = p * block
        # n = start + 1 (mod 3) is a centre, the sea before it holds a port off it
        first = start + (1 - start) % 3
        homes = [codes[first], codes[first + 3]]
        units = [f"A {codes[first]}", f"A {codes[first + 3]}"]
        port = first - 1
        if port >= 0 and sea[port] and area_list[port].get("port", {}).get("off") == codes[first]:
            units.append(f"F {codes[port]}")
        powers[f"POWER{p}"] = {
            "name": f"Power {p}",
            "adjective": f"Powerish {p}",
            "colour": _COLOURS[p % len(_COLOURS)],
            "homes": homes,
            "units": units,
        }
    return powers


def _geometry(
    codes: list[str], side: int, cell: int, points: int, area_list: list[dict[str, Any]]
) -> dict[str, Any]:
    shapes: dict[str, Any] = {}
    for n, code in enumerate(codes):
        x0, y0 = (n % side) * cell, (n // side) * cell
        middle = [x0 + cell / 2, y0 + cell / 2]
        shape: dict[str, Any] = {
            "polygons": [_ring(x0, y0, cell, points)],
            "label": middle,
            "unit": [middle[0], middle[1] + cell / 5],
        }
        if area_list[n].get("centre"):
            shape["center"] = [middle[0] - cell / 4, middle[1] - cell / 4]
        if "port" in area_list[n]:
            shape["port"] = [middle[0] + cell / 4, middle[1] - cell / 4]
        shapes[code] = shape
    rows = math.ceil(len(codes) / side)
    width = max(side * cell, MIN_SIDE)
    return {"width": width, "height": max(rows * cell, MIN_SIDE, width // 2), "areas": shapes}


def _ring(x0: float, y0: float, cell: float, points: int) -> list[list[float]]:
    """``points`` corners round the cell's square, walked clockwise along its edges."""
    corners = []
    for k in range(points):
        t = 4 * k / points
        edge, along = int(t), (t - int(t)) * cell
        x, y = [(along, 0), (cell, along), (cell - along, cell), (0, cell - along)][edge]
        corners.append([round(x0 + x, 1), round(y0 + y, 1)])
    return corners


def largest_map() -> dict[str, Any]:
    """The largest map within every limit at once: the most areas, each touching the most
    others with the most aliases, the most powers, and as many points as the file holds."""

    def made(points: int) -> dict[str, Any]:
        return grid_map(
            MAX_AREAS,
            powers=MAX_POWERS,
            adjacent=MAX_ADJACENT,
            aliases=MAX_ALIASES,
            points=points,
            name="largest",
            long_names=True,
        )

    # the most corners a ring may have for the file to stay within its size: the size
    # grows by the same bytes with each corner
    small, large = (len(json.dumps(made(n)).encode()) for n in (4, 8))
    most = 4 + (MAX_FILE_BYTES - small) * 4 // (large - small)
    return made(min(most, MAX_POINTS // MAX_AREAS))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.grid_map", description=__doc__)
    parser.add_argument("--areas", type=int, default=100)
    parser.add_argument("--powers", type=int, default=7)
    parser.add_argument("--adjacent", type=int, default=8)
    parser.add_argument("--largest", action="store_true")
    args = parser.parse_args(argv)
    if args.areas < 6 * args.powers:
        parser.error(f"--areas must be at least 6 a power ({6 * args.powers} for {args.powers})")
    data = (
        largest_map()
        if args.largest
        else grid_map(args.areas, powers=args.powers, adjacent=args.adjacent)
    )
    json.dump(data, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
