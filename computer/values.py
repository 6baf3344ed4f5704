"""What each province is worth to one power now.

A supply centre someone else owns is worth the size of its owner (taking from the strong
weakens them most; a power's size is its count of what wins the board, centres or units),
an unowned one a fixed amount; an own centre is worth defending as much as the largest power
next to it. Those values spread to the neighbours over a few rounds, so a province next to
many valuable ones is valuable too; each round counts with its own weight, the centre itself
most in the Fall (when centres change hands) and its neighbours most in the Spring (where a
unit must stand to take one in the Fall).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

from computer.board import Board, board_of
from computer.sides import friends
from engine import Position, ProvinceKind, Season, Unit, UnitType, Variant, victory_counts

# How much each round of spreading counts: the province itself, its neighbours, theirs...
_SPRING_ROUNDS = (100.0, 1000.0, 30.0, 10.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0)
_FALL_ROUNDS = (1000.0, 100.0, 30.0, 10.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0)
# Attack against defence: the Spring looks ahead to taking, the Fall to keeping
_SPRING_WEIGHTS = (700.0, 300.0)
_FALL_WEIGHTS = (600.0, 400.0)
_UNOWNED = 30.0
# Far from anything to take, a unit still heads for the nearest target: each target's worth
# halves with every step away, and counts this much beside the spread values
_FAR_WEIGHT = 10.0
_FAR_DECAY = 0.5
# A sea next to an own army that cannot walk to anything worth taking (on an island) is worth
# this many unowned centres to a fleet: from there it can carry the army across
_FERRY = 30.0
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
    # the valuable provinces not the power's own: what there is to take
    targets: frozenset[str]

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
    base, targets = _base_values(position, power)
    army = _spread(board, base, targets, UnitType.ARMY, position)
    fleet = _spread(board, base, targets, UnitType.FLEET, position)
    ferry = _FERRY * _FALL_WEIGHTS[0] * _UNOWNED
    for unit in position.units.get(power, ()):
        if unit.type is UnitType.ARMY and stranded(position.variant, unit.province, targets):
            for sea in board.fleet_links.get(unit.province, ()):
                if sea in fleet and position.variant.provinces[sea].kind is ProvinceKind.SEA:
                    fleet[sea] += ferry
    return Values(army=army, fleet=fleet, own=base, targets=frozenset(targets))


def stranded(variant: Variant, province: str, targets: Iterable[str]) -> bool:
    """Whether an army in ``province`` can walk to none of ``targets`` (it needs a convoy)."""
    near = _distances(variant, UnitType.ARMY, province, by_land=True)
    return not any(t in near for t in targets)


def _is_fall(position: Position) -> bool:
    phase = position.phase
    if phase.season is Season.TURN:
        return True  # Diplomacia: control changes with every turn
    return phase.season is not Season.SPRING


def _base_values(position: Position, power: str) -> tuple[dict[str, float], list[str]]:
    """Each valuable province's worth, and those among them to be taken (not ours)."""
    variant = position.variant
    mine = friends(position, power)
    attack_weight, defence_weight = _FALL_WEIGHTS if _is_fall(position) else _SPRING_WEIGHTS
    # taking from a power weakens it by what wins: centres, or units where units win
    sizes = victory_counts(position)
    worth: dict[str, float] = {}
    targets: list[str] = []
    valuable = set(variant.supply_centers) | set(variant.ports)
    for province in sorted(valuable - position.closed):
        share = 1.0 if province in variant.supply_centers else _PORT_SHARE
        owner = _owner(position, province)
        if owner in mine:
            enemies = threat(position, province, mine)
            danger = max((power_weight(sizes.get(p, 0)) for p in enemies), default=0.0)
            worth[province] = share * defence_weight * danger
            continue
        targets.append(province)
        if owner is None:
            worth[province] = share * attack_weight * _UNOWNED
        else:
            worth[province] = share * attack_weight * power_weight(sizes.get(owner, 0))
    return worth, targets


def _owner(position: Position, province: str) -> str | None:
    if position.variant.rules.ruleset.keeps_control:
        return position.control.get(province)
    return position.center_owner(province)


def _spread(
    board: Board,
    base: Mapping[str, float],
    targets: list[str],
    unit_type: UnitType,
    position: Position,
) -> dict[str, float]:
    rounds = _FALL_ROUNDS if _is_fall(position) else _SPRING_ROUNDS
    ground = board.ground(unit_type) - position.closed
    names, near = _neighbour_indices(position.variant, unit_type)
    # By position in lists rather than by name in dicts: this is most of a computer's time.
    current = [base.get(p, 0.0) for p in names]
    spread = [rounds[0] * v for v in current]
    for weight in rounds[1:]:
        at = current.__getitem__
        current = [(v + sum(map(at, n))) / 5.0 for v, n in zip(current, near, strict=True)]
        spread = [t + weight * v for t, v in zip(spread, current, strict=True)]
    total = dict(zip(names, spread, strict=True))
    for target in targets:
        for p, steps in _distances(position.variant, unit_type, target).items():
            if p in total:
                total[p] += _FAR_WEIGHT * base[target] * _FAR_DECAY**steps
    return {p: v for p, v in total.items() if p in ground}


@cache
def _neighbour_indices(
    variant: Variant, unit_type: UnitType
) -> tuple[tuple[str, ...], tuple[tuple[int, ...], ...]]:
    """The provinces a unit of this kind travels between, and each one's neighbours by their
    place among them (in the board's sorted order, so sums come out the same everywhere)."""
    links = board_of(variant).travels(unit_type)
    names = tuple(links)
    index = {p: i for i, p in enumerate(names)}
    # a neighbour without links of its own is worth nothing to spread from
    return names, tuple(tuple(index[n] for n in links[p] if n in index) for p in names)


@cache
def _distances(
    variant: Variant, unit_type: UnitType, start: str, by_land: bool = False
) -> dict[str, int]:
    """Steps a unit of this kind takes from ``start`` to every province it can get to (an
    army also by sea, unless ``by_land``)."""
    board = board_of(variant)
    links = board.army_links if by_land else board.travels(unit_type)
    found = {start: 0}
    frontier = [start]
    while frontier:
        following: list[str] = []
        for here in frontier:
            for near in links.get(here, ()):
                if near not in found:
                    found[near] = found[here] + 1
                    following.append(near)
        frontier = following
    return found
