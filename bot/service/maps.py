"""Drawing maps and the supply-centre chart for the service: off the event loop, at the
service's size, in a palette (a renderer's style), with names front ends can save under."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import partial
from typing import Protocol, TypeVar

from engine import Position
from render import REGIONS, Animation, board_region, centre_chart, standings_chart
from render.orders import OrdersArg, ResultsArg

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Workers:
    """Worker processes the app owns (a process pool) for work that needs a processor and no
    database: adjudicating and drawing at a deadline. ``count`` says how many jobs keep them
    all busy. A job and what it is given cross to the worker pickled.

    ``computers`` is a pool of its own for computers' searches, when the app has one: a
    deadline's adjudication then never queues behind thirty games' computers choosing."""

    pool: Executor
    count: int
    computers: Executor | None = None

    def for_computers(self) -> Workers:
        """The workers a computer's search is sent to: its own pool, else the shared one."""
        return self if self.computers is None else Workers(self.computers, self.count)


async def off_the_loop(workers: Workers | None, job: Callable[..., T], *args: object) -> T:
    """``job(*args)`` in one of the ``workers``, or in a thread when there are none."""
    if workers is None:
        return await asyncio.to_thread(job, *args)
    return await asyncio.get_running_loop().run_in_executor(workers.pool, job, *args)


class Renderer(Protocol):
    """What the service needs of :func:`render.map_png`."""

    def __call__(
        self,
        position: Position,
        *,
        orders: OrdersArg | None = None,
        results: ResultsArg | None = None,
        size: int = 1200,
        region: str | None = None,
        style: str = "default",
        players: Mapping[str, str] | None = None,
    ) -> bytes: ...


async def draw(
    renderer: Renderer,
    position: Position,
    *,
    size: int,
    style: str,
    orders: OrdersArg | None = None,
    results: ResultsArg | None = None,
    region: str | None = None,
    players: Mapping[str, str] | None = None,
    workers: Workers | None = None,
) -> bytes:
    """The PNG, drawn off the event loop (in one of the ``workers``, else a thread).
    ``players`` (power -> who plays it) goes to the legend: see
    :func:`bot.service.roster.legend_players` for when a game shows it."""
    job = partial(
        renderer,
        position,
        orders=orders,
        results=results,
        size=size,
        region=region,
        style=style,
        players=players,
    )
    return await off_the_loop(workers, job)


class Animator(Protocol):
    """What the service needs of :func:`render.history_animation`."""

    def __call__(
        self,
        positions: Sequence[Position],
        *,
        results: Sequence[ResultsArg | None] | None = None,
        size: int = 800,
        style: str = "default",
        players: Mapping[str, str] | None = None,
        max_bytes: int | None = None,
    ) -> Animation: ...


async def animate(
    animator: Animator,
    positions: Sequence[Position],
    results: Sequence[ResultsArg | None],
    *,
    size: int,
    style: str,
    players: Mapping[str, str] | None = None,
    max_bytes: int | None = None,
) -> Animation:
    """The GIF, drawn in a worker thread: one frame per phase, a whole game takes seconds;
    kept to ``max_bytes`` (the platform's upload limit) by showing fewer phases."""
    job = partial(
        animator,
        positions,
        results=results,
        size=size,
        style=style,
        players=players,
        max_bytes=max_bytes,
    )
    return await asyncio.to_thread(job)


# Read in a chat window beside the map: narrower than a results map.
CHART_WIDTH = 800


async def chart(positions: Sequence[Position], *, title: str, style: str = "default") -> bytes:
    """The supply-centre chart of a game's positions in order, its lines in the colours of
    the palette ``style`` (the game's, as its maps), drawn in a worker thread."""
    job = partial(centre_chart, positions, title=title, width=CHART_WIDTH, style=style)
    return await asyncio.to_thread(job)


async def season_chart(
    names: Sequence[str], points: Sequence[Sequence[float]], games: Sequence[str], *, title: str
) -> bytes:
    """The season's chart: each person's points summed game by game, drawn in a worker
    thread."""
    job = partial(standings_chart, names, points, games, title=title)
    return await asyncio.to_thread(job)


def stored_kind(kind: str, style: str) -> str:
    """What a stored picture of ``kind`` (``results``, ``board``) in ``style`` is kept as:
    the kind alone for the default style, so pictures stored before palettes keep theirs."""
    return kind if style == "default" else f"{kind}:{style}"


def region_name(position: Position, word: str) -> str | None:
    """The region a word names (a named region, or a province with its neighbours); None
    for a word that names neither, or one with nothing in play on this game's board (a
    province, or a whole region, the variant takes away): there is no map of it."""
    lowered = word.lower()
    code = word.upper()
    if lowered in REGIONS:
        region = lowered
    elif code in position.variant.provinces:
        region = code
    else:
        return None
    try:
        board_region(position.variant.name, region)
    except ValueError:
        return None
    return region


def off_the_board(position: Position, word: str) -> str | None:
    """How to name what a word means when it is a province or a region this game's board
    takes away (``Constantinople (CON)``, ``The region russia``); None for anything else."""
    variant = position.variant
    code = word.upper()
    if code in variant.out_of_play:
        return f"{variant.out_of_play[code]} ({code})"
    if word.lower() in REGIONS:
        return f"The region {word.lower()}"
    return None


def filename(game: str, phase: str, *parts: str, style: str = "default") -> str:
    """``hague-S1901M-results.png``: stable, so a map of the same thing keeps its name; one
    in another style than the default says which (``hague-S1901M-results-colorblind.png``)."""
    words = [game, phase, *(p.lower().replace("/", "-") for p in parts)]
    if style != "default":
        words.append(style)
    return "-".join(words) + ".png"
