"""Properties of the Diplomacia ruleset over random games, as for the standard game: one unit
per area, each in its kind of area, control and centres in step, the order of submission
irrelevant, and every account balanced after a control evaluation (handbook 5, 6.5, 8)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine import Position, adjudicate
from engine.map_file import variant_from_map
from engine.orders import Order
from engine.phase import PhaseKind
from engine.units import UnitType
from engine.variant import ProvinceKind, Variant
from tools.scenarios import diplomacia_movement_orders, diplomacia_other_orders

ROOT = Path(__file__).resolve().parents[2]
BOARDS = [ROOT / "tests" / "data" / "handbook.json", ROOT / "engine" / "data" / "diplomacia.json"]


def _board(path: Path) -> Variant:
    data = json.loads(path.read_text("utf-8"))
    return variant_from_map(data, data["name"])


def _check(position: Position) -> None:
    v = position.variant
    seen: set[str] = set()
    for power, unit in position.all_units():
        assert unit.province not in seen, f"two units in {unit.province}"
        seen.add(unit.province)
        kind = v.provinces[unit.province].kind
        assert (kind is ProvinceKind.LAND) == (unit.type is UnitType.ARMY), str(unit)
        assert position.control[unit.province] == power, f"{unit} stands in another's area"
    for power in v.powers:
        controlled = position.controlled(power) & v.supply_centers
        assert position.centers[power] == controlled


def _play(board: Path, seed: int, turns: int) -> list[tuple[Position, dict[str, list[Order]]]]:
    rng = random.Random(seed)
    position = Position.initial(_board(board))
    movements = []
    while position.phase.year <= turns:
        if position.phase.kind is PhaseKind.MOVEMENT:
            orders = diplomacia_movement_orders(rng, position)
            movements.append((position, orders))
        else:
            orders = diplomacia_other_orders(rng, position)
        resolution = adjudicate(position, orders)
        after = resolution.position
        _check(after)
        if position.phase.kind is PhaseKind.ADJUSTMENTS:
            for power in after.variant.powers:
                units = after.units[power]
                armies = sum(1 for u in units if u.type is UnitType.ARMY)
                fleets = len(units) - armies
                assert armies <= len(after.centers[power]), power
                assert fleets <= len(after.ports_of(power)), power
        if resolution.winners:
            break
        position = after
    return movements


@pytest.mark.parametrize("board", [b for b in BOARDS if b.exists()], ids=lambda b: b.stem)
@pytest.mark.parametrize("seed", range(6))
def test_random_games_keep_one_unit_per_area_and_the_accounts_balanced(
    board: Path, seed: int
) -> None:
    assert _play(board, seed, turns=10)


@pytest.mark.parametrize("board", [b for b in BOARDS if b.exists()], ids=lambda b: b.stem)
def test_the_order_orders_are_given_in_changes_nothing(board: Path) -> None:
    rng = random.Random(7)
    for position, orders in _play(board, 11, turns=6):
        expected = adjudicate(position, orders)
        shuffled = {p: rng.sample(os, len(os)) for p, os in reversed(list(orders.items()))}
        again = adjudicate(position, shuffled)
        assert again.position == expected.position
        assert sorted(map(str, again.results)) == sorted(map(str, expected.results))


def test_the_random_games_seize_ports_and_convoy_by_hops() -> None:
    """The properties above are worth something only if the games use Diplomacia's orders."""
    seen: set[str] = set()
    for seed in range(3):
        for position, orders in _play(BOARDS[0], seed, turns=10):
            seen.update(r.outcome.value for r in adjudicate(position, orders).results)
    assert {"seized", "convoyed", "moved", "supported"} <= seen
