"""No title, legend or label hides what a player reads: on every shipped board, at every
size the bot posts (maps at 1200 pixels, the history's frames at 800), at the opening, with
a team's players in the legend, and through a game's phases with their results."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator

import pytest

from engine import Position, adjudicate, available_variants, load_variant
from render import REGIONS
from render.compose import Picture, picture
from render.geometry import Box
from render.pen import Graphic
from tools.contract_corpus import legal_random_orders

SIZES = (800, 1200)
PHASES = 5
TEAMS = {
    "FRANCE": "alice, bob",
    "RUSSIA": "Дмитрий, Ελένη",
    "AUSTRIA": "Jiří Čech",
    "BRITAIN": "Ἀλέξανδρος",
    "ENGLAND": "carol — the captain",
}


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def graphic_points(graphic: Graphic) -> Iterator[tuple[float, float]]:
    """Points of what a graphic draws: along its lines every pixel, its shapes' corners."""
    for op in graphic.ops:
        if op.kind == "line":
            for a, b in itertools.pairwise(op.points):
                steps = max(1, math.ceil(math.dist(a, b)))
                for k in range(steps + 1):
                    t = k / steps
                    yield (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        else:
            yield from op.points


def inside(point: tuple[float, float], box: Box) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def hidden(drawn: Picture) -> list[str]:
    """What the title, the legend and the labels hide, named."""
    parts = drawn.parts
    panels = {"title": drawn.title}
    if drawn.legend is not None:
        panels["legend"] = drawn.legend
    found: list[str] = []
    if drawn.legend is not None and overlaps(drawn.title, drawn.legend):
        found.append("the title under the legend")
    units = [s.box_at(*at) for s, at in (*parts.units, *parts.marked)]
    markers = [s.box_at(*at) for s, at in parts.markers]
    names = [s.box_at(*at) for s, at in parts.port_names]
    for panel, box in panels.items():
        found += [f"a unit under the {panel}" for u in units if overlaps(u, box)]
        found += [f"a centre under the {panel}" for m in markers if overlaps(m, box)]
        found += [f"a port's name under the {panel}" for n in names if overlaps(n, box)]
        found += [
            f"{label.code} under the {panel}" for label in parts.labels if overlaps(label.box, box)
        ]
        for graphic, _ in (*parts.drawing.under, *parts.drawing.over):
            if any(inside(p, box) for p in graphic_points(graphic)):
                found.append(f"an order under the {panel}")
    for label in parts.labels:
        found += [f"{label.code} under a unit" for u in units if overlaps(u, label.box)]
        found += [
            f"{label.code} over a cross or a build's badge"
            for c in parts.drawing.marks
            if overlaps(c, label.box)
        ]
    for one, other in itertools.combinations(parts.labels, 2):
        if overlaps(one.box, other.box):
            found.append(f"{one.code} under {other.code}")
    return found


def game(name: str, seed: int) -> Iterator[tuple[Position, object]]:
    """A game's opening, then each of its first phases with random legal orders and
    their results."""
    position = Position.initial(load_variant(name))
    yield position, None
    rng = random.Random(seed)
    for _ in range(PHASES):
        orders = legal_random_orders(rng, position)
        resolution = adjudicate(position, orders)
        yield position, resolution
        if resolution.winners:
            return
        position = resolution.position


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", available_variants())
def test_nothing_a_player_reads_is_hidden(name: str, size: int) -> None:
    problems: list[str] = []
    for step, (position, results) in enumerate(game(name, 1901)):
        for players in (None, TEAMS):
            drawn = picture(position, results=results, size=size, players=players)  # type: ignore[arg-type]
            problems += [f"{position.phase} ({step}): {p}" for p in hidden(drawn)]
    assert problems == []


@pytest.mark.parametrize("region", sorted(REGIONS))
def test_a_regional_maps_title_hides_nothing(region: str) -> None:
    problems: list[str] = []
    for step, (position, results) in enumerate(game("standard", 1905)):
        drawn = picture(position, results=results, size=1200, region=region)  # type: ignore[arg-type]
        assert drawn.legend is None
        problems += [f"{position.phase} ({step}): {p}" for p in hidden(drawn)]
    assert problems == []
