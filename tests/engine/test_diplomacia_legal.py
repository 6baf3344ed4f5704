"""Which orders a Diplomacia board allows: each refused with what is wrong and what would be
right, and the list of legal orders per unit (what `possible` shows)."""

from __future__ import annotations

import time

import pytest

from engine import IllegalOrderError, Position, check_order, format_order, legal_orders
from engine.orders import read_canonical
from tests.engine.diplomacia_boards import HANDBOOK, board

OPENING = Position.initial(HANDBOOK)


def checked(position: Position, power: str, text: str) -> str:
    order = read_canonical(text)
    assert order is not None, text
    return format_order(check_order(position, power, order))


def refusal(position: Position, power: str, text: str) -> str:
    with pytest.raises(IllegalOrderError) as caught:
        checked(position, power, text)
    return str(caught.value)


def listed(position: Position, area: str) -> list[str]:
    return [format_order(o) for o in legal_orders(position, area)]


LEGAL = [
    # (power, order, as checked)
    ("RUSSIA", "A KAR ZP GFI", "A KAR ZP GFI"),
    ("RUSSIA", "A KAR - EST", "A KAR - EST"),
    ("RUSSIA", "F GFI - GBO", "F GFI - GBO"),
    ("RUSSIA", "F GFI C KAR - FIN", "F GFI C KAR - FIN"),
    # a standard convoy is the one hop it describes
    ("RUSSIA", "F GFI C A KAR - FIN", "F GFI C KAR - FIN"),
    ("SPAIN", "F WME C A KAT - ALG", "F WME C KAT - ALG"),
    # a hop from the previous fleet's sector, and one on to the next fleet
    ("SPAIN", "F WME C NME - ALG", "F WME C NME - ALG"),
    ("FRANCE", "F NME C KAT - WME", "F NME C KAT - WME"),
    ("FRANCE", "F NME S A KAT ZP WME", "F NME S A KAT ZP WME"),
    # convoyed: Pomerania to Småland over the southern and western Baltic
    ("VISEGRAD", "A POM - SMA", "A POM - SMA"),
]


@pytest.mark.parametrize(("power", "text", "tidied"), LEGAL, ids=[t for _, t, _ in LEGAL])
def test_legal_orders_come_back_in_canonical_form(power: str, text: str, tidied: str) -> None:
    assert checked(OPENING, power, text) == tidied


REFUSED = [
    # (power, order, message)
    (
        "RUSSIA",
        "F GFI ZP GFI",
        "only armies seize ports (handbook 7.3.1), and F GFI is a fleet",
    ),
    (
        "RUSSIA",
        "A KAR ZP GBO",
        "Gulf of Bothnia (GBO) has no port to seize; A KAR can seize GFI",
    ),
    (
        "RUSSIA",
        "A KAR ZP EBA",
        "the port of Riga in EBA lies off LAT, not KAR: only an army in LAT can seize it; "
        "A KAR can seize GFI",
    ),
    (
        "RUSSIA",
        "A KAR ZP EST",
        "EST is a land territory: an army seizes the port of a sea sector off its coast; "
        "A KAR can seize GFI",
    ),
    (
        "RUSSIA",
        "A KAR - GFI",
        "armies cannot move to sea: GFI (to take its port, seize it: A KAR ZP GFI)",
    ),
    ("RUSSIA", "F GFI - KAR", "fleets cannot enter land territories: KAR"),
    (
        "RUSSIA",
        "F GFI - WBA",
        "F GFI cannot move to WBA: fleets move only between adjacent seas and coasts",
    ),
    (
        "RUSSIA",
        "A KAR - UPP",
        "KAR is not adjacent to UPP, and no chain of fleets at sea links KAR to UPP for a convoy",
    ),
    (
        "SCANDINAVIA",
        "A UPP S A KAR ZP GFI",
        "only fleets can support a port seizure (handbook 7.3.1), and A UPP is an army",
    ),
    (
        "SCANDINAVIA",
        "F WBA S A KAR ZP GFI",
        "F WBA cannot support a seizure of GFI: a unit supports only where it could move",
    ),
    ("RUSSIA", "F GFI S A KAR ZP GFI", "F GFI cannot support a seizure of its own sector GFI"),
    ("SPAIN", "F WME S A PRO ZP WME", "F WME cannot support a seizure of its own sector WME"),
    (
        "FRANCE",
        "F NME S A LOM ZP WME",
        "there is no army in LOM to seize WME",
    ),
    (
        "FRANCE",
        "F NME S A PRO ZP WME",
        "the port of Barcelona in WME lies off KAT, so an army in PRO cannot seize it",
    ),
    (
        "RUSSIA",
        "F GFI S A KAR - GFI",
        "F GFI cannot support a move into its own province GFI",
    ),
    (
        "SPAIN",
        "F WME S A KAT - WME",
        "F WME cannot support a move into its own province WME",
    ),
    (
        "FRANCE",
        "F NME S A KAT - WME",
        "A KAT cannot move to WME, so that move cannot be supported; to back its port "
        "seizure: F NME S A KAT ZP WME",
    ),
    # 7.2.3.1 and footnote 6: an army supports only into a territory it could enter
    ("FRANCE", "A PRO S F WME - NME", "armies cannot support at sea: NME"),
    ("RUSSIA", "F GFI S A KAR - EST", "fleets cannot support into land territories: EST"),
    # hops
    (
        "RUSSIA",
        "F GFI C KAR - UPP",
        "F GFI cannot carry an army to UPP: UPP does not touch GFI; each fleet carries the "
        "army one hop (handbook 8.5), from the army's territory or the previous fleet's sector "
        "to the next fleet's sector or the territory where it lands",
    ),
    (
        "RUSSIA",
        "F GFI C KAR - GBO",
        "a convoy must end in a land territory (handbook 7.4.1), and no fleet in GBO could "
        "carry the army on",
    ),
    ("RUSSIA", "F GFI C EST - FIN", "there is no army in EST to convoy"),
    ("RUSSIA", "F GFI C EBA - FIN", "no fleet in EBA can pass an army on to F GFI"),
    ("RUSSIA", "A KAR C KAR - FIN", "only fleets can convoy, and A KAR is an army"),
    (
        "RUSSIA",
        "F GFI C GFI - FIN",
        "F GFI cannot carry an army from its own sector: each fleet carries the army one hop "
        "(handbook 8.5), from the army's territory or the previous fleet's sector to the next "
        "fleet's sector or the territory where it lands",
    ),
    (
        "RUSSIA",
        "A KAR B",
        "it is Turn 1 Movement: only holds, moves, supports, port seizures and convoys "
        "can be ordered",
    ),
]


@pytest.mark.parametrize(("power", "text", "message"), REFUSED, ids=[t for _, t, _ in REFUSED])
def test_refused_orders_say_what_is_wrong_and_what_would_be_right(
    power: str, text: str, message: str
) -> None:
    assert refusal(OPENING, power, text) == message


def test_the_diplomacia_orders_are_refused_on_a_standard_board() -> None:
    standard = Position.initial()
    assert refusal(standard, "RUSSIA", "A MOS ZP BOT") == (
        "port seizure is a Diplomacia order; Diplomacy (standard board, 1901) has no ports"
    )
    assert refusal(standard, "ENGLAND", "F NTH S A YOR ZP NWG").startswith(
        "port seizure is a Diplomacia order"
    )
    assert refusal(standard, "ENGLAND", "F NTH C YOR - NWY") == (
        "convoys hop by hop are a Diplomacia order; on Diplomacy (standard board, 1901) a "
        "fleet convoys the army all the way: F NTH C A <army> - <destination>"
    )


# The control evaluation: two accounts -----------------------------------------------------

# Russia: centres KAR and UPP (armies in KAR), ports GFI and WBA (a fleet in GFI)
EVALUATION = board(
    {"RUSSIA": ["A KAR", "F GFI"], "SCANDINAVIA": ["A SMA"]},
    phase="T2A",
    control={"UPP": "RUSSIA", "WBA": "RUSSIA", "EBA": "VISEGRAD"},
)


def test_builds_are_checked_against_each_account_6_5() -> None:
    assert checked(EVALUATION, "RUSSIA", "F WBA B") == "F WBA B"
    assert refusal(EVALUATION, "RUSSIA", "A UPP B") == (
        "UPP is not a home territory of Russia with a supply centre: armies are raised only "
        "there (handbook 6.5.1)"
    )
    assert refusal(EVALUATION, "RUSSIA", "F GBO B") == (
        "Gulf of Bothnia (GBO) has no port: fleets are built only in ports (handbook 6.5.2)"
    )
    assert refusal(EVALUATION, "RUSSIA", "F KAR B") == (
        "fleets are built in port sectors, not in territories: KAR"
    )
    assert refusal(EVALUATION, "RUSSIA", "A GFI B") == "armies cannot be raised at sea: GFI"
    assert refusal(EVALUATION, "RUSSIA", "F EBA B") == (
        "Russia does not control EBA, so cannot build there"
    )
    assert refusal(EVALUATION, "RUSSIA", "F GFI B") == (
        "GFI is occupied: units are built only in empty areas"
    )


def test_a_build_the_account_lacks_names_both_accounts_6_5() -> None:
    """Russia's army account has a build but no empty home centre; its fleet account has
    one."""
    full = board(
        {"RUSSIA": ["A KAR", "F GFI", "F WBA", "F GBO"]},
        phase="T2A",
        control={"UPP": "RUSSIA", "WBA": "RUSSIA", "EBA": "VISEGRAD", "SBA": "RUSSIA"},
    )
    assert refusal(full, "RUSSIA", "F SBA B") == (
        "no fleet can be built: Russia may build 1 army (2 centres, 1 army) and no fleet "
        "(3 ports, 3 fleets)"
    )


def test_removals_and_waives_follow_the_accounts_6_5_2() -> None:
    assert refusal(EVALUATION, "RUSSIA", "A KAR D") == (
        "A KAR cannot be removed: Russia may build 1 army (2 centres, 1 army) and 1 fleet "
        "(2 ports, 1 fleet)"
    )
    assert checked(EVALUATION, "RUSSIA", "WAIVE") == "WAIVE"
    assert refusal(EVALUATION, "SCANDINAVIA", "WAIVE") == (
        "nothing to waive: Scandinavia must remove 1 army (0 centres, 1 army) and may build "
        "no fleet (0 ports, 0 fleets)"
    )


def test_the_evaluation_lists_builds_in_any_controlled_port_and_removals() -> None:
    assert listed(EVALUATION, "WBA") == ["F WBA B"]
    assert listed(EVALUATION, "GFI") == []
    assert listed(EVALUATION, "EST") == []
    assert listed(EVALUATION, "KAR") == []


# legal_orders during a turn ----------------------------------------------------------------


def test_an_army_lists_its_moves_supports_and_seizures() -> None:
    assert listed(OPENING, "KAR") == [
        "A KAR H",
        "A KAR - EST",
        "A KAR - FIN",
        "A KAR S A UPP - FIN",
        "A KAR ZP GFI",
    ]


def test_a_fleet_lists_its_moves_supports_of_seizures_and_hops() -> None:
    assert listed(OPENING, "WME") == [
        "F WME H",
        "F WME - NME",
        "F WME - SAT",
        "F WME S F NME",
        "F WME S A PRO ZP NME",
        "F WME C KAT - ALG",
        "F WME C KAT - NME",
        "F WME C NME - ALG",
        "F WME C NME - KAT",
    ]


def test_every_listed_order_is_legal_and_listing_is_fast() -> None:
    began = time.perf_counter()
    lists = {u.province: legal_orders(OPENING, u.province) for _, u in OPENING.all_units()}
    assert time.perf_counter() - began < 0.5
    for area, found in lists.items():
        power = OPENING.owner_in(area)
        assert power is not None
        for order in found:
            assert check_order(OPENING, power, order) == order
