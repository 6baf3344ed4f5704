"""Variants carry their rules: the 1961 boards for fewer players as overlays on the standard
board, victory by a majority of the pieces, and victory shared by the powers of one seat."""

from __future__ import annotations

import pytest

from engine import (
    IllegalOrderError,
    Order,
    Position,
    Victory,
    adjudicate,
    available_variants,
    load_variant,
    parse_order,
)
from engine.errors import PositionError, VariantError
from engine.variant import variant_from_dict

BOARDS = [
    # name, powers, provinces, centres
    ("1961-6", "AUSTRIA ENGLAND FRANCE GERMANY ITALY RUSSIA", 69, 30),
    ("1961-5", "AUSTRIA ENGLAND FRANCE GERMANY ITALY", 61, 25),
    ("1961-4", "ENGLAND FRANCE GERMANY ITALY", 57, 22),
    ("1961-3", "ENGLAND FRANCE GERMANY", 46, 16),
]


@pytest.mark.parametrize(("name", "powers", "provinces", "centres"), BOARDS)
def test_the_1961_boards_shrink_as_the_rules_say(
    name: str, powers: str, provinces: int, centres: int
) -> None:
    board = load_variant(name)
    assert board.powers == tuple(powers.split())
    assert (len(board.provinces), len(board.supply_centers)) == (provinces, centres)
    assert board.rules.victory is Victory.PIECES
    assert "BLA" in board.fleet_adjacency["AEG"] and "AEG" in board.fleet_adjacency["BLA"]
    assert {p.code for p in board.provinces.values() if p.kind.value == "sea"} == {
        p.code for p in load_variant().provinces.values() if p.kind.value == "sea"
    }, "no sea is removed"
    assert name in available_variants()


def test_the_four_player_board_keeps_vienna_and_trieste_as_neutral_centres() -> None:
    board = load_variant("1961-4")
    for code in ("VIE", "TRI"):
        assert board.provinces[code].supply_center
        assert board.provinces[code].home_of is None
    assert {"BOH", "TYR"} <= set(board.provinces)
    opening = Position.initial(board)
    assert "VIE" not in {c for cs in opening.centers.values() for c in cs}


@pytest.mark.parametrize("name", [b[0] for b in BOARDS])
def test_an_overlay_names_its_base_and_the_passage_it_opens(name: str) -> None:
    board = load_variant(name)
    assert board.base == "standard"
    # the map draws this passage: fleets sail from the Black Sea straight to the Aegean
    assert board.added_links == frozenset({("AEG", "BLA")})
    assert load_variant().base is None
    assert load_variant().added_links == frozenset()


def test_an_order_into_a_province_off_the_board_is_refused_by_name() -> None:
    opening = Position.initial(load_variant("1961-6"))
    with pytest.raises(
        IllegalOrderError, match=r"Constantinople \(CON\) is off the board in 1961-6"
    ):
        parse_order("F Sev - Con", opening, "RUSSIA")
    move = parse_order("F Sev - Bla", opening, "RUSSIA")
    after = adjudicate(opening, {"RUSSIA": [move]}).position
    fall = adjudicate(after, {"RUSSIA": [parse_order("F Bla - Aeg", after, "RUSSIA")]})
    assert "F AEG" in {str(u) for u in fall.position.units["RUSSIA"]}


def _spring_1905(germany: list[str], france: list[str]) -> Position:
    return Position.from_json(
        {
            "variant": "1961-3",
            "phase": "S1905M",
            "units": {
                "ENGLAND": ["A BUR", "A MUN", "A RUH", "A KIE", "F NTH"],
                "FRANCE": france,
                "GERMANY": germany,
            },
            "centers": {"ENGLAND": ["LON", "EDI", "LVP"], "FRANCE": ["PAR"], "GERMANY": ["BER"]},
        }
    )


def _attack_berlin(position: Position) -> dict[str, list[Order]]:
    texts = ("A Kie - Ber", "A Mun S A Kie - Ber")
    return {"ENGLAND": [parse_order(t, position, "ENGLAND") for t in texts]}


def test_a_majority_of_the_pieces_wins_as_soon_as_it_is_reached() -> None:
    assert load_variant("1961-3").rules.checked_every_phase
    spring = _spring_1905(["A BER", "A SIL", "A PRU"], ["A PAR", "A MAR"])
    assert adjudicate(spring, {}).winners == (), "5 of 10 pieces is not a majority"
    resolution = adjudicate(spring, _attack_berlin(spring))
    assert resolution.winners == ("ENGLAND",), "Berlin had nowhere to go: 5 of 9"
    assert resolution.next_phase is None


def test_a_dislodged_unit_is_still_a_piece_until_it_disbands() -> None:
    spring = _spring_1905(["A BER", "A SIL"], ["A PAR", "A MAR", "F BRE"])
    moved = adjudicate(spring, _attack_berlin(spring))
    assert moved.winners == ()
    assert [str(d.unit) for d in moved.position.dislodged] == ["A BER"]
    retreats = moved.position
    disband = parse_order("A Ber D", retreats, "GERMANY")
    assert adjudicate(retreats, {"GERMANY": [disband]}).winners == ("ENGLAND",)
    retreat = parse_order("A Ber - Pru", retreats, "GERMANY")
    assert adjudicate(retreats, {"GERMANY": [retreat]}).winners == ()


def test_a_player_with_two_powers_wins_with_their_centres_together() -> None:
    fall = Position.from_json(
        {
            "phase": "F1905M",
            "units": {"AUSTRIA": ["A VIE"], "FRANCE": ["A PAR"]},
            "centers": {
                "AUSTRIA": ["BUD", "TRI", "VIE", "SER", "GRE", "BUL", "RUM", "SEV", "WAR"],
                "FRANCE": ["BRE", "MAR", "PAR", "SPA", "POR", "BEL", "HOL", "MUN", "KIE"],
            },
            "seats": [["france", "austria"]],
        }
    )
    assert fall.seats == (("AUSTRIA", "FRANCE"),)
    assert adjudicate(fall, {}).winners == ("AUSTRIA", "FRANCE")
    alone = Position.from_json(fall.to_json() | {"seats": []})
    assert adjudicate(alone, {}).winners == ()


def test_bad_seats_and_overlays_are_refused_with_the_reason() -> None:
    with pytest.raises(PositionError, match="FRANCE is in two seats"):
        Position.initial(seats=[["FRANCE", "ITALY"], ["FRANCE", "GERMANY"]])
    with pytest.raises(PositionError, match="unknown power 'ATLANTIS'"):
        Position.initial(seats=[["ATLANTIS", "ITALY"]])
    with pytest.raises(VariantError, match="removes XYZ, which standard lacks"):
        variant_from_dict({"name": "odd", "base": "standard", "remove_provinces": ["XYZ"]})
    with pytest.raises(VariantError, match="removes FRANCE's home PAR"):
        variant_from_dict({"name": "odd", "base": "standard", "remove_provinces": ["PAR"]})
    with pytest.raises(VariantError, match="unknown victory 'points'"):
        variant_from_dict({"name": "odd", "base": "standard", "rules": {"victory": "points"}})
