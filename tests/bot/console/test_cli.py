"""`dipgm console`, `dipgm run` and `dipgm db` from the command line, and the scripted
transcript compared with its expected output (a public interface)."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from bot.cli import main
from bot.config import Settings

DATA = Path(__file__).parent / "data"
PNG = b"\x89PNG\r\n\x1a\n"
GIF = b"GIF89a"


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No setting leaks in from the machine running the tests, nor from a `.env` here."""
    for name in Settings.model_fields:
        monkeypatch.delenv(name.upper(), raising=False)
    monkeypatch.chdir(tmp_path)


# Each transcript: what the players type (NAME.txt), everything the bot prints (NAME.out, the
# map folder written OUT) and the maps it saves.
TRANSCRIPTS = [
    pytest.param(
        "first_game",
        [
            "hague-F1901M-balkans.png",
            "hague-F1901M-france-orders.png",
            "hague-F1901M-results.png",
            "hague-S1901M-results.png",
        ],
        id="first_game",
    ),
    # One person and six computer players (bots=all) from `newgame` to the agreed end; the
    # game master puts a computer on France too. Its moves are the computer players': a
    # change in how they play changes this transcript.
    pytest.param(
        "game_bots",
        [
            "hague-F1901M-results.png",
            "hague-S1901M-results.png",
            "hague-W1901A-results.png",
            "hague-W1901A-scoreboard.png",
            "hague-history.gif",
        ],
        id="bots",
    ),
    # 1961 rules for three players, from `newgame` to France's win by a majority of the pieces.
    pytest.param(
        "game_1961_3",
        [
            "hague-F1901M-results.png",
            "hague-F1902M-results.png",
            "hague-S1901M-results.png",
            "hague-S1902M-results.png",
            "hague-W1901A-results.png",
            "hague-W1902A-results.png",
            "hague-W1902A-scoreboard.png",
            "hague-history.gif",
        ],
        id="1961-3",
    ),
    # 1961 rules for four players: France reaches Norway, Tunis and Vienna and wins in 1903.
    pytest.param(
        "game_1961_4",
        [
            "hague-F1901M-results.png",
            "hague-F1902M-results.png",
            "hague-F1903M-results.png",
            "hague-S1901M-results.png",
            "hague-S1902M-results.png",
            "hague-S1903M-results.png",
            "hague-W1901A-results.png",
            "hague-W1902A-results.png",
            "hague-W1903A-results.png",
            "hague-W1903A-scoreboard.png",
            "hague-history.gif",
        ],
        id="1961-4",
    ),
    # 1961 rules for five players: France takes Germany's three centres with Norway and Tunis
    # and wins in 1903.
    pytest.param(
        "game_1961_5",
        [
            "hague-F1901M-results.png",
            "hague-F1902M-results.png",
            "hague-F1902R-results.png",
            "hague-F1903M-results.png",
            "hague-F1903R-results.png",
            "hague-S1901M-results.png",
            "hague-S1902M-results.png",
            "hague-S1903M-results.png",
            "hague-S1903R-results.png",
            "hague-W1901A-results.png",
            "hague-W1902A-results.png",
            "hague-W1903A-results.png",
            "hague-W1903A-scoreboard.png",
            "hague-history.gif",
        ],
        id="1961-5",
    ),
    # 1961 rules for six players: a year longer, with Denmark, Sweden, Holland and Venice; France
    # wins in 1904.
    pytest.param(
        "game_1961_6",
        [
            "hague-F1901M-results.png",
            "hague-F1902M-results.png",
            "hague-F1902R-results.png",
            "hague-F1903M-results.png",
            "hague-F1903R-results.png",
            "hague-F1904M-results.png",
            "hague-F1904R-results.png",
            "hague-S1901M-results.png",
            "hague-S1902M-results.png",
            "hague-S1903M-results.png",
            "hague-S1903R-results.png",
            "hague-S1904M-results.png",
            "hague-W1901A-results.png",
            "hague-W1902A-results.png",
            "hague-W1903A-results.png",
            "hague-W1904A-results.png",
            "hague-W1904A-scoreboard.png",
            "hague-history.gif",
        ],
        id="1961-6",
    ),
    # The World War I game for two players: Venice is closed in 1914, the coin sends Italy to
    # Austria, Germany and Turkey, and the four reach 24 units in the Winter of 1915.
    pytest.param(
        "game_ww1",
        [
            "hague-F1914M-results.png",
            "hague-F1915M-results.png",
            "hague-F1915R-results.png",
            "hague-S1914M-results.png",
            "hague-S1915M-results.png",
            "hague-W1914A-results.png",
            "hague-W1915A-results.png",
            "hague-W1915A-scoreboard.png",
            "hague-history.gif",
        ],
        id="ww1",
    ),
    # A standard game for four players: alice, seated with Austria and France, wins in 1903
    # with 18 centres between her two powers.
    pytest.param(
        "game_standard_4",
        [
            "hague-F1901M-results.png",
            "hague-F1902M-results.png",
            "hague-F1902R-results.png",
            "hague-F1903M-results.png",
            "hague-F1903R-results.png",
            "hague-F1903R-scoreboard.png",
            "hague-S1901M-results.png",
            "hague-S1902M-results.png",
            "hague-S1903M-results.png",
            "hague-W1901A-results.png",
            "hague-W1902A-results.png",
            "hague-history.gif",
        ],
        id="standard-4",
    ),
    # A shortened Diplomacia game on dipgm's own board: Turkey seizes Piraeus, raises an army
    # and a fleet at the control evaluation, carries an army to Egypt in two hops and wins
    # after turn 4 with the most supply centres.
    pytest.param(
        "game_diplomacia",
        [
            "hague-T1M-results.png",
            "hague-T2A-results.png",
            "hague-T2M-results.png",
            "hague-T3M-results.png",
            "hague-T4A-results.png",
            "hague-T4A-scoreboard.png",
            "hague-T4M-results.png",
            "hague-history.gif",
        ],
        id="diplomacia",
    ),
]


@pytest.mark.parametrize(("name", "maps"), TRANSCRIPTS)
def test_a_transcript_prints_what_it_recorded(
    name: str, maps: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "maps"
    code = main(["console", "--script", str(DATA / f"{name}.txt"), "--out", str(out)])
    printed = capsys.readouterr().out.replace(str(out), "OUT")
    expected = (DATA / f"{name}.out").read_text(encoding="utf-8")
    assert code == 0
    assert printed.splitlines() == expected.splitlines()
    assert sorted(p.name for p in out.iterdir()) == maps
    for saved in maps:
        header = GIF if saved.endswith(".gif") else PNG
        assert (out / saved).read_bytes().startswith(header), saved
    assert not (tmp_path / "dipgm.sqlite3").exists(), "a script runs on a throwaway database"


def test_a_script_can_start_elsewhere_and_keep_its_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "s.txt"
    script.write_text("gm> /dip newgame hague\nalice> /dip join\n", encoding="utf-8")
    url = f"sqlite+aiosqlite:///{tmp_path / 'kept.sqlite3'}"
    start = "2030-06-01T12:00"
    assert main(["console", "--script", str(script), "--db", url, "--start", start]) == 0
    assert "[#game] New game: hague" in capsys.readouterr().out
    assert (tmp_path / "kept.sqlite3").exists()
    assert main(["console", "--script", str(script), "--db", url]) == 0
    assert "This channel already has a game, hague (forming)" in capsys.readouterr().out


def test_script_problems_are_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "bad.txt"
    script.write_text("gm> /dip help\nthis is not a line\n", encoding="utf-8")
    assert main(["console", "--script", str(script)]) == 2
    error = capsys.readouterr().err
    assert "line 2: cannot read 'this is not a line'" in error
    assert main(["console", "--script", str(tmp_path / "missing.txt")]) == 2
    assert "missing.txt" in capsys.readouterr().err
    script.write_text("clock +soon\n", encoding="utf-8")
    assert main(["console", "--script", str(script)]) == 2
    assert "line 1: cannot read 'soon' as a duration" in capsys.readouterr().err


def test_a_bad_start_time_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["console", "--script", "x.txt", "--start", "teatime"])
    assert exited.value.code == 2
    assert "'teatime' is not an ISO date and time" in capsys.readouterr().err


def test_run_without_tokens_starts_the_console(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("SLACK_BOT_TOKEN", "SLACK_APP_TOKEN", "DISCORD_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DATABASE_URL", f"sqlite+aiosqlite:///{tmp_path / 'run.sqlite3'}")
    monkeypatch.setattr(sys, "stdin", io.StringIO("/dip help\n/quit\n"))
    assert main(["run", "--out", str(tmp_path / "maps")]) == 0
    assert "[only:gm#game] dipgm commands" in capsys.readouterr().out
    assert (tmp_path / "run.sqlite3").exists()


def test_run_with_tokens_starts_those_front_ends_together(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot import launch

    started: list[list[str]] = []

    async def chat(settings: object, platforms: list[str]) -> None:
        started.append(list(platforms))

    monkeypatch.setattr(launch, "chat", chat)
    monkeypatch.setenv("SLACK_BOT_TOKEN", "xoxb-test")
    monkeypatch.setenv("DISCORD_TOKEN", "discord-test")
    monkeypatch.setenv("DATABASE_URL", f"sqlite+aiosqlite:///{tmp_path / 'run.sqlite3'}")
    assert main(["run"]) == 0
    assert started == [["Slack", "Discord"]]
    assert "starting Slack and Discord" in capsys.readouterr().err


def test_db_is_wired(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite3'}"
    assert main(["db", "--url", url, "upgrade"]) == 0
    assert "(head)" in capsys.readouterr().out
    assert main(["db", "--url", url, "current"]) == 0
    assert "(head)" in capsys.readouterr().out
