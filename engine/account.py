"""One account of a power at an adjustment: units of a kind against what allows them
(:mod:`engine.owed` gathers a power's accounts, as its ruleset gives them)."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from engine.units import Unit, UnitType


class Holding(StrEnum):
    """What an account counts a power's units against."""

    CENTRES = "centres"
    PORTS = "ports"


class Account(NamedTuple):
    """One account of one power: ``units`` of ``unit_type`` (every unit when None) against
    ``holdings`` of ``holding``; ``sites``, where a unit of the account may be raised now.
    (A named tuple: every power's accounts are made for every adjustment phase settled.)"""

    unit_type: UnitType | None
    holding: Holding
    units: int
    holdings: int
    sites: tuple[str, ...]

    @property
    def owed(self) -> int:
        """Builds allowed (positive) or removals owed (negative)."""
        return self.holdings - self.units

    @property
    def builds(self) -> int:
        """The builds that can be placed: those allowed, as far as there are sites."""
        return max(0, min(self.owed, len(self.sites)))

    @property
    def removals(self) -> int:
        return max(0, -self.owed)

    @property
    def due(self) -> bool:
        """Whether a build can be placed or a removal is owed: ``builds or removals``, read
        from the numbers straight, as it is asked of every power after every Fall of every
        game."""
        owed = self.holdings - self.units
        return owed < 0 or (owed > 0 and bool(self.sites))

    def counts(self, unit: Unit) -> bool:
        """Whether ``unit`` is one this account counts."""
        return self.unit_type is None or unit.type is self.unit_type
