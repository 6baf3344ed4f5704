"""The season chart: a PNG of the card's size, each person's line in their colour through
their running totals, and bad input refused."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render import standings_chart

ORANGE = (230, 159, 0)  # the first line's colour: the leader's


def near(pixel: tuple[int, ...], colour: tuple[int, int, int]) -> bool:
    return all(abs(a - b) <= 24 for a, b in zip(pixel[:3], colour, strict=True))


def test_the_leaders_line_runs_through_its_totals() -> None:
    png = standings_chart(
        ["carol", "alice"],
        [[47.1, 47.1, 147.1], [26.5, 76.5, 76.5]],
        ["g1", "g2", "g3"],
        title="Points by game",
    )
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size == (800, 480)
    # carol's flat stretch from g1 to g2 at 47.1 points: orange somewhere on that row
    found = [
        (x, y)
        for x in range(150, 300, 5)
        for y in range(250, 360)
        if near(image.getpixel((x, y)), ORANGE)  # type: ignore[arg-type]
    ]
    assert found
    assert max(y for _, y in found) - min(y for _, y in found) < 12


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one person and one game"):
        standings_chart([], [], ["g1"], title="t")
    with pytest.raises(ValueError, match="one running total a game"):
        standings_chart(["a"], [[1.0, 2.0]], ["g1"], title="t")


def test_tied_players_both_show() -> None:
    sky = (86, 180, 233)  # the second line's colour
    green = (0, 158, 115)  # the third's, tied with the second all season
    png = standings_chart(
        ["carol", "alice", "bob"],
        [[47.1, 47.1, 147.1], [26.5, 76.5, 76.5], [26.5, 76.5, 76.5]],
        ["g1", "g2", "g3"],
        title="Points by game",
    )
    image = Image.open(io.BytesIO(png)).convert("RGB")
    # along the flat stretch of the two from g2 to g3, in the plot's left part
    row = [image.getpixel((x, y)) for x in range(380, 600) for y in range(245, 262)]
    assert any(near(p, sky) for p in row)  # type: ignore[arg-type]
    assert any(near(p, green) for p in row)  # type: ignore[arg-type]
