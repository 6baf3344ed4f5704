"""The computer players' tournament (`make bench-bots`): seeded games on the standard board to
a win or the end of 1920.

- seven computer players against each other: how often someone wins, and each power's
  centres by 1910;
- one computer player against six that only hold, and against six that give random legal
  orders, the computer's power rotating through all seven: how often the computer wins, and
  its centres by 1910 against the best of the others;
- the time a computer takes to choose its orders, per phase.

The figures with a target go to the table `make bench` ends with (tools/bench_table.py)."""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from computer import choose_orders
from computer.match import Chooser, Game, opening, play
from computer.opponents import hold_orders, random_orders
from engine import PhaseKind, Position, Season, load_variant
from tools.bench_table import record

LAST_YEAR = 1920
MEASURE_YEAR = 1910


@dataclass(frozen=True)
class Outcome:
    game: Game
    centres_1910: Mapping[str, int]


def _centres_by(game: Game, year: int) -> dict[str, int]:
    """Centres per power once ``year``'s Fall has settled them (the last position if the game
    ended sooner)."""
    chosen: Position = game.final
    for step in game.steps:
        phase = step.position.phase
        if phase.year > year or (phase.year == year and phase.season is Season.WINTER):
            chosen = step.position
            break
    return {p: len(cs) for p, cs in chosen.centers.items()}


def _run(players: Mapping[str, Chooser], seed: int) -> Outcome:
    start = opening(load_variant("standard"))
    game = play(start, players, seed=seed, last_year=LAST_YEAR)
    return Outcome(game, _centres_by(game, MEASURE_YEAR))


def _phase_times(outcomes: Sequence[Outcome], computers: int) -> dict[PhaseKind, list[float]]:
    """Seconds one computer player took per phase, by kind of phase."""
    times: dict[PhaseKind, list[float]] = {k: [] for k in PhaseKind}
    for outcome in outcomes:
        for step in outcome.game.steps:
            times[step.position.phase.kind].append(step.thinking / computers)
    return times


def self_play(games: int) -> None:
    began = time.perf_counter()
    outcomes = [
        _run(dict.fromkeys(load_variant("standard").powers, choose_orders), seed)
        for seed in range(1, games + 1)
    ]
    wins = Counter(w for o in outcomes for w in o.game.winners)
    decided = sum(1 for o in outcomes if o.game.winners)
    powers = load_variant("standard").powers
    print(f"\nseven computer players, {games} games to a win or {LAST_YEAR}:")
    print(f"  a winner in {decided}/{games} games ({100 * decided / games:.0f}%)")
    for power in powers:
        mean = statistics.mean(o.centres_1910[power] for o in outcomes)
        print(f"  {power:<8} wins {wins[power]:>3}   centres by {MEASURE_YEAR}: {mean:4.1f}")
    lengths = [len(o.game.steps) for o in outcomes]
    print(f"  phases per game: {statistics.mean(lengths):.0f}")
    times = _phase_times(outcomes, len(powers))
    movement = times[PhaseKind.MOVEMENT]
    median = statistics.median(movement) * 1000
    p99 = sorted(movement)[int(0.99 * (len(movement) - 1))] * 1000
    for kind, found in times.items():
        if found:
            print(
                f"  one computer's orders, {kind.name.lower()}: median "
                f"{statistics.median(found) * 1000:.2f} ms, max {max(found) * 1000:.2f} ms"
            )
    print(f"  ({time.perf_counter() - began:.1f} s)")
    record(
        "computer players: a movement phase's orders, median",
        f"{median:.2f} ms",
        "< 1000 ms",
        median < 1000,
    )
    record(
        "computer players: a movement phase's orders, p99", f"{p99:.2f} ms", "< 1000 ms", p99 < 1000
    )


def against(kind: str, opponent: Chooser, rounds: int) -> None:
    """One computer against six ``opponent``s, the computer in each power's seat ``rounds``
    times."""
    began = time.perf_counter()
    powers = load_variant("standard").powers
    won = 0
    own: list[int] = []
    best_other: list[int] = []
    played = 0
    for round_ in range(rounds):
        for index, power in enumerate(powers):
            players: dict[str, Chooser] = dict.fromkeys(powers, opponent)
            players[power] = choose_orders
            outcome = _run(players, 1000 * (round_ + 1) + index)
            played += 1
            won += outcome.game.winners == (power,)
            own.append(outcome.centres_1910[power])
            best_other.append(max(n for p, n in outcome.centres_1910.items() if p != power))
    rate = 100 * won / played
    print(f"\none computer player against six {kind} players, {played} games:")
    print(f"  the computer won {won}/{played} ({rate:.0f}%)")
    print(
        f"  centres by {MEASURE_YEAR}: the computer {statistics.mean(own):.1f}, "
        f"the best of the others {statistics.mean(best_other):.1f}"
    )
    print(f"  ({time.perf_counter() - began:.1f} s)")
    record(f"computer player against six {kind}: games won", f"{rate:.0f}%", ">= 90%", rate >= 90)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=105, help="games of seven computers")
    parser.add_argument(
        "--rounds", type=int, default=3, help="rounds of seven games against each yardstick"
    )
    args = parser.parse_args(argv)
    self_play(args.games)
    against("hold-only", hold_orders, args.rounds)
    against("random", random_orders, args.rounds)


if __name__ == "__main__":
    main()
