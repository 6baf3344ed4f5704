"""Where a dislodged unit may retreat, on the map: from the unit, beside its province, a thin
dotted line to each place it may go, ending in a small ring there. A unit already given its
retreat or disband order shows that order instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import Disband, Position, Retreat
from render.orders import Drawing, Item, Stage
from render.pen import Graphic, trim
from render.strokes import Strokes

# the ring at each place a unit may retreat to, and how far from it the line stops, in
# icon radii
_RING = 0.42
_GAP = 0.55


def draw_options(stage: Stage, position: Position, items: Sequence[Item], drawing: Drawing) -> None:
    """Add to ``drawing`` (under the units) each option of ``position``'s dislodged units that
    have no order among ``items``."""
    ordered = {i.order.unit.province for i in items if isinstance(i.order, Retreat | Disband)}
    strokes = Strokes(stage.style, stage.view.feature, stage.icon)
    r = stage.icon / 2
    for d in position.dislodged:
        start = stage.dislodged.get(d.unit.province)
        if start is None or d.unit.province in ordered:
            continue
        ink = stage.style.ink(d.power)
        g = Graphic()
        for option in d.retreats:
            end = stage.anchor(option)
            if end is None:
                continue
            line = trim([start, end], r * 0.9, r * (_RING + _GAP))
            strokes.dotted(g, line, ink, strokes.width * 0.9)
            strokes.ring(g, end, r * _RING, ink)
        drawing.under.append((g, 1.0))
