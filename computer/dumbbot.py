"""DumbBot, the rule-based yardstick of Diplomacy computer players (David Norman, 2002), written
from its published description: every place is valued by the size of the powers whose centres
lie there or near, those values spread over ten rounds, and each unit picks among its moves by a
rule that usually takes the best and sometimes one close behind.

It plays an opponent in `dipgm play --dumbbot`, the easy computer level, and the yardstick of
`make bench-bots`. Places are provinces (a fleet's coasts merged); it neither convoys nor
reads a Diplomacia board's ports, which its rules do not know. What it builds or removes is
the engine's answer, account by account (:func:`computer.adjustments.settle`).

>>> from engine import Position
>>> len(dumbbot_orders(Position.initial(), "ENGLAND", seed=1))
3
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property

from computer.adjustments import settle
from computer.board import board_of, reachable
from computer.movement import landing, own_units
from computer.sides import friends
from computer.values import power_weight
from engine import (
    Disband,
    Hold,
    Move,
    Order,
    PhaseKind,
    Position,
    Retreat,
    Rules,
    Season,
    SupportHold,
    SupportMove,
    Unit,
    UnitType,
)
from engine.units import province_of

_SPRING = ((700.0, 300.0), (100.0, 1000.0, 30.0, 10.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0))
_FALL = ((600.0, 400.0), (1000.0, 100.0, 30.0, 10.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0))
_STRENGTH = 1000.0
_COMPETITION = 1000.0
_DEFENCE = 1000.0
_COIN = 50
_DIFFERENCE = 500.0


def choose(ranked: Sequence[tuple[float, str]], rng: random.Random) -> str:
    """DumbBot's choice rule over candidates sorted best first: step to the next one on a coin
    and a second draw against how far it falls behind (never beyond 20 %)."""
    index = 0
    while index + 1 < len(ranked):
        current, following = ranked[index][0], ranked[index + 1][0]
        chance = (current - following) * _DIFFERENCE / abs(current) if current else 0.0
        if rng.randrange(100) < _COIN and rng.randrange(100) >= chance:
            index += 1
        else:
            break
    return ranked[index][1]


@dataclass(frozen=True)
class Reading:
    """DumbBot's values of one position for one power, computed once and drawn from often."""

    position: Position
    power: str

    @cached_property
    def mine(self) -> frozenset[str]:
        return friends(self.position, self.power)

    @cached_property
    def _spring(self) -> bool:
        phase = self.position.phase
        return phase.season is Season.SPRING and phase.kind is not PhaseKind.ADJUSTMENTS

    @cached_property
    def reach(self) -> dict[str, dict[str, int]]:
        """Province -> power -> how many of its units stand in it or could move into it."""
        found: dict[str, dict[str, int]] = {}
        variant = self.position.variant
        for power, unit in self.position.unit_list:
            if power in self.position.neutral:
                places = {unit.province}
            else:
                places = set(variant.neighbours(unit.type, unit.location)) | {unit.province}
            for place in places:
                counts = found.setdefault(place, {})
                counts[power] = counts.get(power, 0) + 1
        return found

    @cached_property
    def defence(self) -> dict[str, float]:
        """Own centre -> size of the largest enemy with a unit that can move into it."""
        sizes = self._sizes
        out: dict[str, float] = {}
        for centre in self._own_centres:
            enemies = [p for p in self.reach.get(centre, {}) if p not in self.mine and p in sizes]
            out[centre] = max((sizes[p] for p in enemies), default=0.0)
        return out

    @cached_property
    def _sizes(self) -> dict[str, float]:
        return {p: power_weight(len(cs)) for p, cs in self.position.centers.items()}

    @cached_property
    def _own_centres(self) -> frozenset[str]:
        return frozenset(c for p in self.mine for c in self.position.centers.get(p, ()))

    @cached_property
    def _base(self) -> dict[str, float]:
        position = self.position
        attack_weight, defence_weight = (_SPRING if self._spring else _FALL)[0]
        owners = {c: p for p, cs in position.centers.items() for c in cs}
        centres = position.variant.supply_centers - position.closed
        unowned = power_weight(sum(1 for c in centres if c not in owners))
        base: dict[str, float] = {}
        for centre in centres:
            if centre in self._own_centres:
                base[centre] = defence_weight * self.defence[centre]
            else:
                owner = owners.get(centre)
                size = unowned if owner is None else self._sizes.get(owner, 0.0)
                base[centre] = attack_weight * size
        return base

    def _spread(self, unit_type: UnitType) -> dict[str, float]:
        board = board_of(self.position.variant)
        links = board.links(unit_type)
        weights = (_SPRING if self._spring else _FALL)[1]
        current = {p: self._base.get(p, 0.0) for p in links}
        total = {p: weights[0] * v for p, v in current.items()}
        for weight in weights[1:]:
            current = {
                p: (v + sum(current.get(n, 0.0) for n in links[p])) / 5.0
                for p, v in current.items()
            }
            for p, v in current.items():
                total[p] += weight * v
        return total

    @cached_property
    def army(self) -> dict[str, float]:
        return self._spread(UnitType.ARMY)

    @cached_property
    def fleet(self) -> dict[str, float]:
        return self._spread(UnitType.FLEET)

    def strength(self, province: str) -> int:
        return sum(n for p, n in self.reach.get(province, {}).items() if p == self.power)

    def competition(self, province: str) -> int:
        counts = self.reach.get(province, {})
        return max((n for p, n in counts.items() if p not in self.mine), default=0)

    def value(self, unit_type: UnitType, province: str) -> float:
        table = self.army if unit_type is UnitType.ARMY else self.fleet
        spread = table.get(province, 0.0)
        if self.position.phase.kind is PhaseKind.ADJUSTMENTS:
            return spread + _DEFENCE * self.defence.get(province, 0.0)
        return (
            spread + _STRENGTH * self.strength(province) - _COMPETITION * self.competition(province)
        )


def dumbbot_plays(rules: Rules) -> bool:
    """Whether DumbBot's rules fit the game: centres owned, one account of them, and whole
    convoys (not control of every area, two accounts, nor convoys hop by hop)."""
    ruleset = rules.ruleset
    return not (ruleset.keeps_control or ruleset.two_accounts or ruleset.hop_convoys)


def dumbbot_orders(position: Position, power: str, *, seed: int) -> list[Order]:
    """DumbBot's orders for ``power`` in ``position``'s phase (the same seed, the same orders)."""
    if power not in position.variant.power_info or power in position.neutral:
        return []
    rng = random.Random(f"dumbbot:{seed}:{position.phase}:{power}")
    return draw(Reading(position, power), rng)


def draw(reading: Reading, rng: random.Random) -> list[Order]:
    """One draw of DumbBot's orders from values already read (the search draws many)."""
    kind = reading.position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return _Movement(reading, rng).plan()
    if kind is PhaseKind.RETREATS:
        return _retreats(reading, rng)
    return _adjustments(reading, rng)


class _Movement:
    def __init__(self, reading: Reading, rng: random.Random) -> None:
        self.reading = reading
        self.rng = rng
        self.position = reading.position
        self.units = {u.province: u for u in own_units(self.position, reading.power)}
        self.orders: dict[str, Order] = {}
        self.going: dict[str, str] = {}  # destination -> mover's province
        self.busy: set[str] = set()  # units being decided (a chain of occupants)

    def plan(self) -> list[Order]:
        order = sorted(self.units)
        self.rng.shuffle(order)
        for here in order:
            self._decide(here)
        self._idle_supports()
        return [self.orders[p] for p in sorted(self.units)]

    def _ranked(self, unit: Unit, excluded: set[str]) -> list[tuple[float, str]]:
        value = self.reading.value
        options = [(value(unit.type, unit.province) + 1.0, unit.province)]
        options.extend(
            (value(unit.type, d), d) for d in reachable(self.position, unit) if d not in excluded
        )
        return sorted(options, key=lambda o: (-o[0], o[1]))

    def _decide(self, here: str) -> None:
        if here in self.orders or here in self.busy:
            return
        self.busy.add(here)
        unit = self.units[here]
        excluded: set[str] = set()
        while here not in self.orders:
            dest = choose(self._ranked(unit, excluded), self.rng)
            if dest == here:
                self.orders[here] = Hold(unit)
            elif dest in self.units and dest not in self.orders and dest not in self.busy:
                self._decide(dest)  # the occupant goes first, then this unit chooses again
            elif dest in self.going:
                self._back_move(unit, dest, excluded)
            elif dest in self.units:
                self._back_stay(unit, dest, excluded)
            else:
                self.orders[here] = Move(unit, landing(self.position, unit, dest))
                self.going[dest] = here
        self.busy.discard(here)

    def _stays(self, province: str) -> bool:
        order = self.orders.get(province)
        return province in self.busy or (order is not None and not isinstance(order, Move))

    def _back_stay(self, unit: Unit, dest: str, excluded: set[str]) -> None:
        if self._stays(dest) and self.reading.competition(dest) > 1:
            self.orders[unit.province] = SupportHold(unit, dest, self.units[dest].type)
        elif self._stays(dest):
            excluded.add(dest)
        else:  # its occupant leaves: follow it in
            self.orders[unit.province] = Move(unit, landing(self.position, unit, dest))
            self.going[dest] = unit.province

    def _back_move(self, unit: Unit, dest: str, excluded: set[str]) -> None:
        mover = self.going[dest]
        if self.reading.competition(dest) > 0 and mover != unit.province:
            self.orders[unit.province] = SupportMove(unit, mover, dest, self.units[mover].type)
        else:
            excluded.add(dest)

    def _idle_supports(self) -> None:
        variant = self.position.variant
        for here, order in sorted(self.orders.items()):
            if not isinstance(order, Hold):
                continue
            unit = order.unit
            best: tuple[float, Order] | None = None
            for dest in sorted(variant.neighbours(unit.type, unit.location)):
                found = self._support_for(unit, province_of(dest))
                if found is not None:
                    worth = self.reading.value(unit.type, province_of(dest))
                    if best is None or worth > best[0]:
                        best = (worth, found)
            if best is not None:
                self.orders[here] = best[1]

    def _support_for(self, unit: Unit, dest: str) -> Order | None:
        competition = self.reading.competition(dest)
        mover = self.going.get(dest)
        if mover is not None and mover != unit.province and competition > 0:
            return SupportMove(unit, mover, dest, self.units[mover].type)
        if dest in self.units and competition > 1:
            stays = self.orders.get(dest)
            if stays is not None and not isinstance(stays, Move):
                return SupportHold(unit, dest, self.units[dest].type)
        return None


def _retreats(reading: Reading, rng: random.Random) -> list[Order]:
    position = reading.position
    taken: set[str] = set()
    orders: list[Order] = []
    mine = [d for d in position.dislodged if d.power == reading.power]
    for dislodged in sorted(mine, key=lambda d: d.unit.location):
        unit = dislodged.unit
        options = sorted(
            (
                (reading.value(unit.type, province_of(dest)), dest)
                for dest in dislodged.retreats
                if province_of(dest) not in taken
            ),
            key=lambda o: (-o[0], o[1]),
        )
        if not options:
            orders.append(Disband(unit))
            continue
        dest = choose(options, rng)
        taken.add(province_of(dest))
        orders.append(Retreat(unit, dest))
    return orders


def _adjustments(reading: Reading, rng: random.Random) -> list[Order]:
    """Removals of the least valuable units and builds on the most valuable sites, drawn by
    DumbBot's rule, account by account as the engine says they are owed."""

    def remove(own: Sequence[Unit]) -> Unit:
        return _drawn(own, lambda u: -reading.value(u.type, u.province), rng)

    def build(options: Sequence[Unit], force: Sequence[Unit]) -> Unit:
        return _drawn(options, lambda u: reading.value(u.type, u.province), rng)

    units = own_units(reading.position, reading.power)
    return settle(reading.position, reading.power, units, remove, build)


def _drawn(units: Sequence[Unit], value: Callable[[Unit], float], rng: random.Random) -> Unit:
    by_location = {u.location: u for u in units}
    ranked = sorted(((value(u), u.location) for u in units), key=lambda o: (-o[0], o[1]))
    return by_location[choose(ranked, rng)]
