"""A third ruleset, written here and nowhere in the engine, played through the public engine
and through `dipgm adjudicate`: the proof that a ruleset is an object the engine asks.

Landlocked is Diplomacia where no army is ever carried by sea, and where a unit given two
orders obeys the later one (Diplomacia cancels both). It changes two behaviours of the
ruleset it builds on and is registered by its name; a map file names it like any ruleset.
"""

from __future__ import annotations

import io
import json
import pickle
import subprocess
import sys
from collections.abc import Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

import pytest

from bot.cli import main
from engine import (
    Build,
    IllegalOrderError,
    Move,
    Order,
    PhaseKind,
    Position,
    Unit,
    VariantError,
    adjudicate,
    check_order,
    legal_orders,
    map_problems,
    parse_order,
)
from engine.legal_checks import check_move
from engine.order_checks import MOVEMENT, OrderChecks
from engine.orders import Convoy, ConvoyHop, format_order
from engine.rulesets import Diplomacia, register, ruleset_named
from engine.units import UnitType
from engine.variant import VARIANTS_DIR_VARIABLE, load_variant
from tests.engine.diplomacia_boards import HANDBOOK_FILE, board

ROOT = Path(__file__).resolve().parents[2]


def _walking(position: Position, power: str, order: Move) -> Order:
    """A move as Diplomacia checks it, refused when the army would need a fleet."""
    move: Move = check_move(position, power, order)  # type: ignore[assignment]
    unit = move.unit
    steps = position.variant.army_adjacency.get(unit.province, frozenset())
    if unit.type is UnitType.ARMY and move.dest not in steps:
        raise IllegalOrderError(
            f"armies are never carried by sea in a landlocked game: {unit} can only walk "
            f"to {', '.join(sorted(steps))}"
        )
    return move


def _no_convoy(position: Position, power: str, order: Convoy | ConvoyHop) -> Order:
    raise IllegalOrderError("fleets carry no armies in a landlocked game")


class Landlocked(Diplomacia):
    """Diplomacia where no army is ever carried by sea, and two orders for one unit leave
    the later one standing."""

    name: ClassVar[str] = "landlocked"
    two_orders_cancel: ClassVar[bool] = False
    orders_allowed: ClassVar[Mapping[PhaseKind, str]] = {
        **Diplomacia.orders_allowed,
        PhaseKind.MOVEMENT: "holds, moves, supports and port seizures",
    }

    def order_checks(self) -> OrderChecks:
        checks = dict(super().order_checks())
        checks[Move] = (MOVEMENT, _walking)
        checks[Convoy] = checks[ConvoyHop] = (MOVEMENT, _no_convoy)
        return checks


LANDLOCKED = register(Landlocked())


def landlocked_map(folder: Path) -> None:
    """The handbook's board as a map file named ``landlocked``, played by Landlocked."""
    data = json.loads(HANDBOOK_FILE.read_text("utf-8"))
    data["name"] = "landlocked"
    data["rules"] = {**data["rules"], "ruleset": "landlocked"}
    (folder / "landlocked.json").write_text(json.dumps(data), "utf-8")


@pytest.fixture(autouse=True)
def _variants(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    landlocked_map(tmp_path)
    monkeypatch.setenv(VARIANTS_DIR_VARIABLE, str(tmp_path))
    load_variant.cache_clear()
    yield tmp_path
    load_variant.cache_clear()


def _played(units: dict[str, list[str]]) -> tuple[Position, Position]:
    """The same units on the handbook's board, by Diplomacia and by Landlocked."""
    diplomacia = board(units)
    return diplomacia, replace(diplomacia, variant=load_variant("landlocked"))


def _results(position: Position, orders: dict[str, list[str]]) -> dict[str, str]:
    given = {
        power: [parse_order(text, position, power, check=False) for text in texts]
        for power, texts in orders.items()
    }
    return {r.key: r.text for r in adjudicate(position, given).results}


def test_a_map_file_names_the_third_ruleset_and_plays_by_it() -> None:
    variant = load_variant("landlocked")
    assert variant.rules.ruleset is LANDLOCKED
    assert ruleset_named("landlocked") is LANDLOCKED
    # what it does not change is Diplomacia's: numbered turns, control of every area
    opening = Position.initial(variant)
    assert str(opening.phase) == "T1M"
    assert "control" in opening.to_json()
    with pytest.raises(IllegalOrderError) as refused:
        check_order(opening, "VISEGRAD", Build(Unit(UnitType.ARMY, "LAT")))
    assert str(refused.value) == (
        "it is Turn 1 Movement: only holds, moves, supports and port seizures can be ordered"
    )


def test_an_army_is_not_carried_by_sea_where_diplomacia_carries_it() -> None:
    diplomacia, landlocked = _played({"VISEGRAD": ["A POM", "F SBA"]})
    orders = {"VISEGRAD": ["A POM - SMA", "F SBA C POM - SMA"]}
    assert _results(diplomacia, orders) == {"A POM": "moved", "F SBA": "convoyed"}
    assert _results(landlocked, orders) == {
        "A POM": "illegal: armies are never carried by sea in a landlocked game: A POM can "
        "only walk to LAT",
        "F SBA": "illegal: fleets carry no armies in a landlocked game",
    }
    listed = [format_order(o) for o in legal_orders(landlocked, "SBA")]
    assert listed and not any(" C " in order for order in listed)
    assert any(" C " in format_order(o) for o in legal_orders(diplomacia, "SBA"))


def test_the_later_of_two_orders_stands_where_diplomacia_cancels_both() -> None:
    diplomacia, landlocked = _played({"VISEGRAD": ["A POM"]})
    orders = {"VISEGRAD": ["A POM H", "A POM - LAT"]}
    assert _results(diplomacia, orders) == {
        "A POM": "void: two orders for one unit: neither counts (Diplomacia handbook 8)"
    }
    assert _results(landlocked, orders) == {"A POM": "moved"}


def _request(position: Position, orders: dict[str, list[str]]) -> str:
    request: dict[str, Any] = position.to_json()
    del request["homes"], request["centers"]
    request["variant"] = "landlocked"
    request["orders"] = orders
    return json.dumps(request)


REQUEST_ORDERS = {
    "VISEGRAD": ["A POM - SMA", "F SBA C POM - SMA"],
    "RUSSIA": ["A KAR H", "A KAR - FIN"],
}


def _check_answer(answer: dict[str, Any]) -> None:
    assert answer["phase"] == "T1M"
    assert answer["results"]["F SBA"] == "illegal: fleets carry no armies in a landlocked game"
    assert answer["results"]["A POM"].startswith("illegal: armies are never carried by sea")
    assert answer["results"]["A KAR"] == "moved"
    assert answer["next_phase"] == "T2M"
    assert answer["units"]["VISEGRAD"] == ["A POM", "F SBA"]
    assert "FIN" in answer["control"]["RUSSIA"]


def test_dipgm_adjudicate_plays_a_phase_of_the_third_ruleset(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, landlocked = _played({"VISEGRAD": ["A POM", "F SBA"], "RUSSIA": ["A KAR"]})
    monkeypatch.setattr(sys, "stdin", io.StringIO(_request(landlocked, REQUEST_ORDERS) + "\n"))
    assert main(["adjudicate"]) == 0
    (line,) = capsys.readouterr().out.splitlines()
    _check_answer(json.loads(line))


def test_an_installed_package_offers_the_ruleset_to_dipgm_adjudicate(_variants: Path) -> None:
    """A fresh `dipgm adjudicate` imports nothing of this test: the ruleset is found through
    the entry point a package declares (here a distribution's metadata on the path)."""
    site = _variants / "site"
    info = site / "landlocked_rules-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: landlocked-rules\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[dipgm.rulesets]\nlandlocked = tests.engine.test_third_ruleset:LANDLOCKED\n"
    )
    _, landlocked = _played({"VISEGRAD": ["A POM", "F SBA"], "RUSSIA": ["A KAR"]})
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", "adjudicate"],
        input=_request(landlocked, REQUEST_ORDERS) + "\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={
            "PATH": "/usr/bin:/bin",
            "PYTHONPATH": f"{site}:{ROOT}",
            VARIANTS_DIR_VARIABLE: str(_variants),
        },
        timeout=120,
        check=True,
    )
    _check_answer(json.loads(done.stdout))


def test_a_ruleset_is_one_object_found_again_by_its_name() -> None:
    assert pickle.loads(pickle.dumps(LANDLOCKED)) is LANDLOCKED
    assert register(LANDLOCKED) is LANDLOCKED  # registering it again changes nothing
    with pytest.raises(ValueError, match="another ruleset is already registered as 'landlocked'"):
        register(Landlocked())
    with pytest.raises(VariantError, match=r"unknown ruleset 'seaside' \(known: standard, "):
        ruleset_named("seaside")


def test_a_map_file_may_not_name_a_ruleset_that_plays_no_areas(_variants: Path) -> None:
    data = json.loads(HANDBOOK_FILE.read_text("utf-8"))
    data["rules"] = {"ruleset": "standard"}
    problems = map_problems(data)
    assert (
        'a map file is played by the Diplomacia rules: "rules" needs "ruleset": "diplomacia"'
        in problems
    )
