"""Which orders exist and how each is checked: the standard game's table.

A ruleset answers with a table like this one (:meth:`engine.rulesets.Ruleset.order_checks`):
each kind of order, the phases it belongs to, and the check that accepts it (the order
tidied) or raises :class:`~engine.errors.IllegalOrderError` saying why not. The standard
game refuses Diplomacia's own orders by name, so that a player who writes one learns what
this board offers instead.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.errors import IllegalOrderError
from engine.legal_checks import (
    check_build,
    check_convoy,
    check_disband,
    check_hold,
    check_move,
    check_retreat,
    check_support_hold,
    check_support_move,
    check_waive,
)
from engine.orders import (
    Build,
    Convoy,
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
    Waive,
)
from engine.phase import PhaseKind
from engine.position import Position

Check = Callable[[Position, str, Any], Order]
# each kind of order: the phases it may be given in, and its check
OrderChecks = Mapping[type, tuple[frozenset[PhaseKind], Check]]

MOVEMENT = frozenset({PhaseKind.MOVEMENT})
RETREATS = frozenset({PhaseKind.RETREATS})
ADJUSTMENTS = frozenset({PhaseKind.ADJUSTMENTS})


def refuse_seizure(position: Position, power: str, order: Seize | SupportSeize) -> Order:
    raise IllegalOrderError(
        f"port seizure is a Diplomacia order; {position.variant.title} has no ports"
    )


def refuse_hop(position: Position, power: str, order: ConvoyHop) -> Order:
    raise IllegalOrderError(
        f"convoys hop by hop are a Diplomacia order; on {position.variant.title} a fleet "
        f"convoys the army all the way: {order.unit} C A <army> - <destination>"
    )


STANDARD_CHECKS: OrderChecks = {
    Hold: (MOVEMENT, check_hold),
    Move: (MOVEMENT, check_move),
    SupportHold: (MOVEMENT, check_support_hold),
    SupportMove: (MOVEMENT, check_support_move),
    Convoy: (MOVEMENT, check_convoy),
    Seize: (MOVEMENT, refuse_seizure),
    SupportSeize: (MOVEMENT, refuse_seizure),
    ConvoyHop: (MOVEMENT, refuse_hop),
    Retreat: (RETREATS, check_retreat),
    Disband: (RETREATS | ADJUSTMENTS, check_disband),
    Build: (ADJUSTMENTS, check_build),
    Waive: (ADJUSTMENTS, check_waive),
}
