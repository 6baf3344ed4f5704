"""A game's history as an animated GIF: one titled frame per phase, looping.

The GIF is encoded with Pillow's optimisation (each frame stores only the rectangle that
changed), pixel for pixel the same as without it. Given a byte limit (a chat platform's
upload limit), a history that would not fit keeps fewer phases, evenly spread, the first and
the last always among them: the :class:`Animation` says how many. (A smaller picture is no
way out: the first frame is most of the file, and a narrower map, its lines and letters
less regular, compresses worse.)
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PIL import Image

from engine import Position
from render.compose import render
from render.orders import ResultsArg

# the last frame stays up longer, so the loop's end reads as an end
_FINAL_HOLD = 3
# The fewest frames kept: the opening and the end.
MIN_FRAMES = 2
# Aim a little under the limit when guessing how many frames fit.
_MARGIN = 0.9


@dataclass(frozen=True, slots=True)
class Animation:
    """A history's GIF and what it shows: ``frames`` of the ``phases`` positions given (all
    of them unless the limit forced fewer), ``width`` pixels wide."""

    data: bytes
    phases: int
    frames: int
    width: int

    @property
    def complete(self) -> bool:
        return self.frames == self.phases


def history_gif(
    positions: Sequence[Position],
    *,
    results: Sequence[ResultsArg | None] | None = None,
    seconds_per_year: float = 3.0,
    size: int = 800,
    style: str = "default",
    players: Mapping[str, str] | None = None,
) -> bytes:
    """Frame ``i`` shows ``positions[i]`` with ``results[i]`` (the results of that phase's
    orders) when given; ``players`` labels the legend's powers as in :func:`render.map_png`.
    A year's phases share ``seconds_per_year`` between them (a numbered turn's, on a
    Diplomacia board: the turn is its phases' ``year``).

    A last frame without results after one with them is the board those results left: it is
    titled with the phase they ended (``Fall 1905 — final position``), not with the phase
    that would have come next and was never played."""
    return history_animation(
        positions,
        results=results,
        seconds_per_year=seconds_per_year,
        size=size,
        style=style,
        players=players,
    ).data


def history_animation(
    positions: Sequence[Position],
    *,
    results: Sequence[ResultsArg | None] | None = None,
    seconds_per_year: float = 3.0,
    size: int = 800,
    style: str = "default",
    players: Mapping[str, str] | None = None,
    max_bytes: int | None = None,
) -> Animation:
    """:func:`history_gif`, kept to at most ``max_bytes`` where given by showing fewer
    phases (never fewer than the first and the last), each kept frame shown for as long as
    the phases it stands for."""
    if not positions:
        raise ValueError("a history needs at least one position")
    if results is not None and len(results) != len(positions):
        raise ValueError("results must have one entry (or None) per position")
    if seconds_per_year <= 0:
        raise ValueError("seconds_per_year must be positive")
    durations = _durations(positions, seconds_per_year)
    frames = _frames(positions, results, size, style, players)
    kept, data = _fitted(frames, durations, max_bytes)
    return Animation(data, len(positions), len(kept), size)


def _fitted(
    frames: list[Image.Image], durations: list[int], max_bytes: int | None
) -> tuple[list[int], bytes]:
    """The most frames, evenly spread, whose GIF fits ``max_bytes`` (the fewest allowed
    when none do)."""
    count = len(frames)
    least = min(count, MIN_FRAMES)
    while True:
        kept, data = _encoded(frames, durations, _spread(len(frames), count))
        if max_bytes is None or len(data) <= max_bytes or count <= least:
            return kept, data
        # guess as if frames cost the same each, and always take fewer
        guess = int(count * max_bytes * _MARGIN / len(data))
        count = max(least, min(count - 1, guess))


def _spread(total: int, count: int) -> list[int]:
    """``count`` indices of ``total`` frames, evenly spread, the first and the last kept."""
    if count >= total:
        return list(range(total))
    if count <= 1:
        return [total - 1]
    return sorted({round(i * (total - 1) / (count - 1)) for i in range(count)})


def _durations(positions: Sequence[Position], seconds_per_year: float) -> list[int]:
    per_year = Counter(p.phase.year for p in positions)
    durations = [
        max(20, round(1000 * seconds_per_year / per_year[p.phase.year])) for p in positions
    ]
    durations[-1] *= _FINAL_HOLD
    return durations


def _frames(
    positions: Sequence[Position],
    results: Sequence[ResultsArg | None] | None,
    size: int,
    style: str,
    players: Mapping[str, str] | None,
) -> list[Image.Image]:
    titles: list[str | None] = [None] * len(positions)
    ended = results is not None and len(results) > 1 and results[-1] is None
    if ended and results is not None and results[-2] is not None:
        titles[-1] = f"{positions[-2].phase.label} — final position"
    # every frame shares the view, so the palette made for it (which holds every tint and
    # every piece's colour) serves them all, and colours do not flicker between frames
    frames: list[Image.Image] = []
    for i, position in enumerate(positions):
        image, colours = render(
            position,
            results=results[i] if results else None,
            style=style,
            size=size,
            title=titles[i],
            players=players,
        )
        frames.append(image.quantize(palette=colours, dither=Image.Dither.NONE))
    return frames


def _encoded(
    frames: list[Image.Image], durations: list[int], kept: list[int]
) -> tuple[list[int], bytes]:
    """The GIF of the ``kept`` frames; each shows for the phases up to the next kept one."""
    shown = [sum(durations[i:j]) for i, j in zip(kept, [*kept[1:], len(frames)], strict=True)]
    # the first kept frame also stands for any before it (none: the first is always kept)
    chosen = [frames[i] for i in kept]
    out = io.BytesIO()
    chosen[0].save(
        out,
        "GIF",
        save_all=True,
        append_images=chosen[1:],
        duration=shown,
        loop=0,
        optimize=True,
        disposal=1,
    )
    return kept, out.getvalue()
