"""Orders and their outcomes as drawings.

A move is a solid arrow; a support a dashed line to the supported unit (a hold) or to the
middle of the supported move's arrow; a convoyed move a dotted arrow through the convoying
fleets, each of which gets a dotted ring; a hold a ring; a retreat an arrow from the
dislodged unit; a build a ring and a plus; a disband or removal a cross. Once adjudicated,
whatever failed is drawn faded, with a cross where it stopped.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
    order_unit,
)
from engine.outcomes import OrderResult, Outcome, Resolution
from engine.units import Unit, UnitType, province_of
from engine.variant import Variant
from render.geometry import Board
from render.pen import Graphic, Pt, dashes, length, point_along, trim
from render.styles import RGB, Style
from render.view import View

OrdersArg = Mapping[str, Sequence[Order]]
ResultsArg = Resolution | Sequence[OrderResult]

FADED = 0.42
_SUCCESS: Mapping[type, frozenset[Outcome]] = {
    Move: frozenset({Outcome.MOVED}),
    SupportHold: frozenset({Outcome.SUPPORTED}),
    SupportMove: frozenset({Outcome.SUPPORTED}),
    Convoy: frozenset({Outcome.CONVOYED}),
    Retreat: frozenset({Outcome.RETREATED}),
    Build: frozenset({Outcome.BUILT}),
    Disband: frozenset({Outcome.DISBANDED, Outcome.REMOVED}),
    Hold: frozenset({Outcome.HELD, Outcome.DISLODGED, Outcome.DESTROYED}),
}


@dataclass(frozen=True, slots=True)
class Item:
    """An order to draw (``None`` for a default the engine applied) and its outcome, if
    adjudicated."""

    power: str
    order: Order | None
    outcome: Outcome | None
    unit: Unit | None

    @property
    def failed(self) -> bool:
        if self.outcome is None or self.order is None:
            return False
        return self.outcome not in _SUCCESS.get(type(self.order), frozenset())


def collect(orders: OrdersArg | None, results: ResultsArg | None) -> list[Item]:
    """What to draw: every result (they carry their orders), then any order without one."""
    found: list[Item] = []
    seen: set[tuple[str, Order]] = set()
    listed = results.results if isinstance(results, Resolution) else (results or ())
    for r in listed:
        found.append(Item(r.power, r.order, r.outcome, r.unit))
        if r.order is not None:
            seen.add((r.power, r.order))
    for power, given in (orders or {}).items():
        for order in given:
            if (power, order) not in seen:
                seen.add((power, order))
                found.append(Item(power, order, None, order_unit(order)))
    return found


def dislodged_units(items: Iterable[Item]) -> set[str]:
    """Provinces whose unit the results say was dislodged (or destroyed) where it stood."""
    return {
        i.unit.province
        for i in items
        if i.unit is not None
        and i.outcome in (Outcome.DISLODGED, Outcome.DESTROYED)
        and not isinstance(i.order, Build)
    }


@dataclass(slots=True)
class Stage:
    """Where things are drawn, in output pixels."""

    board: Board
    view: View
    style: Style
    variant: Variant
    icon: float
    units: dict[str, Pt] = field(default_factory=dict)
    dislodged: dict[str, Pt] = field(default_factory=dict)
    # provinces whose unit is drawn beside its anchor (dislodged where it stood)
    shifted: set[str] = field(default_factory=set)

    def anchor(self, location: str) -> Pt | None:
        point = self.board.anchor(location)
        return None if point is None else self.view.pt(point)

    def unit_point(self, unit: Unit, retreating: bool) -> Pt | None:
        table = self.dislodged if retreating else self.units
        found = table.get(unit.province)
        if found is None:
            found = (self.units if retreating else self.dislodged).get(unit.province)
        return found if found is not None else self.anchor(unit.location)


@dataclass(slots=True)
class Drawing:
    """Graphics to paint under the units, and marks (rings, crosses) to paint over them."""

    under: list[tuple[Graphic, float]] = field(default_factory=list)
    over: list[tuple[Graphic, float]] = field(default_factory=list)
    builds: list[tuple[str, Unit, bool]] = field(default_factory=list)


def _rgba(colour: RGB, alpha: int = 255) -> tuple[int, int, int, int]:
    return (*colour, alpha)


class _Painter:
    def __init__(self, stage: Stage) -> None:
        self.stage = stage
        f = stage.view.feature
        self.f = f
        self.r = stage.icon / 2
        self.width = max(1.4, 3.2 * f)
        self.casing = (255, 255, 255, 170)

    # primitives ------------------------------------------------------------------

    def cross(self, g: Graphic, centre: Pt, size: float | None = None) -> None:
        s = (size if size is not None else self.r * 0.62) / 2
        x, y = centre
        w = max(1.5, 3.0 * self.f)
        arms = [((x - s, y - s), (x + s, y + s)), ((x - s, y + s), (x + s, y - s))]
        for a, b in arms:
            g.line([a, b], _rgba(self.stage.style.failure_casing), w + 2.6 * self.f)
        for a, b in arms:
            g.line([a, b], _rgba(self.stage.style.failure), w)

    def arrow(self, g: Graphic, path: Sequence[Pt], ink: RGB, *, style: str = "solid") -> None:
        total = length(path)
        head = min(max(7.0, 13.0 * self.f), total * 0.6)
        tip = path[-1]
        _, direction = point_along(path, total)
        base_pt = (tip[0] - direction[0] * head, tip[1] - direction[1] * head)
        shaft = trim(path, 0, head * 0.8)
        w = self.width
        nx, ny = -direction[1], direction[0]
        hw = max(4.0, 5.8 * self.f)
        wing = [
            tip,
            (base_pt[0] + nx * hw, base_pt[1] + ny * hw),
            (base_pt[0] - nx * hw, base_pt[1] - ny * hw),
        ]
        casing_wing = [
            (tip[0] + direction[0] * 1.6 * self.f, tip[1] + direction[1] * 1.6 * self.f),
            (base_pt[0] + nx * (hw + 1.8 * self.f), base_pt[1] + ny * (hw + 1.8 * self.f)),
            (base_pt[0] - nx * (hw + 1.8 * self.f), base_pt[1] - ny * (hw + 1.8 * self.f)),
        ]
        g.polygon(casing_wing, self.casing)
        if style == "dotted":
            self.dotted(g, shaft, ink, w * 1.05)
        else:
            g.line(shaft, self.casing, w + 2.4 * self.f)
            g.line(shaft, _rgba(ink), w)
        g.polygon(wing, _rgba(ink))

    def dashed(self, g: Graphic, path: Sequence[Pt], ink: RGB, w: float) -> None:
        pieces = dashes(path, 7.0 * self.f, 4.5 * self.f)
        for piece in pieces:
            g.line(piece, self.casing, w + 2.2 * self.f, caps=False)
        for piece in pieces:
            g.line(piece, _rgba(ink), w, caps=False)

    def dotted(self, g: Graphic, path: Sequence[Pt], ink: RGB, w: float) -> None:
        total = length(path)
        step = max(4.0, w * 2.3)
        count = max(1, int(total / step))
        spots = [point_along(path, total * i / count)[0] for i in range(count + 1)]
        for spot in spots:
            g.disc(spot, w * 0.5 + 1.1 * self.f, self.casing)
        for spot in spots:
            g.disc(spot, w * 0.5 + 0.2 * self.f, _rgba(ink))


def _toward(a: Pt, b: Pt, distance: float) -> Pt:
    d = math.dist(a, b)
    if d == 0:
        return a
    t = distance / d
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def _shifted(path: Sequence[Pt], offset: float) -> list[Pt]:
    """The path moved sideways (to the right of travel), so two arrows in opposite
    directions between the same provinces stay apart."""
    (x0, y0), (x1, y1) = path[0], path[-1]
    d = math.dist((x0, y0), (x1, y1)) or 1.0
    nx, ny = -(y1 - y0) / d, (x1 - x0) / d
    return [(x - nx * offset, y - ny * offset) for x, y in path]


def _convoy_chain(
    variant: Variant, army: str, dest: str, fleets: Sequence[str]
) -> list[str] | None:
    """The shortest chain of convoying fleets from the army's province to its destination."""
    frontier = [[army]]
    visited = {army}
    while frontier:
        nxt: list[list[str]] = []
        for chain in frontier:
            here = chain[-1]
            near = variant.neighbours(UnitType.FLEET, here) if here != army else None
            if here != army and near is not None and dest in near:
                return chain[1:]
            for fleet in fleets:
                if fleet in visited:
                    continue
                reach = variant.neighbours(UnitType.FLEET, fleet)
                if here in reach or (near is not None and fleet in near):
                    visited.add(fleet)
                    nxt.append([*chain, fleet])
        frontier = nxt
    return None


def plan(stage: Stage, items: Sequence[Item]) -> Drawing:
    """Turn orders and outcomes into graphics."""
    painter = _Painter(stage)
    style = stage.style
    drawing = Drawing()
    r = painter.r
    occupied = set(stage.units) - stage.shifted
    paths: dict[tuple[str, str], list[Pt]] = {}

    move_pairs = {
        (i.order.unit.province, province_of(i.order.dest))
        for i in items
        if isinstance(i.order, Move)
    }
    convoys: dict[tuple[str, str], list[Item]] = {}
    for i in items:
        if isinstance(i.order, Convoy):
            convoys.setdefault((i.order.army, province_of(i.order.dest)), []).append(i)

    def fleet_path(army: str, dest: str, start: Pt, end: Pt) -> list[Pt] | None:
        group = convoys.get((army, dest))
        if not group:
            return None
        fleets = [i.order.unit.province for i in group if isinstance(i.order, Convoy)]
        chain = _convoy_chain(stage.variant, army, dest, fleets)
        if chain is None:
            chain = sorted(fleets, key=lambda f: math.dist(start, stage.units.get(f, start)))
        middle = [stage.units[f] for f in chain if f in stage.units]
        return [start, *middle, end]

    # moves and retreats first: supports point at their arrows
    for i in items:
        order = i.order
        if not isinstance(order, Move | Retreat):
            continue
        retreating = isinstance(order, Retreat)
        start = stage.unit_point(order.unit, retreating)
        end = stage.anchor(order.dest)
        if start is None or end is None or start == end:
            continue
        source = order.unit.province
        target = province_of(order.dest)
        stop = r * 1.05 if target in occupied else r * 0.55
        convoyed = isinstance(order, Move) and (
            order.via_convoy
            or not stage.variant.reaches(order.unit.type, order.unit.location, target)
        )
        raw = fleet_path(source, target, start, end) if convoyed else None
        path = raw or [start, end]
        if (target, source) in move_pairs and not retreating:
            path = _shifted(path, r * 0.3)
        path = trim(path, r * 0.8, stop)
        paths[(source, target)] = path
        g = Graphic()
        painter.arrow(g, path, style.ink(i.power), style="dotted" if convoyed else "solid")
        drawing.under.append((g, FADED if i.failed else 1.0))
        if i.failed:
            mark = Graphic()
            painter.cross(mark, path[-1])
            drawing.over.append((mark, 1.0))

    for i in items:
        order = i.order
        g = Graphic()
        ink = style.ink(i.power)
        end: Pt | None = None
        if isinstance(order, SupportMove | SupportHold):
            start = stage.unit_point(order.unit, False)
            if start is None:
                continue
            if isinstance(order, SupportMove):
                target_dest = province_of(order.dest)
                arrow = paths.get((order.target, target_dest))
                if arrow is not None:
                    middle, _ = point_along(arrow, length(arrow) / 2)
                else:
                    a = stage.units.get(order.target) or stage.anchor(order.target)
                    b = stage.anchor(target_dest)
                    if a is None or b is None:
                        continue
                    middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
                line = trim([start, middle], r * 0.85, 0)
            else:
                held = stage.units.get(order.target) or stage.anchor(order.target)
                if held is None or held == start:
                    continue
                line = trim([start, held], r * 0.85, r * 1.05)
            painter.dashed(g, line, ink, painter.width * 0.72)
            end = line[-1]
            g.disc(end, painter.width * 0.9, painter.casing)
            g.disc(end, painter.width * 0.62, _rgba(ink))
            drawing.under.insert(0, (g, FADED if i.failed else 1.0))
        elif isinstance(order, Convoy):
            at = stage.units.get(order.unit.province)
            if at is None:
                continue
            _dotted_ring(painter, g, at, r * 1.32, ink)
            drawing.under.insert(0, (g, FADED if i.failed else 1.0))
            army_moves = paths.get((order.army, province_of(order.dest)))
            if army_moves is None:
                # a convoy nobody uses: show the route it offered
                start = stage.units.get(order.army) or stage.anchor(order.army)
                dest = stage.anchor(order.dest)
                if start is not None and dest is not None:
                    route = fleet_path(order.army, province_of(order.dest), start, dest)
                    if route is not None:
                        ghost = Graphic()
                        painter.dotted(ghost, trim(route, r, r * 0.6), ink, painter.width * 0.8)
                        drawing.under.insert(0, (ghost, FADED))
            end = at
        elif isinstance(order, Hold):
            at = stage.units.get(order.unit.province)
            if at is None or i.outcome in (Outcome.DISLODGED, Outcome.DESTROYED):
                # the dislodged unit's own mark says it all
                continue
            g.ring(at, r * 1.3, painter.casing, painter.width + 2.2 * painter.f)
            g.ring(at, r * 1.3, _rgba(ink), painter.width * 0.85)
            drawing.over.append((g, 1.0))
        elif isinstance(order, Disband):
            retreating = any(order.unit.province == d for d in stage.dislodged)
            at = stage.unit_point(order.unit, retreating)
            if at is not None:
                painter.cross(g, at, r * 1.5)
                drawing.over.append((g, FADED if i.failed else 1.0))
        elif isinstance(order, Build):
            at = stage.anchor(order.unit.location)
            if at is None:
                continue
            drawing.builds.append((i.power, order.unit, i.failed))
            g.ring(at, r * 1.32, painter.casing, painter.width + 2.2 * painter.f)
            g.ring(at, r * 1.32, _rgba(ink), painter.width * 0.85)
            _plus(painter, g, (at[0] + r * 1.05, at[1] - r * 1.05), ink)
            drawing.over.append((g, FADED if i.failed else 1.0))
            if i.failed:
                mark = Graphic()
                painter.cross(mark, at, r * 1.4)
                drawing.over.append((mark, 1.0))
        elif order is None and i.unit is not None and i.outcome in (
            Outcome.REMOVED,
            Outcome.DISBANDED,
            Outcome.DESTROYED,
        ):
            retreating = i.outcome is Outcome.DISBANDED
            at = stage.unit_point(i.unit, retreating)
            if at is not None:
                painter.cross(g, at, r * 1.5)
                drawing.over.append((g, 1.0))
        elif isinstance(order, Waive | Move | Retreat) or order is None:
            continue
        if i.failed and isinstance(order, SupportMove | SupportHold | Convoy) and end is not None:
            mark = Graphic()
            painter.cross(mark, end, r * 0.5)
            drawing.over.append((mark, 1.0))
        if isinstance(order, Hold | SupportHold | SupportMove | Convoy) and i.outcome is (
            Outcome.DESTROYED
        ):
            at = stage.units.get(order.unit.province)
            if at is not None:
                mark = Graphic()
                painter.cross(mark, at, r * 1.5)
                drawing.over.append((mark, 1.0))
    for i in items:
        if isinstance(i.order, Move) and i.outcome is Outcome.DESTROYED:
            at = stage.units.get(i.order.unit.province)
            if at is not None:
                mark = Graphic()
                painter.cross(mark, at, r * 1.5)
                drawing.over.append((mark, 1.0))
    return drawing


def _dotted_ring(painter: _Painter, g: Graphic, centre: Pt, radius: float, ink: RGB) -> None:
    count = max(10, int(2 * math.pi * radius / max(4.0, 6.0 * painter.f)))
    spots = [
        (centre[0] + radius * math.cos(2 * math.pi * k / count),
         centre[1] + radius * math.sin(2 * math.pi * k / count))
        for k in range(count)
    ]
    dot = max(1.2, 1.7 * painter.f)
    for spot in spots:
        g.disc(spot, dot + 1.0 * painter.f, painter.casing)
    for spot in spots:
        g.disc(spot, dot, _rgba(ink))


def _plus(painter: _Painter, g: Graphic, centre: Pt, ink: RGB) -> None:
    s = painter.r * 0.42
    x, y = centre
    g.disc(centre, s * 1.25, _rgba((255, 255, 255)))
    g.disc(centre, s * 1.05, _rgba(ink))
    w = max(1.2, 2.2 * painter.f)
    g.line([(x - s * 0.6, y), (x + s * 0.6, y)], _rgba((255, 255, 255)), w)
    g.line([(x, y - s * 0.6), (x, y + s * 0.6)], _rgba((255, 255, 255)), w)
