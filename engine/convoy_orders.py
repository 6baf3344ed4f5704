"""A power's convoys checked against its own armies' orders, before the phase resolves.

A fleet's convoy carries an army only if the army is ordered to make that very move: the UK
rule book asks for both orders (``F NTH C A Lon-Bel`` and ``A Lon-Bel``), and a convoy that
matches no move is void. Its sample game leaves the army's order out ("the convoy order ...
contain[s] sufficient information"), so players copying it do too: the army would stay home.

Only the power's own armies are looked at. Another power's army may be ordered to make the
move, but its orders are secret until the phase resolves and are never read here.

>>> from engine.parse import parse_order
>>> board = Position.initial().to_json()
>>> units = {**board["units"], "ENGLAND": ["F NTH", "A LON"]}
>>> board = Position.from_json({**board, "units": units})
>>> unmatched_convoys(board, "ENGLAND", [parse_order("F NTH C A Lon-Bel", board, "ENGLAND")])
['A LON needs the order A LON - BEL for the convoy by F NTH to carry it (it has no order)']
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.orders import Convoy, Move, Order, format_order, order_unit
from engine.phase import PhaseKind
from engine.position import Position
from engine.units import UnitType, province_of


def unmatched_convoys(position: Position, power: str, orders: Sequence[Order]) -> list[str]:
    """One note for each army of ``power`` that its own fleets are ordered to convoy while
    the army is not ordered to make that move (``orders`` are the power's orders)."""
    if position.phase.kind is not PhaseKind.MOVEMENT:
        return []
    given = {unit.province: o for o in orders if (unit := order_unit(o)) is not None}
    carriers: dict[tuple[str, str], list[str]] = {}
    for order in orders:
        if isinstance(order, Convoy):
            carriers.setdefault((order.army, order.dest), []).append(str(order.unit))
    notes: list[str] = []
    for (army, dest), fleets in carriers.items():
        unit = position.unit_in(army)
        if unit is None or unit.type is not UnitType.ARMY or position.owner_in(army) != power:
            continue
        ordered = given.get(army)
        if isinstance(ordered, Move) and province_of(ordered.dest) == dest:
            continue
        now = "it has no order" if ordered is None else f"its order is {format_order(ordered)}"
        notes.append(
            f"{unit} needs the order {unit} - {dest} for the convoy by {', '.join(fleets)} "
            f"to carry it ({now})"
        )
    return notes
