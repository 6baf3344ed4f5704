"""Movement adjudication, exactly as the DATC describes it (strengths as in DATC section 5).

Everything inside is a small int: a unit is its index in the phase's list of units, a
province its number on the variant's board index. The orders are first turned into parallel
lists indexed by unit (:mod:`engine.movement_arrays`), so that deciding an order here is a few
list look-ups; the cycle handling lives in :mod:`engine.resolver`. Names come back only in
the result.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.movement_arrays import (
    CONVOY,
    HOLD,
    MOVE,
    NO_UNIT,
    SUPPORT_MOVE,
    MovementArrays,
)
from engine.orders import Hold, MovementOrder
from engine.outcomes import Outcome
from engine.resolver import SETTLED, Resolver
from engine.units import Unit
from engine.variant import Variant


@dataclass(frozen=True, slots=True)
class MovementResult:
    """Per unit (same index as the input): outcome, and where it ends up."""

    outcomes: list[Outcome]
    dislodged: list[bool]
    # province the dislodging attack came from, or None (convoyed attack / not dislodged)
    attacker_from: list[str | None]
    final_location: list[str]
    contested: frozenset[str]
    # provinces holding a unit after the moves (where no dislodged unit may retreat)
    occupied: frozenset[str]
    illegal_convoys: dict[int, str]
    # Diplomacia: army -> its port seizure's result (True: the sector is taken)
    seized: dict[int, bool]
    # Diplomacia: dislodged convoying fleet -> the army whose convoy failed with it
    carrying: dict[int, int]


class _Movement(MovementArrays):
    """The decisions of one movement phase, read from its flat arrays (DATC section 5)."""

    def _settle_obvious(self) -> None:
        """Decide up front what needs no reasoning: supports and convoys nobody attacks,
        supports cut by a plain attack from elsewhere, lone moves into empty provinces, and
        unsupported moves that something at least as strong stands against. Most orders of
        a phase are of these kinds, and each settled here is never weighed."""
        settle = self.resolver.settle
        moves_into, kind, prov = self.moves_into, self.kind, self.prov
        dest, at, by_convoy, seizer = self.dest, self.at, self.by_convoy, self.seizer
        for i in range(self.n):
            k = kind[i]
            if k == MOVE:
                # a seizure's imaginary fleet fails with its army: never obvious
                d = dest[i]
                lone = not by_convoy[i] and len(moves_into[d]) == 1
                if lone and at[d] == NO_UNIT and i not in seizer:
                    settle(i, True)
                elif i not in self.supports and self._stood_against(i):
                    settle(i, False)
            elif k != HOLD:
                attackers = moves_into.get(prov[i])
                if not attackers:
                    settle(i, True)
                elif k != CONVOY:
                    self._settle_support(i, attackers)

    def _stood_against(self, i: int) -> bool:
        """Whether something of strength one or more surely stands against move ``i``, which
        has strength one at most (it is unsupported), so that it fails whatever else happens:
        a unit staying where it goes, a head-to-head battle, or another move by land (not a
        seizure, in no head-to-head battle) into the same place."""
        kind, h2h = self.kind, self.h2h
        j = self.at[self.dest[i]]
        if (j != NO_UNIT and kind[j] != MOVE) or h2h[i] != NO_UNIT:
            return True
        by_convoy, seizer = self.by_convoy, self.seizer
        return any(
            k != i and not by_convoy[k] and h2h[k] == NO_UNIT and k not in seizer
            for k in self.moves_into[self.dest[i]]
        )

    def _settle_support(self, i: int, attackers: list[int]) -> None:
        """A support attacked only by its own power's units is given (DATC 6.D.20); one
        attacked by another's unit stepping in from anywhere but where the support is aimed
        is cut, whatever becomes of that attack. Other supports need reasoning."""
        power, by_convoy, prov = self.power, self.by_convoy, self.prov
        aimed = self.dest[i] if self.kind[i] == SUPPORT_MOVE else NO_UNIT
        foreign = False
        for a in attackers:
            if power[a] != power[i]:
                if not by_convoy[a] and prov[a] != aimed:
                    self.resolver.settle(i, False)
                    return
                foreign = True
        if not foreign:
            self.resolver.settle(i, True)

    def run(self) -> MovementResult:
        self.resolver = Resolver(self.n, self._adjudicate, self._backup)
        self.resolve = resolve = self.resolver.resolve
        self._settle_obvious()
        n, kind, at, prov = self.n, self.kind, self.at, self.prov
        codes = self.board.codes
        # a hold is no decision; most others were settled up front
        state, result = self.resolver.state, self.resolver.result
        success = [
            True if kind[i] == HOLD else result[i] if state[i] == SETTLED else resolve(i)
            for i in range(n)
        ]
        dislodged = [False] * n
        attacker_from: list[str | None] = [None] * n
        for province, movers in self.moves_into.items():
            for k in movers:
                if success[k]:
                    j = at[province]
                    if j != NO_UNIT and not (kind[j] == MOVE and success[j]):
                        dislodged[j] = True
                        # Diplomacia: no retreat to where the attacker came from, even by
                        # sea (7.2.2.5); the standard game allows it after a convoy
                        convoyed = self.by_convoy[k] and not self.hops
                        attacker_from[j] = None if convoyed else codes[prov[k]]
        units = self.units_count
        outcomes: list[Outcome] = []
        final: list[str] = []  # each unit's location after the moves
        occupied: set[str] = set()
        dest, dest_location, pieces = self.dest, self.dest_location, self._units
        # the words most units get, looked up once (an enum member costs a class look-up)
        moved, bounced, held = Outcome.MOVED, Outcome.BOUNCED, Outcome.HELD
        void_hops = self.void_hops
        for i in range(units):
            k = kind[i]
            if k == MOVE and success[i]:
                final.append(dest_location[i])
                outcomes.append(moved)
                occupied.add(codes[dest[i]])
                continue
            final.append(pieces[i][1])
            if dislodged[i]:
                outcomes.append(Outcome.DISLODGED)
                continue
            occupied.add(codes[prov[i]])
            if k == MOVE:
                outcomes.append(bounced)
            elif k == HOLD and i not in void_hops:
                outcomes.append(held)
            else:
                outcomes.append(self._outcome(i, success[i]))
        seized = {army: success[p] for army, p in self.phantom.items()}
        for army, taken in seized.items():
            if not dislodged[army]:
                outcomes[army] = Outcome.SEIZED if taken else Outcome.BOUNCED
        return MovementResult(
            outcomes=outcomes,
            dislodged=dislodged[:units],
            attacker_from=attacker_from[:units],
            final_location=final,
            contested=self._contested(success),
            occupied=frozenset(occupied),
            illegal_convoys=self.illegal_convoys,
            seized=seized,
            carrying=self._lost_with_fleets(success, dislodged),
        )

    def _lost_with_fleets(self, success: list[bool], dislodged: list[bool]) -> dict[int, int]:
        """Dislodged fleet -> the army whose convoy failed because of it: every route of the
        army's failed move runs through a dislodged fleet (handbook 7.2.2.5)."""
        out: dict[int, int] = {}
        for army, routes in self.routes.items():
            if success[army] or not self.by_convoy[army] or dislodged[army]:
                continue
            broken = [f for route in routes for f in route if dislodged[f]]
            if all(any(dislodged[f] for f in route) for route in routes):
                for f in broken:
                    out[f] = army
        return out

    def _outcome(self, i: int, success: bool) -> Outcome:
        """The word for unit ``i``'s order, the unit neither dislodged nor moved."""
        k = self.kind[i]
        if k == HOLD:
            # a hop on no route stands as a hold, and says it convoyed nothing
            return Outcome.VOID if i in self.void_hops else Outcome.HELD
        if k == MOVE:
            return Outcome.BOUNCED
        if not self.linked[i]:
            return Outcome.VOID  # it backs or carries no such order
        if k == CONVOY:
            army = self.target[i]
            if not self.by_convoy[army]:
                # the army goes by land (DATC 4.A.3): this convoy carries nothing
                return Outcome.VOID
            return Outcome.CONVOYED if self.resolve(army) else Outcome.DISRUPTED
        return Outcome.SUPPORTED if success else Outcome.CUT

    def _contested(self, success: list[bool]) -> frozenset[str]:
        """Provinces left empty by a standoff: no move in succeeded and two or more moves
        that could have entered bounced there (a head-to-head loser makes none: DATC 6.H.9)."""
        out = set()
        for dest, movers in self.moves_into.items():
            if len(movers) < 2 or any(success[k] for k in movers):
                continue
            j = self.at[dest]
            if j != NO_UNIT and not (self.kind[j] == MOVE and success[j]):
                continue
            strong = sum(1 for k in movers if self._prevent(k) > 0)
            if strong >= 2:
                out.add(self.board.codes[dest])
        return frozenset(out)

    def _adjudicate(self, i: int) -> bool:
        k = self.kind[i]
        if k == MOVE:
            return self._move_succeeds(i)
        if k == CONVOY:
            return not any(self.resolve(m) for m in self.moves_into.get(self.prov[i], ()))
        return self._support_given(i)

    def _path(self, i: int) -> bool:
        """Whether unit ``i`` can get where it moves: by land, or by a convoy that holds."""
        if not self.by_convoy[i]:
            return True
        if i in self.paradox_stopped:
            return False
        fleets = self.convoyers.get(i)
        if not fleets:
            return False
        resolve = self.resolve
        routes = self.routes.get(i)
        if routes is not None:
            return any(all(resolve(f) for f in route) for route in routes)
        prov = self.prov
        carrying = 0
        for f in fleets:
            if resolve(f):
                carrying |= 1 << prov[f]
        return self.board.linked(carrying, prov[i], self.dest[i])

    def _given(self, i: int, exclude_power: str | None = None) -> int:
        """How many supports unit ``i`` gets (none from ``exclude_power``)."""
        supporters = self.supports.get(i)
        if supporters is None:
            return 0
        resolve, power = self.resolve, self.power
        given = 0
        for s in supporters:
            if power[s] != exclude_power and resolve(s):
                given += 1
        return given

    def _move_succeeds(self, i: int) -> bool:
        if self.by_convoy[i] and not self._path(i):
            return False
        if i in self.seizer and self._army_dislodged(i):
            return False  # the seizure is cancelled with its army (7.3.1)
        attack = self._attack(i)
        j = self.h2h[i]
        if j != NO_UNIT:
            if attack <= 1 + self._given(j):
                return False
        elif attack <= self._hold(self.dest[i]):
            return False
        for k in self.moves_into[self.dest[i]]:
            if k != i and attack <= self._prevent(k):
                return False  # as strong a move into the same place stops it
        return True

    def _attack(self, i: int) -> int:
        j = self.at[self.dest[i]]
        if j == NO_UNIT or (self.kind[j] == MOVE and self.h2h[i] != j and self.resolve(j)):
            return 1 + self._given(i)
        if self.power[j] == self.power[i]:
            return 0  # no self-dislodgement
        # supports from the defender's own power never help dislodge it
        return 1 + self._given(i, self.power[j])

    def _hold(self, province: int) -> int:
        j = self.at[province]
        if j == NO_UNIT:
            return 0
        if self.kind[j] == MOVE:
            return 0 if self.resolve(j) else 1
        return 1 + self._given(j)

    def _army_dislodged(self, phantom: int) -> bool:
        army = self.seizer[phantom]
        return any(self.resolve(m) for m in self.moves_into.get(self.prov[army], ()))

    def _prevent(self, k: int) -> int:
        if self.by_convoy[k] and not self._path(k):
            return 0
        if k in self.seizer and self._army_dislodged(k):
            return 0
        j = self.h2h[k]
        if j != NO_UNIT and self.resolve(j):
            return 0  # it lost its head-to-head battle
        return 1 + self._given(k)

    def _support_given(self, i: int) -> bool:
        supporter_power = self.power[i]
        for k in self.moves_into.get(self.prov[i], ()):
            if self.power[k] == supporter_power:
                continue  # a unit cannot cut the support of its own power (DATC 6.D.20)
            if self.kind[i] == SUPPORT_MOVE and self.prov[k] == self.dest[i]:
                # the attacked target can only break the support by dislodging it
                if self.resolve(k):
                    return False
                continue
            if not self.by_convoy[k] or self._path(k):
                return False
        return True

    def _backup(self, cycle: list[int]) -> None:
        """Settle a cycle with no or two consistent results (DATC 4.A.2 and 5)."""
        settle = self.resolver.settle
        kind = self.kind
        seizures = [i for i in cycle if i in self.seizer]
        if seizures:
            # a paradox the handbook leaves open resolves as a failed seizure (our ruling)
            for i in seizures:
                settle(i, False)
            return
        convoys = [i for i in cycle if kind[i] == CONVOY]
        if convoys:
            convoyed = {i for i in cycle if kind[i] == MOVE and self.by_convoy[i]}
            for c in convoys:
                army = self.target[c]
                if army != NO_UNIT and c in self.convoyers.get(army, ()) and self.by_convoy[army]:
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
