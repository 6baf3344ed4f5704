"""Diplomacia's steps between phases (handbook 5, 6): control brought up to date after every
movement and retreat phase, the turn sequence with its control evaluations, and the
evaluation's two accounts."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from engine.control import build_site, centres_controlled, power_accounts, updated_control
from engine.owed import Account, Holding, adjustments_due
from engine.phase import Phase, PhaseKind, Season
from engine.position import Position
from engine.step import start_of
from engine.units import UnitType


def controlled(position: Position, seized: Mapping[str, str] = {}) -> Position:
    """The position with control brought up to date (:mod:`engine.control`)."""
    control = updated_control(position.control, position.units, seized)
    variant = position.variant
    return position.evolve(
        control=control,
        centers=centres_controlled(control, variant.supply_centers, variant.powers),
    )


def next_turn(phase: Phase, position: Position) -> Position:
    """After an even turn the control evaluation, if anyone has something to do in it;
    otherwise the next turn."""
    if phase.settles_centres:
        evaluation = Phase(phase.year, Season.TURN, PhaseKind.ADJUSTMENTS)
        settled = start_of(position, evaluation, position.centers)
        if adjustments_due(settled):
            return settled
    following = Phase(phase.year + 1, Season.TURN, PhaseKind.MOVEMENT)
    return start_of(position, following, position.centers)


def accounts(position: Position, power: str) -> tuple[Account, ...]:
    """``power``'s army and fleet accounts, each with where a unit of it may be raised now."""
    have = power_accounts(position, power)
    kept = (
        (UnitType.ARMY, Holding.CENTRES, have.armies, have.centres),
        (UnitType.FLEET, Holding.PORTS, have.fleets, have.ports),
    )
    return tuple(
        Account(kind, holding, units, holdings, tuple(build_site(position, power, kind)))
        for kind, holding, units, holdings in kept
    )


def evaluation_held(position: Position, power: str, homes: frozenset[str]) -> Position:
    """The evaluation of ``position``'s turn with ``power`` controlling ``homes``: the
    supply centres follow control."""
    control = dict(position.control)
    control.update(dict.fromkeys(homes, power))
    evaluation = Phase(position.phase.year, Season.TURN, PhaseKind.ADJUSTMENTS)
    centres = position.variant.supply_centers
    controlled = {
        p: frozenset(c for c in centres if control.get(c) == p) for p in position.variant.powers
    }
    return replace(position, phase=evaluation, centers=controlled, control=control)
