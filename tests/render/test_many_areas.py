"""A board of more areas than a picture's palette has entries (a map file of 300 areas):
every area is still drawn in its own colour."""

from __future__ import annotations

from engine import Position
from engine.map_file import variant_from_map
from render import map_png
from render.base import index_raster, palette, slots
from render.compose import fills
from render.geometry import board_of
from render.styles import style_of
from render.view import board_view
from tests.render.helpers import close, open_png
from tools.grid_map import grid_map

AREAS = 300
SIZE = 1200


def test_each_of_300_areas_takes_its_own_colour() -> None:
    variant = variant_from_map(grid_map(AREAS), "grid")
    board, style = board_of(variant), style_of("default", variant)
    view = board_view(board, SIZE)
    assert slots(board).count > 256
    raster = index_raster(board, view)
    position = Position.initial(variant)
    image = open_png(map_png(position, size=SIZE)).convert("RGB")
    scale = view.scale

    def inside(code: str) -> tuple[int, int]:
        # the corner of the area's square away from its label, unit, centre and port
        n = int(code[1:])
        side = board.width // 100
        x, y = (n % side) * 100 + 85, (n // side) * 100 + 88
        point = round(x * scale), round(y * scale)
        assert raster.getpixel(point) == slots(board).provinces[code]
        return point

    def pixel(at: tuple[int, int]) -> tuple[int, ...]:
        found = image.getpixel(at)
        assert isinstance(found, tuple)
        return found

    # each area in the colour the palette gives its slot, whatever slot it is: the homes of
    # the first power and of the last, a neutral territory, a sea (mid-board: the legend and
    # the title sit where they hide no unit or label, which may be any corner)
    colours = palette(board, style, *fills(position))
    last = variant.powers[-1]
    for code in ("Z001", variant.power_info[last].homes[0], "Z149", "Z150"):
        assert close(pixel(inside(code)), colours[slots(board).provinces[code]]), code
    assert not close(pixel(inside("Z001")), pixel(inside("Z149")))
