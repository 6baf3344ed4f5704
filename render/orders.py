"""Orders and their outcomes as drawings.

A move is a solid arrow; a support a dashed line to the supported unit (a hold) or to the
middle of the supported move's arrow, or, when that move is not drawn (another power's
orders on a map of one's own), a dashed arrow to the move's destination; a convoyed move a
dotted arrow through the convoying fleets, each of which gets a dotted ring; a hold a ring;
a retreat an arrow from the dislodged unit; a build a ring and a plus; a disband or removal
a cross. On a Diplomacia board a port seizure is a long-dashed arrow from the army to the
sector's port triangle (its support a dashed line to the middle of that arrow), and an army
carried hop by hop goes by a dotted arrow through the fleets whose hops make its route, each
ringed as a convoying fleet is. Once adjudicated, whatever failed keeps its full strength,
stops short and gets a cross where it stopped; a move and its way back (a swap, or a bounce
between two units) are drawn apart, side by side.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from engine import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    OrderResult,
    Outcome,
    Resolution,
    Retreat,
    SupportHold,
    SupportMove,
    Unit,
    Variant,
)
from engine.orders import ConvoyHop, Seize, SupportSeize, order_unit
from engine.units import province_of
from render.geometry import Board
from render.pen import Graphic, Pt, length, point_along, trim
from render.routes import convoy_chain, hop_chains
from render.strokes import Strokes
from render.styles import RGB, Style
from render.view import View

OrdersArg = Mapping[str, Sequence[Order]]
ResultsArg = Resolution | Sequence[OrderResult]

FADED = 0.42
# how far (in icon radii) each of two opposite moves between the same provinces is drawn
# to the right of its way
SWAP_OFFSET = 0.6
_SUCCESS: Mapping[type, frozenset[Outcome]] = {
    Move: frozenset({Outcome.MOVED}),
    SupportHold: frozenset({Outcome.SUPPORTED}),
    SupportMove: frozenset({Outcome.SUPPORTED}),
    Convoy: frozenset({Outcome.CONVOYED}),
    ConvoyHop: frozenset({Outcome.CONVOYED}),
    Seize: frozenset({Outcome.SEIZED}),
    SupportSeize: frozenset({Outcome.SUPPORTED}),
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
    """Provinces whose unit the results of a movement phase say was dislodged where it stood
    (to retreat, destroyed with nowhere to go, or disbanded by civil disorder)."""
    return {
        i.unit.province
        for i in items
        if i.unit is not None
        and i.outcome in (Outcome.DISLODGED, Outcome.DESTROYED, Outcome.DISBANDED)
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
    # provinces with a unit's icon at their anchor: an arrow into one stops short of it
    occupied: set[str] = field(default_factory=set)

    def anchor(self, location: str) -> Pt | None:
        point = self.board.anchor(location)
        return None if point is None else self.view.pt(point)

    def port(self, sector: str) -> Pt | None:
        """Where the port of ``sector`` is drawn (Diplomacia), if it has one."""
        shape = self.board.provinces.get(sector)
        if shape is None or shape.port is None:
            return None
        return self.view.pt(shape.port)

    def unit_point(self, unit: Unit, retreating: bool) -> Pt | None:
        table = self.dislodged if retreating else self.units
        found = table.get(unit.province)
        if found is None:
            found = (self.units if retreating else self.dislodged).get(unit.province)
        return found if found is not None else self.anchor(unit.location)


@dataclass(slots=True)
class Drawing:
    """Graphics to paint under the units, marks (rings, crosses) to paint over them, and the
    units that builds create."""

    under: list[tuple[Graphic, float]] = field(default_factory=list)
    over: list[tuple[Graphic, float]] = field(default_factory=list)
    builds: list[tuple[str, Unit, bool]] = field(default_factory=list)
    # the boxes of the failure crosses and the builds' badges, which no label may hide
    marks: list[tuple[float, float, float, float]] = field(default_factory=list)


def _shifted(path: Sequence[Pt], offset: float) -> list[Pt]:
    """The path moved sideways (to the right of travel), so two arrows in opposite
    directions between the same provinces stay apart."""
    (x0, y0), (x1, y1) = path[0], path[-1]
    d = math.dist((x0, y0), (x1, y1)) or 1.0
    nx, ny = -(y1 - y0) / d, (x1 - x0) / d
    return [(x - nx * offset, y - ny * offset) for x, y in path]


_GONE = (Outcome.DISLODGED, Outcome.DESTROYED)
_DEFAULT_CROSSES = (Outcome.REMOVED, Outcome.DISBANDED, Outcome.DESTROYED)


class _Planner:
    def __init__(self, stage: Stage, items: Sequence[Item]) -> None:
        self.stage = stage
        self.items = items
        self.style = stage.style
        self.strokes = Strokes(stage.style, stage.view.feature, stage.icon)
        self.r = stage.icon / 2
        self.drawing = Drawing()
        self.occupied = stage.occupied
        # (from, to) province pairs -> the arrow drawn, so supports can point at it
        self.paths: dict[tuple[str, str], list[Pt]] = {}
        self.moves = {
            (i.order.unit.province, province_of(i.order.dest))
            for i in items
            if isinstance(i.order, Move)
        }
        self.convoys: dict[tuple[str, str], list[str]] = {}
        for i in items:
            if isinstance(i.order, Convoy):
                key = (i.order.army, province_of(i.order.dest))
                self.convoys.setdefault(key, []).append(i.order.unit.province)
        self.hops = hop_chains([i.order for i in items if isinstance(i.order, ConvoyHop)])
        # (army, sector) -> the seizure's arrow, so supports can point at it
        self.seizures: dict[tuple[str, str], list[Pt]] = {}

    def plan(self) -> Drawing:
        for i in self.items:
            if isinstance(i.order, Move | Retreat):
                self.move(i, i.order)
            elif isinstance(i.order, Seize):
                self.seize(i, i.order)
        for i in self.items:
            order = i.order
            if isinstance(order, SupportMove | SupportHold):
                self.support(i, order)
            elif isinstance(order, SupportSeize):
                self.support_seize(i, order)
            elif isinstance(order, Convoy):
                self.convoy(i, order)
            elif isinstance(order, ConvoyHop):
                self.convoy_hop(i, order)
            elif isinstance(order, Hold):
                self.hold(i, order)
            elif isinstance(order, Disband):
                self.disband(i, order)
            elif isinstance(order, Build):
                self.build(i, order)
            if i.unit is None:
                continue
            # a unit taken off the board is crossed where it is drawn: its mark beside its
            # province, or its ghost on the board the results left
            gone = self.stage.dislodged.get(i.unit.province)
            if i.outcome is Outcome.DESTROYED and order is not None:
                self.cross_unit(gone or self.stage.units.get(i.unit.province))
            elif order is None and i.outcome in _DEFAULT_CROSSES:
                retreating = i.outcome is Outcome.DISBANDED
                self.cross_unit(gone or self.stage.unit_point(i.unit, retreating))
        return self.drawing

    # helpers ------------------------------------------------------------------------

    def add(
        self, g: Graphic, *, faint: bool = False, over: bool = False, first: bool = False
    ) -> None:
        # a failed order is drawn at full strength (its cross says it failed): only what
        # no order used (a convoy route nobody took) is faint
        entry = (g, FADED if faint else 1.0)
        layer = self.drawing.over if over else self.drawing.under
        if first:
            layer.insert(0, entry)
        else:
            layer.append(entry)

    def mark(self, at: Pt, size: float) -> None:
        g = Graphic()
        self.strokes.cross(g, at, size)
        self.drawing.over.append((g, 1.0))
        self.drawing.marks.append((g.box[0], g.box[1], g.box[2], g.box[3]))

    def cross_unit(self, at: Pt | None) -> None:
        if at is not None:
            self.mark(at, self.r * 1.5)

    def fleet_path(self, army: str, dest: str, start: Pt, end: Pt) -> list[Pt] | None:
        """Army to destination through the fleets that convoy it (their anchors)."""
        units = self.stage.units
        hops = self.hops.get((army, dest))
        if hops is not None:
            return [start, *(units[f] for f in hops if f in units), end]
        fleets = self.convoys.get((army, dest))
        if not fleets:
            return None
        chain = convoy_chain(self.stage.variant, army, dest, fleets)
        if chain is None:
            chain = sorted(fleets, key=lambda f: math.dist(start, units.get(f, start)))
        return [start, *(units[f] for f in chain if f in units), end]

    # one method per kind of order ---------------------------------------------------

    def move(self, i: Item, order: Move | Retreat) -> None:
        stage = self.stage
        retreating = isinstance(order, Retreat)
        start = stage.unit_point(order.unit, retreating)
        end = stage.anchor(order.dest)
        if start is None or end is None or start == end:
            return
        source, target = order.unit.province, province_of(order.dest)
        convoyed = isinstance(order, Move) and (
            order.via_convoy
            or (source, target) in self.hops
            or not stage.variant.reaches(order.unit.type, order.unit.location, target)
        )
        path = (self.fleet_path(source, target, start, end) if convoyed else None) or [start, end]
        if (target, source) in self.moves and not retreating:
            # each to the right of its way: far enough apart that neither head covers the
            # other's shaft
            path = _shifted(path, self.r * SWAP_OFFSET)
        stop = self.r * (1.05 if target in self.occupied else 0.55)
        if i.failed:
            # a bounce stops short, so its cross never sits on another unit's arrowhead
            stop = max(stop, self.r * 2.0)
        path = trim(path, self.r * 0.8, stop)
        self.paths[(source, target)] = path
        g = Graphic()
        self.strokes.arrow(g, path, self.style.ink(i.power), dotted=convoyed)
        self.add(g)
        if i.failed:
            self.mark(path[-1], self.r * 0.8)

    def seize(self, i: Item, order: Seize) -> None:
        start = self.stage.unit_point(order.unit, False)
        end = self.stage.port(order.sector)
        if start is None or end is None or start == end:
            return
        stop = self.r * (2.0 if i.failed else 0.5)
        path = trim([start, end], self.r * 0.8, stop)
        self.seizures[(order.unit.province, order.sector)] = path
        g = Graphic()
        self.strokes.arrow(g, path, self.style.ink(i.power), broken=True)
        self.add(g)
        if i.failed:
            self.mark(path[-1], self.r * 0.8)

    def support_seize(self, i: Item, order: SupportSeize) -> None:
        start = self.stage.unit_point(order.unit, False)
        if start is None:
            return
        g = Graphic()
        ink = self.style.ink(i.power)
        arrow = self.seizures.get((order.army, order.sector))
        if arrow is not None:
            end, _ = point_along(arrow, length(arrow) / 2)
            line = trim([start, end], self.r * 0.85, 0)
            self.strokes.dashed(g, line, ink, self.strokes.width * 0.72)
            self.strokes.dot(g, line[-1], ink)
        else:
            # the seizure is not drawn: point at the port it would take
            target = self.stage.port(order.sector)
            if target is None or target == start:
                return
            line = trim([start, target], self.r * 0.85, self.r * 0.5)
            self.strokes.arrow(g, line, ink, dashed=True)
        self.add(g, first=True)
        if i.failed:
            middle, _ = point_along(line, length(line) / 2)
            self.mark(middle, self.r * 0.5)

    def support(self, i: Item, order: SupportMove | SupportHold) -> None:
        stage = self.stage
        start = stage.unit_point(order.unit, False)
        if start is None:
            return
        g = Graphic()
        ink = self.style.ink(i.power)
        width = self.strokes.width * 0.72
        if isinstance(order, SupportMove):
            dest = province_of(order.dest)
            arrow = self.paths.get((order.target, dest))
            if arrow is not None:
                end, _ = point_along(arrow, length(arrow) / 2)
                line = trim([start, end], self.r * 0.85, 0)
                self.strokes.dashed(g, line, ink, width)
                self.strokes.dot(g, line[-1], ink)
            else:
                # the move is not drawn (another power's, secret on this map, or never
                # ordered): point at where the support sends it
                target = stage.anchor(order.dest)
                if target is None or target == start:
                    return
                stop = self.r * (1.05 if dest in self.occupied else 0.55)
                line = trim([start, target], self.r * 0.85, stop)
                self.strokes.arrow(g, line, ink, dashed=True)
        else:
            held = stage.units.get(order.target) or stage.anchor(order.target)
            if held is None or held == start:
                return
            line = trim([start, held], self.r * 0.85, self.r * 1.05)
            self.strokes.dashed(g, line, ink, width)
            self.strokes.dot(g, line[-1], ink)
        self.add(g, first=True)
        if i.failed:
            # mid-line: at its end the cross would sit on the supported move's arrow
            middle, _ = point_along(line, length(line) / 2)
            self.mark(middle, self.r * 0.5)

    def convoy(self, i: Item, order: Convoy) -> None:
        stage = self.stage
        at = stage.units.get(order.unit.province)
        if at is None:
            return
        ink = self.convoying_fleet(i, at)
        dest = province_of(order.dest)
        if (order.army, dest) not in self.paths:
            # a convoy nobody used: show the route it offered, faded
            start = stage.units.get(order.army) or stage.anchor(order.army)
            end = stage.anchor(order.dest)
            if start is not None and end is not None:
                self.unused_route(self.fleet_path(order.army, dest, start, end), ink)
        if i.failed:
            self.mark(at, self.r * 0.5)

    def convoying_fleet(self, i: Item, at: Pt) -> RGB:
        """The dotted ring round a convoying fleet; its power's ink, for the route."""
        ink = self.style.ink(i.power)
        g = Graphic()
        self.strokes.dotted_ring(g, at, self.r * 1.32, ink)
        self.add(g, first=True)
        return ink

    def unused_route(self, route: Sequence[Pt] | None, ink: RGB) -> None:
        """A convoy route no drawn move took, faded."""
        if route is None:
            return
        ghost = Graphic()
        line = trim(route, self.r, self.r * 0.6)
        self.strokes.dotted(ghost, line, ink, self.strokes.width * 0.8)
        self.add(ghost, faint=True, first=True)

    def convoy_hop(self, i: Item, order: ConvoyHop) -> None:
        stage = self.stage
        at = stage.units.get(order.unit.province)
        if at is None:
            return
        ink = self.convoying_fleet(i, at)
        carried = any(
            order.unit.province in fleets and pair in self.paths
            for pair, fleets in self.hops.items()
        )
        if not carried:
            # a hop no drawn move goes by: show the stretch it offers, faded
            start = stage.units.get(order.source) or stage.anchor(order.source)
            end = stage.units.get(order.dest) or stage.anchor(order.dest)
            if start is not None and end is not None:
                self.unused_route([start, at, end], ink)
        if i.failed:
            self.mark(at, self.r * 0.5)

    def hold(self, i: Item, order: Hold) -> None:
        at = self.stage.units.get(order.unit.province)
        # a dislodged unit's own mark says it all
        if at is not None and i.outcome not in _GONE:
            g = Graphic()
            self.strokes.ring(g, at, self.r * 1.3, self.style.ink(i.power))
            self.add(g, over=True)

    def disband(self, i: Item, order: Disband) -> None:
        retreating = order.unit.province in self.stage.dislodged
        at = self.stage.unit_point(order.unit, retreating)
        if at is not None:
            g = Graphic()
            self.strokes.cross(g, at, self.r * 1.5)
            self.add(g, over=True)

    def build(self, i: Item, order: Build) -> None:
        at = self.stage.anchor(order.unit.location)
        if at is None:
            return
        self.drawing.builds.append((i.power, order.unit, i.failed))
        g = Graphic()
        # a badge, not a ring: a ring in Austria's red would read as the dislodged mark
        self.strokes.plus(
            g, (at[0] + self.r * 0.95, at[1] - self.r * 0.95), self.style.ink(i.power)
        )
        self.add(g, over=True)
        self.drawing.marks.append((g.box[0], g.box[1], g.box[2], g.box[3]))
        if i.failed:
            self.mark(at, self.r * 1.4)


def plan(stage: Stage, items: Sequence[Item]) -> Drawing:
    """Turn orders and outcomes into graphics."""
    return _Planner(stage, items).plan()
