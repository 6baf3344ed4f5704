"""Movement adjudication, exactly as the DATC describes it (strengths as in DATC section 5).

Orders are turned into parallel lists indexed by unit, so that deciding an order is a few
list and dict look-ups; the cycle handling lives in :mod:`engine.resolver`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.convoys import needed_fleets, route_exists
from engine.orders import Convoy, Hold, Move, MovementOrder, SupportHold, SupportMove
from engine.outcomes import Outcome
from engine.resolver import Resolver
from engine.units import Unit, UnitType, province_of
from engine.variant import ProvinceKind, Variant

HOLD, MOVE, SUPPORT_HOLD, SUPPORT_MOVE, CONVOY = range(5)
_KINDS = {
    Hold: HOLD,
    Move: MOVE,
    SupportHold: SUPPORT_HOLD,
    SupportMove: SUPPORT_MOVE,
    Convoy: CONVOY,
}
_NO_UNIT = -1


@dataclass(frozen=True, slots=True)
class MovementResult:
    """Per unit (same index as the input): outcome, and where it ends up."""

    outcomes: list[Outcome]
    dislodged: list[bool]
    # province the dislodging attack came from, or None (convoyed attack / not dislodged)
    attacker_from: list[str | None]
    final_location: list[str]
    contested: frozenset[str]
    illegal_convoys: dict[int, str]


class _Movement:
    """One movement phase in flat arrays. Index ``i`` is a unit."""

    def __init__(
        self,
        variant: Variant,
        units: Sequence[tuple[str, Unit]],
        orders: Sequence[MovementOrder | None],
    ) -> None:
        n = len(units)
        self.variant = variant
        self.n = n
        self._units = [u for _, u in units]
        self.power = [p for p, _ in units]
        self.prov = prov = [u.province for u in self._units]
        self.at = at = {p: i for i, p in enumerate(prov)}
        self.kind = kind = [HOLD] * n
        self.dest = dest = [""] * n
        self.dest_location = dest_location = [""] * n
        self.target = target = [_NO_UNIT] * n
        self.moves_into: dict[str, list[int]] = {}
        moves_into = self.moves_into
        self.supports: list[list[int]] = [[] for _ in range(n)]
        self.by_convoy = by_convoy = [False] * n
        self.convoyers: list[list[int]] = [[] for _ in range(n)]
        self.h2h = [_NO_UNIT] * n
        self.illegal_convoys: dict[int, str] = {}
        # armies stopped by the Szykman rule: their convoy counts as failed everywhere
        self.paradox_stopped: set[int] = set()
        has_convoys = False
        order: Any  # dispatched on its exact type below: no isinstance chain per unit
        for i, order in enumerate(orders):
            if order is None:
                continue
            k = _KINDS[type(order)]
            kind[i] = k
            if k == MOVE:
                d = order.dest
                dest_location[i] = d
                d = dest[i] = province_of(d)
                movers = moves_into.get(d)
                if movers is None:
                    moves_into[d] = [i]
                else:
                    movers.append(i)
                by_convoy[i] = order.via_convoy
            elif k == SUPPORT_MOVE:
                dest_location[i] = order.dest
                dest[i] = province_of(order.dest)
                target[i] = at.get(order.target, _NO_UNIT)
            elif k == SUPPORT_HOLD:
                dest[i] = order.target
                target[i] = at.get(order.target, _NO_UNIT)
            elif k == CONVOY:
                dest[i] = order.dest
                target[i] = at.get(order.army, _NO_UNIT)
                has_convoys = True
        if has_convoys:
            self._link_convoys()
        self._link()

    # Setting up ----------------------------------------------------------------

    def _link(self) -> None:
        """Attach supports to the orders they back; find head-to-head battles."""
        kind, target, dest, prov = self.kind, self.target, self.dest, self.prov
        supports, by_convoy, at = self.supports, self.by_convoy, self.at
        army_adjacency = self.variant.army_adjacency
        units = self._units
        for i in range(self.n):
            k = kind[i]
            if k == MOVE:
                if not by_convoy[i] and units[i][0] is UnitType.ARMY:
                    by_convoy[i] = dest[i] not in army_adjacency[prov[i]]
            elif k == SUPPORT_HOLD:
                t = target[i]
                if t != _NO_UNIT and kind[t] != MOVE:
                    supports[t].append(i)
            elif k == SUPPORT_MOVE:
                t = target[i]
                if t != _NO_UNIT and kind[t] == MOVE and dest[t] == dest[i]:
                    # a coast named in a support must match the move's (DATC 6.B.9);
                    # a support that names none still counts (6.B.15)
                    named = self.dest_location[i]
                    if named == dest[i] or named == self.dest_location[t]:
                        supports[t].append(i)
        h2h = self.h2h
        for i in range(self.n):
            if kind[i] == MOVE and not by_convoy[i]:
                j = at.get(dest[i], _NO_UNIT)
                if j != _NO_UNIT and kind[j] == MOVE and dest[j] == prov[i] and not by_convoy[j]:
                    h2h[i] = j

    def _link_convoys(self) -> None:
        """Match convoy orders to army moves; decide which moves go by sea (DATC 4.A.3)."""
        kind, target, dest, prov = self.kind, self.target, self.dest, self.prov
        convoy_orders = [i for i in range(self.n) if kind[i] == CONVOY]
        if not convoy_orders:
            return
        variant = self.variant
        sea_fleets = frozenset(
            prov[i]
            for i in range(self.n)
            if self._units[i].type is UnitType.FLEET
            and variant.provinces[prov[i]].kind is ProvinceKind.SEA
        )
        needed: dict[tuple[str, str], frozenset[str]] = {}
        for i in convoy_orders:
            t = target[i]
            army_from = self._units[t].province if t != _NO_UNIT else ""
            key = (army_from or self.dest[i], dest[i])
            if t == _NO_UNIT:
                continue
            if key not in needed:
                needed[key] = needed_fleets(variant, sea_fleets, army_from, dest[i])
            if prov[i] not in needed[key]:
                self.illegal_convoys[i] = (
                    f"the fleet in {prov[i]} is on no convoy route from {army_from} to {dest[i]}"
                )
                kind[i] = HOLD
                target[i] = _NO_UNIT
                continue
            if kind[t] == MOVE and dest[t] == dest[i] and self._units[t].type is UnitType.ARMY:
                self.convoyers[t].append(i)
                if self.power[i] == self.power[t]:
                    self.by_convoy[t] = True  # intent shown by an own fleet (DATC 4.A.3)

    # Decisions -----------------------------------------------------------------

    def _settle_obvious(self) -> None:
        """Decide up front what needs no reasoning: unattacked supports and convoys, and
        lone moves into empty provinces. Most orders of a phase are of these kinds."""
        settle = self.resolver.settle
        moves_into, kind, power = self.moves_into, self.kind, self.power
        for i in range(self.n):
            k = kind[i]
            if k == MOVE:
                lone = not self.by_convoy[i] and len(moves_into[self.dest[i]]) == 1
                if lone and self.dest[i] not in self.at:
                    settle(i, True)
            elif k != HOLD:
                attackers = moves_into.get(self.prov[i])
                if not attackers or (k != CONVOY and all(power[a] == power[i] for a in attackers)):
                    settle(i, True)

    def run(self) -> MovementResult:
        self.resolver = Resolver(self.n, self._adjudicate, self._backup)
        self._settle_obvious()
        resolve = self.resolver.resolve
        n, kind = self.n, self.kind
        success = [resolve(i) if kind[i] != HOLD else True for i in range(n)]
        dislodged = [False] * n
        attacker_from: list[str | None] = [None] * n
        final = [u.location for u in self._units]
        for i in range(n):
            if kind[i] == MOVE and success[i]:
                final[i] = self.dest_location[i]
        for dest, movers in self.moves_into.items():
            for k in movers:
                if success[k]:
                    j = self.at.get(dest, _NO_UNIT)
                    if j != _NO_UNIT and not (kind[j] == MOVE and success[j]):
                        dislodged[j] = True
                        attacker_from[j] = None if self.by_convoy[k] else self.prov[k]
        outcomes = [self._outcome(i, success[i], dislodged[i]) for i in range(n)]
        return MovementResult(
            outcomes=outcomes,
            dislodged=dislodged,
            attacker_from=attacker_from,
            final_location=final,
            contested=self._contested(success),
            illegal_convoys=self.illegal_convoys,
        )

    def _outcome(self, i: int, success: bool, dislodged: bool) -> Outcome:
        if dislodged:
            return Outcome.DISLODGED
        k = self.kind[i]
        if k == MOVE:
            return Outcome.MOVED if success else Outcome.BOUNCED
        if k in (SUPPORT_HOLD, SUPPORT_MOVE):
            if i not in self.supports[self.target[i]] if self.target[i] != _NO_UNIT else True:
                return Outcome.VOID
            return Outcome.SUPPORTED if success else Outcome.CUT
        if k == CONVOY:
            t = self.target[i]
            if t == _NO_UNIT or i not in self.convoyers[t]:
                return Outcome.VOID
            return Outcome.CONVOYED if self.resolver.resolve(t) else Outcome.DISRUPTED
        return Outcome.HELD

    def _contested(self, success: list[bool]) -> frozenset[str]:
        """Provinces left empty by a standoff: no move in succeeded and two or more moves
        that could have entered bounced there (a head-to-head loser makes none: DATC 6.H.9)."""
        out = set()
        for dest, movers in self.moves_into.items():
            if len(movers) < 2 or any(success[k] for k in movers):
                continue
            j = self.at.get(dest, _NO_UNIT)
            if j != _NO_UNIT and not (self.kind[j] == MOVE and success[j]):
                continue
            strong = sum(1 for k in movers if self._prevent(k) > 0)
            if strong >= 2:
                out.add(dest)
        return frozenset(out)

    def _adjudicate(self, i: int) -> bool:
        k = self.kind[i]
        if k == MOVE:
            return self._move_succeeds(i)
        if k == CONVOY:
            return not any(self.resolver.resolve(m) for m in self.moves_into.get(self.prov[i], ()))
        return self._support_given(i)

    def _path(self, i: int) -> bool:
        if not self.by_convoy[i]:
            return True
        if i in self.paradox_stopped:
            return False
        fleets = self.convoyers[i]
        if not fleets:
            return False
        resolve = self.resolver.resolve
        carrying = frozenset(self.prov[f] for f in fleets if resolve(f))
        return route_exists(self.variant, carrying, self.prov[i], self.dest[i])

    def _given(self, supporters: list[int], exclude_power: str | None = None) -> int:
        resolve = self.resolver.resolve
        power = self.power
        return sum(1 for s in supporters if power[s] != exclude_power and resolve(s))

    def _move_succeeds(self, i: int) -> bool:
        if not self._path(i):
            return False
        attack = self._attack(i)
        j = self.h2h[i]
        if j != _NO_UNIT:
            if attack <= 1 + self._given(self.supports[j]):
                return False
        elif attack <= self._hold(self.dest[i]):
            return False
        return all(attack > self._prevent(k) for k in self.moves_into[self.dest[i]] if k != i)

    def _attack(self, i: int) -> int:
        j = self.at.get(self.dest[i], _NO_UNIT)
        if j == _NO_UNIT or (
            self.kind[j] == MOVE and self.h2h[i] != j and self.resolver.resolve(j)
        ):
            return 1 + self._given(self.supports[i])
        if self.power[j] == self.power[i]:
            return 0  # no self-dislodgement
        # supports from the defender's own power never help dislodge it
        return 1 + self._given(self.supports[i], self.power[j])

    def _hold(self, province: str) -> int:
        j = self.at.get(province, _NO_UNIT)
        if j == _NO_UNIT:
            return 0
        if self.kind[j] == MOVE:
            return 0 if self.resolver.resolve(j) else 1
        return 1 + self._given(self.supports[j])

    def _prevent(self, k: int) -> int:
        if not self._path(k):
            return 0
        j = self.h2h[k]
        if j != _NO_UNIT and self.resolver.resolve(j):
            return 0  # it lost its head-to-head battle
        return 1 + self._given(self.supports[k])

    def _support_given(self, i: int) -> bool:
        supporter_power = self.power[i]
        for k in self.moves_into.get(self.prov[i], ()):
            if self.power[k] == supporter_power:
                continue  # a unit cannot cut the support of its own power (DATC 6.D.20)
            if self.kind[i] == SUPPORT_MOVE and self.prov[k] == self.dest[i]:
                # the attacked target can only break the support by dislodging it
                if self.resolver.resolve(k):
                    return False
                continue
            if self._path(k):
                return False
        return True

    def _backup(self, cycle: list[int]) -> None:
        """Settle a cycle with no or two consistent results (DATC 4.A.2 and 5)."""
        settle = self.resolver.settle
        kind = self.kind
        convoys = [i for i in cycle if kind[i] == CONVOY]
        if convoys:
            convoyed = {i for i in cycle if kind[i] == MOVE and self.by_convoy[i]}
            for c in convoys:
                army = self.target[c]
                if army != _NO_UNIT and c in self.convoyers[army] and self.by_convoy[army]:
                    convoyed.add(army)
            # Szykman rule: the convoyed armies in the paradox do not move
            for i in convoyed:
                self.paradox_stopped.add(i)
                settle(i, False)
            return
        moves = [i for i in cycle if kind[i] == MOVE]
        # circular movement: every move in the ring succeeds
        for i in moves:
            settle(i, True)
        if not moves:  # cannot happen on a sane board; never loop forever
            for i in cycle:
                settle(i, False)


def adjudicate_movement(
    variant: Variant,
    units: Sequence[tuple[str, Unit]],
    orders: Sequence[MovementOrder | None],
) -> MovementResult:
    """Resolve one movement phase. ``units[i]`` is (power, unit); ``orders[i]`` its order
    (already checked legal; ``None``: no order, the unit holds). Returns per-unit outcomes."""
    return _Movement(variant, units, orders).run()


__all__ = ["Hold", "MovementResult", "adjudicate_movement"]
