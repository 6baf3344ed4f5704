"""Where each unit's icon goes, on the board a phase started from (orders, or results without
the board they left) or on the board the phase's results left.

On the board the results left, units stand where they now are; a unit dislodged and waiting
to retreat stands beside its province on the failure colour's burst; a unit the phase took
off the board (destroyed, disbanded, removed) and a unit that retreated are drawn faded
where they stood, a "ghost", so the cross or the retreat's arrow has a unit to start from.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine import Build, PhaseKind, Position, Unit
from engine.outcomes import Outcome
from render.geometry import Box, Point
from render.labels import overlap
from render.orders import Item, Stage, dislodged_units
from render.sprites import Sprite
from render.units import faded, unit_icon

# where a dislodged unit is drawn, as a share of the icon size from its province's anchor:
# the first of these spots that covers the least of the labels and centre markers
DISLODGED_SHIFTS = (
    (0.78, 0.62),
    (-0.78, 0.62),
    (0.78, -0.62),
    (-0.78, -0.62),
    (1.0, 0.0),
    (-1.0, 0.0),
    (0.0, 1.0),
    (0.0, -1.0),
)
# a dislodged unit is drawn a little smaller, so the unit that took its place stays clear
DISLODGED_SIZE = 0.88
# how much of a ghost shows
GHOST_OPACITY = 0.45
# a movement phase's units it took off the board at once (destroyed with nowhere to go, or
# disbanded by civil disorder), and an adjustment phase's removals
_GONE_IN_MOVEMENT = (Outcome.DESTROYED, Outcome.DISBANDED)
_GONE_IN_ADJUSTMENT = (Outcome.REMOVED, Outcome.DISBANDED)

Placed = list[tuple[Sprite, Point]]


@dataclass(frozen=True, slots=True)
class Ghost:
    """A unit no longer on the board the results left: ``beside`` its province (dislodged
    where it stood) or at its anchor (removed in an adjustment phase)."""

    power: str
    unit: Unit
    beside: bool


def ghosts(before: Position, items: Sequence[Item]) -> list[Ghost]:
    """The units of ``before`` that its phase's results (``items``) took off the board or
    moved in a retreat."""
    kind = before.phase.kind
    if kind is PhaseKind.RETREATS:
        return [Ghost(d.power, d.unit, True) for d in before.dislodged]
    gone = _GONE_IN_MOVEMENT if kind is PhaseKind.MOVEMENT else _GONE_IN_ADJUSTMENT
    return [
        Ghost(i.power, i.unit, kind is PhaseKind.MOVEMENT)
        for i in items
        if i.unit is not None and i.outcome in gone and not isinstance(i.order, Build)
    ]


def place_units(
    stage: Stage, position: Position, items: list[Item], fixed: Sequence[Box]
) -> tuple[Placed, Placed]:
    """The icons of the board a phase started from: plain icons at their anchors, and
    marked ones beside the province for units dislodged (in a retreat phase, or by the
    results being drawn), where they cover none of the ``fixed`` boxes (labels, centre
    markers) if they can; recorded on the stage for the orders to start from."""
    style, icon = stage.style, stage.icon
    beaten = dislodged_units(items) if position.phase.kind is PhaseKind.MOVEMENT else set()
    placed: Placed = []
    marked: Placed = []
    for power, unit in position.all_units():
        at = stage.anchor(unit.location)
        if at is None:
            continue
        if unit.province in beaten:
            sprite = unit_icon(style, power, unit.type, icon * DISLODGED_SIZE, marked=True)
            at = beside(sprite, at, icon, fixed)
            marked.append((sprite, at))
        else:
            placed.append((unit_icon(style, power, unit.type, icon), at))
            stage.occupied.add(unit.province)
        stage.units[unit.province] = at
    marked += _dislodged(stage, position, fixed)
    return placed, marked


def place_after(
    stage: Stage, before: Position, after: Position, items: list[Item], fixed: Sequence[Box]
) -> tuple[Placed, Placed]:
    """The icons of the board ``before``'s results left (``after``): its units, its units
    dislodged beside their provinces, and the ghosts of :func:`ghosts`. Orders start from
    the unit that gave them: where a unit was dislodged or taken off, from its mark."""
    style, icon = stage.style, stage.icon
    placed: Placed = []
    for power, unit in after.all_units():
        at = stage.anchor(unit.location)
        if at is not None:
            placed.append((unit_icon(style, power, unit.type, icon), at))
            stage.units[unit.province] = at
            stage.occupied.add(unit.province)
    marked = _dislodged(stage, after, fixed)
    for ghost in ghosts(before, items):
        at = stage.anchor(ghost.unit.location)
        if at is None:
            continue
        if ghost.beside:
            sprite = unit_icon(
                style, ghost.power, ghost.unit.type, icon * DISLODGED_SIZE, marked=True
            )
            at = beside(sprite, at, icon, fixed)
        else:
            sprite = unit_icon(style, ghost.power, ghost.unit.type, icon)
        marked.append((faded(sprite, GHOST_OPACITY), at))
        stage.dislodged[ghost.unit.province] = at
    for province, at in stage.dislodged.items():
        stage.units[province] = at
    return placed, marked


def _dislodged(stage: Stage, position: Position, fixed: Sequence[Box]) -> Placed:
    style, icon = stage.style, stage.icon
    marked: Placed = []
    for d in position.dislodged:
        at = stage.anchor(d.unit.location)
        if at is None:
            continue
        sprite = unit_icon(style, d.power, d.unit.type, icon * DISLODGED_SIZE, marked=True)
        at = beside(sprite, at, icon, fixed)
        marked.append((sprite, at))
        stage.dislodged[d.unit.province] = at
    return marked


def beside(sprite: Sprite, anchor: Point, icon: float, fixed: Sequence[Box]) -> Point:
    """Where a dislodged unit's ``sprite`` goes beside the ``anchor`` of its province: the
    first of :data:`DISLODGED_SHIFTS` that covers the least of the ``fixed`` boxes."""
    spots = [(anchor[0] + icon * dx, anchor[1] + icon * dy) for dx, dy in DISLODGED_SHIFTS]
    return min(spots, key=lambda at: sum(overlap(sprite.box_at(*at), f) for f in fixed))
