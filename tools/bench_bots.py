"""The computer players' tournament (`make bench-bots`), by the protocol of the Diplomacy AI
papers: on the standard board, one player of one kind among six of another, the odd seat
rotated through all seven powers over several seeds, scored at Spring 1910 by sum-of-squares
share (a fair share is 14.3 %), each power's figure beside the all-DumbBot control; games
played on to the end of 1920 count the odd seat's solos.

- one computer (hard) among six DumbBots, one DumbBot among six computers, all DumbBots;
- the seconds a computer takes per power and phase (median, p99);
- 30 games of six computers opening a phase at once on two worker processes, as the service
  sends them: how long until every game has its computers' orders.
- on every other board, one computer among the yardstick's players (DumbBot; the value player
  on a Diplomacia board), scored after ten years by its share of what wins there: centres, or
  units where units or pieces win (`--boards-only` runs this part alone).

Every figure says how many games it rests on and its standard error. The figures with a target
go to the table `make bench` ends with (tools/bench_table.py)."""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed

from computer import dumbbot_orders, dumbbot_plays, level_of, orders_of_seats
from computer.match import opening, play
from computer.tournament import (
    Record,
    Seating,
    control_share,
    kind_times,
    odd_centres,
    odd_share,
    odd_units_share,
    other_centres,
    run,
    solos,
)
from engine import PhaseKind, Position, Victory, available_variants, load_variant
from tools.bench_table import record

SOLO_YEAR = 1920


def _games(seating: Seating, seeds: int, last_year: int, jobs: int) -> list[Record]:
    began = time.perf_counter()
    records = run(seating, seeds, last_year, jobs)
    print(
        f"  ({len(records)} games, {seating.odd} among six {seating.others}, "
        f"to {last_year}: {time.perf_counter() - began:.0f} s)",
        flush=True,
    )
    return records


def _table(title: str, records: Sequence[Record], control: Sequence[Record]) -> None:
    print(f"\n{title}")
    print(
        f"  {'odd seat':<9}{'games':>6}{'centres':>9}{'share':>9}{'± s.e.':>8}{'DumbBot there':>15}"
    )
    for power in load_variant("standard").powers:
        mine = odd_share(records, power)
        centres = odd_centres(records, power)
        there = control_share(control, power)
        print(
            f"  {power:<9}{mine.count:>6}{centres.mean:>9.2f}{100 * mine.mean:>8.1f}%"
            f"{100 * mine.error:>7.1f}%{100 * there.mean:>14.1f}%"
        )
    mine, there = odd_share(records), control_share(control)
    print(
        f"  {'all':<9}{mine.count:>6}{odd_centres(records).mean:>9.2f}{100 * mine.mean:>8.1f}%"
        f"{100 * mine.error:>7.1f}%{100 * there.mean:>14.1f}%"
        f"   (each other seat: {other_centres(records).mean:.2f} centres)"
    )


def _times(records: Sequence[Record]) -> None:
    print("\na computer's seconds per power and phase (hard), among six DumbBots:")
    for kind, seconds in kind_times(records, odd=True).items():
        ordered = sorted(seconds)
        median = statistics.median(ordered) * 1000
        p99 = ordered[int(0.99 * (len(ordered) - 1))] * 1000
        print(
            f"  {kind.name.lower():<12} median {median:7.1f} ms   p99 {p99:7.1f} ms"
            f"   ({len(ordered)} phases)"
        )
        if kind is PhaseKind.MOVEMENT:
            record(
                "computer (hard): a movement phase's orders, median",
                f"{median:.0f} ms",
                "< 1000 ms",
                median < 1000,
            )
            record(
                "computer (hard): a movement phase's orders, p99",
                f"{p99:.0f} ms",
                "< 2000 ms",
                p99 < 2000,
            )


def _game_positions(count: int, year: int) -> list[Position]:
    """Spring ``year`` in ``count`` games of DumbBots: a board in the middle of a game."""
    variant = load_variant("standard")
    players = dict.fromkeys(variant.powers, dumbbot_orders)
    positions = []
    for seed in range(1, count + 1):
        game = play(opening(variant), players, seed=seed, last_year=year - 1)
        positions.append(game.final)
    return positions


def _opening(level: str, games: int, workers: int) -> None:
    """``games`` games, six computers each, opening a movement phase at the same moment: one
    job per game in ``workers`` spawned processes, as the service sends them."""
    positions = _game_positions(games, 1905)
    seats = [
        [(power, 7 * index + k) for k, power in enumerate(position.variant.powers[1:])]
        for index, position in enumerate(positions)
    ]
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        list(pool.map(abs, range(workers)))  # started and waiting, as in a running service
        began = time.perf_counter()
        futures = [
            pool.submit(orders_of_seats, position, seated, level_of(level))
            for position, seated in zip(positions, seats, strict=True)
        ]
        done: list[float] = []
        for future in as_completed(futures):
            future.result()
            done.append(time.perf_counter() - began)
    total = max(done)
    print(
        f"\n{games} games of six computers ({level}) opening Spring 1905 at once, "
        f"{workers} worker processes: all orders in after {total:.1f} s "
        f"(a game's orders in: median {statistics.median(done):.1f} s)"
    )
    record(
        f"{games} games x six computers opening a phase at once, {workers} workers",
        f"{total:.1f} s",
        "< 60 s",
        total < 60,
    )


def _boards(level: str, seeds: int, jobs: int) -> None:
    """Every other board: one computer among the yardstick's players (DumbBot, or the value
    player on a Diplomacia board, whose ports and accounts DumbBot's rules do not know), the
    odd seat through every power, scored after ten years (turns) by sum-of-squares share of
    what wins there (centres, or units where units or pieces win), each power's figure beside
    the yardstick's own there (the same games with the yardstick in every seat)."""
    print(f"\nevery other board: one computer ({level}) among the yardstick, after ten years")
    for board in available_variants():
        if board == "standard":
            continue
        variant = load_variant(board)
        yardstick = "dumbbot" if dumbbot_plays(variant.rules) else "value"
        last = opening(variant).phase.year + 9
        began = time.perf_counter()
        ours = run(Seating(level, yardstick), seeds, last, jobs, board)
        control = run(Seating(yardstick, yardstick), seeds, last, jobs, board)
        by_units = variant.rules.victory is not Victory.CENTRES
        score = odd_units_share if by_units else odd_share
        mine = score(ours)
        won = sum(1 for r in ours if r.odd_power in r.winners)
        fair = 1 / len(variant.powers)
        counted = "units" if by_units else "centres"
        theirs = {
            p: control_share(control, p, board, by_units=by_units).mean for p in variant.powers
        }
        above = [p for p in variant.powers if score(ours, p).mean > theirs[p]]
        print(
            f"  {board:<11} against {yardstick:<8} {mine.count:>3} games: share of {counted} "
            f"{100 * mine.mean:5.1f}% ± {100 * mine.error:4.1f} (a fair share "
            f"{100 * fair:.1f}%); the computer's seat won {won}; above the {yardstick}'s own "
            f"share in {len(above)} of {len(variant.powers)} powers "
            f"({time.perf_counter() - began:.0f} s)",
            flush=True,
        )
        print(
            "    "
            + ", ".join(
                f"{p.title()} {100 * score(ours, p).mean:.0f}% ({yardstick} {100 * theirs[p]:.0f}%)"
                for p in variant.powers
            ),
            flush=True,
        )
        record(
            f"one computer ({level}) among {yardstick} players on {board}: share of {counted}",
            f"{100 * mine.mean:.1f}% ± {100 * mine.error:.1f} ({mine.count} games; above the "
            f"yardstick in {len(above)}/{len(variant.powers)} powers)",
            f"> {100 * fair:.1f}% (fair)",
            mine.mean - mine.error > fair,
        )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=10, help="seeds per odd seat (7 games each)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="games at a time")
    parser.add_argument(
        "--level", default="hard", choices=("easy", "normal", "hard"), help="the computers' level"
    )
    parser.add_argument("--opening-games", type=int, default=30, help="games opening at once")
    parser.add_argument("--workers", type=int, default=2, help="worker processes for them")
    parser.add_argument(
        "--board-seeds", type=int, default=2, help="seeds per odd seat on the other boards"
    )
    parser.add_argument(
        "--boards-only", action="store_true", help="only the other boards' tournaments"
    )
    parser.add_argument(
        "--standard-only", action="store_true", help="only the standard board's tournament"
    )
    args = parser.parse_args(argv)
    if args.boards_only:
        _boards(args.level, args.board_seeds, args.jobs)
        return
    if not args.standard_only:
        _opening(args.level, args.opening_games, args.workers)
        _boards(args.level, args.board_seeds, args.jobs)
    print(f"tournament: {args.seeds} seeds x 7 odd seats; scored at Spring 1910")
    control = _games(Seating("dumbbot", "dumbbot"), args.seeds, 1909, args.jobs)
    ours = _games(Seating(args.level, "dumbbot"), args.seeds, SOLO_YEAR, args.jobs)
    theirs = _games(Seating("dumbbot", args.level), args.seeds, 1909, args.jobs)
    _table(f"one computer ({args.level}) among six DumbBots", ours, control)
    _table(f"one DumbBot among six computers ({args.level})", theirs, control)
    _table("all DumbBots (control)", control, control)
    mine, lone = odd_share(ours), odd_share(theirs)
    won = solos(ours)
    print(f"\nsolos of one computer among six DumbBots by {SOLO_YEAR}: {won}/{len(ours)}")
    _times(ours)
    beaten = all(
        odd_share(ours, p).mean > control_share(control, p).mean
        for p in load_variant("standard").powers
    )
    record(
        "one computer among six DumbBots: share at 1910",
        f"{100 * mine.mean:.1f}% ± {100 * mine.error:.1f}",
        ">= 35%",
        mine.mean >= 0.35,
    )
    record(
        "one computer among six DumbBots: above DumbBot's share, every power",
        "yes" if beaten else "no",
        "yes",
        beaten,
    )
    record(
        "one DumbBot among six computers: share at 1910",
        f"{100 * lone.mean:.1f}% ± {100 * lone.error:.1f}",
        "<= 7%",
        lone.mean <= 0.07,
    )
    record(
        f"one computer among six DumbBots: solos by {SOLO_YEAR}",
        f"{won}/{len(ours)}",
        "> 0",
        won > 0,
    )


if __name__ == "__main__":
    main()
