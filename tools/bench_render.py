"""The render benchmark: a full-board results map (34 units, 30 orders: moves, supports,
convoys, holds) drawn and encoded again and again; reports median/p90 time and PNG size.
Then a Diplomacia board's full-board results map (the shipped board, or the handbook's
test board where it is not shipped), a few random turns into a game, every unit ordered
(moves, port seizures, supports, convoy hops). Then the supply-centre chart of a
twenty-year game, as `scoreboard` draws it."""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from engine import (
    Phase,
    PhaseKind,
    Position,
    Resolution,
    Season,
    Variant,
    adjudicate,
    available_variants,
    load_variant,
)
from engine.map_file import variant_from_map
from render import centre_chart, map_png
from tools.bench_table import record
from tools.scenarios import (
    diplomacia_movement_orders,
    diplomacia_other_orders,
    random_centres,
    random_orders,
    random_position,
    report,
)

UNITS = 34
# A deadline draws every game's map, each with its own ownership.
NEW_OWNERS_TARGET_MS = 40.0
ORDERS = 30
CHART_YEARS = 20
# random turns played before the timed Diplomacia map, so control is spread and the
# board busy
DIPLOMACIA_TURNS = 3
HANDBOOK = Path(__file__).resolve().parents[1] / "tests" / "data" / "handbook.json"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--renders", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1901)
    parser.add_argument("--size", type=int, default=1200)
    parser.add_argument("--style", default="default")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    variant = load_variant()
    position = random_position(rng, variant, count=UNITS, season=Season.FALL)
    orders = random_orders(rng, position, limit=ORDERS)
    resolution = adjudicate(position, orders)
    count = sum(len(o) for o in orders.values())

    def once() -> bytes:
        return map_png(
            position, orders=orders, results=resolution, style=args.style, size=args.size
        )

    png = once()  # the first render builds the cached board layers
    samples = []
    for _ in range(args.renders):
        start = time.perf_counter()
        once()
        samples.append(time.perf_counter() - start)
    # a deadline draws many games: each has its own ownership, so the tinted board is new
    fresh = []
    for _ in range(args.renders):
        # the results map shows the board the results left: that board's owners change
        after = replace(resolution.position, centers=random_centres(rng, variant))
        other = replace(resolution, position=after)
        start = time.perf_counter()
        map_png(position, orders=orders, results=other, style=args.style, size=args.size)
        fresh.append(time.perf_counter() - start)
    first_start = time.perf_counter()
    map_png(position, results=resolution, style=args.style, size=args.size + 2)
    cold = time.perf_counter() - first_start
    print(
        f"render benchmark: seed {args.seed}, full-board results map, {UNITS} units, "
        f"{count} orders, {args.size} px wide, style {args.style}, png {len(png) / 1024:.0f} KiB"
    )
    report("same board", samples, "renders")
    report("new owners", fresh, "renders")
    median = statistics.median(fresh) * 1000
    record(
        f"map: full-board results PNG, {args.size} px, new ownership each time, median",
        f"{median:.1f} ms",
        f"< {NEW_OWNERS_TARGET_MS:.0f} ms",
        median < NEW_OWNERS_TARGET_MS,
    )
    print(f"{'new size':<12} {1:>6} render   {cold * 1000:.0f} ms (draws the board layers)")
    diplomacia(rng, args.renders, args.size, args.style)
    opening = Position.initial(variant)
    history = [opening] + [
        replace(
            opening,
            phase=Phase.parse(f"W{opening.phase.year + y}A"),
            centers=random_centres(rng, variant),
        )
        for y in range(CHART_YEARS)
    ]
    chart = centre_chart(history)
    charts = []
    for _ in range(args.renders):
        begin = time.perf_counter()
        centre_chart(history)
        charts.append(time.perf_counter() - begin)
    print(
        f"chart benchmark: supply centres of a {CHART_YEARS}-year game, 800 px wide, "
        f"png {len(chart) / 1024:.0f} KiB"
    )
    report("centre chart", charts, "charts")


def diplomacia_board() -> Variant:
    """The shipped Diplomacia board, or the handbook's test board where it is not shipped."""
    if "diplomacia" in available_variants():
        return load_variant("diplomacia")
    return variant_from_map(json.loads(HANDBOOK.read_text("utf-8")), "handbook")


def diplomacia(rng: random.Random, renders: int, size: int, style: str) -> None:
    variant = diplomacia_board()
    position = Position.initial(variant)
    while position.phase.year <= DIPLOMACIA_TURNS or position.phase.kind is not PhaseKind.MOVEMENT:
        moving = position.phase.kind is PhaseKind.MOVEMENT
        step = diplomacia_movement_orders if moving else diplomacia_other_orders
        position = adjudicate(position, step(rng, position)).position
    orders = diplomacia_movement_orders(rng, position)
    resolution = adjudicate(position, orders)

    def once(results: Resolution) -> bytes:
        return map_png(position, orders=orders, results=results, style=style, size=size)

    png = once(resolution)
    samples = []
    for _ in range(renders):
        start = time.perf_counter()
        once(resolution)
        samples.append(time.perf_counter() - start)
    # another game on the board: control elsewhere on the board the results left (the one
    # the map shows), so the tinted board is drawn anew
    fresh = []
    areas = sorted(variant.provinces)
    for _ in range(renders):
        control = {a: rng.choice(variant.powers) for a in areas if rng.random() < 0.7}
        other = replace(resolution, position=replace(resolution.position, control=control))
        start = time.perf_counter()
        once(other)
        fresh.append(time.perf_counter() - start)
    units = sum(1 for _ in position.all_units())
    count = sum(len(o) for o in orders.values())
    print(
        f"diplomacia: board {variant.name} ({len(variant.provinces)} areas), "
        f"{position.phase.label} results map, {units} units, {count} orders, {size} px wide, "
        f"png {len(png) / 1024:.0f} KiB"
    )
    report("same board", samples, "renders")
    report("new control", fresh, "renders")


if __name__ == "__main__":
    main()
