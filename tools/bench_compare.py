"""The engine against the `diplomacy` package on the same seeded phases, in one process.

Both engines see the same positions and the same orders (our canonical notation is the
package's too), on the same machine at the same moment, so the ratio holds however busy the
machine is. It also checks that both end every phase with the same board (units, and the
dislodged units). Run with a Python that has `diplomacy` installed (`make bench-compare`).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

from engine import Order, Position, adjudicate, format_order, load_variant
from tools.scenarios import random_phases

Board = set[tuple[str, str]]


def _theirs(position: Position, orders: dict[str, list[Order]]) -> tuple[float, float, Board]:
    """(set_orders + process seconds, process seconds, the board after) for the package."""
    from diplomacy import Game  # the package under comparison, not a dependency of ours

    game = Game()
    game.clear_units()
    game.clear_centers()
    game.set_current_phase(str(position.phase))
    for power in position.variant.powers:
        game.set_units(power, [str(u) for u in position.units.get(power, ())])
        game.set_centers(power, sorted(position.centers.get(power, ())))
    texts = {p: [format_order(o) for o in os] for p, os in orders.items()}
    start = time.perf_counter()
    for power, lines in texts.items():
        game.set_orders(power, lines)
    middle = time.perf_counter()
    game.process()
    end = time.perf_counter()
    # the package marks a dislodged unit with a leading '*'
    board = {(p, u) for p in position.variant.powers for u in game.get_units(p)}
    return end - start, end - middle, board


def _ours(position: Position, orders: dict[str, list[Order]]) -> tuple[float, Board]:
    start = time.perf_counter()
    resolution = adjudicate(position, orders)
    seconds = time.perf_counter() - start
    after = resolution.position
    board = {(p, str(u)) for p, u in after.all_units()}
    board |= {(d.power, f"*{d.unit}") for d in after.dislodged}
    return seconds, board


def _line(name: str, samples: list[float], note: str = "") -> tuple[float, float]:
    ordered = sorted(samples)
    median, p90 = statistics.median(ordered) * 1000, ordered[int(len(ordered) * 0.9)] * 1000
    print(f"{name:<28} median {median:7.3f} ms  p90 {p90:7.3f} ms  {note}")
    return median, p90


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--phases", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1901)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    cases = random_phases(rng, load_variant(), args.phases)
    ours: list[float] = []
    theirs: list[float] = []
    theirs_process: list[float] = []
    agree = 0
    for position, orders in cases:  # interleaved, so both meet the same load
        seconds, board = _ours(position, orders)
        ours.append(seconds)
        whole, process, their_board = _theirs(position, orders)
        theirs.append(whole)
        theirs_process.append(process)
        agree += board == their_board
    print(f"the same {len(cases)} movement phases (seed {args.seed}), every unit ordered:")
    a, a90 = _line("dipgm adjudicate()", ours, "(orders checked and adjudicated)")
    b, b90 = _line("diplomacy set_orders+process", theirs, "(orders checked and adjudicated)")
    c, _ = _line("diplomacy process()", theirs_process, "(adjudication alone)")
    print(
        f"dipgm is {b / a:.1f}x faster than set_orders+process at the median "
        f"({b90 / a90:.1f}x at p90), {c / a:.1f}x faster than process() alone"
    )
    print(f"same board after the phase: {agree} of {len(cases)} phases")


if __name__ == "__main__":
    main()
