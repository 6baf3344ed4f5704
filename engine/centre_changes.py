"""When supply centres may change hands.

In the standard game centres change owner once a year, when the Fall's movement and retreats
are settled (a centre belongs to whoever stands in it then). In Diplomacia control follows
the units: an area is the last occupier's, so every movement and retreat phase may change it
(handbook 5).

>>> from engine.position import Position
>>> centres_change(Position.initial())
False
"""

from __future__ import annotations

from engine.position import Position


def centres_change(position: Position) -> bool:
    """Whether resolving the position's phase may change who owns supply centres (once any
    retreats it leads to are settled)."""
    return position.variant.rules.ruleset.centres_change(position.phase)
