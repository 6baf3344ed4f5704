"""The computer plays each board to what wins there: on a Diplomacia board it seizes ports,
convoys hop by hop and builds and removes account by account, as the engine says they are
owed; where units or pieces win it counts the units it dislodges."""

from __future__ import annotations

import pytest

from computer import Budget, choose_orders
from computer.search import judge
from computer.sides import friends
from engine import (
    Build,
    Disband,
    Hold,
    Move,
    Order,
    PhaseKind,
    Position,
    SupportMove,
    Unit,
    UnitType,
    adjudicate,
    adjustment,
    available_variants,
    load_variant,
)
from engine.orders import ConvoyHop, Seize
from tests.computer.test_legal_orders import _positions

SMALL = Budget(simulations=60, samples=2, candidates=4)


def _diplomacia() -> Position:
    return Position.initial(load_variant("diplomacia"))


def test_an_army_is_carried_hop_by_hop_to_a_centre_across_the_sea() -> None:
    """Britain's army in Lancashire and a fleet in the Irish Sea: Ireland, unowned, is
    reached only by sea, and the fleet carries the army there in one hop."""
    start = _diplomacia()
    lone = (Unit.parse("A LAN"), Unit.parse("F IRI"))
    position = start.evolve(units={**start.units, "BRITAIN": lone})
    orders = choose_orders(position, "BRITAIN", seed=1)
    assert Move(Unit.parse("A LAN"), "IRE") in orders
    assert ConvoyHop(Unit.parse("F IRI"), "LAN", "IRE") in orders


def test_an_army_seizes_a_port_off_its_territory_held_by_another_power() -> None:
    """Britain's army in Scotland beside the North Sea, whose port another power controls
    and nobody stands in: the army seizes it rather than hold."""
    start = _diplomacia()
    position = start.evolve(
        units={**start.units, "BRITAIN": (Unit.parse("A SCO"),)},
        control={**start.control, "NNS": "SCANDINAVIA"},
    )
    orders = choose_orders(position, "BRITAIN", seed=1)
    assert orders == [Seize(Unit.parse("A SCO"), "NNS")]


@pytest.mark.parametrize("variant", available_variants())
def test_builds_and_removals_are_those_each_account_owes(variant: str) -> None:
    """In every adjustment of random play, each account's removals are made in full and its
    builds never go beyond what it may place, for the computer at every level."""
    seen = 0
    for seed in (1, 2, 3):
        years = 3 if variant == "diplomacia" else 5
        for position in _positions(variant, seed, years):
            if position.phase.kind is not PhaseKind.ADJUSTMENTS:
                continue
            for power in position.variant.powers:
                owed = adjustment(position, power)
                for level in ("easy", "hard"):
                    orders = choose_orders(position, power, seed=seed, level=level, budget=SMALL)
                    for account in owed.accounts:
                        removed = [
                            o for o in orders if isinstance(o, Disband) and account.counts(o.unit)
                        ]
                        built = [
                            o for o in orders if isinstance(o, Build) and account.counts(o.unit)
                        ]
                        assert len(removed) == account.removals, (power, orders)
                        assert len(built) <= account.builds, (power, orders)
                        assert (
                            len(built) == account.builds or level == "easy" or not (account.sites)
                        ), (power, orders)
                seen += 1
    assert seen


def test_a_port_account_owing_a_fleet_builds_a_fleet_in_a_port() -> None:
    """A Diplomacia power with more ports than fleets raises a fleet in a port sector it
    controls, and no army beyond what its centres pay for."""
    start = _diplomacia()
    phase = next(
        p.phase for p in _positions("diplomacia", 1, 3) if p.phase.kind is PhaseKind.ADJUSTMENTS
    )
    armies = tuple(u for u in start.units["BRITAIN"] if u.type is UnitType.ARMY)
    position = start.evolve(units={**start.units, "BRITAIN": armies}, phase=phase)
    owed = adjustment(position, "BRITAIN")
    fleets = next(a for a in owed.accounts if a.unit_type is UnitType.FLEET)
    assert fleets.builds > 0
    orders = choose_orders(position, "BRITAIN", seed=1)
    built = [o for o in orders if isinstance(o, Build)]
    raised = [o.unit for o in built if o.unit.type is UnitType.FLEET]
    assert len(raised) == fleets.builds, orders
    assert all(u.province in fleets.sites for u in raised)
    assert len(built) == owed.builds


@pytest.mark.parametrize(("variant", "counted"), [("1961-3", True), ("standard", False)])
def test_a_unit_dislodged_counts_where_units_or_pieces_win(variant: str, counted: bool) -> None:
    """Two English units dislodge a French army: on a board won by pieces the judgement of
    the position counts the French unit beaten; on the standard board centres alone count."""
    start = Position.initial(load_variant(variant))
    units = {
        **dict.fromkeys(start.variant.powers, ()),
        "ENGLAND": (Unit.parse("A BUR"), Unit.parse("A PIC")),
        "FRANCE": (Unit.parse("A PAR"),),
    }
    position = start.evolve(units=units)
    orders: dict[str, list[Order]] = {
        "ENGLAND": [
            Move(Unit.parse("A BUR"), "PAR"),
            SupportMove(Unit.parse("A PIC"), "BUR", "PAR", UnitType.ARMY),
        ],
        "FRANCE": [Hold(Unit.parse("A PAR"))],
    }
    after = adjudicate(position, orders).position
    assert [d.power for d in after.dislodged] == ["FRANCE"]
    mine = friends(after, "ENGLAND")
    kept = after.evolve(dislodged=())
    beaten = judge(after, "ENGLAND", mine, 1.0) - judge(kept, "ENGLAND", mine, 1.0)
    assert (beaten > 0) is counted
