"""The Diplomacia handbook's own examples (section 4) and its rules' other cases, adjudicated
on tests/data/handbook.json, each named after the rule it shows."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine import Dislodged, Position, Resolution, Unit, adjudicate, legal_orders
from engine.orders import format_order
from tests.engine.diplomacia_boards import board, orders


def said(resolution: Resolution) -> dict[str, str]:
    return {r.key: r.text for r in resolution.results}


def units_of(position: Position, power: str) -> list[str]:
    return sorted(str(u) for u in position.units[power])


# The handbook's examples -----------------------------------------------------------------


def test_example_1_blocked_area_7_2_2_3() -> None:
    """Lombardy is blocked, so Provence is not vacated and Central France has nowhere to go."""
    start = board({"FRANCE": ["A PRO", "A SFR"], "GERMANY": ["A SWI"]})
    done = adjudicate(
        start,
        orders(france=["A PRO - LOM", "A SFR - PRO"], germany=["A SWI - LOM"]),
    )
    assert said(done) == {"A PRO": "bounced", "A SFR": "bounced", "A SWI": "bounced"}
    assert units_of(done.position, "FRANCE") == ["A PRO", "A SFR"]
    assert units_of(done.position, "GERMANY") == ["A SWI"]


def test_example_2_move_support_7_2_3_3() -> None:
    start = board({"FRANCE": ["A PRO", "A SFR"], "GERMANY": ["A SWI"]})
    done = adjudicate(
        start,
        orders(france=["A PRO - BUR", "A SFR S A PRO - BUR"], germany=["A SWI - BUR"]),
    )
    assert said(done) == {"A PRO": "moved", "A SFR": "supported", "A SWI": "bounced"}
    assert units_of(done.position, "FRANCE") == ["A BUR", "A SFR"]
    assert done.position.control["BUR"] == "FRANCE"


def test_example_3_chained_convoy_7_4_1_1() -> None:
    """Each fleet carries the army one hop: Catalonia to the western sea by the French fleet,
    on to Algeria by the Spanish one."""
    start = board({"SPAIN": ["A KAT", "F WME"], "FRANCE": ["F NME"]})
    done = adjudicate(
        start,
        orders(spain=["A KAT - ALG", "F WME C NME - ALG"], france=["F NME C KAT - WME"]),
    )
    assert said(done) == {"A KAT": "moved", "F WME": "convoyed", "F NME": "convoyed"}
    assert units_of(done.position, "SPAIN") == ["A ALG", "F WME"]
    assert done.position.control["ALG"] == "SPAIN"


def _example_4() -> Resolution:
    start = board(
        {
            "BRITAIN": ["A BRE", "A NOR"],
            "GERMANY": ["A BUR"],
            "FRANCE": ["A PRO", "A SFR"],
        }
    )
    return adjudicate(
        start,
        orders(
            britain=["A BRE - SFR", "A NOR S A BRE - SFR"],
            germany=["A BUR S A BRE - SFR"],
            france=["A PRO S A SFR", "A SFR H"],
        ),
    )


def test_example_4_successful_attack_leaves_only_aquitaine_7_2_2_2_and_7_2_2_5() -> None:
    """The supports from Normandy and from Burgundy (not next to Brittany) both count; the
    French army may retreat only to Aquitaine, never to Brittany, where the attack came from."""
    done = _example_4()
    assert said(done)["A BRE"] == "moved"
    assert said(done)["A BUR"] == "supported"
    assert said(done)["A SFR"] == "dislodged"
    (french,) = done.position.dislodged
    assert french.retreats == ("AQU",)
    assert [format_order(o) for o in legal_orders(done.position, "SFR")] == [
        "A SFR R AQU",
        "A SFR D",
    ]
    retreated = adjudicate(done.position, orders(france=["A SFR R AQU"]))
    assert units_of(retreated.position, "FRANCE") == ["A AQU", "A PRO"]


def test_example_4_an_army_not_retreating_is_destroyed_7_2_2_5() -> None:
    after = adjudicate(_example_4().position, {}).position
    assert units_of(after, "FRANCE") == ["A PRO"]
    assert after.control["SFR"] == "BRITAIN"


def test_example_5_support_cutting_7_2_3_5() -> None:
    start = board(
        {"BRITAIN": ["A BRE"], "GERMANY": ["A NOR"], "FRANCE": ["A BUR", "A SFR"]},
    )
    done = adjudicate(
        start,
        orders(
            britain=["A BRE - SFR"],
            germany=["A NOR S A BRE - SFR"],
            france=["A BUR - NOR", "A SFR H"],
        ),
    )
    assert said(done) == {
        "A BRE": "bounced",
        "A NOR": "cut",
        "A BUR": "bounced",
        "A SFR": "held",
    }


def test_example_6_a_defeated_fleet_with_nowhere_to_go_is_destroyed_7_2_2_5() -> None:
    """The support from the Celtic Sea is not cut: the attack on it comes from the sector it
    supports into."""
    start = board({"SPAIN": ["F SAT"], "BRITAIN": ["F CEL"], "FRANCE": ["F BIS"]})
    done = adjudicate(
        start,
        orders(spain=["F SAT - BIS"], britain=["F CEL S F SAT - BIS"], france=["F BIS - CEL"]),
    )
    assert said(done) == {"F SAT": "moved", "F CEL": "supported", "F BIS": "destroyed"}
    assert done.position.units["FRANCE"] == ()
    assert done.position.dislodged == ()


def test_example_7_no_position_swapping_7_2_2_1() -> None:
    start = board({"SPAIN": ["F SAT"], "BRITAIN": ["F CEL"], "FRANCE": ["F BIS"]})
    done = adjudicate(
        start,
        orders(spain=["F SAT - BIS"], britain=["F CEL S F SAT - BIS"], france=["F BIS - SAT"]),
    )
    assert said(done) == {"F SAT": "moved", "F CEL": "supported", "F BIS": "destroyed"}
    assert units_of(done.position, "SPAIN") == ["F BIS"]


def test_example_8_siege_7_2_2_4() -> None:
    """Two attacks of strength two on Normandy block each other; the defender stays."""
    start = board(
        {
            "BRITAIN": ["A SEN", "A BRE", "F CHA"],
            "FRANCE": ["A BUR", "A SFR"],
            "GERMANY": ["A NOR"],
        }
    )
    done = adjudicate(
        start,
        orders(
            britain=["A SEN - NOR", "A BRE S A SEN - NOR", "F CHA C SEN - NOR"],
            france=["A BUR - NOR", "A SFR S A BUR - NOR"],
        ),
    )
    assert said(done)["A SEN"] == "bounced"
    assert said(done)["A BUR"] == "bounced"
    assert said(done)["F CHA"] == "disrupted"
    assert units_of(done.position, "GERMANY") == ["A NOR"]
    assert done.position.dislodged == ()


def _example_9(russia: Sequence[str]) -> Resolution:
    start = board(
        {
            "VISEGRAD": ["A POM", "F SBA"],
            "SCANDINAVIA": ["F SKA", "F WBA"],
            "RUSSIA": ["F GFI"],
        }
    )
    return adjudicate(
        start,
        orders(
            visegrad=["A POM - SMA", "F SBA C POM - SMA"],
            scandinavia=["F SKA - SBA", "F WBA S F SKA - SBA"],
            russia=russia,
        ),
    )


def test_example_9_the_convoyed_army_is_destroyed_with_its_fleet_7_2_2_5() -> None:
    """The fleet could only have retreated to the eastern Baltic, where the Russian fleet
    moves: it is destroyed, and the army it was convoying with it."""
    done = _example_9(["F GFI - EBA"])
    assert said(done)["F SBA"] == "destroyed"
    assert said(done)["A POM"] == "destroyed: lost with F SBA, which was convoying it"
    assert done.position.units["VISEGRAD"] == ()


def test_example_9_the_army_goes_with_its_fleet_that_does_not_retreat_7_2_2_5() -> None:
    """With the eastern Baltic free the fleet may retreat; when it does not, it is destroyed
    in the retreat phase and takes the army with it."""
    done = _example_9(["F GFI H"])
    (fleet,) = done.position.dislodged
    assert (fleet.retreats, fleet.carrying) == (("EBA",), "POM")
    assert units_of(done.position, "VISEGRAD") == ["A POM"]
    after = adjudicate(done.position, {})
    assert said(after) == {
        "F SBA": "disbanded",
        "A POM": "destroyed: lost with F SBA, which was convoying it",
    }
    assert after.position.units["VISEGRAD"] == ()


def test_example_9_a_fleet_that_retreats_keeps_its_army_7_2_2_5() -> None:
    done = _example_9(["F GFI H"])
    after = adjudicate(done.position, orders(visegrad=["F SBA R EBA"]))
    assert units_of(after.position, "VISEGRAD") == ["A POM", "F EBA"]


def test_example_10_empty_port_seizure_7_3_1() -> None:
    """Kronstadt's sector comes under Russian control; the army stays in Karelia."""
    start = board({"RUSSIA": ["A KAR"]}, control={"GFI": "SCANDINAVIA"})
    done = adjudicate(start, orders(russia=["A KAR ZP GFI"]))
    assert said(done) == {"A KAR": "seized"}
    assert done.position.control["GFI"] == "RUSSIA"
    assert units_of(done.position, "RUSSIA") == ["A KAR"]


def test_example_11_occupied_port_seizure_dislodges_the_fleet_7_3_1() -> None:
    """The seizure is an imaginary fleet's attack, supported from the Gulf of Bothnia; the
    Visegrad fleet's move against the supporter does not cut a support aimed at it."""
    start = board(
        {"RUSSIA": ["A KAR"], "SCANDINAVIA": ["F GBO"], "VISEGRAD": ["F GFI"]},
    )
    done = adjudicate(
        start,
        orders(
            russia=["A KAR ZP GFI"],
            scandinavia=["F GBO S A KAR ZP GFI"],
            visegrad=["F GFI - GBO"],
        ),
    )
    assert said(done) == {"A KAR": "seized", "F GBO": "supported", "F GFI": "dislodged"}
    assert done.position.control["GFI"] == "RUSSIA"
    (fleet,) = done.position.dislodged
    assert fleet.retreats == ("EBA",)


# The rules' other cases ------------------------------------------------------------------


def test_an_armys_support_of_a_seizure_does_not_count_7_3_1() -> None:
    """ "It may be supported or blocked by other fleets, but not armies": the army's support is
    refused, and the seizure alone cannot dislodge the fleet holding the sector."""
    start = board({"RUSSIA": ["A KAR", "A EST"], "VISEGRAD": ["F GFI"]})
    done = adjudicate(start, orders(russia=["A KAR ZP GFI", "A EST S A KAR ZP GFI"]))
    assert said(done)["A EST"] == (
        "illegal: only fleets can support a port seizure (handbook 7.3.1), and A EST is an army"
    )
    assert said(done)["A KAR"] == "bounced"
    assert done.position.control["GFI"] == "VISEGRAD"


def test_a_seizure_is_cancelled_when_its_army_is_dislodged_7_3_1() -> None:
    start = board(
        {"RUSSIA": ["A KAR"], "SCANDINAVIA": ["A FIN", "A EST"]},
        control={"GFI": "SCANDINAVIA"},
    )
    done = adjudicate(
        start,
        orders(russia=["A KAR ZP GFI"], scandinavia=["A FIN - KAR", "A EST S A FIN - KAR"]),
    )
    assert said(done)["A KAR"] == "destroyed"
    assert done.position.control["GFI"] == "SCANDINAVIA"


def test_a_redundant_convoy_survives_the_loss_of_one_fleet_7_4_1_2() -> None:
    start = board(
        {"BRITAIN": ["A SEN", "F CEL", "F CHA"], "SPAIN": ["F SAT", "F BIS"]},
        control={"BRE": "FRANCE"},
    )
    done = adjudicate(
        start,
        orders(
            britain=["A SEN - BRE", "F CEL C SEN - BRE", "F CHA C SEN - BRE"],
            spain=["F SAT - CEL", "F BIS S F SAT - CEL"],
        ),
    )
    # the lost fleet is destroyed (nowhere to go), and the army it convoyed arrives anyway
    assert said(done)["F CEL"] == "destroyed"
    assert said(done)["F CHA"] == "convoyed"
    assert said(done)["A SEN"] == "moved"
    assert units_of(done.position, "BRITAIN") == ["A BRE", "F CHA"]


@pytest.mark.parametrize(
    ("fleet_of", "swapped"), [("RUSSIA", True), ("SCANDINAVIA", False)], ids=["own", "foreign"]
)
def test_the_land_route_is_used_unless_a_convoying_fleet_is_the_armys_own_7_4_1_2(
    fleet_of: str, swapped: bool
) -> None:
    """Footnote 7: a foreign fleet cannot convoy an army against its will, so two armies
    swapping with only a foreign fleet's convoy are a swap by land, which fails (7.2.2.1)."""
    units = {"RUSSIA": ["A KAR", "A EST"]}
    units.setdefault(fleet_of, []).append("F GFI")
    given = orders(russia=["A KAR - EST", "A EST - KAR"])
    given.setdefault(fleet_of, []).extend(orders(x=["F GFI C KAR - EST"])["X"])
    start = board(units)
    done = adjudicate(start, given)
    word = "moved" if swapped else "bounced"
    assert (said(done)["A KAR"], said(done)["A EST"]) == (word, word)


def test_control_changes_by_passing_through_5() -> None:
    """An area is the last occupier's until another unit enters it, even once left."""
    start = board({"FRANCE": ["A PRO"]})
    first = adjudicate(start, orders(france=["A PRO - BUR"])).position
    second = adjudicate(first, orders(france=["A BUR - LOM"])).position
    assert units_of(second, "FRANCE") == ["A LOM"]
    assert [second.control[a] for a in ("PRO", "BUR", "LOM")] == ["FRANCE"] * 3
    assert {"BUR", "LOM", "PRO"} <= second.centers["FRANCE"]
    assert "BUR" not in second.centers["GERMANY"]


def test_a_fleet_is_raised_away_from_home_in_a_controlled_port_6_5_2() -> None:
    """Kalmar, Scandinavia's home port, taken by Russia: Russia may build its fleet there."""
    start = board({"RUSSIA": ["A KAR"]}, phase="T2A", control={"WBA": "RUSSIA"})
    assert "F WBA B" in [format_order(o) for o in legal_orders(start, "WBA")]
    done = adjudicate(start, orders(russia=["F WBA B"]))
    assert said(done)["F WBA"] == "built"
    assert "F WBA" in units_of(done.position, "RUSSIA")


def test_accounts_are_not_traded_an_army_removal_cannot_pay_for_a_lacking_port_6_5_2() -> None:
    start = board(
        {"RUSSIA": ["A KAR", "A UPP", "F GBO", "F GFI"]},
        phase="T2A",
        control={"EBA": "VISEGRAD"},
    )
    done = adjudicate(start, orders(russia=["A UPP D"]))
    assert said(done)["A UPP"] == (
        "illegal: A UPP cannot be removed: armies and fleets are not traded (handbook 6.5.2); "
        "Russia may build no army (2 centres, 2 armies) and must remove 1 fleet "
        "(1 port, 2 fleets)"
    )
    remaining = units_of(done.position, "RUSSIA")
    assert [u for u in remaining if u.startswith("A")] == ["A KAR", "A UPP"]
    assert len([u for u in remaining if u.startswith("F")]) == 1


@pytest.mark.parametrize(("centres", "wins"), [(6, False), (7, True)])
def test_victory_counts_supply_centres_not_ports_4_1(centres: int, wins: bool) -> None:
    """Twelve centres on the board: seven win, and no number of ports makes up for one."""
    taken = ["PRO", "LOM", "SFR", "BUR", "BRE", "NOR", "KAT"][:centres]
    ports = ["WME", "NME", "BIS", "CHA", "SBA", "WBA", "GFI", "EBA"]
    start = board({"FRANCE": ["A PRO"]}, control=dict.fromkeys(taken + ports, "FRANCE"))
    done = adjudicate(start, {})
    assert done.winners == (("FRANCE",) if wins else ())


def test_two_orders_for_one_unit_cancel_both_8() -> None:
    start = board({"RUSSIA": ["A KAR"], "SCANDINAVIA": ["A FIN"]})
    done = adjudicate(start, orders(russia=["A KAR - EST", "A KAR - FIN"]))
    words = [r.text for r in done.results if r.key == "A KAR"]
    assert words == ["void: two orders for one unit: neither counts (Diplomacia handbook 8)"] * 2
    assert units_of(done.position, "RUSSIA") == ["A KAR"]


def test_no_retreat_to_the_attackers_origin_even_after_a_convoy_7_2_2_5() -> None:
    """The army from Karelia comes by the Russian fleet; Estonia's army still may not retreat
    to Karelia (the standard game would let it), so with Latvia held it is destroyed."""
    start = board({"RUSSIA": ["A KAR", "A LAT", "F GFI"], "VISEGRAD": ["A EST"]})
    done = adjudicate(
        start,
        orders(russia=["A KAR - EST", "A LAT S A KAR - EST", "F GFI C KAR - EST"]),
    )
    assert said(done)["A KAR"] == "moved"
    assert said(done)["A EST"] == "destroyed"


def test_two_retreats_to_one_area_destroy_both_7_2_2_5() -> None:
    start = board(
        {"FRANCE": ["A BUR"], "GERMANY": ["A PRO"]},
        phase="T1R",
        dislodged=[
            Dislodged("FRANCE", Unit.parse("A SFR"), "BRE", ("AQU", "NOR")),
            Dislodged("SPAIN", Unit.parse("A BRE"), "CEL", ("AQU",)),
        ],
    )
    done = adjudicate(start, orders(france=["A SFR R AQU"], spain=["A BRE R AQU"]))
    assert said(done)["A SFR"] == "bounced"
    assert said(done)["A BRE"] == "bounced"
    assert done.position.units["SPAIN"] == ()
    assert units_of(done.position, "FRANCE") == ["A BUR"]
