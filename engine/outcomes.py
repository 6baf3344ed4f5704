"""What happened to each order: named outcomes, per-order results and the step's resolution."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, NamedTuple

from engine.orders import Order, format_order
from engine.units import Unit

if TYPE_CHECKING:
    from engine.phase import Phase
    from engine.position import Position


class Outcome(StrEnum):
    """The engine's small vocabulary of results (documented in the README)."""

    # movement
    MOVED = "moved"  # the move succeeded
    BOUNCED = "bounced"  # the move (or retreat) failed
    HELD = "held"  # a hold, or any unit that stayed and was not dislodged
    SUPPORTED = "supported"  # the support was given
    CUT = "cut"  # the support was cut (attacked, or its unit dislodged)
    # a support or convoy that matched no order, a convoy of an army that went by land, or a
    # build beyond the allowance
    VOID = "void"
    CONVOYED = "convoyed"  # the army this fleet convoyed arrived
    DISRUPTED = "disrupted"  # the convoy did not carry its army
    DISLODGED = "dislodged"  # the unit was dislodged and must retreat
    DESTROYED = "destroyed"  # dislodged with nowhere to retreat: removed at once
    SEIZED = "seized"  # Diplomacia: the army's port seizure took the sector
    # retreats
    RETREATED = "retreated"
    DISBANDED = "disbanded"
    # adjustments
    BUILT = "built"
    REMOVED = "removed"
    WAIVED = "waived"
    # orders the engine refused
    ILLEGAL = "illegal"
    INVALID = "invalid"


class OrderResult(NamedTuple):
    """The result of one order. ``order`` is ``None`` for a default the engine applied itself
    (a civil-disorder removal, an unordered retreat, a unit dislodged while holding).
    ``unit`` is the unit concerned (for a build, the new unit); ``None`` only for a waive.
    ``reason``: why an order was refused, or why a unit went as it did (civil disorder)."""

    power: str
    unit: Unit | None
    order: Order | None
    outcome: Outcome
    reason: str | None = None

    @property
    def key(self) -> str:
        """How the contract names this result: the unit (``A PAR``), or ``WAIVE <POWER>``."""
        return f"WAIVE {self.power}" if self.unit is None else str(self.unit)

    @property
    def text(self) -> str:
        """The outcome word, with its reason (``illegal: ...``, ``disbanded: civil disorder``)."""
        return f"{self.outcome.value}: {self.reason}" if self.reason else self.outcome.value

    @property
    def order_text(self) -> str:
        return format_order(self.order) if self.order is not None else self.key


@dataclass(frozen=True, slots=True)
class Resolution:
    """A whole step: the phase adjudicated, every result, the next position and the powers
    of the seat that won, if one did (one power in the standard game)."""

    phase: Phase
    results: tuple[OrderResult, ...]
    position: Position
    winners: tuple[str, ...] = ()

    @property
    def next_phase(self) -> Phase | None:
        return None if self.winners else self.position.phase

    @property
    def winner(self) -> str | list[str] | None:
        """The winner as the contract names it: a power, the powers of a seat, or None."""
        if not self.winners:
            return None
        return self.winners[0] if len(self.winners) == 1 else list(self.winners)
