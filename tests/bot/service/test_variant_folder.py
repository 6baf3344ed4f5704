"""The variants folder read safely by the bot: odd or bad files there are told apart by name
and touch no other variant or command; files are read off the event loop, within a time, once
each until they change; and a board larger than the shipped ones is played and drawn."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.service.options import variant_choice
from engine import load_variant
from engine import variant_folder as folder_reading
from render import map_png
from tests.bot.service.harness import open_table, said
from tools.grid_map import grid_map

HANDBOOK = Path(__file__).parents[2] / "data" / "handbook.json"


@pytest.fixture
def folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    made = tmp_path / "variants"
    made.mkdir()
    monkeypatch.setenv("DIPGM_VARIANTS_DIR", str(made))
    # each command that offers variants reads the folder: the interval between reads is
    # tested on its own (test_a_file_added_while_the_bot_runs_is_offered_after_the_interval)
    monkeypatch.setattr(variant_choice, "FRESH_SECONDS", 0.0)
    load_variant.cache_clear()
    yield made
    load_variant.cache_clear()


def handbook(**changes: Any) -> str:
    return json.dumps(json.loads(HANDBOOK.read_text("utf-8")) | changes)


def _help_variants(lines: list[str]) -> str:
    (line,) = [line for line in said(lines, "only:gm#game") if line.startswith("variant=")]
    return line


async def test_odd_files_are_not_playable_by_name_and_touch_nothing_else(
    tmp_path: Path, folder: Path
) -> None:
    (folder / "handbook.json").write_text(HANDBOOK.read_text("utf-8"), "utf-8")
    broken = json.loads(HANDBOOK.read_text("utf-8")) | {"name": "broken"}
    broken["areas"][0]["adjacent"] = 5
    (folder / "broken.json").write_text(json.dumps(broken), "utf-8")
    os.mkfifo(folder / "fifo.json")
    (folder / "zero.json").symlink_to("/dev/zero")
    async with open_table("sqlite", tmp_path) as table:
        line = _help_variants(await table.play("gm> /dip help newgame"))
        assert "variant=standard|1961-3|1961-4|1961-5|1961-6|diplomacia|ww1|handbook " in line
        assert (
            "broken is a map file that cannot be played: "
            "PRO: 'adjacent' must be a list of area codes, not 5"
        ) in line
        assert (
            "fifo is a map file that cannot be played: cannot be read: it is a named pipe, "
            "not a regular file"
        ) in line
        assert "zero is a map file that cannot be played: cannot be read: it is a link out" in line

        lines = await table.play("gm> /dip newgame hague variant=handbok")
        reply = said(lines, "only:gm#game")
        assert reply[0] == "variant=handbok is not a variant here. The variants:"
        assert "handbook — The areas of the Diplomacia handbook's examples, for tests" in reply
        assert not any(r.startswith(("broken", "fifo", "zero")) for r in reply)

        lines = await table.play("gm> /dip newgame hague variant=fifo")
        assert said(lines, "only:gm#game")[0].startswith(
            "variant=fifo is a map file the bot cannot play: cannot be read: it is a named pipe"
        )
        lines = await table.play("gm> /dip newgame hague variant=handbook")
        assert "hague" in said(lines, "#game")[0]
        lines = await table.play("gm> /dip settings variant=handbok")
        assert said(lines, "only:gm#game")[0] == (
            "variant=handbok is not a variant here. The variants:"
        )


async def test_a_file_is_read_once_and_again_when_it_changes(
    tmp_path: Path, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads: list[int] = []
    real = folder_reading.read_variant_file

    def counted(path: Path, within: Path | None = None) -> bytes:
        reads.append(threading.get_ident())
        return real(path, within)

    monkeypatch.setattr(folder_reading, "read_variant_file", counted)
    placed = folder / "handbook.json"
    placed.write_text(handbook(description="The first version"), "utf-8")
    async with open_table("sqlite", tmp_path) as table:
        await table.play("gm> /dip help newgame\ngm> /dip help newgame")
        assert len(reads) == 1
        assert threading.get_ident() not in reads, "read off the event loop"
        placed.write_text(handbook(description="The second, longer version"), "utf-8")
        lines = await table.play("gm> /dip newgame hague variant=handbook")
        assert len(reads) == 2
        assert "Variant handbook — The second, longer version." in said(lines, "#game")


async def test_a_slow_folder_holds_up_no_command_longer_than_its_time(
    tmp_path: Path, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (folder / "handbook.json").write_text(HANDBOOK.read_text("utf-8"), "utf-8")
    (folder / "slow.json").write_text(handbook(name="slow"), "utf-8")
    released = threading.Event()
    real = folder_reading.read_variant_file

    def slow_disk(path: Path, within: Path | None = None) -> bytes:
        if path.name == "slow.json":
            released.wait(30)
        return real(path, within)

    monkeypatch.setattr(folder_reading, "read_variant_file", slow_disk)
    monkeypatch.setattr(variant_choice, "READ_SECONDS", 0.2)
    async with open_table("sqlite", tmp_path) as table:
        line = _help_variants(await table.play("gm> /dip help newgame"))
        assert "|handbook " in line
        assert "slow is a map file that cannot be played: not read yet" in line
        released.set()
        monkeypatch.setattr(variant_choice, "READ_SECONDS", 30.0)
        line = _help_variants(await table.play("gm> /dip help newgame"))
        assert "|handbook|slow " in line


def _count_scans(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    scans: list[int] = []
    real = variant_choice._read_folder

    def counted() -> None:
        scans.append(1)
        real()

    monkeypatch.setattr(variant_choice, "_read_folder", counted)
    return scans


async def test_orders_play_the_board_as_read_without_looking_at_the_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, folder: Path
) -> None:
    (folder / "wide.json").write_text(json.dumps(grid_map(12, powers=2, name="wide")), "utf-8")
    scans = _count_scans(monkeypatch)
    async with open_table("sqlite", tmp_path) as table:
        await table.play(
            """
            gm> /dip newgame hague variant=wide reminders=off
            alice> /dip join power0
            bob> /dip join power1
            gm> /dip start
            """
        )
        before = len(scans)
        assert before >= 1
        lines = await table.play(
            """
            alice@dm> order A Z001 - Z002
            alice@dm> orders
            alice> /dip status
            """
        )
        assert "✓ A Z001 - Z002" in said(lines, "dm:alice")
        assert len(scans) == before, "an order, orders or status scanned the variants folder"


async def test_a_file_added_is_offered_at_once_and_one_rewritten_after_the_interval(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, folder: Path
) -> None:
    monkeypatch.setattr(variant_choice, "FRESH_SECONDS", 3600.0)
    scans = _count_scans(monkeypatch)
    async with open_table("sqlite", tmp_path) as table:
        assert "handbook" not in _help_variants(await table.play("gm> /dip help newgame"))
        placed = folder / "handbook.json"
        placed.write_text(handbook(description="The first version"), "utf-8")
        assert "|handbook " in _help_variants(await table.play("gm> /dip help newgame"))
        read = len(scans)
        lines = await table.play("gm> /dip help newgame")
        assert len(scans) == read, "the folder unchanged and read just now: no scan"

        placed.write_text(handbook(description="The second, longer version"), "utf-8")
        lines = await table.play("gm> /dip newgame hague variant=handbook")
        assert "Variant handbook — The first version." in said(lines, "#game")
        # the interval has passed
        monkeypatch.setattr(variant_choice, "FRESH_SECONDS", 0.0)
        lines = await table.play("gm> /dip settings")
        assert "Variant handbook — The second, longer version." in said(lines, "only:gm#game")


async def test_a_board_of_more_areas_than_a_palette_holds_is_played_and_drawn(
    tmp_path: Path, folder: Path
) -> None:
    board = grid_map(300, powers=2, name="wide")
    board["powers"]["POWER0"] |= {"name": "Ruritania", "adjective": "Ruritanian"}
    board["powers"]["POWER1"] |= {"name": "Freedonia", "adjective": "Freedonian"}
    (folder / "wide.json").write_text(json.dumps(board), "utf-8")
    async with open_table("sqlite", tmp_path, renderer=map_png) as table:
        lines = await table.play(
            """
            gm> /dip newgame hague variant=wide reminders=off
            alice> /dip join ruritania
            bob> /dip join freedonia
            gm> /dip start
            alice@dm> order A Z001 - Z002
            alice> /dip ready
            bob> /dip ready
            """
        )
        channel = said(lines, "#game")
        assert "hague: Turn 1 — results" in channel
        assert "A Z001 - Z002  ✓ moved" in channel
        assert "Next: Turn 2" in channel
        pictures = [line.split("] ", 1)[1] for line in lines if line.startswith("[file #game]")]
        assert pictures[-1].endswith("hague-T1M-results.png"), pictures
        for picture in pictures:
            with Image.open(picture) as drawn:
                assert drawn.format == "PNG" and min(drawn.size) > 0
