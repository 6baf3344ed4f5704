"""What each province is worth to one power now.

A supply centre someone else owns is worth the size of its owner (taking from the strong
weakens them most), an unowned one a fixed amount; an own centre is worth defending as much
as the largest power next to it. Those values spread to the neighbours over a few rounds, so
a province next to many valuable ones is valuable too; each round counts with its own
weight, the centre itself most in the Fall (when centres change hands) and its neighbours
most in the Spring (where a unit must stand to take one in the Fall).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from computer.board import Board, board_of
from computer.sides import friends
from engine import Position, Season, Unit, UnitType

# How much each round of spreading counts: the province itself, its neighbours, theirs...
_SPRING_ROUNDS = (100.0, 1000.0, 30.0, 10.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0)
_FALL_ROUNDS = (1000.0, 100.0, 30.0, 10.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0)
# Attack against defence: the Spring looks ahead to taking, the Fall to keeping
_SPRING_WEIGHTS = (700.0, 300.0)
_FALL_WEIGHTS = (600.0, 400.0)
_UNOWNED = 30.0
# Diplomacia: a port sector feeds the fleet account, worth less than a centre
_PORT_SHARE = 0.5


def power_weight(centres: int) -> float:
    """How much taking a centre from a power of this size is worth."""
    return centres * centres + 4.0 * centres + 16.0


@dataclass(frozen=True)
class Values:
    """Province -> worth, for an army and for a fleet (a province a unit of that kind cannot
    stand in is worth nothing to it)."""

    army: Mapping[str, float]
    fleet: Mapping[str, float]
    # the province's own worth before spreading (what is lost by leaving it, or won by taking it)
    own: Mapping[str, float]

    def of(self, unit_type: UnitType, province: str) -> float:
        table = self.army if unit_type is UnitType.ARMY else self.fleet
        return table.get(province, 0.0)

    def unit(self, unit: Unit) -> float:
        return self.of(unit.type, unit.province)


def threat(position: Position, province: str, mine: frozenset[str]) -> dict[str, int]:
    """Per other power, how many of its units could move into ``province`` or stand in it."""
    found: dict[str, int] = {}
    variant = position.variant
    for power, unit in position.unit_list:
        if power in mine:
            continue
        if unit.province == province or (
            power not in position.neutral and variant.reaches(unit.type, unit.location, province)
        ):
            found[power] = found.get(power, 0) + 1
    return found


def province_values(position: Position, power: str) -> Values:
    board = board_of(position.variant)
    base = _base_values(position, power)
    army = _spread(board, base, UnitType.ARMY, position)
    fleet = _spread(board, base, UnitType.FLEET, position)
    return Values(army=army, fleet=fleet, own=base)


def _is_fall(position: Position) -> bool:
    phase = position.phase
    if phase.season is Season.TURN:
        return True  # Diplomacia: control changes with every turn
    return phase.season is not Season.SPRING


def _base_values(position: Position, power: str) -> dict[str, float]:
    variant = position.variant
    mine = friends(position, power)
    attack_weight, defence_weight = _FALL_WEIGHTS if _is_fall(position) else _SPRING_WEIGHTS
    sizes = {p: len(cs) for p, cs in position.centers.items()}
    worth: dict[str, float] = {}
    valuable = set(variant.supply_centers) | set(variant.ports)
    for province in sorted(valuable - position.closed):
        share = 1.0 if province in variant.supply_centers else _PORT_SHARE
        owner = _owner(position, province)
        if owner in mine:
            enemies = threat(position, province, mine)
            danger = max((power_weight(sizes.get(p, 0)) for p in enemies), default=0.0)
            worth[province] = share * defence_weight * danger
        elif owner is None:
            worth[province] = share * attack_weight * _UNOWNED
        else:
            worth[province] = share * attack_weight * power_weight(sizes.get(owner, 0))
    return worth


def _owner(position: Position, province: str) -> str | None:
    if position.variant.rules.diplomacia:
        return position.control.get(province)
    return position.center_owner(province)


def _spread(
    board: Board, base: Mapping[str, float], unit_type: UnitType, position: Position
) -> dict[str, float]:
    rounds = _FALL_ROUNDS if _is_fall(position) else _SPRING_ROUNDS
    links = board.links(unit_type)
    ground = board.ground(unit_type) - position.closed
    current = {p: base.get(p, 0.0) for p in links}
    total = {p: rounds[0] * v for p, v in current.items()}
    for weight in rounds[1:]:
        current = {
            p: (v + sum(current.get(n, 0.0) for n in links[p])) / 5.0 for p, v in current.items()
        }
        for p, v in current.items():
            total[p] += weight * v
    return {p: v for p, v in total.items() if p in ground}
