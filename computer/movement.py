"""A power's movement orders: every unit takes the most valuable province it can reach, two of
its units never go for the same one, and the others back the moves that meet resistance or
the centres under threat.

The choices are made greedily over (unit, province) pairs from the most valuable down. A
province already taken by one of the power's own moves turns a later pair into a support of
that move when it still wants one; a province where an own unit stands is entered only once
that unit has chosen to leave (and not into the mover's own province: a swap bounces). A
unit that could still enter such a province waits a round for the occupant to decide.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from computer.board import reachable, seizable
from computer.convoys import voyages
from computer.sides import friends
from computer.values import Values, province_values, threat
from engine import (
    Hold,
    Move,
    Order,
    Position,
    SupportHold,
    SupportMove,
    Unit,
    UnitType,
)
from engine.orders import Seize

# Noise on a pair's worth, so equal choices are broken by the seed and not by the alphabet
_NOISE = 0.05
# An attack on an occupied province nobody of ours can back rarely succeeds
_LONE_ATTACK = 0.3
# A convoy ties up fleets too: its worth shrinks with every fleet in the chain
_CONVOY_SHARE = 0.9
# Diplomacia: what a port seized counts beside the army's own place, of a fleet's worth there
_SEIZURE = 0.5


@dataclass(frozen=True)
class _Pair:
    worth: float
    unit: Unit
    dest: str
    fleets: tuple[Unit, ...] = ()  # the fleets convoying this army, if it goes by sea
    voyage: tuple[Order, ...] = ()  # then the army's and the fleets' orders
    seize: str | None = None  # Diplomacia: the sector whose port the army seizes, staying


@dataclass
class _Plan:
    """Decisions so far: what each own unit (by province) does, who holds each province."""

    position: Position
    power: str
    mine: frozenset[str]
    orders: dict[str, Order] = field(default_factory=dict)
    going: dict[str, str] = field(default_factory=dict)  # mover's province -> its destination
    claimed: dict[str, str] = field(default_factory=dict)  # destination -> unit's province
    wanted: dict[str, int] = field(default_factory=dict)  # destination -> supports still wanted

    def strongest_rival(self, province: str) -> int:
        return max(threat(self.position, province, self.mine).values(), default=0)


def movement_orders(position: Position, power: str, rng: random.Random) -> list[Order]:
    units = own_units(position, power)
    if not units:
        return []
    plan = _Plan(position, power, friends(position, power))
    values = province_values(position, power)
    pairs = sorted(_pairs(plan, values, rng), key=lambda p: (-p.worth, p.unit.province, p.dest))
    patient = True
    while len(plan.orders) < len(units):
        waiting: set[str] = set()
        decided = 0
        for pair in pairs:
            here = pair.unit.province
            if here in plan.orders or here in waiting:
                continue
            verdict = _try(plan, pair, patient)
            if verdict is None:
                waiting.add(here)
            elif verdict:
                decided += 1
        patient = decided > 0
    return [plan.orders[u.province] for u in units]


def _pairs(plan: _Plan, values: Values, rng: random.Random) -> Iterator[_Pair]:
    position = plan.position
    own = own_units(position, plan.power)
    for unit in own:
        yield _Pair(values.unit(unit) * _noise(rng), unit, unit.province)
        for dest in sorted(reachable(position, unit)):
            owner = position.owner_in(dest)
            if owner is not None and owner in plan.mine and owner != plan.power:
                continue  # a friend's unit: never attacked
            worth = values.of(unit.type, dest) * _noise(rng)
            if (
                owner is not None
                and owner not in plan.mine
                and not _backing(position, own, unit, dest)
            ):
                worth *= _LONE_ATTACK
            yield _Pair(worth, unit, dest)
    yield from _convoy_pairs(position, plan.power, own, values, rng)
    yield from _seizure_pairs(plan, own, values, rng)


def own_units(position: Position, power: str) -> list[Unit]:
    """The power's units in a fixed order: the same position read back from JSON lists them
    otherwise, and must be given the same orders."""
    return sorted(position.units.get(power, ()), key=lambda u: u.location)


def _noise(rng: random.Random) -> float:
    return 1.0 + _NOISE * rng.random()


def _backing(position: Position, own: list[Unit], mover: Unit, dest: str) -> bool:
    variant = position.variant
    return any(u != mover and variant.reaches(u.type, u.location, dest) for u in own)


def _convoy_pairs(
    position: Position, power: str, own: list[Unit], values: Values, rng: random.Random
) -> Iterator[_Pair]:
    """An army carried by a chain of own fleets at sea to an empty shore it cannot walk to."""
    for voyage in voyages(position, power, own):
        worth = values.of(UnitType.ARMY, voyage.dest) * _CONVOY_SHARE ** len(voyage.fleets)
        yield _Pair(worth * _noise(rng), voyage.army, voyage.dest, voyage.fleets, voyage.orders)


def _seizure_pairs(
    plan: _Plan, own: list[Unit], values: Values, rng: random.Random
) -> Iterator[_Pair]:
    """Diplomacia: an army seizing a port off its territory that is not its power's yet; it
    stays where it is, so the pair is worth its place and the port's share besides."""
    control = plan.position.control
    for army in own:
        for sector in seizable(plan.position.variant, army):
            if control.get(sector) not in plan.mine and sector not in plan.position.closed:
                worth = values.unit(army) + _SEIZURE * values.of(UnitType.FLEET, sector)
                yield _Pair(worth * _noise(rng), army, army.province, seize=sector)


def _try(plan: _Plan, pair: _Pair, patient: bool) -> bool | None:
    """Decide ``pair`` if it can be: True when its unit got an order, False when the pair is
    not possible, None when the unit should wait for an own unit in the way to decide."""
    unit, dest, here = pair.unit, pair.dest, pair.unit.province
    position = plan.position
    if dest == here:
        plan.orders[here] = Seize(unit, pair.seize) if pair.seize else Hold(unit)
        plan.claimed[here] = here
        plan.wanted[here] = max(0, plan.strongest_rival(here) - 1)
        return True
    if dest in plan.claimed:
        return _support(plan, unit, dest)
    if any(f.province in plan.orders for f in pair.fleets):
        return False
    occupant = position.occupant(dest)
    if occupant is not None and occupant[0] == plan.power:
        if dest not in plan.orders:
            return None if patient else False
        if plan.going.get(dest) in (None, here):
            return False  # it stays, or it comes here: the two would bounce
    plan.going[here] = dest
    plan.claimed[dest] = here
    plan.wanted[dest] = plan.strongest_rival(dest)
    if not pair.fleets:
        plan.orders[here] = Move(unit, landing(position, unit, dest))
    else:
        for order in pair.voyage:
            plan.orders[order.unit.province] = order  # type: ignore[union-attr]
    return True


def _support(plan: _Plan, unit: Unit, dest: str) -> bool:
    """Back the own unit that claimed ``dest`` (moving in or holding), if it wants it."""
    if plan.wanted.get(dest, 0) <= 0:
        return False
    if not plan.position.variant.reaches(unit.type, unit.location, dest):
        return False
    backed = plan.claimed[dest]
    order = plan.orders[backed]
    if isinstance(order, Move) and not plan.position.variant.reaches(
        order.unit.type, order.unit.location, dest
    ):
        return False  # a supporter next to the landing would be wasted if the convoy fails
    target = plan.position.unit_in(backed)
    assert target is not None
    if backed == dest:
        plan.orders[unit.province] = SupportHold(unit, dest, target.type)
    else:
        plan.orders[unit.province] = SupportMove(unit, backed, dest, target.type)
    plan.wanted[dest] -= 1
    return True


def landing(position: Position, unit: Unit, dest: str) -> str:
    """The location to move to: a fleet names the coast it reaches."""
    if unit.type is UnitType.ARMY:
        return dest
    targets = position.variant.fleet_targets(unit.location, dest)
    return targets[0] if targets else dest
