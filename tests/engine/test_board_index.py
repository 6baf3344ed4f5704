"""The board numbered for the adjudicator, and the cheap ways a phase makes its next position:
each must say exactly what the named tables and the plain constructors say."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Phase, Position, Unit, load_variant
from engine.civil_disorder import distance_home
from engine.convoys import coastal, seas_touching
from engine.variant import ProvinceKind

V = load_variant()
BOARD = V.index
SEAS = sorted(c for c, p in V.provinces.items() if p.kind is ProvinceKind.SEA)
COASTS = sorted(coastal(V))


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
