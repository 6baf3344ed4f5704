"""Units (army or fleet at a location) and the location notation ``PROV`` / ``PROV/COAST``."""

from __future__ import annotations

from enum import StrEnum
from operator import itemgetter


class UnitType(StrEnum):
    ARMY = "A"
    FLEET = "F"

    @property
    def noun(self) -> str:
        return "army" if self is UnitType.ARMY else "fleet"


def province_of(location: str) -> str:
    """The province of a location; a plain province code is returned as it is.

    >>> province_of("STP/SC"), province_of("PAR")
    ('STP', 'PAR')
    """
    slash = location.find("/")
    return location if slash < 0 else location[:slash]


def coast_of(location: str) -> str | None:
    """The coast of a location; ``None`` for a location without a coast.

    >>> coast_of("STP/SC"), coast_of("PAR")
    ('SC', None)
    """
    slash = location.find("/")
    return None if slash < 0 else location[slash + 1 :]


class Unit(tuple[UnitType, str, str]):
    """An army or a fleet at a location (``F STP/SC``). Owner is kept beside it, not in it.

    A tuple that also carries its province: the adjudicator makes, compares and looks up
    many of them, and reading the province must cost nothing.
    """

    __slots__ = ()

    def __new__(cls, type: UnitType, location: str) -> Unit:
        slash = location.find("/")  # province_of, inline: units are made by the thousand
        return tuple.__new__(cls, (type, location, location if slash < 0 else location[:slash]))

    def __getnewargs__(self) -> tuple[UnitType, str]:
        return (self[0], self[1])

    type = property(itemgetter(0), doc="A or F")
    location = property(itemgetter(1), doc="PROV or PROV/COAST")
    province = property(itemgetter(2), doc="the province, without a coast")

    def __str__(self) -> str:
        return f"{self.type} {self.location}"

    def __repr__(self) -> str:
        return f"Unit.parse({str(self)!r})"

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
