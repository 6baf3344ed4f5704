"""The render benchmark: a full-board results map (34 units, 30 orders: moves, supports,
convoys, holds) drawn and encoded again and again; reports median/p90 time and PNG size.
Then the supply-centre chart of a twenty-year game, as `scoreboard` draws it."""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from dataclasses import replace

from engine import Phase, Position, Season, adjudicate, load_variant
from render import centre_chart, map_png
from tools.scenarios import random_centres, random_orders, random_position, report

UNITS = 34
ORDERS = 30
CHART_YEARS = 20


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
        other = replace(position, centers=random_centres(rng, variant))
        start = time.perf_counter()
        map_png(other, orders=orders, results=resolution, style=args.style, size=args.size)
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
    print(f"{'new size':<12} {1:>6} render   {cold * 1000:.0f} ms (draws the board layers)")
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


if __name__ == "__main__":
    main()
