"""A game's animation kept under a byte limit: optimised, then fewer phases; what it did is
said."""

from __future__ import annotations

import io

from PIL import Image

from engine import Position, Resolution, adjudicate
from render import history_animation, history_gif
from render.gif import MIN_FRAMES
from tests.render.helpers import OPENING, orders_for


def long_game(phases: int) -> tuple[list[Position], list[Resolution | None]]:
    """The opening's moves, then nothing: each phase a new title, a board that barely moves."""
    positions = [Position.initial()]
    results: list[Resolution | None] = []
    while len(positions) < phases:
        texts = OPENING if len(positions) == 1 else {}
        resolution = adjudicate(positions[-1], orders_for(positions[-1], texts))
        results.append(resolution)
        positions.append(resolution.position)
    return positions, [*results, None]


def frames_of(data: bytes) -> list[bytes]:
    image = Image.open(io.BytesIO(data))
    shown = []
    for index in range(image.n_frames):  # type: ignore[attr-defined]
        image.seek(index)
        shown.append(image.convert("RGB").tobytes())
    return shown


def test_without_a_limit_every_phase_is_shown() -> None:
    positions, results = long_game(4)
    animation = history_animation(positions, results=results, size=300)
    assert animation.complete
    assert (animation.frames, animation.phases, animation.width) == (4, 4, 300)
    assert animation.data == history_gif(positions, results=results, size=300)
    assert len(frames_of(animation.data)) == 4


def test_too_big_a_history_keeps_fewer_phases_first_and_last_among_them() -> None:
    positions, results = long_game(24)
    whole = history_animation(positions, results=results, size=320)
    half = history_animation(positions[::2], results=results[::2], size=320)
    limit = (len(whole.data) + len(half.data)) // 2
    fitted = history_animation(positions, results=results, size=320, max_bytes=limit)
    assert len(fitted.data) <= limit
    assert 12 <= fitted.frames < fitted.phases == len(positions)
    assert fitted.width == 320
    kept, every = frames_of(fitted.data), frames_of(whole.data)
    assert kept[0] == every[0]
    assert kept[-1] == every[-1]
    assert set(kept) <= set(every)
    # the loop lasts as long: each kept frame stands for the phases it replaces
    assert duration(fitted.data) == duration(whole.data)


def duration(data: bytes) -> int:
    image = Image.open(io.BytesIO(data))
    total = 0
    for index in range(image.n_frames):  # type: ignore[attr-defined]
        image.seek(index)
        total += int(image.info["duration"])
    return total


def test_at_least_the_opening_and_the_end_are_shown() -> None:
    positions, results = long_game(5)
    whole = history_animation(positions, results=results, size=300)
    fitted = history_animation(positions, results=results, size=300, max_bytes=1000)
    assert (fitted.frames, fitted.phases) == (MIN_FRAMES, 5) == (2, 5)
    every = frames_of(whole.data)
    assert frames_of(fitted.data) == [every[0], every[-1]]
