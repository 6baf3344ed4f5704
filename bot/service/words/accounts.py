"""Diplomacia's two accounts in a player's words (handbook 6.5): armies against the supply
centres a power controls, fleets against its ports, each settled on its own at a control
evaluation.

    Russia: 4 centres and 3 armies — 1 army to raise (in Karelia or Estonia);
    2 ports and 3 fleets — 1 fleet to remove
"""

from __future__ import annotations

from bot.service.words.english import or_list, plural
from engine import PhaseKind, Position, UnitType, build_site, power_accounts

_KINDS = (UnitType.ARMY, UnitType.FLEET)


def owed_by_account(position: Position, power: str) -> dict[UnitType, int]:
    """Builds allowed (positive) or removals owed (negative), per kind of unit."""
    have = power_accounts(position, power)
    return {kind: have.owed(kind) for kind in _KINDS}


def accounts_text(position: Position, power: str) -> str:
    """Both accounts of one power; at a control evaluation, what each calls for (before
    one, the counts alone: they change until the evaluation comes)."""
    have = power_accounts(position, power)
    settling = position.phase.kind is PhaseKind.ADJUSTMENTS
    armies = f"{plural(have.centres, 'centre')} and {plural(have.armies, 'army', 'armies')}"
    fleets = f"{plural(have.ports, 'port')} and {plural(have.fleets, 'fleet')}"
    if settling:
        armies += _due(position, power, UnitType.ARMY, have.owed(UnitType.ARMY))
        fleets += _due(position, power, UnitType.FLEET, have.owed(UnitType.FLEET))
    return f"{armies}; {fleets}"


def _due(position: Position, power: str, kind: UnitType, owed: int) -> str:
    noun, many = ("army", "armies") if kind is UnitType.ARMY else ("fleet", "fleets")
    if owed < 0:
        return f" — {plural(-owed, noun, many)} to remove"
    if owed == 0:
        return ""
    sites = build_site(position, power, kind)
    names = or_list(_site_name(position, area) for area in sites)
    raise_ = f" — {plural(owed, noun, many)} to raise"
    if not sites:
        where = "home centre" if kind is UnitType.ARMY else "port"
        return f"{raise_}, but no free {where} to raise {'it' if owed == 1 else 'them'} in"
    if len(sites) < owed:
        return f"{raise_}, room for {len(sites)} (in {names})"
    return f"{raise_} (in {names})"


def _site_name(position: Position, area: str) -> str:
    """A territory by its name; a sector by its port's (where the fleet is raised)."""
    province = position.variant.provinces[area]
    if province.port is not None:
        return f"{province.port} ({area})"
    return f"{province.name} ({area})"
