"""A game's history as an animated GIF."""

from __future__ import annotations

import pytest
from PIL import Image

from engine import Position, Resolution, adjudicate
from render import history_gif
from render.compose import render
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


def _frame(gif: bytes, index: int) -> Image.Image:
    image = open_png(gif)
    image.seek(index)
    return image.convert("RGB")


def _title_of(position: Position, results: Resolution | None, title: str | None) -> Image.Image:
    """The top left corner of a frame drawn as the GIF draws it, where its title sits."""
    image, colours = render(position, results=results, size=400, title=title)
    quantized = image.quantize(palette=colours, dither=Image.Dither.NONE).convert("RGB")
    return quantized.crop((0, 0, 200, 24))


def test_the_last_frame_names_the_last_phase_played() -> None:
    # The game ends after Winter 1901: the board it left is Spring 1902's, a phase nobody
    # played, so the last frame says it is the end of Winter 1901.
    positions, resolutions = short_game()
    final = positions[-1]
    assert final.phase.label == "Spring 1902"
    gif = history_gif(positions, results=[*resolutions, None], size=400)
    last = _frame(gif, len(positions) - 1).crop((0, 0, 200, 24))
    expected = _title_of(final, None, "Winter 1901 adjustments — final position")
    assert last.tobytes() == expected.tobytes()
    assert last.tobytes() != _title_of(final, None, None).tobytes()
    # every other frame keeps its own phase's title
    second = _frame(gif, 1).crop((0, 0, 200, 24))
    assert second.tobytes() == _title_of(positions[1], resolutions[1], None).tobytes()


def test_a_history_without_results_titles_every_frame_by_its_phase() -> None:
    positions, _ = short_game()
    gif = history_gif(positions[:2], size=400)
    last = _frame(gif, 1).crop((0, 0, 200, 24))
    assert last.tobytes() == _title_of(positions[1], None, None).tobytes()
