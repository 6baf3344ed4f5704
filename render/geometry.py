"""The board's drawing geometry: province outlines and anchor points.

Where it comes from is the variant's business (:func:`board_of`): a board with its own map
file (a Diplomacia board, docs/maps.md) carries its drawing in the file's ``geometry``
section; the standard board's is ``render/data/standard_map.json``, made by
``tools/mapgen`` (its format is documented there); a variant that is an overlay on another
board (:attr:`engine.Variant.base`) is drawn on that board's geometry, with the provinces it
takes away out of play and a passage for each link it adds. A board is an immutable value,
made once per variant and shared by every render.
"""

from __future__ import annotations

import heapq
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from importlib import resources
from types import MappingProxyType
from typing import Any

from engine import Variant, load_variant
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
    # a sea sector's port (Diplomacia): where its triangle is drawn
    port: Point | None = None

    @property
    def is_sea(self) -> bool:
        return self.kind == "sea"


@dataclass(frozen=True, slots=True)
class Impassable:
    code: str
    polygons: tuple[Ring, ...]
    label: Point


@dataclass(frozen=True, slots=True)
class Passage:
    """A link an overlay adds between two provinces that share no border (fleets from the
    Black Sea to the Aegean), drawn as ``straits``: the stretches of land, each from one
    point to another, the water between ``a`` and ``b`` crosses, by way of any water off the
    board between them (the Sea of Marmara)."""

    a: str
    b: str
    straits: tuple[tuple[Point, Point], ...]
    # the sea lane drawn through the straits: from inside ``a`` to inside ``b``
    lane: tuple[Point, ...]


@dataclass(frozen=True, eq=False, slots=True)
class Board:
    name: str
    width: int
    height: int
    provinces: Mapping[str, Shape]
    impassable: Mapping[str, Impassable]
    offboard_land: tuple[Ring, ...]
    offboard_water: tuple[Ring, ...]
    # provinces one step apart in the variant drawn: by a shared border or a passage
    neighbours: Mapping[str, frozenset[str]]
    # provinces drawn but not played on this board (an overlay's): code -> name
    out_of_play: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    passages: tuple[Passage, ...] = ()
    # every area, sea sectors too, is tinted by the power controlling it (a Diplomacia
    # board); otherwise only land, by who holds its supply centre
    tinted_seas: bool = False
    # the standard board's named regions (:data:`render.crop.REGIONS`) are parts of it
    named_regions: bool = True

    def in_play(self, code: str) -> bool:
        return code in self.provinces and code not in self.out_of_play

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


def board_from_map(variant: Variant) -> Board:
    """The board a map file draws (its ``geometry`` section, docs/maps.md), the areas' kinds
    and neighbours as ``variant`` plays them. The file was checked when the variant was read;
    ``ValueError`` for a variant without one."""
    data = variant.geometry
    if data is None:
        raise ValueError(f"no map for variant {variant.name!r}: it has no geometry of its own")
    provinces: dict[str, Shape] = {}
    for code, raw in data["areas"].items():
        polygons = tuple(_ring(p) for p in raw["polygons"])
        provinces[code] = Shape(
            code=code,
            kind=variant.provinces[code].kind.value,
            polygons=polygons,
            holes=tuple(_ring(h) for h in raw.get("holes", ())),
            label=_point(raw["label"]),
            unit=_point(raw["unit"]),
            center=_point(raw["center"]) if "center" in raw else None,
            coasts=MappingProxyType({}),
            bbox=_bbox(polygons),
            port=_point(raw["port"]) if "port" in raw else None,
        )
    neighbours = {
        code: frozenset(
            variant.army_adjacency.get(code, frozenset())
            | variant.fleet_adjacency.get(code, frozenset())
            | variant.shores.get(code, frozenset())
        )
        for code in provinces
    }
    return Board(
        name=variant.name,
        width=int(data["width"]),
        height=int(data["height"]),
        provinces=MappingProxyType(provinces),
        impassable=MappingProxyType({}),
        offboard_land=tuple(_ring(p) for p in data.get("offboard_land", ())),
        offboard_water=tuple(_ring(p) for p in data.get("offboard_water", ())),
        neighbours=MappingProxyType(neighbours),
        tinted_seas=variant.rules.ruleset.keeps_control,
        named_regions=False,
    )


def overlaid(board: Board, variant: Variant) -> Board:
    """``board`` as ``variant`` (an overlay on it) is played: its provinces out of play, its
    added links as passages, and neighbours as the variant has them."""
    missing = sorted(set(variant.provinces) - set(board.provinces))
    if missing:
        raise ValueError(f"no map for variant {variant.name!r}: {board.name} lacks {missing[0]}")
    gone = dict(sorted(variant.out_of_play.items()))
    passages = tuple(_passage(board, a, b) for a, b in sorted(variant.added_links))
    neighbours: dict[str, set[str]] = {
        code: set(near) - set(gone) for code, near in board.neighbours.items() if code not in gone
    }
    for passage in passages:
        neighbours.setdefault(passage.a, set()).add(passage.b)
        neighbours.setdefault(passage.b, set()).add(passage.a)
    return replace(
        board,
        name=variant.name,
        neighbours=MappingProxyType({k: frozenset(v) for k, v in neighbours.items()}),
        out_of_play=MappingProxyType(gone),
        passages=passages,
    )


def _passage(board: Board, a: str, b: str) -> Passage:
    """The shortest crossing of land from ``a`` to ``b``, hopping through the water off the
    board (the cheapest path over closest corners: the water itself is free)."""
    ends = _corners(board.provinces[a].polygons), _corners(board.provinces[b].polygons)
    direct = _gap(*ends)
    # water farther from either end than the direct crossing can lie on no shorter path
    waters = [
        corners
        for corners in (_corners((ring,)) for ring in board.offboard_water)
        if min(_box_gap(corners, end) for end in ends) <= direct[0]
        and max(_box_gap(corners, end) for end in ends) <= direct[0]
    ]
    nodes = [ends[0], *waters, ends[1]]
    target = len(nodes) - 1
    best: dict[int, tuple[float, tuple[tuple[Point, Point], ...]]] = {0: (0.0, ())}
    queue = [(0.0, 0)]
    done: set[int] = set()
    while queue:
        cost, here = heapq.heappop(queue)
        if here in done:
            continue
        done.add(here)
        if here == target:
            break
        for there in range(len(nodes)):
            if there in done:
                continue
            length, p, q = _gap(nodes[here], nodes[there])
            if best.get(there, (math.inf,))[0] > cost + length:
                strait = ((p, q),) if length > 0 else ()
                best[there] = (cost + length, best[here][1] + strait)
                heapq.heappush(queue, (cost + length, there))
    straits = best[target][1]
    middles = [((p[0] + q[0]) / 2, (p[1] + q[1]) / 2) for p, q in straits]
    if not middles:
        return Passage(a, b, (), ())
    into_a = _toward(middles[0], board.provinces[a].unit, _LANE_REACH)
    into_b = _toward(middles[-1], board.provinces[b].unit, _LANE_REACH)
    return Passage(a, b, straits, (into_a, *middles, into_b))


# how far (board pixels) a passage's sea lane runs on into the seas at its ends
_LANE_REACH = 16.0


def _toward(start: Point, goal: Point, reach: float) -> Point:
    length = math.dist(start, goal) or 1.0
    share = min(1.0, reach / length)
    return (start[0] + (goal[0] - start[0]) * share, start[1] + (goal[1] - start[1]) * share)


def _corners(rings: tuple[Ring, ...]) -> tuple[Point, ...]:
    return tuple(p for ring in rings for p in ring)


def _gap(one: tuple[Point, ...], other: tuple[Point, ...]) -> tuple[float, Point, Point]:
    """The distance between the closest corners of two outlines, and those corners."""
    return min(((math.dist(p, q), p, q) for p in one for q in other), key=lambda t: t[0])


def _box_gap(one: tuple[Point, ...], other: tuple[Point, ...]) -> float:
    """The distance between the two outlines' bounding boxes: never more than :func:`_gap`."""
    a, b = _bbox((one,)), _bbox((other,))
    dx = max(0.0, a[0] - b[2], b[0] - a[2])
    dy = max(0.0, a[1] - b[3], b[1] - a[3])
    return math.hypot(dx, dy)


def board_of(variant: Variant) -> Board:
    """The geometry ``variant`` is drawn on: its map file's own, when it has one, else
    :func:`load_board` by its name."""
    if variant.geometry is not None:
        return _map_board(variant)
    return load_board(variant.name)


# variants compare by identity: a map file read again is a new variant, drawn anew
@lru_cache(maxsize=16)
def _map_board(variant: Variant) -> Board:
    return board_from_map(variant)


@cache
def load_board(variant: str = "standard") -> Board:
    """The geometry of the variant called ``variant``: its own packaged
    ``render/data/<variant>_map.json``; for a map file's board (docs/maps.md) the file's
    own; for an overlay without one, its base board's with the overlay applied; read once."""
    if not variant.replace("_", "").replace("-", "").isalnum():
        raise ValueError(f"no map for variant {variant!r}")
    source = resources.files("render").joinpath("data").joinpath(f"{variant}_map.json")
    try:
        text = source.read_text("utf-8")
    except FileNotFoundError:
        return _variant_board(variant)
    return board_from_dict(variant, json.loads(text))


def _variant_board(name: str) -> Board:
    try:
        variant = load_variant(name)
    except ValueError:
        raise ValueError(f"no map for variant {name!r}") from None
    if variant.geometry is not None:
        return _map_board(variant)
    if variant.base is None:
        raise ValueError(f"no map for variant {name!r}")
    return overlaid(load_board(variant.base), variant)
