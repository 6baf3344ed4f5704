"""One power's own orders, shown to that power alone: the reply to a batch of orders (each line
read back in canonical notation, or why not) and the list of its orders for the phase with
what it has still to order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from typing import Protocol

from bot.service.effects import Line, Message, Section
from bot.service.words.accounts import accounts_text, kept_apart
from bot.service.words.labels import FAILED, OK, WARNING, phase_label, power_name
from bot.service.words.power_state import unit_key
from bot.service.words.quoting import excerpt, quotes_cut
from engine import (
    Build,
    Order,
    OrderError,
    PhaseKind,
    Position,
    Waive,
    adjustment,
    format_order,
    still_to_order,
    unmatched_convoys,
)
from engine.orders import order_unit


class OrderLineLike(Protocol):
    """What :func:`orders_echo` reads of an ``engine.parse.OrderLine``."""

    @property
    def text(self) -> str: ...

    @property
    def order(self) -> Order | None: ...

    @property
    def error(self) -> OrderError | None: ...

    @property
    def note(self) -> str | None: ...


def orders_echo(
    lines: Sequence[OrderLineLike],
    *,
    replaced: Set[str] = frozenset(),
    standing: Mapping[int, str] | None = None,
) -> Message:
    """The reply to a batch of orders: each line read back in canonical notation, or why not.

    ``replaced`` holds the unit keys whose earlier (stored) order this batch replaces; a line
    overridden by a later line of the same batch is flagged as not counting. ``standing``:
    for a line not accepted (by its index), the earlier order of its unit that still counts.
    """
    last_for: dict[str, int] = {}
    for i, line in enumerate(lines):
        if line.order is not None and not isinstance(line.order, Build | Waive):
            unit = order_unit(line.order)
            if unit is not None:
                last_for[unit.province] = i
    out: list[Line] = []
    accepted = refused = 0
    for i, line in enumerate(lines):
        if line.order is None:
            refused += 1
            error = line.error
            why = f"{error.kind}: {quotes_cut(str(error))}" if error is not None else "not read"
            if standing and i in standing:
                why += f"; your earlier order {standing[i]} stands"
            out.append(Line(f"{FAILED} {excerpt(line.text)} — {why}"))
            continue
        text = format_order(line.order)
        unit = order_unit(line.order)
        if unit is not None and last_for.get(unit.province, i) != i:
            out.append(Line(f"{WARNING} {text} — replaced by a later line for {unit}", code=True))
            continue
        accepted += 1
        # taken, but not as written (a wrong unit letter): the player must see how it was read
        remarks = [line.note] if line.note is not None else []
        if unit is not None and unit_key(unit) in replaced:
            remarks.append(f"replaces your earlier order for {unit}")
        if remarks:
            out.append(Line(f"{WARNING} {text} — {'; '.join(remarks)}", code=True))
        else:
            out.append(Line(f"{OK} {text}", code=True))
    title = f"Orders: {accepted} accepted"
    if refused:
        title += f", {refused} not accepted"
    return Message(title=title, sections=(Section(None, tuple(out)),))


def orders_message(
    position: Position,
    power: str,
    orders: Sequence[Order],
    *,
    conditional: Sequence[str] = (),
) -> Message:
    """A power's current orders for the phase, and what it has still to order."""
    title = f"{power_name(position, power)}: orders for {phase_label(position.phase)}"
    given = tuple(Line(format_order(o), code=True) for o in orders)
    sections = [Section(None, given or (Line("No orders yet."),))]
    if conditional:
        sections.append(
            Section("Conditional orders", tuple(Line(c, code=True) for c in conditional))
        )
    still = Line(_still_to_order(position, power, orders))
    sections.append(Section(None, (still, *convoy_warnings(position, power, orders))))
    return Message(title=title, sections=tuple(sections))


def convoy_warnings(position: Position, power: str, orders: Sequence[Order]) -> tuple[Line, ...]:
    """A line for each of the power's own armies its fleets convoy while the army is not
    ordered to make the move (only its own: another power's orders are secret)."""
    return tuple(Line(f"{WARNING} {note}") for note in unmatched_convoys(position, power, orders))


def _still_to_order(position: Position, power: str, orders: Sequence[Order]) -> str:
    missing = still_to_order(position, power, orders)
    if position.phase.kind is PhaseKind.ADJUSTMENTS:
        return _adjustments_left(position, power, orders, missing)
    if missing:
        return f"Units without orders: {', '.join(missing)}"
    if not still_to_order(position, power, ()):
        return "Nothing to order this phase."
    return "Every unit has an order."


def _adjustments_left(
    position: Position, power: str, orders: Sequence[Order], missing: Sequence[str]
) -> str:
    owed = adjustment(position, power)
    built = [o.unit.province for o in orders if isinstance(o, Build)]
    if kept_apart(owed):
        if not still_to_order(position, power, ()):
            return "Nothing to order this phase."
        if not missing:
            return "All builds and removals ordered."
        free = ", ".join(owed.sites(built)) or "none"
        return (
            f"Builds and removals left: {len(missing)} (your accounts: "
            f"{accounts_text(position, power)}; free places to raise: {free})"
        )
    if owed.owed > 0:
        if not missing:
            return "All builds ordered."
        return f"Builds left: {len(missing)} (free home centres: {', '.join(owed.sites(built))})"
    if owed.owed < 0:
        return f"Removals left: {len(missing)}" if missing else "All removals ordered."
    return "Nothing to order this phase."
