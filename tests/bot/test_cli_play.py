"""`dipgm play`: a whole game between computer players from the command line."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from bot.cli import main
from engine import load_variant
from engine.contract import adjudicate_request


@pytest.fixture(autouse=True)
def no_local_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No `.env` of the machine's: the run reads the test's folder."""
    monkeypatch.chdir(tmp_path)


def run(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    return main(argv), out.getvalue(), err.getvalue()


def test_a_short_game_prints_the_standings_with_every_power_and_its_player(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    status, out, _ = run(
        ["play", "--seed", "2", "--until", "1902", "--hold", "italy", "--random", "TURKEY"],
        monkeypatch,
    )
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "No winner by the end of Winter 1902 Adjustments: the standings."
    assert len(lines) == 9
    assert "Italy" in out and "(hold)" in out and "(random)" in out
    assert sum(1 for line in lines if line.endswith("(computer)")) == 5
    assert lines[-1].endswith("phases played.")


def test_dumbbots_and_a_level_of_play_are_chosen(monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["play", "--until", "1901", "--level", "easy", "--dumbbot", "austria", "ENGLAND"]
    status, out, _ = run(argv, monkeypatch)
    assert status == 0
    assert sum(1 for line in out.splitlines() if line.endswith("(dumbbot)")) == 2
    assert sum(1 for line in out.splitlines() if line.endswith("(computer)")) == 5
    # easy computers play DumbBot's rules: the same game as seven DumbBots
    seven = ["play", "--until", "1901", "--dumbbot", *load_variant("standard").powers]
    _, alike, _ = run(seven, monkeypatch)
    assert _standings(out) == _standings(alike)


def _standings(out: str) -> list[str]:
    return [line.rsplit("(", 1)[0] for line in out.splitlines()]


def test_the_record_replays_and_the_animation_is_a_gif(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    record, gif = tmp_path / "game.json", tmp_path / "game.gif"
    status, out, _ = run(
        [
            "play",
            "--variant",
            "1961-4",
            "--until",
            "1902",
            "--record",
            str(record),
            "--animation",
            str(gif),
        ],
        monkeypatch,
    )
    assert status == 0
    assert f"game record: {record}" in out and f"animation: {gif}" in out
    assert gif.read_bytes()[:6] == b"GIF89a"
    data = json.loads(record.read_text("utf-8"))
    assert data["format"] == "dipgm-game-record/1"
    assert data["game"]["variant"] == "1961-4"
    assert data["phases"][0]["request"]["phase"] == "S1901M"
    for phase in data["phases"]:
        # each request, fed to the adjudicator, gives the result recorded beside it
        assert adjudicate_request(phase["request"]) == phase["result"]


def test_a_game_played_to_a_win_names_the_winner(monkeypatch: pytest.MonkeyPatch) -> None:
    others = ["AUSTRIA", "ENGLAND", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
    status, out, _ = run(["play", "--seed", "1", "--hold", *others], monkeypatch)
    assert status == 0
    assert out.startswith("France won (18 supply centres) in ")


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--hold", "PRUSSIA"], "--hold PRUSSIA: standard has no such power (powers: AUSTRIA,"),
        (["--hold", "ITALY", "--random", "italy"], "ITALY is given both --hold and --random"),
        (["--variant", "nowhere"], "unknown variant 'nowhere'"),
        (["--until", "1900"], "--until 1900 is before the game begins (1901)"),
        (["--dumbbot", "ITALY", "--hold", "italy"], "ITALY is given both --hold and --dumbbot"),
    ],
)
def test_a_bad_request_is_refused_with_the_reason(
    argv: list[str], said: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = run(["play", *argv], monkeypatch)
    assert status == 2
    assert out == ""
    assert err.startswith(f"dipgm play: {said}")


def test_one_centre_and_one_unit_are_written_in_the_singular(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    powers = ["AUSTRIA", "ENGLAND", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
    status, out, _ = run(
        ["play", "--seed", "1", "--until", "1903", "--random", *powers], monkeypatch
    )
    assert status == 0
    germany = next(line for line in out.splitlines() if line.lstrip().startswith("Germany"))
    assert germany == "  Germany   1 centre    1 unit   (random)"
    assert "1 centres" not in out and "1 units" not in out
