"""The yardstick tournament of Diplomacy computer players: one player of one kind among six of
another, the odd seat rotated through all seven powers over several seeds, scored at Spring
1910 by supply centres and by sum-of-squares share (a fair share is 1/7), games played on to
count solos.

Games run in worker processes (each game is seeded, so the figures do not depend on how many)."""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial

from computer.dumbbot import dumbbot_orders
from computer.match import Chooser, Game, opening, play
from computer.player import Level, choose_orders, value_orders
from engine import PhaseKind, Position, Season, load_variant

MEASURE_YEAR = 1910


@dataclass(frozen=True)
class Seating:
    """Which kind of player sits in the odd seat and which in the other six."""

    odd: str
    others: str


@dataclass(frozen=True)
class Record:
    """One game's figures: the odd seat, centres at Spring 1910, the winner, and the seconds
    the computer players of a kind spent per power and phase, by kind of phase."""

    odd_power: str
    centres: Mapping[str, int]
    winners: tuple[str, ...]
    times: Mapping[str, Mapping[PhaseKind, tuple[float, ...]]]
    # units per power at the end of the game (what wins where units or pieces win)
    units: Mapping[str, int] = field(default_factory=dict)


def chooser(kind: str) -> Chooser:
    """A player by name: ``dumbbot``, ``value`` (the value player alone) or a level of the
    computer player."""
    if kind == "dumbbot":
        return dumbbot_orders
    if kind == "value":
        return value_orders
    level: Level = kind  # type: ignore[assignment]
    return partial(choose_orders, level=level)


def centres_at(game: Game, year: int) -> dict[str, int]:
    """Centres per power as ``year``'s Spring opens (the last position if the game ended)."""
    chosen: Position = game.final
    for step in game.steps:
        phase = step.position.phase
        if phase.year >= year and phase.season is Season.SPRING:
            chosen = step.position
            break
    return {p: len(cs) for p, cs in chosen.centers.items()}


def share(centres: Mapping[str, int], power: str) -> float:
    """``power``'s sum-of-squares share of the board."""
    total = sum(n * n for n in centres.values())
    return centres.get(power, 0) ** 2 / total if total else 0.0


def one_game(
    seating: Seating, power_index: int, seed: int, last_year: int, board: str = "standard"
) -> Record:
    variant = load_variant(board)
    odd_power = variant.powers[power_index]
    players = {p: chooser(seating.others) for p in variant.powers}
    players[odd_power] = chooser(seating.odd)
    game = play(opening(variant), players, seed=seed, last_year=last_year)
    measured = centres_at(game, MEASURE_YEAR) if board == "standard" else _final(game)
    units = {p: len(game.final.units.get(p, ())) for p in variant.powers}
    return Record(odd_power, measured, game.winners, _times(game), units)


def _final(game: Game) -> dict[str, int]:
    return {p: len(cs) for p, cs in game.final.centers.items()}


def _times(game: Game) -> dict[str, dict[PhaseKind, tuple[float, ...]]]:
    found: dict[str, dict[PhaseKind, list[float]]] = {}
    for step in game.steps:
        for power, seconds in step.thinking.items():
            found.setdefault(power, {}).setdefault(step.position.phase.kind, []).append(seconds)
    return {p: {k: tuple(v) for k, v in kinds.items()} for p, kinds in found.items()}


def run(
    seating: Seating, seeds: int, last_year: int, jobs: int, board: str = "standard"
) -> list[Record]:
    """The odd seat in each of the board's powers for each seed, ``jobs`` games at a time."""
    count = len(load_variant(board).powers)
    tasks = [(index, 1000 * seed + index) for seed in range(1, seeds + 1) for index in range(count)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [
            pool.submit(one_game, seating, index, seed, last_year, board) for index, seed in tasks
        ]
        return [future.result() for future in futures]


@dataclass(frozen=True)
class Figure:
    mean: float
    error: float  # the standard error of the mean
    count: int

    @classmethod
    def of(cls, values: Sequence[float]) -> Figure:
        count = len(values)
        mean = statistics.fmean(values) if values else 0.0
        error = statistics.stdev(values) / math.sqrt(count) if count > 1 else 0.0
        return cls(mean, error, count)


def odd_share(records: Sequence[Record], power: str | None = None) -> Figure:
    return Figure.of(
        [share(r.centres, r.odd_power) for r in records if power in (None, r.odd_power)]
    )


def odd_units_share(records: Sequence[Record], power: str | None = None) -> Figure:
    """The odd seat's share of the units at the end, by sum of squares (where units or pieces
    win)."""
    return Figure.of([share(r.units, r.odd_power) for r in records if power in (None, r.odd_power)])


def odd_centres(records: Sequence[Record], power: str | None = None) -> Figure:
    return Figure.of(
        [float(r.centres.get(r.odd_power, 0)) for r in records if power in (None, r.odd_power)]
    )


def other_centres(records: Sequence[Record]) -> Figure:
    return Figure.of(
        [statistics.fmean(n for p, n in r.centres.items() if p != r.odd_power) for r in records]
    )


def control_share(
    records: Sequence[Record],
    power: str | None = None,
    board: str = "standard",
    *,
    by_units: bool = False,
) -> Figure:
    """In all-alike games, each power's own share (every seat counts as the odd one): of the
    centres, or ``by_units`` of the units at the end."""
    powers = load_variant(board).powers
    return Figure.of(
        [
            share(r.units if by_units else r.centres, p)
            for r in records
            for p in powers
            if power in (None, p)
        ]
    )


def solos(records: Sequence[Record]) -> int:
    return sum(1 for r in records if r.winners == (r.odd_power,))


def kind_times(records: Sequence[Record], odd: bool) -> dict[PhaseKind, list[float]]:
    """Seconds per power and phase of the odd seat's player (or of the six others)."""
    found: dict[PhaseKind, list[float]] = {}
    for record in records:
        for power, kinds in record.times.items():
            if (power == record.odd_power) == odd:
                for kind, seconds in kinds.items():
                    found.setdefault(kind, []).extend(seconds)
    return found
