"""A game's history as an animated GIF: one titled frame per phase, looping."""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Sequence

from PIL import Image

from engine.position import Position
from render.compose import render_image
from render.orders import ResultsArg

# the last frame stays up longer, so the loop's end reads as an end
_FINAL_HOLD = 3
_THUMB = 4


def history_gif(
    positions: Sequence[Position],
    *,
    results: Sequence[ResultsArg | None] | None = None,
    seconds_per_year: float = 3.0,
    size: int = 800,
    style: str = "default",
) -> bytes:
    """Frame ``i`` shows ``positions[i]`` with ``results[i]`` (the results of that phase's
    orders) when given. A year's phases share ``seconds_per_year`` between them."""
    if not positions:
        raise ValueError("a history needs at least one position")
    if results is not None and len(results) != len(positions):
        raise ValueError("results must have one entry (or None) per position")
    if seconds_per_year <= 0:
        raise ValueError("seconds_per_year must be positive")
    frames = [
        render_image(p, results=results[i] if results else None, style=style, size=size)
        for i, p in enumerate(positions)
    ]
    per_year = Counter(p.phase.year for p in positions)
    durations = [
        max(20, round(1000 * seconds_per_year / per_year[p.phase.year])) for p in positions
    ]
    durations[-1] *= _FINAL_HOLD
    shared = _palette(frames)
    indexed = [f.quantize(palette=shared, dither=Image.Dither.NONE) for f in frames]
    out = io.BytesIO()
    indexed[0].save(
        out,
        "GIF",
        save_all=True,
        append_images=indexed[1:],
        duration=durations,
        loop=0,
        optimize=False,
        disposal=1,
    )
    return out.getvalue()


def _palette(frames: Sequence[Image.Image]) -> Image.Image:
    """One palette for every frame, so colours do not flicker from frame to frame: taken
    from a mosaic of small copies of all frames, which holds every flat colour used."""
    thumbs = [f.reduce(_THUMB) for f in frames]
    width = thumbs[0].width
    mosaic = Image.new("RGB", (width, sum(t.height for t in thumbs) + frames[0].height))
    y = 0
    for thumb in thumbs:
        mosaic.paste(thumb, (0, y))
        y += thumb.height
    # the first frame at full size keeps its edges and text in the palette
    first = frames[0].crop((0, 0, width, frames[0].height))
    mosaic.paste(first, (0, y))
    return mosaic.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
