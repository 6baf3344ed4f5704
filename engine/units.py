"""Units (army or fleet at a location) and the location notation ``PROV`` / ``PROV/COAST``."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class UnitType(StrEnum):
    ARMY = "A"
    FLEET = "F"

    @property
    def noun(self) -> str:
        return "army" if self is UnitType.ARMY else "fleet"


def province_of(location: str) -> str:
    """``"STP/SC"`` -> ``"STP"``; a plain province code is returned as it is."""
    slash = location.find("/")
    return location if slash < 0 else location[:slash]


def coast_of(location: str) -> str | None:
    """``"STP/SC"`` -> ``"SC"``; ``None`` for a location without a coast."""
    slash = location.find("/")
    return None if slash < 0 else location[slash + 1 :]


@dataclass(frozen=True, slots=True)
class Unit:
    """An army or a fleet at a location (``F STP/SC``). Owner is kept beside it, not in it."""

    type: UnitType
    location: str
    province: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "province", province_of(self.location))

    def __str__(self) -> str:
        return f"{self.type.value} {self.location}"

    def at(self, location: str) -> Unit:
        """The same kind of unit at another location."""
        return Unit(self.type, location)

    @classmethod
    def parse(cls, text: str) -> Unit:
        """Read the canonical notation ``A PAR`` / ``F STP/SC`` (case-insensitive)."""
        parts = text.split()
        if len(parts) != 2 or parts[0].upper() not in ("A", "F"):
            raise ValueError(f"not a unit: {text!r} (expected e.g. 'A PAR' or 'F STP/SC')")
        return cls(UnitType(parts[0].upper()), parts[1].upper())
