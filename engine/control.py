"""Diplomacia's continuous control and its two accounts (handbook 5 and 6.5).

An area stays its home power's until a unit enters it; then it belongs to the last power to
occupy it, and a sector to the last power to seize its port. Control is brought up to date
after every movement and retreat phase, so a unit passing through an area takes it. At a
control evaluation armies are counted against the supply centres a power controls, fleets
against its ports, and the two are never traded (6.5.2).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from engine.position import Position
from engine.units import Unit, UnitType


def updated_control(
    control: Mapping[str, str],
    units: Mapping[str, Iterable[Unit]],
    seized: Mapping[str, str] = {},
) -> dict[str, str]:
    """Control after a phase: every occupied area is its occupant's, every sector whose port
    was seized is the seizer's (``seized``: sector -> power); the rest is unchanged."""
    out = dict(control)
    out.update(seized)
    for power, power_units in units.items():
        for unit in power_units:
            out[unit.province] = power
    return out


def centres_controlled(
    control: Mapping[str, str], centres: Iterable[str], powers: Iterable[str]
) -> dict[str, frozenset[str]]:
    """The supply centres each power controls: what the position's ``centers`` hold."""
    found: dict[str, set[str]] = {p: set() for p in powers}
    for centre in centres:
        owner = control.get(centre)
        if owner in found:
            found[owner].add(centre)
    return {p: frozenset(cs) for p, cs in found.items()}


@dataclass(frozen=True, slots=True)
class Accounts:
    """One power at a control evaluation: what it has and what it may have, per account."""

    armies: int
    centres: int
    fleets: int
    ports: int

    def owed(self, unit_type: UnitType) -> int:
        """Builds allowed (positive) or removals owed (negative) in one account."""
        if unit_type is UnitType.ARMY:
            return self.centres - self.armies
        return self.ports - self.fleets

    def describe(self, name: str) -> str:
        """Both accounts in words: "Russia may build 1 army (3 centres, 2 armies) and no
        fleet (1 port, 1 fleet)"."""
        army = _account_words(self.owed(UnitType.ARMY), "army", "armies")
        fleet = _account_words(self.owed(UnitType.FLEET), "fleet", "fleets")
        if fleet.split()[:2] == army.split()[:2]:
            fleet = " ".join(fleet.split()[2:])  # "may build 1 army ... and no fleet"
        return (
            f"{name} {army} ({_count(self.centres, 'centre', 'centres')}, "
            f"{_count(self.armies, 'army', 'armies')}) and {fleet} "
            f"({_count(self.ports, 'port', 'ports')}, {_count(self.fleets, 'fleet', 'fleets')})"
        )


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _account_words(owed: int, one: str, many: str) -> str:
    if owed < 0:
        return f"must remove {_count(-owed, one, many)}"
    if owed == 0:
        return f"may build no {one}"
    return f"may build {_count(owed, one, many)}"


def accounts(
    power: str,
    control: Mapping[str, str],
    units: Iterable[Unit],
    centres: frozenset[str],
    ports: frozenset[str],
) -> Accounts:
    own = list(units)
    held = [area for area, p in control.items() if p == power]
    return Accounts(
        armies=sum(1 for u in own if u.type is UnitType.ARMY),
        centres=sum(1 for a in held if a in centres),
        fleets=sum(1 for u in own if u.type is UnitType.FLEET),
        ports=sum(1 for a in held if a in ports),
    )


def power_accounts(position: Position, power: str) -> Accounts:
    """``power``'s two accounts in ``position`` (at a control evaluation, what it may do)."""
    variant = position.variant
    return accounts(
        power,
        position.control,
        position.units.get(power, ()),
        variant.supply_centers,
        variant.ports,
    )


def build_site(position: Position, power: str, unit_type: UnitType) -> list[str]:
    """Where ``power`` may raise a unit now (6.5): armies in unoccupied home territories with
    a centre that it controls; fleets in any unoccupied port sector it controls, home or not."""
    variant = position.variant
    if unit_type is UnitType.ARMY:
        candidates: Iterable[str] = (
            h for h in position.homes.get(power, ()) if h in variant.supply_centers
        )
    else:
        candidates = sorted(variant.ports)
    return [
        area
        for area in candidates
        if position.control.get(area) == power and position.unit_in(area) is None
    ]
