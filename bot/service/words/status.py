"""Where a phase stands, for everyone: who is ready, how many orders each power still lacks
(counts only: which units have orders is a power's own business) and the centre counts.
Public before the deadline, so it takes no orders at all.
"""

from __future__ import annotations

from collections.abc import Mapping, Set

from bot.service.effects import Line, Message, Section
from bot.service.words.english import plural
from bot.service.words.labels import phase_label, power_name
from bot.service.words.power_state import adjustment, alive, missing_orders
from engine import (
    PhaseKind,
    Position,
)


def _waiting_text(position: Position, power: str, count: int) -> str:
    kind = position.phase.kind
    if kind is PhaseKind.ADJUSTMENTS:
        word = "build" if adjustment(position, power) > 0 else "removal"
        return f"{plural(count, word)} to order"
    if kind is PhaseKind.RETREATS:
        return f"{plural(count, 'retreat')} to order"
    return f"{plural(count, 'unit')} without orders"


def status_lines(
    position: Position,
    *,
    ready: Set[str],
    missing: Mapping[str, int],
    deadline_text: str,
) -> Message:
    """Where the phase stands, for everyone: who is ready, how many orders each power still
    lacks (counts only: which units have orders is a power's own business) and centre counts.

    ``missing`` is power -> :func:`missing_orders` count; a power left out is taken to have
    ordered nothing yet.
    """
    state: list[Line] = []
    counts: list[Line] = []
    for power in position.variant.powers:
        if not alive(position, power):
            continue
        name = power_name(position, power)
        due = len(missing_orders(position, power, ()))
        # a power the caller has no count for has not ordered anything yet
        owed = missing.get(power, due)
        if not due:
            text = "nothing to order"
        elif power in ready:
            text = "ready" if owed <= 0 else f"ready, {_waiting_text(position, power, owed)}"
        elif owed > 0:
            text = _waiting_text(position, power, owed)
        else:
            text = "orders in, not marked ready"
        state.append(Line(f"{name}: {text}"))
        counts.append(Line(f"{name}: {plural(len(position.centers.get(power, ())), 'centre')}"))
    return Message(
        title=f"{phase_label(position.phase)} — status",
        sections=(
            Section(None, (Line(f"Deadline: {deadline_text}"),)),
            Section("Orders", tuple(state)),
            Section("Supply centres", tuple(counts)),
        ),
    )
