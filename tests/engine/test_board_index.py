"""The board numbered for the adjudicator, and the cheap ways a phase makes its next position:
each must say exactly what the named tables and the plain constructors say."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    Hold,
    Move,
    Order,
    OrderError,
    Phase,
    Position,
    SupportHold,
    SupportMove,
    Unit,
    UnitType,
    check_order,
    load_variant,
)
from engine.civil_disorder import distance_home
from engine.convoys import coastal, seas_touching
from engine.legal import check_orders
from engine.position import retreat_options
from engine.variant import ProvinceKind

V = load_variant()
BOARD = V.index
SEAS = sorted(c for c, p in V.provinces.items() if p.kind is ProvinceKind.SEA)
COASTS = sorted(coastal(V))
LOCATIONS = sorted(V.provinces) + sorted(loc for loc in V.fleet_adjacency if "/" in loc)


def test_every_province_and_coast_has_its_province_number() -> None:
    assert [BOARD.codes[BOARD.number[code]] for code in V.provinces] == list(V.provinces)
    assert BOARD.codes[BOARD.number["STP/SC"]] == "STP"
    assert BOARD.codes[BOARD.number["SPA/NC"]] == "SPA"
    mos, stp = BOARD.number["MOS"], BOARD.number["STP"]
    assert stp in BOARD.army_steps[mos]
    assert not BOARD.army_steps[BOARD.number["NTH"]]  # no army stands at sea
    assert BOARD.sea[BOARD.number["NTH"]] and not BOARD.sea[BOARD.number["LON"]]


def _searched(fleets: set[str], source: str, dest: str) -> bool:
    """A convoy route found the plain way: seas holding fleets, one touching the next."""
    touching = seas_touching(V)
    frontier = [s for s in touching[source] if s in fleets]
    seen = set(frontier)
    while frontier:
        sea = frontier.pop()
        if sea in touching[dest]:
            return True
        for step in touching[sea] & fleets - seen:
            seen.add(step)
            frontier.append(step)
    return False


@settings(max_examples=300, deadline=None)
@given(
    st.sets(st.sampled_from(SEAS), max_size=10),
    st.sampled_from(COASTS),
    st.sampled_from(COASTS),
)
def test_convoy_links_on_numbers_agree_with_a_search_by_name(
    fleets: set[str], source: str, dest: str
) -> None:
    linked = BOARD.linked(BOARD.bits(fleets), BOARD.number[source], BOARD.number[dest])
    assert linked == _searched(fleets, source, dest)


def test_a_chain_of_fleets_links_london_to_tunis() -> None:
    route = {"ENG", "MAO", "WES"}
    assert BOARD.linked(BOARD.bits(route), BOARD.number["LON"], BOARD.number["TUN"])
    assert not BOARD.linked(BOARD.bits(route - {"MAO"}), BOARD.number["LON"], BOARD.number["TUN"])


def test_a_new_position_keeps_what_it_is_not_given_and_nothing_cached() -> None:
    start = Position.initial(V)
    assert start.unit_index["PAR"] >= 0  # cached on the opening position
    moved = {**start.units, "FRANCE": (Unit.parse("A BUR"), Unit.parse("A MAR"))}
    after = start.evolve(phase=Phase.parse("F1901M"), units=moved)
    assert str(after.phase) == "F1901M"
    assert after.centers == start.centers and after.homes == start.homes
    assert "PAR" not in after.unit_index and after.occupant("BUR") == ("FRANCE", moved["FRANCE"][0])
    assert start.occupant("PAR") is not None  # the first position is untouched


def test_a_new_position_refuses_a_field_positions_do_not_have() -> None:
    with pytest.raises(TypeError, match="armies"):
        Position.initial(V).evolve(armies=())


def test_distance_home_counts_moves_by_the_shortest_route() -> None:
    assert distance_home(V, Unit.parse("A PAR"), ("PAR", "MAR", "BRE")) == 0
    assert distance_home(V, Unit.parse("A MOS"), ("VIE", "BUD", "TRI")) == 3  # UKR, GAL, BUD
    assert distance_home(V, Unit.parse("F NAO"), ("LON", "LVP", "EDI")) == 1
    # an army may be convoyed: each sea a step (NAF - WES - TYS - NAP)
    assert distance_home(V, Unit.parse("A NAF"), ("NAP", "ROM", "VEN")) == 3


def test_where_a_unit_may_support_agrees_with_the_variant() -> None:
    for unit, reach in BOARD.reach.items():
        assert reach == {p for p in V.provinces if V.reaches(unit.type, unit.location, p)}


def _scattered(rng: random.Random) -> Position:
    """A movement phase with 34 units of random powers on random provinces."""
    units: dict[str, list[Unit]] = {p: [] for p in V.powers}
    for code in rng.sample(sorted(V.provinces), 34):
        coasts = V.fleet_locations(code) if V.provinces[code].kind is not ProvinceKind.LAND else ()
        if not coasts or (V.provinces[code].army_can_stand and rng.random() < 0.6):
            unit = Unit(UnitType.ARMY, code)
        else:
            unit = Unit(UnitType.FLEET, rng.choice(coasts))
        units[rng.choice(V.powers)].append(unit)
    start = Position.initial(V)
    return start.evolve(units={p: tuple(us) for p, us in units.items()})


def _near_or_anywhere(rng: random.Random, unit: Unit) -> str:
    """Mostly a province the unit reaches (a plain order), sometimes any province or coast."""
    near = sorted(BOARD.reach.get(unit, ()))
    if near and rng.random() < 0.8:
        return rng.choice(near)
    return rng.choice(LOCATIONS)


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_orders_checked_together_get_the_answers_each_gets_alone(seed: int) -> None:
    """check_orders settles plain orders in a few look-ups: each answer must be exactly what
    check_order gives (the order as written, a tidied one, or the same refusal)."""
    rng = random.Random(seed)
    position = _scattered(rng)
    placed = list(position.unit_list)
    orders: dict[str, list[Order]] = {p: [] for p in V.powers}
    for power, unit in placed:
        giver = power if rng.random() < 0.9 else rng.choice(V.powers)
        if rng.random() < 0.1:  # the wrong unit letter or coast
            unit = Unit(rng.choice(list(UnitType)), rng.choice(LOCATIONS))
        other = rng.choice(placed)[1]
        order: Order = rng.choice(
            [
                Hold(unit),
                Move(unit, _near_or_anywhere(rng, unit)),
                SupportHold(unit, _near_or_anywhere(rng, unit)),
                SupportMove(unit, other.province, _near_or_anywhere(rng, other)),
            ]
        )
        orders[giver].append(order)
    for power, order, answer in check_orders(position, orders):
        try:
            alone: Order | str = check_order(position, power, order)
        except OrderError as exc:
            alone = exc.message
        together = answer.message if isinstance(answer, OrderError) else answer
        assert together == alone, (power, order)


def test_a_dislodged_unit_may_retreat_to_every_free_step_in_order() -> None:
    for unit in BOARD.steps:
        steps = V.army_adjacency if unit.type is UnitType.ARMY else V.fleet_adjacency
        free = sorted(steps[unit.location])
        assert retreat_options(V, unit, None, (), ()) == tuple(free)
    held = retreat_options(V, Unit.parse("F NTH"), "LON", {"EDI"}, {"HOL"})
    assert held == ("BEL", "DEN", "ENG", "HEL", "NWG", "NWY", "SKA", "YOR")


def test_the_board_holds_one_unit_for_every_type_and_place_a_unit_can_stand() -> None:
    for kind in UnitType:
        for location in list(V.provinces) + list(V.fleet_adjacency):
            found = BOARD.units[kind].get(location)
            assert (found is not None) == V.can_stand(kind, location)
            assert found is None or found == Unit(kind, location)
