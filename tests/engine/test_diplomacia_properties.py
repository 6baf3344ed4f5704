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
from engine.orders import (
    Build,
    ConvoyHop,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    Seize,
    SupportHold,
    SupportMove,
    SupportSeize,
)
from engine.phase import PhaseKind
from engine.units import Unit, UnitType
from engine.variant import ProvinceKind, Variant

ROOT = Path(__file__).resolve().parents[2]
BOARDS = [ROOT / "tests" / "data" / "handbook.json", ROOT / "engine" / "data" / "diplomacia.json"]


def _board(path: Path) -> Variant:
    data = json.loads(path.read_text("utf-8"))
    return variant_from_map(data, data["name"])


def _movement_orders(rng: random.Random, position: Position) -> dict[str, list[Order]]:
    """Every unit ordered: moves, seizures, supports of both, hops carrying an army ashore."""
    v = position.variant
    placed = {u.province: (p, u) for p, u in position.all_units()}
    moves: dict[str, str] = {}
    seizures: dict[str, str] = {}
    for area, (_, unit) in placed.items():
        roll = rng.random()
        near = sorted(v.neighbours(unit.type, unit.location))
        ports = [s for s in v.shores.get(area, ()) if v.provinces[s].port_off == area]
        if unit.type is UnitType.ARMY and ports and roll < 0.25:
            seizures[area] = rng.choice(ports)
        elif near and roll < 0.7:
            moves[area] = rng.choice(near)
    orders: dict[str, list[Order]] = {p: [] for p in v.powers}
    for area, (power, unit) in placed.items():
        if area in seizures:
            orders[power].append(Seize(unit, seizures[area]))
            continue
        if area in moves:
            orders[power].append(Move(unit, moves[area]))
            continue
        reach = v.neighbours(unit.type, unit.location)
        backed = [(a, d) for a, d in moves.items() if d in reach and a != area]
        seized = [(a, s) for a, s in seizures.items() if s in reach]
        roll = rng.random()
        if unit.type is UnitType.FLEET and seized and roll < 0.3:
            army, sector = rng.choice(seized)
            orders[power].append(SupportSeize(unit, army, sector))
        elif unit.type is UnitType.FLEET and roll < 0.5:
            shore = sorted(v.shores.get(area, ()))
            armies = [a for a in shore if a in placed and a not in seizures]
            landings = [a for a in shore if a not in armies]
            if armies and landings:
                army, landing = rng.choice(armies), rng.choice(landings)
                orders[power].append(ConvoyHop(unit, army, landing))
                army_power, army_unit = placed[army]
                orders[army_power] = [
                    o for o in orders[army_power] if getattr(o, "unit", None) != army_unit
                ]
                orders[army_power].append(Move(army_unit, landing))
                moves[army] = landing
            else:
                orders[power].append(Hold(unit))
        elif backed and roll < 0.8:
            other, dest = rng.choice(backed)
            orders[power].append(SupportMove(unit, other, dest))
        elif roll < 0.9 and any(a in placed for a in reach):
            orders[power].append(SupportHold(unit, rng.choice([a for a in reach if a in placed])))
        else:
            orders[power].append(Hold(unit))
    return orders


def _other_orders(rng: random.Random, position: Position) -> dict[str, list[Order]]:
    orders: dict[str, list[Order]] = {}
    if position.phase.kind is PhaseKind.RETREATS:
        for d in position.dislodged:
            pick: Order = Retreat(d.unit, rng.choice(d.retreats)) if d.retreats else Disband(d.unit)
            orders.setdefault(d.power, []).append(pick)
        return orders
    v = position.variant
    occupied = {u.province for _, u in position.all_units()}
    for power in v.powers:
        for area in sorted(position.controlled(power) - occupied):
            kind = v.provinces[area].kind
            if kind is ProvinceKind.SEA and area in v.ports and rng.random() < 0.7:
                orders.setdefault(power, []).append(Build(Unit(UnitType.FLEET, area)))
            elif area in position.homes[power] and area in v.supply_centers:
                orders.setdefault(power, []).append(Build(Unit(UnitType.ARMY, area)))
    return orders


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
            orders = _movement_orders(rng, position)
            movements.append((position, orders))
        else:
            orders = _other_orders(rng, position)
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
