"""`dipgm variant check FILE` and `dipgm variants`: a map file added to the bot without code."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main
from engine import load_variant

HANDBOOK = Path(__file__).parents[1] / "data" / "handbook.json"


@pytest.fixture(autouse=True)
def variants_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A variants folder of the test's own, and no `.env` of the machine's."""
    folder = tmp_path / "variants"
    folder.mkdir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DIPGM_VARIANTS_DIR", str(folder))
    load_variant.cache_clear()
    yield folder
    load_variant.cache_clear()


def run(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, list[str]]:
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    return main(argv), out.getvalue().splitlines()


def test_a_good_map_is_summed_up_with_where_to_put_it(
    monkeypatch: pytest.MonkeyPatch, variants_dir: Path
) -> None:
    status, lines = run(["variant", "check", str(HANDBOOK)], monkeypatch)
    assert status == 0
    assert lines[0] == f"{HANDBOOK}: a good map, 'handbook' — The handbook's examples"
    assert lines[1] == "7 powers:"
    assert (
        "  Russia: homes KAR EST LAT; centres KAR; ports Riga (EBA), Kronstadt (GFI); "
        "units A KAR, F GFI"
    ) in lines
    assert "18 territories, 12 sectors; 12 supply centres, 8 ports." in lines
    assert "To win: 7 supply centres (more than half of the 12)." in lines
    assert lines[-1] == (
        f"To play it, copy it to {variants_dir / 'handbook.json'} (the folder "
        "DIPGM_VARIANTS_DIR names), then `newgame <name> variant=handbook`."
    )


def test_a_map_in_the_folder_is_played_by_its_name(
    monkeypatch: pytest.MonkeyPatch, variants_dir: Path
) -> None:
    placed = variants_dir / "handbook.json"
    placed.write_text(HANDBOOK.read_text("utf-8"), "utf-8")
    status, lines = run(["variant", "check", str(placed)], monkeypatch)
    assert status == 0
    assert lines[-1] == (
        f"It is in the variants folder ({variants_dir}): play it with "
        "`newgame <name> variant=handbook`."
    )
    status, lines = run(["variants"], monkeypatch)
    assert any(
        line.startswith("handbook") and "The areas of the Diplomacia handbook's examples" in line
        for line in lines
    )


def test_every_problem_is_listed_and_the_status_is_1(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    data = json.loads(HANDBOOK.read_text("utf-8"))
    data["name"] = "baltic"
    karelia = next(a for a in data["areas"] if a["code"] == "KAR")
    karelia["adjacent"].append("XYZ")
    data["powers"]["RUSSIA"]["colour"] = "pink"
    bad = tmp_path / "baltic.json"
    bad.write_text(json.dumps(data), "utf-8")
    status, lines = run(["variant", "check", str(bad)], monkeypatch)
    assert status == 1
    assert lines == [
        f"{bad}: 2 problems",
        "- RUSSIA: 'colour' must be like \"#e7a3c0\"",
        "- KAR lists XYZ as adjacent, but there is no area XYZ",
    ]


def test_a_file_that_is_not_json_or_misnamed_says_so(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "dipgm-map/1",', "utf-8")
    status, lines = run(["variant", "check", str(broken)], monkeypatch)
    assert status == 1
    assert lines[1].startswith("- not JSON: Expecting property name enclosed in double quotes")
    renamed = tmp_path / "baltic.json"
    renamed.write_text(HANDBOOK.read_text("utf-8"), "utf-8")
    status, lines = run(["variant", "check", str(renamed)], monkeypatch)
    assert status == 1
    assert lines[1] == (
        '- the map is named "handbook", so its file must be handbook.json, not baltic.json'
    )
    status, lines = run(["variant", "check", str(tmp_path / "missing.json")], monkeypatch)
    assert status == 2 and "cannot read" in lines[0]


def test_a_broken_map_file_in_the_folder_does_not_break_the_list(
    monkeypatch: pytest.MonkeyPatch, variants_dir: Path
) -> None:
    (variants_dir / "broken.json").write_text('{"format": "dipgm-map/1"}', "utf-8")
    status, lines = run(["variants"], monkeypatch)
    assert status == 0
    (line,) = [line for line in lines if line.startswith("broken")]
    assert "cannot be played: 'name' must be lower-case letters" in line
    assert f"dipgm variant check {variants_dir / 'broken.json'}" in line


def test_the_folder_may_be_set_in_the_env_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("DIPGM_VARIANTS_DIR")
    folder = tmp_path / "maps-of-ours"
    folder.mkdir()
    (folder / "handbook.json").write_text(HANDBOOK.read_text("utf-8"), "utf-8")
    (tmp_path / ".env").write_text(f"DIPGM_VARIANTS_DIR={folder}\n", "utf-8")
    try:
        status, lines = run(["variants"], monkeypatch)
        assert status == 0 and any(line.startswith("handbook") for line in lines)
        assert os.environ["DIPGM_VARIANTS_DIR"] == str(folder)
    finally:
        os.environ.pop("DIPGM_VARIANTS_DIR", None)


def test_the_shipped_board_checks_where_it_lies_but_a_copy_must_be_renamed(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    shipped = Path(__file__).parents[2] / "engine" / "data" / "diplomacia.json"
    status, lines = run(["variant", "check", str(shipped)], monkeypatch)
    assert status == 0
    assert lines[0].startswith(f"{shipped}: a good map, 'diplomacia'")
    copy = tmp_path / "diplomacia.json"
    copy.write_text(shipped.read_text("utf-8"), "utf-8")
    status, lines = run(["variant", "check", str(copy)], monkeypatch)
    assert status == 1
    assert "a variant shipped with dipgm is already called 'diplomacia'" in lines[1]


def test_a_new_version_of_a_folder_map_is_checked_by_its_path(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, variants_dir: Path
) -> None:
    # handbook.json is already in the folder; the map maker checks their edited copy first
    (variants_dir / "handbook.json").write_text(HANDBOOK.read_text("utf-8"), "utf-8")
    edited = tmp_path / "maps" / "handbook.json"
    edited.parent.mkdir()
    edited.write_text(HANDBOOK.read_text("utf-8"), "utf-8")
    status, lines = run(["variant", "check", str(edited)], monkeypatch)
    assert status == 0, lines
    assert lines[0].startswith(f"{edited}: a good map, 'handbook'")
    assert lines[-1].startswith(f"To play it, copy it to {variants_dir / 'handbook.json'}")


def test_a_file_in_the_folder_named_like_a_shipped_variant_is_told_it_is_left_aside(
    monkeypatch: pytest.MonkeyPatch, variants_dir: Path
) -> None:
    data = json.loads(HANDBOOK.read_text("utf-8")) | {"name": "diplomacia"}
    placed = variants_dir / "diplomacia.json"
    placed.write_text(json.dumps(data), "utf-8")
    status, lines = run(["variant", "check", str(placed)], monkeypatch)
    assert status == 1
    assert "a variant shipped with dipgm is already called 'diplomacia'" in lines[1]


@pytest.mark.parametrize(
    "argv", [["variants"], ["variant", "check", str(HANDBOOK)]], ids=["variants", "check"]
)
def test_a_reader_that_stops_early_gets_no_traceback(argv: list[str], variants_dir: Path) -> None:
    """`dipgm variants | head -1`: the reader goes away; dipgm stops without a word."""
    import subprocess

    dipgm = Path(sys.executable).parent / "dipgm"
    with subprocess.Popen(
        [str(dipgm), *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.close()  # nobody reads: every write of dipgm's meets a broken pipe
        errors = process.stderr.read().decode()
        status = process.wait()
    assert "Traceback" not in errors and "BrokenPipeError" not in errors
    assert status == 1


def test_the_readme_s_map_check_is_of_a_file_that_ships(monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's `dipgm variant check` example names a file in the repository and shows
    what the check prints for it."""
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    block = readme.split("$ dipgm variant check ", 1)[1].split("```", 1)[0]
    path, *shown = block.strip().splitlines()
    monkeypatch.chdir(Path(__file__).parents[2])
    monkeypatch.setenv("DIPGM_VARIANTS_DIR", "variants")  # the default the README shows
    status, lines = run(["variant", "check", path], monkeypatch)
    assert status == 0
    assert [line for line in shown if line != "..."] == [line for line in lines if line in shown]
    assert shown[0] == lines[0] and shown[-1] == lines[-1]


def _odd_files(folder: Path, outside: Path) -> None:
    """A variants folder as a careless or hostile hand leaves it."""
    os.mkfifo(folder / "fifo.json")
    (folder / "zero.json").symlink_to("/dev/zero")
    elsewhere = json.loads(HANDBOOK.read_text("utf-8")) | {"name": "secret", "format": "hush"}
    (outside / "secret.json").write_text(json.dumps(elsewhere), "utf-8")
    (folder / "secret.json").symlink_to(outside / "secret.json")
    (folder / "folder.json").mkdir()
    (folder / "deep.json").write_text("[" * 100_000 + "]" * 100_000, "utf-8")


def test_odd_files_in_the_folder_are_listed_as_not_playable_and_nothing_else_changes(
    monkeypatch: pytest.MonkeyPatch, variants_dir: Path, tmp_path: Path
) -> None:
    (variants_dir / "handbook.json").write_text(HANDBOOK.read_text("utf-8"), "utf-8")
    _odd_files(variants_dir, tmp_path)
    status, lines = run(["variants"], monkeypatch)
    assert status == 0
    said = {line.split()[0]: line for line in lines}
    assert "The areas of the Diplomacia handbook's examples" in said["handbook"]
    assert (
        "cannot be played: cannot be read: it is a named pipe, not a regular file" in (said["fifo"])
    )
    assert (
        "cannot be played: cannot be read: it is a link out of the variants folder"
        in (said["zero"])
    )
    assert (
        "cannot be read: it is a link out of the variants folder (every problem" in (said["secret"])
    )
    assert "hush" not in said["secret"] and str(tmp_path / "secret.json") not in said["secret"]
    assert "it is a folder, not a regular file" in said["folder"]
    assert "nest more than 10 deep" in said["deep"]
    assert f"(every problem: dipgm variant check {variants_dir / 'deep.json'})" in said["deep"]


def test_a_file_the_check_cannot_read_is_status_2_without_waiting_or_reading_it(
    monkeypatch: pytest.MonkeyPatch, variants_dir: Path, tmp_path: Path
) -> None:
    _odd_files(variants_dir, tmp_path)
    for name, reason in (
        ("fifo.json", "it is a named pipe, not a regular file"),
        ("zero.json", "it is a link out of the variants folder"),
        ("folder.json", "it is a folder, not a regular file"),
    ):
        status, lines = run(["variant", "check", str(variants_dir / name)], monkeypatch)
        assert (status, lines) == (
            2,
            [f"dipgm variant check: cannot read {variants_dir / name}: {reason}"],
        )
    # /dev/zero checked where it lies is no regular file either
    status, lines = run(["variant", "check", "/dev/zero"], monkeypatch)
    assert (status, lines) == (
        2,
        [
            "dipgm variant check: cannot read /dev/zero: "
            "it is a device or socket, not a regular file"
        ],
    )


def test_a_good_map_linked_into_the_folder_from_outside_is_refused_as_the_bot_refuses_it(
    monkeypatch: pytest.MonkeyPatch, variants_dir: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "handbook.json").write_text(HANDBOOK.read_text("utf-8"), "utf-8")
    (variants_dir / "handbook.json").symlink_to(outside / "handbook.json")
    status, lines = run(["variants"], monkeypatch)
    (listed,) = [line for line in lines if line.startswith("handbook")]
    assert "cannot be played: cannot be read: it is a link out of the variants folder" in listed
    # the command the list points to says the same, never that the map is playable
    status, lines = run(["variant", "check", str(variants_dir / "handbook.json")], monkeypatch)
    assert (status, lines) == (
        2,
        [
            f"dipgm variant check: cannot read {variants_dir / 'handbook.json'}: "
            "it is a link out of the variants folder"
        ],
    )
    # checked where it lies, the file is good, and is to be copied, not linked
    status, lines = run(["variant", "check", str(outside / "handbook.json")], monkeypatch)
    assert status == 0
    assert lines[-1].startswith(f"To play it, copy it to {variants_dir / 'handbook.json'}")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[" * 100_000 + "]" * 100_000, "lists and objects nest more than 10 deep"),
        ('{"format": ' + "9" * 5000 + "}", "a number of 5,000 digits"),
        (
            HANDBOOK.read_text("utf-8").replace('"title": "', '"title": "\\ud800', 1),
            "the text at title holds a lone UTF-16 surrogate",
        ),
        (
            HANDBOOK.read_text("utf-8").replace('"off": "KAR"', '"off": ["KAR"]', 1),
            "GFI: the port's 'off' must be an area code",
        ),
    ],
)
def test_a_hostile_map_is_refused_in_lines_never_a_traceback(
    tmp_path: Path, text: str, problem: str
) -> None:
    path = tmp_path / "handbook.json"
    path.write_text(text, "utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", "variant", "check", str(path)],
        capture_output=True,
        text=True,
        check=False,
        cwd=Path(__file__).parents[2],
    )
    assert done.returncode == 1
    assert done.stderr == ""
    assert done.stdout.splitlines()[0] == f"{path}: 1 problem"
    assert done.stdout.splitlines()[1].startswith(f"- {problem}")


def test_a_map_s_own_victory_count_is_summed_up_as_it_is(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    data = json.loads(HANDBOOK.read_text("utf-8"))
    data["rules"]["victory_count"] = 5
    path = tmp_path / "handbook.json"
    path.write_text(json.dumps(data), "utf-8")
    status, lines = run(["variant", "check", str(path)], monkeypatch)
    assert status == 0
    assert "To win: 5 supply centres (of the 12)." in lines
