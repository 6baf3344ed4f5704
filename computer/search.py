"""The strong computer player's movement orders: a search over order sets, each tried with the
engine against orders the other powers are likely to give.

Candidates for the power come from two cheap policies (DumbBot's draws and the value player's),
the other powers' orders are sampled from DumbBot's rule; every candidate is adjudicated against
the same samples, and the best on average is then improved one unit at a time (a move, a hold,
a support of an own unit) while the budget lasts. A position is judged by what wins: the centres
the power will hold once this year's Fall has settled, the ones left open to the enemy next, and
the centres it stands next to; where units or pieces win, the units dislodged on each side
too. On a Diplomacia board the search also tries port seizures and convoys hop by hop, and
counts the ports a power controls, which pay for its fleets.

The budget counts adjudications, not seconds, so the same seed gives the same orders on any
machine; a wall-clock limit well above it only guards against a starved process.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from computer.board import reachable, seizable
from computer.convoys import voyages
from computer.dumbbot import Reading, draw
from computer.movement import landing, movement_orders, own_units
from computer.sides import friends
from computer.values import province_values
from engine import (
    Hold,
    Move,
    Order,
    Position,
    Season,
    SupportHold,
    SupportMove,
    Unit,
    UnitType,
    Variant,
    Victory,
    adjudicate,
)
from engine.orders import Seize, SupportSeize

# What an adjudicated position is worth, in centres
_SPRING_GAIN = 0.7  # a centre occupied in the Spring is not yet owned
_LOST_UNIT = 0.6  # a unit dislodged may yet retreat
_OPEN = 0.35  # an own centre an enemy stands next to with nobody of ours in it
_NEAR = 0.12  # a centre not ours next to one of our units
_PORT = 0.5  # Diplomacia: a port sector, which pays for a fleet as a centre pays for an army
# where units or pieces win (1961, World War I): an enemy unit dislodged, one of ours
_PIECE = 0.4
# where the units stand, by the value player's reading of the board before the phase: a unit
# on the most valuable place counts this much (it gives the search a direction when no
# centre is within reach)
_PLACE = 0.1


@dataclass(frozen=True)
class Budget:
    """How much a search may do: adjudications in all, opponents' samples each candidate is
    tried against, first candidates drawn, and a wall-clock safety stop."""

    simulations: int = 700
    samples: int = 8
    candidates: int = 16
    seconds: float = 5.0


Plan = dict[str, Order]  # an own unit's province -> its order


def search_orders(
    position: Position, power: str, rng: random.Random, budget: Budget
) -> list[Order]:
    units = own_units(position, power)
    if not units:
        return []
    search = _Search(position, power, rng, budget)
    best = search.best_start()
    best = search.improve(best)
    return [best[u.province] for u in units]


class _Search:
    def __init__(self, position: Position, power: str, rng: random.Random, budget: Budget) -> None:
        self.position = position
        self.power = power
        self.rng = rng
        self.budget = budget
        self.mine = friends(position, power)
        self.units = {u.province: u for u in own_units(position, power)}
        self.left = budget.simulations
        self.stop = time.monotonic() + budget.seconds
        self.reading = Reading(position, power)
        self.ports = bool(position.variant.ports)
        self.voyages = list(voyages(position, power, list(self.units.values())))
        self.values = province_values(position, power)
        self.top = max((*self.values.army.values(), *self.values.fleet.values(), 1.0))
        self.samples = self._samples()
        spring = position.phase.season is Season.SPRING
        self.gain = _SPRING_GAIN if spring else 1.0

    def _samples(self) -> list[dict[str, list[Order]]]:
        others = [
            p
            for p in self.position.variant.powers
            if p != self.power and self.position.units.get(p) and p not in self.position.neutral
        ]
        readings = {p: Reading(self.position, p) for p in others}
        samples: list[dict[str, list[Order]]] = []
        for index in range(self.budget.samples):
            if index % 8 == 6:  # neighbours that hold, as powers in civil disorder do
                samples.append({})
            elif index % 4 == 3 or (self.ports and index % 2):
                # the value player's orders: another kind of neighbour, and on a board with
                # ports the one that seizes them and convoys (DumbBot's rules do neither)
                samples.append({p: movement_orders(self.position, p, self.rng) for p in others})
            else:
                samples.append({p: draw(readings[p], self.rng) for p in others})
        return samples

    def out_of_budget(self) -> bool:
        return self.left < len(self.samples) or time.monotonic() > self.stop

    def worth(self, plan: Plan) -> float:
        """The plan's average outcome over the opponents' samples."""
        own = list(plan.values())
        scores = []
        for sample in self.samples:
            orders: dict[str, Sequence[Order]] = {**sample, self.power: own}
            after = adjudicate(self.position, orders).position
            scores.append(judge(after, self.power, self.mine, self.gain) + self._placed(after))
        self.left -= len(self.samples)
        # rounded: plans of equal worth must tie exactly in every process, whatever order
        # its sets iterate in, so that the first of them wins everywhere
        return round(math.fsum(scores) / len(self.samples), 9)

    def _placed(self, after: Position) -> float:
        # fsum: the same total whatever order the engine lists the units in
        units = after.units.get(self.power, ())
        return _PLACE * math.fsum(self.values.unit(u) for u in units) / self.top

    def best_start(self) -> Plan:
        seen: dict[tuple[Order, ...], Plan] = {}
        for index in range(self.budget.candidates):
            if index % 4 == 3 or (self.ports and index % 2):
                drawn = movement_orders(self.position, self.power, self.rng)
            else:
                drawn = draw(self.reading, self.rng)
            plan = {o.unit.province: o for o in drawn}  # type: ignore[union-attr]
            key = tuple(plan[p] for p in sorted(plan))
            seen.setdefault(key, plan)
        scored: list[tuple[float, Plan]] = []
        for plan in seen.values():
            if self.out_of_budget() and scored:
                break
            scored.append((self.worth(plan), plan))
        return max(scored, key=lambda s: s[0])[1] if scored else next(iter(seen.values()))

    def improve(self, plan: Plan) -> Plan:
        """Hill-climb one unit's order (or an attack with its supports) at a time, in a seeded
        order, while the budget lasts."""
        best = self.worth(plan) if not self.out_of_budget() else 0.0
        improved = True
        while improved and not self.out_of_budget():
            improved = False
            provinces = sorted(self.units)
            self.rng.shuffle(provinces)
            for here in provinces:
                for change in self._changes(plan, here):
                    if self.out_of_budget():
                        return plan
                    trial = {**plan, **change}
                    score = self.worth(trial)
                    if score > best + 1e-9:
                        best, plan, improved = score, trial, True
        return plan

    def _changes(self, plan: Plan, here: str) -> list[Plan]:
        """Other orders for the unit in ``here``: hold, move, support an own unit; and an
        attack on an enemy unit with every own unit that can back it (a single change could
        never find an attack that needs two)."""
        unit = self.units[here]
        options: list[Plan] = [{here: Hold(unit)}]
        options.extend(self._seizures(unit))
        options.extend(self._voyages(unit))
        for dest in sorted(reachable(self.position, unit)):
            occupant = self.position.owner_in(dest)
            if occupant is None or occupant not in self.mine or occupant == self.power:
                options.append({here: Move(unit, landing(self.position, unit, dest))})
            options.extend({here: o} for o in self._supports(plan, unit, dest))
            if occupant is not None and occupant not in self.mine:
                options.extend(self._attacks(unit, dest))
        return [c for c in options if any(plan[p] != o for p, o in c.items())]

    def _seizures(self, army: Unit) -> list[Plan]:
        """Diplomacia: the army seizes a port off its territory not ours yet, alone or backed
        by every own fleet that reaches the sector."""
        found: list[Plan] = []
        variant = self.position.variant
        for sector in seizable(variant, army):
            if self.position.control.get(sector) in self.mine or sector in self.position.closed:
                continue
            seize: Plan = {army.province: Seize(army, sector)}
            found.append(seize)
            backing = {
                p: SupportSeize(u, army.province, sector)
                for p, u in sorted(self.units.items())
                if u.type is UnitType.FLEET
                and p != sector
                and variant.reaches(UnitType.FLEET, u.location, sector)
            }
            if backing:
                found.append({**seize, **backing})
        return found

    def _voyages(self, army: Unit) -> list[Plan]:
        """The army carried by own fleets to a shore it cannot walk to (hop by hop on a
        Diplomacia board): the army's order and its fleets' as one change."""
        return [
            {o.unit.province: o for o in voyage.orders}  # type: ignore[union-attr]
            for voyage in self.voyages
            if voyage.army == army
        ]

    def _attacks(self, unit: Unit, dest: str) -> list[Plan]:
        variant = self.position.variant
        helpers = [
            u
            for p, u in sorted(self.units.items())
            if p not in (unit.province, dest) and variant.reaches(u.type, u.location, dest)
        ]
        if not helpers:
            return []
        move: Plan = {unit.province: Move(unit, landing(self.position, unit, dest))}
        every = {h.province: SupportMove(h, unit.province, dest, unit.type) for h in helpers}
        found = [{**move, **every}]
        if len(helpers) > 1:
            found.extend({**move, p: o} for p, o in every.items())
        return found

    def _supports(self, plan: Plan, unit: Unit, dest: str) -> list[Order]:
        found: list[Order] = []
        for there, order in plan.items():
            if there == unit.province:
                continue
            if isinstance(order, Move) and order.dest.split("/")[0] == dest:
                found.append(SupportMove(unit, there, dest, self.units[there].type))
            elif there == dest and not isinstance(order, Move):
                found.append(SupportHold(unit, dest, self.units[there].type))
            elif isinstance(order, Seize) and order.sector == dest and unit.type is UnitType.FLEET:
                found.append(SupportSeize(unit, there, dest))
        return found


def judge(after: Position, power: str, mine: frozenset[str], gain: float) -> float:
    """What the position after a movement phase is worth to ``power``, in centres; ``gain``
    is what a centre newly occupied counts (less after a Spring, when it is not yet owned).
    On a Diplomacia board a port counts too, for the fleets it pays for."""
    variant = after.variant
    occupants = after.occupants
    if variant.rules.ruleset.keeps_control:
        owners = dict(after.control)
    else:
        owners = {c: p for p, cs in after.centers.items() for c in cs}
    worth = 0.0
    ours_near: set[str] = set()
    enemies_near: set[str] = set()
    for owner, unit in after.unit_list:
        near = variant.neighbours(unit.type, unit.location)
        (ours_near if owner in mine else enemies_near).update(p.split("/")[0] for p in near)
    for place, weight in _valuable(variant):
        occupant = occupants.get(place)
        if occupant is not None and occupant[0] in mine:
            worth += weight * (1.0 if owners.get(place) in mine else gain)
        elif owners.get(place) in mine:
            if occupant is None:
                worth += weight * (1.0 - (_OPEN if place in enemies_near else 0.0))
            else:
                worth += weight * (1.0 - gain)
        elif place in ours_near:
            worth += weight * _NEAR
    lost = sum(1 for d in after.dislodged if d.power in mine)
    worth -= _LOST_UNIT * lost
    if variant.rules.victory is not Victory.CENTRES:
        # where units or pieces win, a unit dislodged is one the other side may lose for good
        beaten = len(after.dislodged) - lost
        worth += _PIECE * (beaten - lost)
    return worth


@cache
def _valuable(variant: Variant) -> tuple[tuple[str, float], ...]:
    """The places worth holding and what each counts: a centre 1, a port (Diplomacia) less."""
    centres = [(c, 1.0) for c in sorted(variant.supply_centers)]
    ports = [(p, _PORT) for p in sorted(variant.ports - variant.supply_centers)]
    return tuple(centres + ports)
