"""`dipgm adjudicate` against the `diplomacy` package on the same phases, in one process.

Both sides get each phase as text, as their users give it. Ours gets one JSON line (the
position and every power's orders) and answers one JSON line, through the very function
`dipgm adjudicate` calls per line (:func:`engine.contract.answer_line`: JSON read, position
built, orders read from their text, adjudicated, JSON written). The package gets a `Game`
holding the position and each power's orders as strings (`set_orders`), then `process`;
setting its board up is not timed, which only flatters it.

The orders are busy movement phases of realistic play (:func:`tools.scenarios.random_phases`,
every unit ordered), written as players send them (:mod:`tools.order_texts`): the canonical
notation that menus send back, and a share typed every which way. The package reads only its
own notation, so it gets the canonical text of every order. Each side answers the phases as
its user sends them, one after another (a stream through warm caches, as `dipgm adjudicate`
reads lines), the two sides taking turns every few phases so that both meet the same load;
a phase-by-phase alternation would have each side start every phase on caches the other just
emptied. What is prepared for the run is kept out of the garbage collector's scans: it is
neither side's work. Run with a Python that has `diplomacy` installed (`make bench-compare`).
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from engine import Order, Position, format_order, load_variant
from engine.contract import answer_line
from tools.bench_table import record
from tools.order_texts import written
from tools.scenarios import random_phases

Board = set[tuple[str, str]]
# A floor that must not slip (the earlier goals, 20x and a median under 0.25 ms, are withdrawn)
TARGET_RATIO = 4.5
# Phases each side answers in turn: a stream, as each side's user sends one, with the two
# sides alternating often enough to meet the same load.
BLOCK = 25


def _their_game(position: Position) -> Any:
    from diplomacy import Game  # the package under comparison, not a dependency of ours

    game = Game()
    game.clear_units()
    game.clear_centers()
    game.set_current_phase(str(position.phase))
    for power in position.variant.powers:
        game.set_units(power, [str(u) for u in position.units.get(power, ())])
        game.set_centers(power, sorted(position.centers.get(power, ())))
    return game


def _theirs(game: Any, texts: dict[str, list[str]]) -> tuple[float, Board]:
    """Seconds for set_orders + process, and the board after (dislodged units marked '*')."""
    start = time.perf_counter()
    for power, lines in texts.items():
        game.set_orders(power, lines)
    game.process()
    seconds = time.perf_counter() - start
    board = {(p, u) for p in game.powers for u in game.get_units(p)}
    return seconds, board


def _ours(line: str) -> tuple[float, Board]:
    """Seconds for one request line answered, and the board the answer gives."""
    start = time.perf_counter()
    answered = answer_line(line, 1)
    seconds = time.perf_counter() - start
    answer = json.loads(answered)
    board = {(p, u) for p, units in answer["units"].items() for u in units}
    for power, entries in answer["dislodged"].items():
        board |= {(power, f"*{entry['unit']}") for entry in entries}
    return seconds, board


def _line(name: str, samples: list[float]) -> float:
    ordered = sorted(samples)
    median = statistics.median(ordered) * 1000
    p90 = ordered[int(len(ordered) * 0.9)] * 1000
    rate = len(ordered) / sum(ordered)
    print(
        f"{name:<44} {rate:>8.0f} phases/s  median {median:7.3f} ms  p90 {p90:7.3f} ms  "
        f"p99 {_p99(ordered) * 1000:7.3f} ms"
    )
    return rate


def _p99(ordered: Sequence[float]) -> float:
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--phases", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1901)
    parser.add_argument(
        "--canonical", type=float, default=0.7, help="share of orders sent canonically"
    )
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    variant = load_variant()
    cases = random_phases(rng, variant, args.phases)
    ours: list[float] = []
    theirs: list[float] = []
    typed = total = 0
    lines: list[str] = []
    canonicals: list[dict[str, list[str]]] = []
    for position, orders in cases:
        mine = _texts(orders, lambda o: written(o, variant, rng, args.canonical))
        canonical = _texts(orders, format_order)
        total += sum(len(listed) for listed in mine.values())
        typed += sum(a != b for p in mine for a, b in zip(mine[p], canonical[p], strict=True))
        lines.append(json.dumps({**position.to_json(), "orders": mine}))
        canonicals.append(canonical)
    games = [_their_game(position) for position, _ in cases]
    gc.collect()
    gc.freeze()
    boards: list[Board] = []
    their_boards: list[Board] = []
    for start in range(0, len(cases), BLOCK):
        block = range(start, min(start + BLOCK, len(cases)))
        for i in block:
            seconds, board = _ours(lines[i])
            ours.append(seconds)
            boards.append(board)
        for i in block:
            their_seconds, their_board = _theirs(games[i], canonicals[i])
            theirs.append(their_seconds)
            their_boards.append(their_board)
    agree = sum(a == b for a, b in zip(boards, their_boards, strict=True))
    print(
        f"the same {len(cases)} movement phases (seed {args.seed}), every unit ordered, "
        f"{total} orders: ours as typed by players ({typed} not in the canonical notation), "
        "the package's in its own (canonical) notation"
    )
    a = _line("dipgm: JSON line in -> answer line out", ours)
    b = _line("diplomacy: set_orders(strings) + process()", theirs)
    ratio = a / b
    print(f"dipgm answers {ratio:.1f}x as many phases per second (target >= {TARGET_RATIO:g}x)")
    print(f"same board after the phase: {agree} of {len(cases)} phases")
    record(
        "contract vs the diplomacy package, phases/s, same run",
        f"{ratio:.1f}x",
        f">= {TARGET_RATIO:g}x",
        ratio >= TARGET_RATIO,
    )


def _texts(orders: dict[str, list[Order]], write: Any) -> dict[str, list[str]]:
    return {power: [write(order) for order in listed] for power, listed in orders.items()}


if __name__ == "__main__":
    main()
