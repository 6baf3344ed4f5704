"""The legend names who plays each power when the caller says (a team's members), and only
then: a map drawn without names keeps the legend it always had."""

from __future__ import annotations

from PIL import ImageChops

from engine import Position
from render import render_image
from render.legend import legend_rows, legend_size

SIZE = 600
TEAMS = {"FRANCE": "alice, bob", "ENGLAND": "carol"}


def test_the_legend_names_each_power_s_players_beside_it() -> None:
    names = {row[0]: row[1] for row in legend_rows(Position.initial(), TEAMS)}
    assert names["FRANCE"] == "France — alice, bob"
    assert names["ENGLAND"] == "England — carol"
    assert names["GERMANY"] == "Germany"


def test_without_players_the_legend_is_unchanged() -> None:
    position = Position.initial()
    assert legend_rows(position, {}) == legend_rows(position)
    assert [row[1] for row in legend_rows(position)][:2] == ["Austria", "England"]


def test_a_long_team_is_cut_short_rather_than_cross_the_board() -> None:
    many = ", ".join(f"player{i}" for i in range(20))
    name = {r[0]: r[1] for r in legend_rows(Position.initial(), {"ITALY": many})}["ITALY"]
    assert name.startswith("Italy — player0, player1") and name.endswith("…")
    assert len(name) <= len("Italy — ") + 40


def test_the_drawn_legend_widens_to_hold_the_names() -> None:
    position = Position.initial()
    plain = legend_size(position, None, 1.0)
    named = legend_size(position, TEAMS, 1.0)
    assert named[0] > plain[0]
    before = render_image(position, size=SIZE)
    after = render_image(position, size=SIZE, players=TEAMS)
    assert ImageChops.difference(before, after).getbbox() is not None
    assert render_image(position, size=SIZE, players={}).tobytes() == before.tobytes()
