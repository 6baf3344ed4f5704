"""`dipgm render`: a position of the adjudication contract in, a PNG out."""

from __future__ import annotations

import io
import json
import sys
from typing import Any

import pytest

from bot.cli import main
from bot.render_cli import render_command
from render.geometry import load_board
from render.styles import get_style
from tests.render.helpers import close, count_near, dominant, open_png

OPENING: dict[str, Any] = {
    "variant": "standard",
    "phase": "S1901M",
    "units": {
        "FRANCE": ["A PAR", "A MAR", "F BRE"],
        "GERMANY": ["A MUN", "A BER", "F KIE"],
    },
    "centers": {"FRANCE": ["BRE", "MAR", "PAR"], "GERMANY": ["BER", "KIE", "MUN"]},
    "orders": {
        "FRANCE": ["Paris army to Burgundy", "A Mar S A Par-Bur", "this is not an order"],
        "GERMANY": ["A MUN - BUR"],
    },
}


def run(request: Any, *argv: str) -> tuple[int, bytes]:
    out = io.BytesIO()
    code = render_command(list(argv), io.StringIO(json.dumps(request)), out)
    return code, out.getvalue()


def test_orders_are_drawn_and_unreadable_ones_left_out() -> None:
    code, png = run(OPENING, "--size", "600")
    assert code == 0
    image = open_png(png)
    assert image.size == (600, 525)


def test_results_adjudicate_first() -> None:
    _, given = run(OPENING)
    _, results = run(OPENING, "--results")
    style = get_style("default")
    bur = load_board().anchor("BUR")  # the full board at 1200 px is drawn at scale 1
    assert bur is not None
    red_given = count_near(open_png(given).convert("RGB"), bur, 40, style.failure)
    red_results = count_near(open_png(results).convert("RGB"), bur, 40, style.failure)
    assert red_results > red_given


def test_style_and_region() -> None:
    code, png = run(OPENING, "--style", "colorblind", "--region", "france", "--size", "500")
    assert code == 0
    image = open_png(png).convert("RGB")
    assert image.width == 500
    blind = get_style("colorblind")
    colours = {dominant(image, (x, y), 2) for x in range(10, 490, 20) for y in range(10, 300, 20)}
    assert any(close(c, blind.colour("FRANCE"), 12) for c in colours)


def test_bad_input_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    code = render_command([], io.StringIO("{not json"), io.BytesIO())
    assert code == 2
    assert "not JSON" in capsys.readouterr().err
    code, _ = run({"phase": "X1901"})
    assert code == 2
    code, _ = run(OPENING, "--region", "atlantis")
    assert code == 2
    assert "atlantis" in capsys.readouterr().err


def test_the_dipgm_command_has_a_render_subcommand(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(OPENING)))
    raw = io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(raw))
    assert main(["render", "--size", "400", "--results"]) == 0
    assert open_png(raw.getvalue()).size == (400, 350)


def test_a_1961_board_renders_with_its_provinces_off_the_board_greyed() -> None:
    request = {
        "variant": "1961-4",
        "phase": "S1901M",
        "units": {"FRANCE": ["A PAR"], "ITALY": ["F NAP"]},
        "centers": {"FRANCE": ["PAR"], "ITALY": ["NAP"]},
        "orders": {"FRANCE": ["A PAR - BUR"], "ITALY": ["F NAP - ION"]},
    }
    code, png = run(request, "--size", "400", "--results")
    assert code == 0
    image = open_png(png).convert("RGB")
    assert image.size == (400, 350)
    style = get_style("default", "1961-4")
    con = load_board("1961-4").anchor("CON")  # drawn at a third of the board's scale
    assert con is not None
    assert count_near(image, (con[0] / 3, con[1] / 3), 4, style.out_of_play, 10) > 5


def test_a_region_off_the_board_is_refused_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    request = {"variant": "1961-6", "phase": "S1901M", "units": {}, "centers": {}}
    code, _ = run(request, "--region", "CON")
    assert code == 2
    assert "Constantinople (CON) is off the board in 1961-6" in capsys.readouterr().err
