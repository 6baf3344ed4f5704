"""Two yardsticks for the computer player: a power that only holds (what civil disorder
does) and one that gives a random legal order to every unit."""

from __future__ import annotations

import random

from engine import (
    Build,
    Disband,
    Order,
    OrderError,
    PhaseKind,
    Position,
    Retreat,
    check_order,
    legal_orders,
)


def hold_orders(position: Position, power: str, *, seed: int) -> list[Order]:
    """No orders: units hold, dislodged units disband, builds are waived, removals follow
    the civil-disorder rule."""
    return []


def random_orders(position: Position, power: str, *, seed: int) -> list[Order]:
    """A random legal order for every unit of ``power`` (or for each retreat, build and
    removal due)."""
    if power in position.neutral:
        return []
    rng = random.Random(f"random:{seed}:{position.phase}:{power}")
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return [
            rng.choice(legal_orders(position, u.province)) for u in position.units.get(power, ())
        ]
    if kind is PhaseKind.RETREATS:
        orders: list[Order] = []
        taken: set[str] = set()
        for dislodged in position.dislodged:
            if dislodged.power == power:
                options = legal_orders(position, dislodged.unit.province)
                order = rng.choice(options)
                if isinstance(order, Retreat) and order.dest.split("/")[0] in taken:
                    order = Disband(dislodged.unit)
                elif isinstance(order, Retreat):
                    taken.add(order.dest.split("/")[0])
                orders.append(order)
        return orders
    return _random_adjustments(position, power, rng)


def _random_adjustments(position: Position, power: str, rng: random.Random) -> list[Order]:
    """Builds on random free sites (each checked on its own, so the engine keeps as many as
    are due), removals of random units."""
    variant = position.variant
    removals = [
        Disband(u) for u in position.units.get(power, ()) if _allowed(position, power, Disband(u))
    ]
    if removals:
        rng.shuffle(removals)
        return list(removals)
    builds: list[Order] = []
    sites = sorted(variant.provinces)
    rng.shuffle(sites)
    for site in sites:
        if position.unit_in(site) is not None:
            continue
        options = [
            o
            for o in legal_orders(position, site)
            if isinstance(o, Build) and _allowed(position, power, o)
        ]
        if options:
            builds.append(rng.choice(options))
    return builds


def _allowed(position: Position, power: str, order: Order) -> bool:
    try:
        check_order(position, power, order)
    except OrderError:
        return False
    return True
