"""The board of a phase, read once per process: a phase's position never changes while it
is open, and every command about the phase (an order, a look at the orders, a menu) would
otherwise read it again from its stored JSON, a tenth of an order command's work."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from bot.store import Phase
from engine import Position, load_variant

# Enough for every phase open at once on a large community; the oldest read go first.
KEPT = 4096

_read: OrderedDict[int, tuple[dict[str, Any], Position]] = OrderedDict()


def phase_position(phase: Phase) -> Position:
    """``Position.from_json(phase.position)``, read again only when the stored position
    differs from the one read for that phase id (a phase id used again after a rollback on
    SQLite, say) or its variant was read again since (a map file changed)."""
    stored = phase.position
    kept = _read.get(phase.id)
    if kept is not None and kept[0] == stored and _same_variant(kept[1], stored):
        _read.move_to_end(phase.id)
        return kept[1]
    position = Position.from_json(stored)
    _read[phase.id] = (stored, position)
    if len(_read) > KEPT:
        _read.popitem(last=False)
    return position


def _same_variant(position: Position, stored: dict[str, Any]) -> bool:
    return position.variant is load_variant(str(stored.get("variant", "standard")))
