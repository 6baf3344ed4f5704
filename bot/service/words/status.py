"""Where a phase stands: who is ready, who is still ordering, and the centre counts (and
each seat's count toward victory, in a variant won by units or pieces or played in seats).

Shown before the deadline to anyone who asks, so it takes no orders at all, and of a rival
it says only whether they are done: how many of their units still lack orders would tell
what they are up to. The reader's own powers are counted for them (the reply is theirs).
"""

from __future__ import annotations

from collections.abc import Mapping, Set

from bot.service.effects import Line, Message, Section
from bot.service.words.accounts import accounts_text, kept_apart
from bot.service.words.english import plural
from bot.service.words.labels import phase_label, power_name
from bot.service.words.power_state import alive
from engine import (
    PhaseKind,
    Position,
    Victory,
    adjustment,
    pieces_on_board,
    seat_progress,
    still_to_order,
)


def _waiting_text(position: Position, power: str, count: int) -> str:
    kind = position.phase.kind
    if kind is PhaseKind.ADJUSTMENTS:
        owed = adjustment(position, power)
        if kept_apart(owed):
            # accounts kept apart may call for a build and a removal at once
            return f"{plural(count, 'build or removal', 'builds and removals')} to order"
        word = "build" if owed.owed > 0 else "removal"
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
    computers: Set[str] = frozenset(),
) -> Message:
    """Where the phase stands: for each power whether it is ready, still ordering, or has
    its orders in without saying it is ready; and the centre counts. Only the reader's
    ``own`` powers are told how many orders they still lack.

    ``missing`` is power -> :func:`engine.still_to_order` count; a power left out is taken to have
    ordered nothing yet. A power a computer plays (``computers``) is named as one.
    """
    state: list[Line] = []
    counts: list[Line] = []
    # a power's units counted in several accounts are shown account by account
    accounts = False
    for power in position.variant.powers:
        if not alive(position, power):
            continue
        name = power_name(position, power)
        due = len(still_to_order(position, power, ()))
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
        who = f"{name} (computer)" if power in computers else name
        state.append(Line(f"{who}: {text}"))
        if kept_apart(adjustment(position, power)):
            accounts = True
            counts.append(Line(f"{name}: {accounts_text(position, power)}"))
        else:
            centres = plural(len(position.centers.get(power, ())), "centre")
            counts.append(Line(f"{name}: {centres}"))
    title = "Accounts" if accounts else "Supply centres"
    sections = [
        Section(None, (Line(f"Deadline: {deadline_text}"),)),
        Section("Orders", tuple(state)),
        Section(title, tuple(counts)),
    ]
    if position.variant.rules.victory is not Victory.CENTRES or position.seats:
        sections.append(_victory_section(position))
    return Message(title=f"{phase_label(position.phase)} — status", sections=tuple(sections))


def _victory_section(position: Position) -> Section:
    """Each seat's count toward victory against what wins now (``England + France + Russia:
    20/24 units``), for a variant won by units or pieces, or played in seats: the centre
    counts above do not tell who is winning there."""
    rules = position.variant.rules
    lines = []
    for seat in seat_progress(position):
        names = " + ".join(power_name(position, p) for p in seat.powers)
        aside = " (neutral)" if set(seat.powers) <= position.neutral else ""
        lines.append(Line(f"{names}{aside}: {seat.count}/{seat.needed} {seat.counted}"))
    total = sum(pieces_on_board(position).values())
    needed = f" ({total // 2 + 1} of the {total} now)" if rules.victory is Victory.PIECES else ""
    lines.append(Line(f"To win: {rules.describe()}{needed}."))
    return Section("Toward victory", tuple(lines))


def _own_text(position: Position, power: str, owed: int, *, ready: bool) -> str:
    if ready:
        return "ready" if owed <= 0 else f"ready, {_waiting_text(position, power, owed)}"
    if owed > 0:
        return _waiting_text(position, power, owed)
    return "orders in, not marked ready"
