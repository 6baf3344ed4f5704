"""Board pictures: a position (with orders, and their results) in, PNG bytes out.

>>> from engine import Position
from render.chart import centre_chart
>>> from render import map_png
>>> png = map_png(Position.initial(), size=600)
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True

Everything here is a pure function of its arguments: no I/O besides reading the packaged
board geometry, deterministic output, and safe to call from several threads at once.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine import Position
from render.chart import centre_chart
from render.compose import encode_png, render, render_image
from render.crop import REGIONS, board_region
from render.gif import Animation, history_animation, history_gif
from render.orders import OrdersArg, ResultsArg
from render.standings_chart import MOST_LINES, standings_chart
from render.styles import STYLES

__all__ = [
    "MOST_LINES",
    "REGIONS",
    "STYLES",
    "Animation",
    "board_region",
    "centre_chart",
    "history_animation",
    "history_gif",
    "map_png",
    "render_image",
    "standings_chart",
]


def map_png(
    position: Position,
    *,
    orders: OrdersArg | None = None,
    results: ResultsArg | None = None,
    style: str = "default",
    size: int = 1200,
    region: str | None = None,
    players: Mapping[str, str] | None = None,
) -> bytes:
    """The map of ``position`` as PNG bytes, ``size`` pixels wide (height keeps the board's
    proportions, or the region's).

    ``orders`` are drawn per power; ``results`` (a :class:`~engine.outcomes.Resolution` of
    this position, or its ``OrderResult`` values) mark what failed, and bring their orders
    with them, so ``orders`` may be left out once adjudicated. A ``Resolution`` is drawn on
    the board it left (units where they now stand, centres and the legend's counts as they
    now are), each order from where its unit stood; bare ``OrderResult`` values, which carry
    no board, on ``position``. ``style`` is one of
    :data:`STYLES`; ``region`` is None for the whole board, a name in :data:`REGIONS`, or a
    province code for that province and its neighbours. ``players`` maps a power to who
    plays it (``"alice, bob"``), printed beside the power in the legend of a whole-board map;
    powers not in it are named alone. Raises ``ValueError`` for an
    unknown style, region or size.
    """
    image, colours = render(
        position,
        orders=orders,
        results=results,
        style=style,
        size=size,
        region=region,
        players=players,
    )
    return encode_png(image, colours)
