"""A map file checked once, completely and within limits (docs/maps.md, "Limits"): each
field's type and range, each size bounded, every failure one line naming the field and what
is accepted; and what passes is played and drawn, the largest map too."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from engine import Position, adjudicate
from engine.map_file import checked_map, map_problems
from engine.map_schema import (
    MAX_ADJACENT,
    MAX_ALIASES,
    MAX_AREAS,
    MAX_ASPECT,
    MAX_DESCRIPTION,
    MAX_NAME,
    MAX_POINTS,
    MAX_POWERS,
    MAX_SIDE,
    MAX_TITLE,
    MIN_SIDE,
)
from engine.map_text import MAX_DEPTH, MAX_DIGITS, MAX_FILE_BYTES, MapTextError, read_map_json
from render import map_png
from tools.grid_map import grid_map, largest_map

ROOT = Path(__file__).resolve().parents[2]
HANDBOOK = ROOT / "tests" / "data" / "handbook.json"

Change = Callable[[dict[str, Any]], None]


def handbook() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(HANDBOOK.read_text("utf-8"))
    return data


def area(data: dict[str, Any], code: str) -> dict[str, Any]:
    found: dict[str, Any] = next(a for a in data["areas"] if a["code"] == code)
    return found


def changed(change: Change) -> list[str]:
    data = handbook()
    change(data)
    return map_problems(data, "handbook")


def port_off_a_list(data: dict[str, Any]) -> None:
    area(data, "GFI")["port"]["off"] = ["KAR"]


# the careless and hostile maps of the issue, each refused by one problem naming its field
@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (port_off_a_list, "GFI: the port's 'off' must be an area code, 2 to 5 upper-case"),
        (
            lambda d: d["powers"]["RUSSIA"].update(homes=[["KAR"]]),
            "RUSSIA: 'homes'[0] must be an area code, 2 to 5 upper-case letters or digits",
        ),
        (
            lambda d: area(d, "KAR").update(kind=["land"]),
            'KAR: \'kind\' must be "land" or "sea", not ["land"]',
        ),
        (
            lambda d: area(d, "KAR").update(adjacent=5),
            "KAR: 'adjacent' must be a list of area codes, not 5",
        ),
        (
            lambda d: area(d, "KAR").update(adjacent=None),
            "KAR: 'adjacent' must be a list of area codes, not null",
        ),
        (
            lambda d: d["powers"]["RUSSIA"].update(aliases=5),
            "RUSSIA: 'aliases' must be a list of names, not 5",
        ),
        (
            lambda d: d["powers"]["RUSSIA"].update(aliases=[1]),
            f"RUSSIA: 'aliases'[0] must be text of 1 to {MAX_NAME} characters on one line, "
            "with a letter or digit, not 1",
        ),
        (
            lambda d: d["rules"].update(victory_count=True),
            "rules: 'victory_count' must be a whole number of supply centres, not true",
        ),
        (
            lambda d: d["geometry"].update(width=1, height=1_000_000),
            f"geometry: 'width' and 'height' must be whole numbers of pixels from {MIN_SIDE} "
            f"to {MAX_SIDE:,}, not 1 and 1000000",
        ),
        (
            lambda d: d["geometry"].update(height=9223372036854775808),
            "geometry: 'width' and 'height' must be whole numbers of pixels from",
        ),
        (
            lambda d: d["geometry"].update(width=MAX_SIDE, height=MAX_SIDE // 3),
            f"geometry: a {MAX_SIDE} x {MAX_SIDE // 3} picture is too narrow; its longer side "
            f"may be at most {MAX_ASPECT} times its shorter",
        ),
        (lambda d: area(d, "KAR").update(colour="red"), 'KAR: unknown key "colour"; it takes'),
    ],
)
def test_each_bad_field_is_one_problem_naming_it(change: Change, problem: str) -> None:
    problems = changed(change)
    assert len(problems) == 1, problems
    assert problems[0].startswith(problem)


def test_text_over_the_limits_is_refused_before_it_is_read_into_memory() -> None:
    def refused(text: str | bytes) -> str:
        with pytest.raises(MapTextError) as caught:
            read_map_json(text)
        return str(caught.value)

    assert refused("[" * 100_000 + "]" * 100_000) == (
        f"lists and objects nest more than {MAX_DEPTH} deep; "
        f"a map file nests at most {MAX_DEPTH} deep"
    )
    assert refused('{"format": ' + "9" * 5000 + "}").startswith(
        f"a number of 5,000 digits (999999999999…); a map's numbers have at most {MAX_DIGITS}"
    )
    assert refused("[1e400]").startswith("the number 1e400 is too long or too large")
    assert refused("[NaN]") == "NaN is not a number a map file may hold (JSON has no NaN)"
    assert refused(b"\xff{}") == "not UTF-8 text (byte 1 is not)"
    assert refused(b" " * (MAX_FILE_BYTES + 1)).startswith(
        f"the file is {MAX_FILE_BYTES + 1:,} bytes; a map file holds at most"
    )
    escaped = HANDBOOK.read_text("utf-8").replace('"title": "', '"title": "\\ud800', 1)
    assert refused(escaped) == (
        "the text at title holds a lone UTF-16 surrogate, which is not a character: "
        "write the character itself"
    )


def test_every_size_is_bounded_and_says_its_limit() -> None:
    many = grid_map(MAX_AREAS + 1)
    assert f"'areas' lists {MAX_AREAS + 1:,} areas; at most {MAX_AREAS:,}" in map_problems(
        many, "grid"
    )
    crowded = grid_map(100, powers=MAX_POWERS + 1)
    assert map_problems(crowded, "grid")[0] == (
        f"'powers' must be an object with 2 to {MAX_POWERS} powers keyed by code, "
        f"not {MAX_POWERS + 1} powers"
    )
    dense = grid_map(100, adjacent=MAX_ADJACENT + 2)
    assert f"Z000: 'adjacent' lists {MAX_ADJACENT + 2} area codes; at most {MAX_ADJACENT}" in (
        map_problems(dense, "grid")
    )
    data = handbook()
    area(data, "KAR")["aliases"] = [f"Karelia {n}" for n in range(MAX_ALIASES + 1)]
    area(data, "EST")["name"] = "E" * (MAX_NAME + 1)
    data["title"] = "T" * (MAX_TITLE + 1)
    data["description"] = "D" * (MAX_DESCRIPTION + 1)
    problems = map_problems(data, "handbook")
    assert f"KAR: 'aliases' lists {MAX_ALIASES + 1} names; at most {MAX_ALIASES}" in problems
    assert any(p.startswith(f"EST: 'name' must be text of 1 to {MAX_NAME}") for p in problems)
    assert any(p.startswith(f"'title' must be text of 1 to {MAX_TITLE}") for p in problems)
    assert any(
        p.startswith(f"'description' must be text of 1 to {MAX_DESCRIPTION}") for p in problems
    )
    detailed = grid_map(100, points=MAX_POINTS // 100 + 1)
    assert f"geometry: {MAX_POINTS + 100:,} points in all; a map draws at most {MAX_POINTS:,}" in (
        map_problems(detailed, "grid")
    )


def test_names_orders_and_joins_use_are_each_one_area_or_one_power() -> None:
    def clash(data: dict[str, Any]) -> None:
        area(data, "KAR")["aliases"] = ["Estonia"]
        data["powers"]["RUSSIA"]["aliases"] = ["french"]

    assert changed(clash) == [
        'EST and KAR are both called "Estonia"',
        'power RUSSIA and FRANCE are both called "french"',
    ]


def test_two_powers_are_never_one_colour_on_the_map() -> None:
    def same(data: dict[str, Any]) -> None:
        data["powers"]["FRANCE"]["colour"] = data["powers"]["RUSSIA"]["colour"].upper()

    # told apart as the map draws them: by the colour, whatever the case of its letters
    colour = handbook()["powers"]["RUSSIA"]["colour"]
    assert colour != colour.upper()
    assert changed(same) == [f"FRANCE and RUSSIA are both coloured {colour}"]


def test_what_a_bad_area_breaks_elsewhere_is_not_told_twice() -> None:
    problems = changed(lambda d: area(d, "PRO").update(kind=["land"]))
    assert problems == ['PRO: \'kind\' must be "land" or "sea", not ["land"]']


def test_the_docs_state_every_limit() -> None:
    docs = (ROOT / "docs" / "maps.md").read_text("utf-8")
    section = docs[docs.index("## Limits") :]
    stated = {
        "file": MAX_FILE_BYTES // (1024 * 1024),
        "nesting": MAX_DEPTH,
        "digits": MAX_DIGITS,
        "areas": MAX_AREAS,
        "powers": MAX_POWERS,
        "adjacent": MAX_ADJACENT,
        "aliases": MAX_ALIASES,
        "name": MAX_NAME,
        "title": MAX_TITLE,
        "description": MAX_DESCRIPTION,
        "side": MAX_SIDE,
        "aspect": MAX_ASPECT,
        "points": MAX_POINTS,
    }
    for key, value in stated.items():
        row = re.search(rf"^\| {key} \|.*$", section, re.MULTILINE)
        assert row is not None, key
        assert f"{value:,}" in row.group(), (key, row.group())


@cache
def _largest() -> dict[str, Any]:
    return largest_map()


def test_the_largest_map_within_the_limits_is_checked_played_and_drawn() -> None:
    data = _largest()
    text = json.dumps(data)
    assert len(text.encode()) <= MAX_FILE_BYTES
    variant, problems = checked_map(read_map_json(text), "largest")
    assert problems == [] and variant is not None
    assert len(variant.provinces) == MAX_AREAS and len(variant.powers) == MAX_POWERS
    start = Position.initial(variant)
    after = adjudicate(start, {})
    assert str(after.position.phase) != str(start.phase)
    # far more areas than a palette holds: each still takes its power's colour
    assert map_png(after.position).startswith(b"\x89PNG")
