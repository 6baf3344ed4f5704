"""Where a phase stands: who is ready, who is still ordering, and the centre counts (and
the unit counts, in a variant won by units or pieces).

Shown before the deadline to anyone who asks, so it takes no orders at all, and of a rival
it says only whether they are done: how many of their units still lack orders would tell
what they are up to. The reader's own powers are counted for them (the reply is theirs).
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
    Victory,
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
    own: Set[str] = frozenset(),
) -> Message:
    """Where the phase stands: for each power whether it is ready, still ordering, or has
    its orders in without saying it is ready; and the centre counts. Only the reader's
    ``own`` powers are told how many orders they still lack.

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
        elif power in own:
            text = _own_text(position, power, owed, ready=power in ready)
        elif power in ready:
            text = "ready"
        elif owed > 0:
            text = "still ordering"
        else:
            text = "orders in, not marked ready"
        state.append(Line(f"{name}: {text}"))
        counts.append(Line(f"{name}: {plural(len(position.centers.get(power, ())), 'centre')}"))
    sections = [
        Section(None, (Line(f"Deadline: {deadline_text}"),)),
        Section("Orders", tuple(state)),
        Section("Supply centres", tuple(counts)),
    ]
    if position.variant.rules.victory is not Victory.CENTRES:
        sections.append(_units_section(position))
    return Message(title=f"{phase_label(position.phase)} — status", sections=tuple(sections))


def _units_section(position: Position) -> Section:
    """The units of each power, for a variant won by units or by pieces: the count that
    wins, and what it takes now."""
    rules = position.variant.rules
    pieces = {p: len(position.units.get(p, ())) for p in position.variant.powers}
    for d in position.dislodged:
        # a dislodged unit is a piece on the board until it retreats or disbands
        pieces[d.power] += 1
    lines = [
        Line(f"{power_name(position, p)}: {plural(n, 'unit')}")
        for p, n in pieces.items()
        if alive(position, p)
    ]
    total = sum(pieces.values())
    needed = f" ({total // 2 + 1} of the {total} now)" if rules.victory is Victory.PIECES else ""
    lines.append(Line(f"To win: {rules.describe()}{needed}."))
    return Section("Units", tuple(lines))


def _own_text(position: Position, power: str, owed: int, *, ready: bool) -> str:
    if ready:
        return "ready" if owed <= 0 else f"ready, {_waiting_text(position, power, owed)}"
    if owed > 0:
        return _waiting_text(position, power, owed)
    return "orders in, not marked ready"
