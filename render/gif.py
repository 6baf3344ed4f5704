"""A game's history as an animated GIF: one titled frame per phase, looping."""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Mapping, Sequence

from PIL import Image

from engine import Position
from render.compose import render
from render.orders import ResultsArg

# the last frame stays up longer, so the loop's end reads as an end
_FINAL_HOLD = 3


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
    if not positions:
        raise ValueError("a history needs at least one position")
    if results is not None and len(results) != len(positions):
        raise ValueError("results must have one entry (or None) per position")
    if seconds_per_year <= 0:
        raise ValueError("seconds_per_year must be positive")
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
    per_year = Counter(p.phase.year for p in positions)
    durations = [
        max(20, round(1000 * seconds_per_year / per_year[p.phase.year])) for p in positions
    ]
    durations[-1] *= _FINAL_HOLD
    out = io.BytesIO()
    frames[0].save(
        out,
        "GIF",
        save_all=True,
        append_images=frames[1:],
        duration=durations,
        loop=0,
        optimize=False,
        disposal=1,
    )
    return out.getvalue()
