"""The menus the service offers a power (bot/service/choices.py): its own units only, with
the engine's legal orders in canonical notation, in every kind of phase."""

from __future__ import annotations

from bot.service import choices_for
from engine import Position


def position(phase: str, units: dict[str, list[str]], centers: dict[str, list[str]]) -> Position:
    return Position.from_json({"phase": phase, "units": units, "centers": centers})


def test_movement_lists_each_unit_of_the_power() -> None:
    found = dict(choices_for(Position.initial(), "ITALY"))
    assert list(found) == ["F NAP", "A ROM", "A VEN"]
    assert found["A ROM"][:2] == ["A ROM H", "A ROM - APU"]
    assert all(order.startswith("A ROM") for order in found["A ROM"])


def test_removals_list_disbands() -> None:
    removing = position(
        "W1901A",
        {"FRANCE": ["A PAR", "A MAR", "F BRE"]},
        {"FRANCE": ["PAR", "MAR"]},
    )
    assert choices_for(removing, "FRANCE") == [
        ("A PAR", ["A PAR D"]),
        ("A MAR", ["A MAR D"]),
        ("F BRE", ["F BRE D"]),
    ]


def test_builds_list_each_free_home_with_a_waive() -> None:
    building = position(
        "W1901A",
        {"RUSSIA": ["A MOS", "A RUM"]},
        {"RUSSIA": ["MOS", "STP", "SEV", "WAR", "RUM"]},
    )
    found = dict(choices_for(building, "RUSSIA"))
    assert list(found) == ["Build in SEV", "Build in STP", "Build in WAR"]
    assert found["Build in STP"] == ["A STP B", "F STP/NC B", "F STP/SC B", "WAIVE"]
    assert found["Build in WAR"] == ["A WAR B", "WAIVE"]


def test_nothing_to_order() -> None:
    even = position("W1901A", {"FRANCE": ["A PAR"]}, {"FRANCE": ["PAR"]})
    assert choices_for(even, "FRANCE") == []
    assert choices_for(Position.initial(), "NOBODY") == []
