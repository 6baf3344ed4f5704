"""Dislodged units: what a movement phase leaves waiting to retreat, and where each may go."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from engine.units import Unit
from engine.variant import Variant


@dataclass(frozen=True, slots=True)
class Dislodged:
    """A unit dislodged in the movement phase, waiting to retreat.

    ``attacker_from`` is the province the dislodging attack came from, or ``None`` when the
    attack was convoyed (then it does not block a retreat: DATC 4.A.5).
    """

    power: str
    unit: Unit
    attacker_from: str | None
    retreats: tuple[str, ...]
    # Diplomacia: the province of the army this fleet was convoying when the convoy failed
    # with its dislodgement; that army is destroyed if the fleet is (handbook 7.2.2.5)
    carrying: str | None = None


def retreat_options(
    variant: Variant,
    unit: Unit,
    attacker_from: str | None,
    occupied: Collection[str],
    contested: Collection[str],
    closed: Collection[str] = (),
) -> tuple[str, ...]:
    """Locations a dislodged unit may retreat to: adjacent, empty, not the attacker's
    origin, not left empty by a standoff, not a neutral power's territory. Never by convoy."""
    return tuple(
        [
            location
            for location, province in variant.index.retreat_steps.get(unit, ())
            if province not in occupied
            and province not in contested
            and province not in closed
            and province != attacker_from
        ]
    )
