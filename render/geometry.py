"""The board's drawing geometry: province outlines and anchor points, read from ``render/data``.

The file is made by ``tools/mapgen``; its format is documented there. A board is an immutable
value, loaded once per variant and shared by every render.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any

from engine.units import coast_of, province_of

Point = tuple[float, float]
Ring = tuple[Point, ...]
Box = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class Shape:
    """One province: ``kind`` is ``land``, ``coast`` or ``sea``."""

    code: str
    kind: str
    polygons: tuple[Ring, ...]
    holes: tuple[Ring, ...]
    label: Point
    unit: Point
    center: Point | None
    coasts: Mapping[str, Point]
    bbox: Box

    @property
    def is_sea(self) -> bool:
        return self.kind == "sea"


@dataclass(frozen=True, slots=True)
class Impassable:
    code: str
    polygons: tuple[Ring, ...]
    label: Point


@dataclass(frozen=True, eq=False, slots=True)
class Board:
    name: str
    width: int
    height: int
    provinces: Mapping[str, Shape]
    impassable: Mapping[str, Impassable]
    offboard_land: tuple[Ring, ...]
    offboard_water: tuple[Ring, ...]
    neighbours: Mapping[str, frozenset[str]]

    def anchor(self, location: str) -> Point | None:
        """Where a unit at ``location`` stands: a fleet on a split coast at that coast."""
        shape = self.provinces.get(province_of(location))
        if shape is None:
            return None
        coast = coast_of(location)
        if coast is not None and coast in shape.coasts:
            return shape.coasts[coast]
        return shape.unit


def _point(raw: Any) -> Point:
    return (float(raw[0]), float(raw[1]))


def _ring(raw: Any) -> Ring:
    return tuple(_point(p) for p in raw)


def _bbox(rings: tuple[Ring, ...]) -> Box:
    xs = [p[0] for ring in rings for p in ring]
    ys = [p[1] for ring in rings for p in ring]
    return (min(xs), min(ys), max(xs), max(ys))


def board_from_dict(name: str, data: Mapping[str, Any]) -> Board:
    """Build a board from the JSON form; raise ``ValueError`` on a format this code cannot read."""
    if data.get("format") != 1:
        raise ValueError(f"board {name!r}: unsupported geometry format {data.get('format')!r}")
    provinces: dict[str, Shape] = {}
    for code, raw in data["provinces"].items():
        polygons = tuple(_ring(p) for p in raw["polygons"])
        provinces[code] = Shape(
            code=code,
            kind=str(raw["kind"]),
            polygons=polygons,
            holes=tuple(_ring(h) for h in raw.get("holes", ())),
            label=_point(raw["label"]),
            unit=_point(raw["unit"]),
            center=_point(raw["center"]) if "center" in raw else None,
            coasts=MappingProxyType({c: _point(p) for c, p in raw.get("coasts", {}).items()}),
            bbox=_bbox(polygons),
        )
    neighbours: dict[str, set[str]] = {code: set() for code in provinces}
    for a, b in data.get("adjacency", ()):
        neighbours.setdefault(a, set()).add(b)
        neighbours.setdefault(b, set()).add(a)
    return Board(
        name=name,
        width=int(data["width"]),
        height=int(data["height"]),
        provinces=MappingProxyType(provinces),
        impassable=MappingProxyType(
            {
                code: Impassable(
                    code, tuple(_ring(p) for p in raw["polygons"]), _point(raw["label"])
                )
                for code, raw in data.get("impassable", {}).items()
            }
        ),
        offboard_land=tuple(_ring(p) for p in data.get("offboard_land", ())),
        offboard_water=tuple(_ring(p) for p in data.get("offboard_water", ())),
        neighbours=MappingProxyType({k: frozenset(v) for k, v in neighbours.items()}),
    )


@cache
def load_board(variant: str = "standard") -> Board:
    """The packaged geometry ``render/data/<variant>_map.json``, read once."""
    if not variant.replace("_", "").isalnum():
        raise ValueError(f"no map for variant {variant!r}")
    source = resources.files("render").joinpath("data").joinpath(f"{variant}_map.json")
    try:
        text = source.read_text("utf-8")
    except FileNotFoundError:
        raise ValueError(f"no map for variant {variant!r}") from None
    return board_from_dict(variant, json.loads(text))
