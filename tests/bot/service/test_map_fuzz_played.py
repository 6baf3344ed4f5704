"""Mutated copies of the shipped map files, as in tests/engine/test_map_fuzz.py, put in the
variants folder of a running bot: whatever `dipgm variant check` accepts, people start a game
on, join by their powers' names, order on and see adjudicated into its second phase, with no
"went wrong" and nothing stuck; whatever it refuses, the check lists line by line, never with
a traceback, and the bot refuses by name."""

from __future__ import annotations

import asyncio
import io
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from bot.service import OUR_FAULT
from bot.service.options import variant_choice
from bot.variant_check import check_map_file
from engine import load_variant
from engine.errors import VariantError
from engine.variant import Variant
from engine.variant_folder import folder_variant, forget_folder_maps
from tests.bot.service.harness import open_table, said
from tests.engine.test_map_fuzz import _accepted, mutated

# the name the mutant is offered by: a shipped board's name would be left aside for the shipped
NAME = "mutant"


def _first_move(variant: Variant, power: str) -> str | None:
    """One of the power's units moved to a neighbouring area, written by the areas' names as a
    player would; None for a power with no unit that can move."""
    for unit in variant.power_info[power].units:
        places = sorted(variant.neighbours(unit.type, unit.location))
        if places:
            here = variant.provinces[unit.location].name
            there = variant.provinces[places[0]].name
            return f"{unit.type.value} {here} - {there}"
    return None


async def _played(folder: Path, variant: Variant) -> None:
    first, second = list(variant.power_info)[:2]
    names = [variant.power_info[p].name for p in (first, second)]
    async with open_table("sqlite", folder.parent) as table:
        lines = await table.play(
            f"""
            gm> /dip newgame hague variant={NAME} reminders=off
            alice> /dip join {names[0]}
            bob> /dip join {names[1]}
            gm> /dip start
            """
        )
        assert any("has begun" in line for line in said(lines, "#game")), lines
        move = _first_move(variant, first)
        if move is not None:
            lines += await table.play(f"alice@dm> order {move}")
        before = await table.play("alice> /dip status")
        processed = await table.play("gm> /dip process")
        assert any(
            line.startswith("hague: ") and "results" in line for line in said(processed, "#game")
        ), processed
        lines += before + processed
        after = await table.play("alice> /dip status")
        lines += after
        assert not [line for line in lines if OUR_FAULT in line or "could not be adjud" in line]
        assert said(before, "only:alice#game")[0] != said(after, "only:alice#game")[0], after


def _refused_by_the_check(folder: Path, text: str) -> None:
    path = folder / f"{NAME}.json"
    path.write_text(text, "utf-8", errors="surrogatepass")
    out = io.StringIO()
    assert check_map_file(path, out) == 1
    head, *problems = out.getvalue().splitlines()
    assert head.startswith(f"{path}: ") and problems
    assert all(line.startswith("- ") for line in problems), problems


class _Folder:
    """A variants folder of its own, set for the bot, and nothing read from another."""

    def __enter__(self) -> Path:
        self._scratch = tempfile.TemporaryDirectory()
        self._patch = pytest.MonkeyPatch()
        folder = Path(self._scratch.name) / "variants"
        folder.mkdir()
        self._patch.setenv("DIPGM_VARIANTS_DIR", str(folder))
        self._patch.setattr(variant_choice, "FRESH_SECONDS", 0.0)
        load_variant.cache_clear()
        forget_folder_maps()
        return folder

    def __exit__(self, *exc: object) -> None:
        self._patch.undo()
        load_variant.cache_clear()
        forget_folder_maps()
        self._scratch.cleanup()


def _accepted_case(case: tuple[str, str]) -> bool:
    return _accepted(*case) is not None


@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
    ],
)
@given(mutated().filter(_accepted_case))
def test_what_the_check_accepts_people_play_through_the_bot(case: tuple[str, str]) -> None:
    name, text = case
    variant = _accepted(name, text)
    assert variant is not None
    with _Folder() as folder:
        offered = json.loads(text) | {"name": NAME}
        (folder / f"{NAME}.json").write_text(json.dumps(offered), "utf-8")
        asyncio.run(_played(folder, variant))


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(mutated())
def test_what_the_check_refuses_it_lists_and_the_bot_refuses_by_name(
    case: tuple[str, str],
) -> None:
    name, text = case
    if _accepted(name, text) is not None:
        return
    with _Folder() as folder:
        _refused_by_the_check(folder, text)
        # the bot reads the same file from its folder and refuses it in one line
        with pytest.raises(VariantError) as refused:
            folder_variant(NAME)
        assert str(refused.value) and "\n" not in str(refused.value)
