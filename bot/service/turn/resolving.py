"""The work of a phase that needs a processor and no database: the adjudication and its
results map, done as one job in the service's worker processes (both cores at a deadline,
the event loop left free for the database and the front ends), or in a thread without them.

A job is done on a reading of the phase (:class:`Judging`) before or inside its transaction;
its :class:`Work` is used only while the phase reads the same (see ``read_judging``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.service.maps import Renderer, Workers, off_the_loop
from bot.service.turn.verdict import Judging
from engine import Order, Position, Resolution, adjudicate


@dataclass(frozen=True, slots=True)
class Work:
    resolution: Resolution
    png: bytes
    # what it was done for: the reading, and how the map was asked for
    judging: Judging
    drawn_as: tuple[Any, ...]

    def fits(self, judging: Judging, drawn_as: tuple[Any, ...]) -> bool:
        return self.judging is judging and self.drawn_as == drawn_as


def drawing(size: int, style: str, players: Mapping[str, str] | None) -> tuple[Any, ...]:
    """How a results map is asked for, to compare."""
    return (size, style, None if players is None else sorted(players.items()))


async def resolve(
    workers: Workers | None,
    renderer: Renderer,
    judging: Judging,
    *,
    size: int,
    style: str,
    players: Mapping[str, str] | None,
) -> Work:
    """Adjudicate the phase read as ``judging`` and draw its results map."""
    resolution, png = await off_the_loop(
        workers,
        _adjudicate_and_draw,
        renderer,
        judging.before,
        judging.orders,
        judging.disorder,
        size,
        style,
        players,
    )
    return Work(resolution, png, judging, drawing(size, style, players))


class JobFailedError(Exception):
    """The adjudication or the results map failed: which (``stage``) and the kind of error,
    and nothing the error said (it may quote an order). Plain arguments, so it crosses back
    from a worker process whole."""

    def __init__(self, stage: str, kind: str) -> None:
        super().__init__(stage, kind)
        self.stage = stage
        self.kind = kind

    def __str__(self) -> str:
        return f"{self.stage} failed ({self.kind})"


def _adjudicate_and_draw(
    renderer: Renderer,
    before: Position,
    orders: Mapping[str, Sequence[Order]],
    disorder: frozenset[str],
    size: int,
    style: str,
    players: Mapping[str, str] | None,
) -> tuple[Resolution, bytes]:
    # One job, not two: the position crosses to the worker once.
    try:
        resolution = adjudicate(before, orders, disorder=disorder)
    except Exception as exc:
        raise JobFailedError("the adjudicator", type(exc).__name__) from exc
    try:
        png = renderer(
            before,
            orders=dict(orders),
            results=resolution,
            size=size,
            style=style,
            players=players,
        )
    except Exception as exc:
        raise JobFailedError("drawing the results map", type(exc).__name__) from exc
    return resolution, png
