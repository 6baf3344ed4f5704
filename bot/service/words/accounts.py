"""A power's accounts in a player's words (:func:`engine.adjustment`): each kind of unit it
counts against what allows them, and at an adjustment what each calls for. Where units are
counted in more than one account (Diplomacia: armies against the supply centres a power
controls, fleets against its ports), the words name every account:

    Russia: 4 centres and 3 armies — 1 army to raise (in Karelia or Estonia);
    2 ports and 3 fleets — 1 fleet to remove
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.words.english import or_list, plural
from engine import Account, Adjustment, Holding, PhaseKind, Position, UnitType, adjustment

_UNITS = {
    UnitType.ARMY: ("army", "armies"),
    UnitType.FLEET: ("fleet", "fleets"),
    None: ("unit", "units"),
}
_HOLDINGS = {Holding.CENTRES: "centre", Holding.PORTS: "port"}
# where a unit of an account is raised, as a player looks for one
_SITES = {Holding.CENTRES: "home centre", Holding.PORTS: "port"}


def unit_noun(account: Account) -> str:
    """What one unit of the account is called: ``army``, ``fleet``, ``unit``."""
    return _UNITS[account.unit_type][0]


def kept_apart(owed: Adjustment) -> bool:
    """Whether the power's units are counted in several accounts, each settled on its own:
    then what it owes is told account by account."""
    return len(owed.accounts) > 1


def has_ports(position: Position, power: str) -> bool:
    """Whether some account counts units against ports: a board whose centres and ports are
    both counted."""
    return any(a.holding is Holding.PORTS for a in adjustment(position, power).accounts)


def accounts_text(position: Position, power: str) -> str:
    """Every account of one power; at an adjustment, what each calls for (before one, the
    counts alone: they change until the adjustment comes)."""
    settling = position.phase.kind is PhaseKind.ADJUSTMENTS
    parts = []
    for account in adjustment(position, power).accounts:
        one, many = _UNITS[account.unit_type]
        text = (
            f"{plural(account.holdings, _HOLDINGS[account.holding])} and "
            f"{plural(account.units, one, many)}"
        )
        if settling:
            text += _due(position, account)
        parts.append(text)
    return "; ".join(parts)


def _due(position: Position, account: Account) -> str:
    noun, many = _UNITS[account.unit_type]
    owed = account.owed
    if owed < 0:
        return f" — {plural(-owed, noun, many)} to remove"
    if owed == 0:
        return ""
    sites = account.sites
    names = or_list(_site_name(position, area) for area in sites)
    raise_ = f" — {plural(owed, noun, many)} to raise"
    if not sites:
        where = _SITES[account.holding]
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


def adjustments_left(missing: Sequence[str]) -> str:
    """What :func:`engine.still_to_order` lists in an adjustment phase, counted: ``2 builds``,
    ``1 removal``, or where accounts kept apart call for both, ``2 builds and removals``."""
    if len(set(missing)) > 1:
        return plural(len(missing), "build or removal", "builds and removals")
    return plural(len(missing), missing[0])
