"""A movement phase's orders as flat arrays: the set-up the adjudication reads.

A unit is its index in the phase's list of units, a province its number on the variant's board
index (:mod:`engine.board_index`). Each order becomes entries in parallel lists indexed by unit
(kind, destination, target), supports and convoys are attached to the orders they name, and
head-to-head battles are found, so that deciding an order (:mod:`engine.movement`) is a few
list look-ups.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.convoys import needed_fleets
from engine.orders import (
    Convoy,
    ConvoyHop,
    Hold,
    Move,
    MovementOrder,
    Seize,
    SupportHold,
    SupportMove,
    SupportSeize,
)
from engine.units import Unit, UnitType
from engine.variant import Variant

HOLD, MOVE, SUPPORT_HOLD, SUPPORT_MOVE, CONVOY = range(5)
_KINDS = {
    Hold: HOLD,
    Move: MOVE,
    SupportHold: SUPPORT_HOLD,
    SupportMove: SUPPORT_MOVE,
    Convoy: CONVOY,
    # Diplomacia: a seizing army holds its own territory (its imaginary fleet is a move of
    # its own, added after the units); a hop is a convoy once its chain is known
    Seize: HOLD,
    SupportSeize: SUPPORT_MOVE,
    ConvoyHop: CONVOY,
}
NO_UNIT = -1


class MovementArrays:
    """One movement phase in flat arrays. Index ``i`` is a unit; provinces are numbers.

    Built once per phase; the decisions (:mod:`engine.movement`) only read these lists."""

    def __init__(
        self,
        variant: Variant,
        units: Sequence[tuple[str, Unit]],
        orders: Sequence[MovementOrder | None],
    ) -> None:
        n = len(units)
        self.variant = variant
        self.board = board = variant.index
        number = board.number
        self.n = n
        self._units = [u for _, u in units]
        self.power = [p for p, _ in units]
        self.prov = prov = [number[u[2]] for _, u in units]
        # province -> the unit standing there, or NO_UNIT
        self.at = at = [NO_UNIT] * len(board.codes)
        for i, p in enumerate(prov):
            at[p] = i
        self.units_count = n
        # Diplomacia: army -> the index of its imaginary fleet, and back (handbook 7.3.1)
        self.phantom: dict[int, int] = {}
        self.seizer: dict[int, int] = {}
        # Diplomacia: army -> its convoy routes, each the fleets of one chain of hops
        self.routes: dict[int, list[tuple[int, ...]]] = {}
        # Diplomacia: seizures and convoy hops (where the ruleset has them; other boards
        # refuse those orders)
        ruleset = variant.rules.ruleset
        self.hops = ruleset.hop_convoys
        if ruleset.port_seizures:
            orders = self._with_phantoms(orders)
        n = self.n
        self.kind = [HOLD] * n
        self.dest = [NO_UNIT] * n
        self.dest_location = [""] * n
        self.target = [NO_UNIT] * n
        self.moves_into: dict[int, list[int]] = {}
        # unit -> the supports it gets, the fleets convoying it (most units have neither)
        self.supports: dict[int, list[int]] = {}
        # support or convoy -> whether it is attached to the order it names
        self.linked = [False] * n
        self.by_convoy = [False] * n
        self.convoyers: dict[int, list[int]] = {}
        self.h2h = [NO_UNIT] * n
        self.illegal_convoys: dict[int, str] = {}
        self.void_hops: set[int] = set()
        # armies stopped by the Szykman rule: their convoy counts as failed everywhere
        self.paradox_stopped: set[int] = set()
        has_convoys = self._read_orders(orders)
        if has_convoys:
            if self.hops:
                self._link_hops(orders)
            else:
                self._link_convoys()
        self._link()

    def _read_orders(self, orders: Sequence[MovementOrder | None]) -> bool:
        """Fill the per-unit lists from the orders; whether any convoy was ordered (most
        phases have none, and then no convoy is ever matched)."""
        kind, dest, dest_location, target = self.kind, self.dest, self.dest_location, self.target
        moves_into, by_convoy, at, prov = self.moves_into, self.by_convoy, self.at, self.prov
        board = self.board
        number = board.number
        has_convoys = False
        army_steps, pieces, army_type = board.army_steps, self._units, UnitType.ARMY
        order: Any  # dispatched on its exact type below: no isinstance chain per unit
        for i, order in enumerate(orders):
            if order is None:
                continue
            k = _KINDS[type(order)]
            kind[i] = k
            if k == MOVE:
                dest_location[i] = order.dest
                d = dest[i] = number[order.dest]
                movers = moves_into.get(d)
                if movers is None:
                    moves_into[d] = [i]
                else:
                    movers.append(i)
                # an army goes by sea when asked to, or when the place is not next door
                by_convoy[i] = order.via_convoy or (
                    pieces[i][0] is army_type and d not in army_steps[prov[i]]
                )
            elif k == SUPPORT_MOVE:
                if type(order) is SupportSeize:
                    dest_location[i] = order.sector
                    dest[i] = number[order.sector]
                    continue  # its target, the imaginary fleet, is linked below
                dest_location[i] = order.dest
                dest[i] = number[order.dest]
                target[i] = at[number[order.target]]
            elif k == SUPPORT_HOLD:
                dest[i] = number[order.target]
                target[i] = at[dest[i]]
            elif k == CONVOY:
                dest[i] = number[order.dest]
                if type(order) is Convoy:
                    target[i] = at[number[order.army]]
                has_convoys = True
        for i, order in enumerate(orders if self.phantom else ()):
            if type(order) is SupportSeize:
                # backs the army's imaginary fleet, if the army seizes that sector
                army = at[number[order.army]]
                p = self.phantom.get(army, NO_UNIT)
                target[i] = p if p != NO_UNIT and dest[p] == dest[i] else NO_UNIT
        return has_convoys

    def _with_phantoms(self, orders: Sequence[MovementOrder | None]) -> list[MovementOrder | None]:
        """Orders with one imaginary fleet per port seizure, indexed after the units: it
        moves from the army's territory into the sector, stands nowhere (no order can reach
        it through ``at``), and only fleets' supports back it."""
        out: list[MovementOrder | None] = list(orders)
        for i, order in enumerate(orders):
            if type(order) is Seize:
                p = len(out)
                self.phantom[i] = p
                self.seizer[p] = i
                fleet = Unit(UnitType.FLEET, self._units[i].province)
                self._units.append(fleet)
                self.power.append(self.power[i])
                self.prov.append(self.prov[i])
                out.append(Move(fleet, order.sector))
        self.n = len(out)
        return out

    def _link_hops(self, orders: Sequence[MovementOrder | None]) -> None:
        """Match Diplomacia's hop-by-hop convoys to army moves (handbook 7.4.1): a route is a
        chain of fleets, the first carrying the army from its territory, each next one from
        the previous fleet's sector, the last into the army's destination. Parallel chains
        are redundant routes. A fleet on no route convoys nothing (void)."""
        kind, target, dest, at = self.kind, self.target, self.dest, self.at
        number = self.board.number
        hop: dict[int, tuple[int, int]] = {}
        starting: dict[int, list[int]] = {}
        for i, order in enumerate(orders):
            if type(order) is ConvoyHop:
                source = number[order.source]
                hop[i] = (source, dest[i])
                starting.setdefault(source, []).append(i)
                target[i] = NO_UNIT
        for t in range(self.units_count):
            if kind[t] != MOVE or self._units[t].type is not UnitType.ARMY:
                continue
            routes: list[tuple[int, ...]] = []
            for first in starting.get(self.prov[t], ()):
                chain, here = [first], first
                while hop[here][1] != dest[t]:
                    nxt = at[hop[here][1]]
                    if nxt not in hop or hop[nxt][0] != self.prov[here] or nxt in chain:
                        chain = []
                        break
                    chain.append(nxt)
                    here = nxt
                if chain:
                    routes.append(tuple(chain))
            if not routes:
                continue
            self.routes[t] = routes
            on_route = sorted({f for route in routes for f in route})
            self.convoyers[t] = on_route
            for f in on_route:
                target[f] = t
                dest[f] = dest[t]
                self.linked[f] = True
            # a land route is used unless a convoying fleet is the army's own (7.4.1.2)
            if any(self.power[f] == self.power[t] for f in on_route):
                self.by_convoy[t] = True
        for i in hop:
            if target[i] == NO_UNIT:
                kind[i] = HOLD
                self.void_hops.add(i)

    def _link(self) -> None:
        """Attach supports to the orders they back; find head-to-head battles."""
        kind, target, dest, prov = self.kind, self.target, self.dest, self.prov
        supports, by_convoy, at = self.supports, self.by_convoy, self.at
        codes, h2h, linked = self.board.codes, self.h2h, self.linked
        for i in range(self.n):
            k = kind[i]
            if k == MOVE:
                j = NO_UNIT if by_convoy[i] else at[dest[i]]
                if j != NO_UNIT and kind[j] == MOVE and dest[j] == prov[i] and not by_convoy[j]:
                    h2h[i] = j  # two units trading places by land: a head-to-head battle
            elif k == SUPPORT_HOLD:
                t = target[i]
                if t != NO_UNIT and kind[t] != MOVE:
                    supports.setdefault(t, []).append(i)
                    linked[i] = True
            elif k == SUPPORT_MOVE:
                t = target[i]
                if t != NO_UNIT and kind[t] == MOVE and dest[t] == dest[i]:
                    # a coast named in a support must match the move's (DATC 6.B.9);
                    # a support that names none still counts (6.B.15)
                    named = self.dest_location[i]
                    if named == codes[dest[i]] or named == self.dest_location[t]:
                        supports.setdefault(t, []).append(i)
                        linked[i] = True

    def _link_convoys(self) -> None:
        """Match convoy orders to army moves; decide which moves go by sea (DATC 4.A.3)."""
        kind, target, dest, prov = self.kind, self.target, self.dest, self.prov
        convoy_orders = [i for i in range(self.n) if kind[i] == CONVOY]
        if not convoy_orders:
            return
        # the convoy route tables speak province codes: convoys are few, and checked by name
        codes, sea = self.board.codes, self.board.sea
        sea_fleets = frozenset(
            codes[prov[i]]
            for i in range(self.n)
            if self._units[i].type is UnitType.FLEET and sea[prov[i]]
        )
        needed: dict[tuple[str, str], frozenset[str]] = {}
        for i in convoy_orders:
            t = target[i]
            if t == NO_UNIT:
                continue
            key = (codes[prov[t]], codes[dest[i]])
            if key not in needed:
                needed[key] = needed_fleets(self.variant, sea_fleets, *key)
            if codes[prov[i]] not in needed[key]:
                self.illegal_convoys[i] = (
                    f"the fleet in {codes[prov[i]]} is on no convoy route from {key[0]} to {key[1]}"
                )
                kind[i] = HOLD
                target[i] = NO_UNIT
                continue
            if kind[t] == MOVE and dest[t] == dest[i] and self._units[t].type is UnitType.ARMY:
                self.convoyers.setdefault(t, []).append(i)
                self.linked[i] = True
                if self.power[i] == self.power[t]:
                    self.by_convoy[t] = True  # intent shown by an own fleet (DATC 4.A.3)
