"""The supply-centre chart: one line per power in its map colour, by year, on a card that
reads on dark and light chat themes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

import pytest

from engine import Phase, Position, load_variant
from render import centre_chart
from render.chart import CARD, INK, WIN_LINE, layout, yearly_centres
from render.styles import get_style
from tests.render.helpers import close, open_png
from tests.render.test_gif import short_game


def owning(counts: Mapping[str, int], phase: str) -> Position:
    """The opening board at ``phase`` with each power owning ``counts[power]`` centres."""
    start = Position.initial()
    free = sorted(start.variant.supply_centers)
    centres: dict[str, frozenset[str]] = {}
    for power in start.variant.powers:
        n = counts.get(power, 0)
        centres[power], free = frozenset(free[:n]), free[n:]
    return replace(start, phase=Phase.parse(phase), centers=centres)


SPREAD = {
    "AUSTRIA": 1,
    "ENGLAND": 3,
    "FRANCE": 5,
    "GERMANY": 0,
    "ITALY": 2,
    "RUSSIA": 10,
    "TURKEY": 7,
}


def test_centres_are_counted_at_the_start_and_after_each_fall() -> None:
    positions, _ = short_game()  # S1901M, F1901M, W1901A (builds after Fall), S1902M
    tallies = yearly_centres(positions)
    assert [t.label for t in tallies] == ["start", "1901"]
    assert tallies[0].centres["RUSSIA"] == 4
    assert tallies[1].centres == {p: len(c) for p, c in positions[-1].centers.items()}


def test_each_power_is_a_line_in_its_map_colour() -> None:
    positions = [Position.initial(), owning(SPREAD, "W1901A"), owning(SPREAD, "W1902A")]
    image = open_png(centre_chart(positions, width=800))
    assert image.size == (800, 480)
    # opaque, so a dark chat theme does not show through behind dark text
    assert image.mode in ("RGB", "P")
    assert "transparency" not in image.info
    rgb = image.convert("RGB")
    assert close(rgb.getpixel((5, 5)), CARD)  # type: ignore[arg-type]
    plan = layout(positions, yearly_centres(positions), 800)
    style = get_style("default")
    for power, count in SPREAD.items():
        x, y = plan.point(2, count)
        assert close(rgb.getpixel((round(x), round(y))), style.colour(power), 24), power  # type: ignore[arg-type]
    # the axis goes up to the victory count, marked as such
    assert plan.top == 18
    _, _, right, _ = plan.plot
    win = [rgb.getpixel((x, round(plan.y(18)))) for x in range(round(plan.plot[0]), round(right))]
    assert sum(close(p, WIN_LINE, 30) for p in win) > 100  # type: ignore[arg-type]


def test_the_title_is_dark_text_on_the_light_card() -> None:
    image = open_png(centre_chart([Position.initial()], title="hague — supply centres"))
    rgb = image.convert("RGB")
    dark = sum(
        close(rgb.getpixel((x, y)), INK, 40)  # type: ignore[arg-type]
        for x in range(10, 300)
        for y in range(8, 40)
    )
    assert dark > 100


def test_a_solo_lifts_the_axis_past_the_victory_count() -> None:
    solo = {**SPREAD, "RUSSIA": 19}
    positions = [Position.initial(), owning(solo, "W1901A")]
    assert layout(positions, yearly_centres(positions), 800).top == 20


def test_where_pieces_win_no_centre_count_is_marked() -> None:
    board = Position.initial(load_variant("1961-4"))
    plan = layout([board], yearly_centres([board]), 800)
    assert plan.top == 4  # just past the leaders' three centres
    rgb = open_png(centre_chart([board])).convert("RGB")
    reds = sum(
        close(rgb.getpixel((x, y)), WIN_LINE, 30)  # type: ignore[arg-type]
        for x in range(0, 800, 2)
        for y in range(0, 480, 2)
    )
    assert reds == 0


def test_bad_charts_are_refused() -> None:
    with pytest.raises(ValueError, match="at least one position"):
        centre_chart([])
    with pytest.raises(ValueError, match="width must be between 400 and 2400, not 100"):
        centre_chart([Position.initial()], width=100)
    with pytest.raises(ValueError, match="unknown style"):
        centre_chart([Position.initial()], style="neon")
