"""Reading pixels of rendered maps: where a province's plain fill shows, what colour rules a
small area, and standard positions to draw."""

from __future__ import annotations

import io
import math
from collections import Counter
from collections.abc import Mapping, Sequence

from PIL import Image, ImageFilter

from engine import Order, Position, parse_order
from render import map_png
from render.base import index_raster, slots
from render.geometry import Board, Point
from render.styles import RGB
from render.view import View

# quantising to 256 colours may move a flat colour by a few steps
TOLERANCE = 10


def open_png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def render_rgb(position: Position, **options: object) -> Image.Image:
    return open_png(map_png(position, **options)).convert("RGB")  # type: ignore[arg-type]


def close(a: Sequence[int], b: Sequence[int], tolerance: int = TOLERANCE) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a[:3], b[:3], strict=True))


def plain_fill_point(board: Board, view: View, code: str) -> tuple[int, int]:
    """A pixel inside ``code``, clear of its borders, label, unit, centre marker and port."""
    raw = index_raster(board, view)
    indices = Image.frombytes("L", raw.size, raw.tobytes())
    slot = slots(board).provinces[code]
    mask = indices.point([255 if v == slot else 0 for v in range(256)])
    inner = mask.filter(ImageFilter.MinFilter(9))
    shape = board.provinces[code]
    avoid = [view.pt(shape.label), view.pt(shape.unit)]
    if shape.center is not None:
        avoid.append(view.pt(shape.center))
    avoid += [view.pt(p) for p in shape.coasts.values()]
    if shape.port is not None:
        avoid.append(view.pt(shape.port))
    clear = 24 * view.feature
    target = view.pt(shape.label)
    best: tuple[float, tuple[int, int]] | None = None
    pixels = inner.load()
    assert pixels is not None
    x0, y0, x1, y1 = inner.getbbox() or (0, 0, 0, 0)
    for y in range(y0, y1, 2):
        for x in range(x0, x1, 2):
            if not pixels[x, y]:
                continue
            if min(math.dist((x, y), a) for a in avoid) < clear:
                continue
            d = math.dist((x, y), target)
            if best is None or d < best[0]:
                best = (d, (x, y))
    assert best is not None, f"no plain fill found in {code}"
    return best[1]


def dominant(image: Image.Image, centre: Point, radius: float) -> RGB:
    """The commonest colour within ``radius`` of ``centre``."""
    cx, cy = centre
    counts: Counter[tuple[int, ...]] = Counter()
    r = math.ceil(radius)
    for y in range(round(cy) - r, round(cy) + r + 1):
        for x in range(round(cx) - r, round(cx) + r + 1):
            if math.dist((x, y), centre) <= radius:
                counts[image.getpixel((x, y))] += 1  # type: ignore[index]
    colour = counts.most_common(1)[0][0]
    return (colour[0], colour[1], colour[2])


def count_near(image: Image.Image, centre: Point, radius: float, colour: RGB, tol: int = 40) -> int:
    cx, cy = centre
    r = math.ceil(radius)
    found = 0
    for y in range(round(cy) - r, round(cy) + r + 1):
        for x in range(round(cx) - r, round(cx) + r + 1):
            inside = 0 <= x < image.width and 0 <= y < image.height
            if inside and close(image.getpixel((x, y)), colour, tol):  # type: ignore[arg-type]
                found += 1
    return found


def orders_for(position: Position, texts: Mapping[str, Sequence[str]]) -> dict[str, list[Order]]:
    return {p: [parse_order(t, position, p) for t in lines] for p, lines in texts.items()}


OPENING = {
    "AUSTRIA": ["A VIE - GAL", "A BUD - SER", "F TRI - ALB"],
    "ENGLAND": ["F LON - NTH", "F EDI - NWG", "A LVP - YOR"],
    "FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - MAO"],
    "GERMANY": ["A MUN - BUR", "A BER - KIE", "F KIE - DEN"],
    "ITALY": ["A VEN H", "A ROM - APU", "F NAP - ION"],
    "RUSSIA": ["A WAR - GAL", "A MOS - UKR", "F SEV - BLA", "F STP/SC - BOT"],
    "TURKEY": ["A CON - BUL", "A SMY - ARM", "F ANK - BLA"],
}
