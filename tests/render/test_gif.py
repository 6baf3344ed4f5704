"""A game's history as an animated GIF."""

from __future__ import annotations

import pytest
from PIL import Image

from engine import Position, Resolution, adjudicate
from render import history_gif
from tests.render.helpers import OPENING, open_png, orders_for


def short_game() -> tuple[list[Position], list[Resolution]]:
    positions = [Position.initial()]
    resolutions = []
    for texts in (OPENING, {}, {}):
        resolution = adjudicate(positions[-1], orders_for(positions[-1], texts))
        resolutions.append(resolution)
        positions.append(resolution.position)
    return positions, resolutions


def test_one_frame_per_phase_looping() -> None:
    positions, resolutions = short_game()
    gif = history_gif(positions, results=[*resolutions, None], seconds_per_year=3.0, size=400)
    image = open_png(gif)
    assert image.format == "GIF"
    assert image.n_frames == len(positions)  # type: ignore[attr-defined]
    assert image.info.get("loop") == 0
    assert image.size == (400, 350)
    durations = []
    for frame in range(image.n_frames):  # type: ignore[attr-defined]
        image.seek(frame)
        durations.append(image.info["duration"])
    # S1901, F1901, W1901 share 1901's three seconds; the last frame is held longer
    assert durations[:3] == [1000, 1000, 1000]
    assert durations[-1] > 3000


def test_frames_differ_and_the_gif_is_deterministic() -> None:
    positions, _ = short_game()
    first = history_gif(positions[:2], size=300)
    assert history_gif(positions[:2], size=300) == first
    image = open_png(first)
    frames = []
    for frame in range(2):
        image.seek(frame)
        frames.append(image.convert("RGB"))
    assert frames[0].tobytes() != frames[1].tobytes()
    assert isinstance(frames[0], Image.Image)


def test_bad_histories_are_refused() -> None:
    start = Position.initial()
    with pytest.raises(ValueError):
        history_gif([])
    with pytest.raises(ValueError):
        history_gif([start], results=[None, None])
    with pytest.raises(ValueError):
        history_gif([start], seconds_per_year=0)
