"""Mutated copies of the shipped map files, as a careless or hostile map maker would make
them: whatever the check accepts is adjudicated, drawn and played to a second phase; whatever
it refuses, it refuses with problems of one line each, never an exception."""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from engine import OrderError, Position, adjudicate, parse_order
from engine.map_file import checked_map
from engine.map_text import MapTextError, read_map_json
from engine.names import power_code
from engine.variant import Variant
from render import map_png

ROOT = Path(__file__).resolve().parents[2]
MAPS = {
    "diplomacia": ROOT / "engine" / "data" / "diplomacia.json",
    "handbook": ROOT / "tests" / "data" / "handbook.json",
}

# values a careless or hostile hand puts where another was
ODD = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**20), max_value=10**20),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(
        ["", " ", "KAR", "kar", "land", "sea", "\ud800", "x" * 60, "#e7a3c0", "A KAR", "F GFI"]
    ),
    st.text(max_size=8),
    st.lists(st.sampled_from([1, "KAR", None, [1, 2], "A KAR"]), max_size=3),
    st.dictionaries(st.sampled_from(["name", "off", "code", "x"]), st.integers(0, 5), max_size=2),
)


def _near(value: Any) -> st.SearchStrategy[Any]:
    """A value of the same kind: other text, another number near it, the other truth."""
    if isinstance(value, bool):
        return st.just(not value)
    if isinstance(value, int | float):
        # A negative number (one already tweaked) has its range the other way round.
        low, high = sorted((int(value) - 3, int(value) * 3 + 3))
        return st.integers(low, high)
    if isinstance(value, str):
        return st.one_of(st.text(min_size=1, max_size=12), st.just(value.lower()))
    if isinstance(value, list) and value:
        return st.just(value[:-1])
    return st.just(value)


@cache
def _original(name: str) -> str:
    return MAPS[name].read_text("utf-8")


def _containers(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to an object or list in ``value`` (the polygons' points left aside: there
    are thousands, all alike)."""
    found = [path]
    if path[-1:] in (("polygons",), ("holes",), ("offboard_land",), ("offboard_water",)):
        return found
    items = value.items() if isinstance(value, dict) else enumerate(value)
    for key, inner in items:
        if isinstance(inner, dict | list):
            found.extend(_containers(inner, (*path, key)))
    return found


@cache
def _paths(name: str) -> tuple[tuple[Any, ...], ...]:
    return tuple(_containers(json.loads(_original(name))))


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, str]:
    """A shipped map's text with one to three changes: a value changed a little or replaced,
    a key or an item taken away, an item doubled, a value moved elsewhere in the file."""
    name = draw(st.sampled_from(sorted(MAPS)))
    data = json.loads(_original(name))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(name)))
        try:
            holder = _at(data, path)
        except (KeyError, IndexError, TypeError):
            continue
        keys = list(holder) if isinstance(holder, dict) else list(range(len(holder)))
        if not keys:
            continue
        key = draw(st.sampled_from(keys))
        action = draw(st.sampled_from(["tweak", "tweak", "replace", "remove", "double", "move"]))
        if action == "tweak":
            holder[key] = draw(_near(holder[key]))
        elif action == "replace":
            holder[key] = draw(ODD)
        elif action == "remove":
            del holder[key]
        elif action == "double" and isinstance(holder, list):
            holder.append(copy.deepcopy(holder[key]))
        else:
            # The paths are the shipped file's: an earlier change may have taken this one away.
            try:
                other = _at(data, draw(st.sampled_from(_paths(name))))
            except (KeyError, IndexError, TypeError):
                continue
            holder[key] = copy.deepcopy(other)
    return name, json.dumps(data)


def _accepted(name: str, text: str) -> Variant | None:
    try:
        variant, problems = checked_map(read_map_json(text), name)
    except MapTextError as exc:
        problems = [str(exc)]
        variant = None
    for problem in problems:
        assert isinstance(problem, str) and problem and "\n" not in problem, problem
        problem.encode("utf-8")  # printable wherever it is shown
    assert (variant is None) == bool(problems)
    return variant


def _orders(position: Position, step: int) -> dict[str, list[Any]]:
    """Each unit's move as a player would write it, by the names of the areas, to the
    ``step``-th place it could go; orders the rules refuse are left out, as a player is
    told."""
    variant = position.variant
    orders: dict[str, list[Any]] = {}
    for power, units in position.units.items():
        for unit in units:
            places = sorted(variant.neighbours(unit.type, unit.location))
            if not places:
                continue
            there = variant.provinces[places[step % len(places)]]
            here = variant.provinces[unit.location]
            text = f"{unit.type.value} {here.name} - {there.name}"
            try:
                orders.setdefault(power, []).append(parse_order(text, position, power))
            except OrderError:
                continue
    return orders


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(mutated())
def test_what_the_check_accepts_is_played_and_drawn_and_what_it_refuses_it_says(
    case: tuple[str, str],
) -> None:
    name, text = case
    variant = _accepted(name, text)
    event("accepted" if variant is not None else "refused")
    if variant is None:
        return
    for info in variant.power_info.values():
        for word in (info.name, info.adjective, *info.aliases):
            assert power_code(variant, word) == info.code  # `join <power>` finds it
    position = Position.initial(variant)
    assert map_png(position).startswith(b"\x89PNG")
    first = adjudicate(position, _orders(position, 0))
    second = adjudicate(first.position, _orders(first.position, 1))
    assert second.position.phase != position.phase
    assert map_png(second.position).startswith(b"\x89PNG")
