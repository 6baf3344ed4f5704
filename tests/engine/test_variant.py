"""The standard board as data: counts, symmetry, coasts, and the facts the rule books state."""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
from importlib import resources

import pytest

from engine import Position, UnitType, load_variant
from engine.errors import VariantError
from engine.units import province_of
from engine.variant import ProvinceKind, variant_from_dict

V = load_variant()


def army(a: str, b: str) -> bool:
    return V.can_move(UnitType.ARMY, a, b)


def fleet(a: str, b: str) -> bool:
    """A fleet can sail between the two, from any coast of ``a`` to any coast of ``b``."""
    return any(
        province_of(t) == b for loc in V.fleet_locations(a) for t in V.fleet_adjacency.get(loc, ())
    )


def test_counts() -> None:
    kinds = [p.kind for p in V.provinces.values()]
    assert len(V.provinces) == 75
    assert kinds.count(ProvinceKind.SEA) == 19
    assert kinds.count(ProvinceKind.LAND) == 14
    assert kinds.count(ProvinceKind.COAST) == 42
    assert len(V.supply_centers) == 34
    assert sum(len(V.homes(p)) for p in V.powers) == 22
    assert V.rules.victory_count == 18 == len(V.supply_centers) // 2 + 1
    assert V.powers == ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
    assert sum(len(V.power_info[p].units) for p in V.powers) == 22
    assert "SWI" in V.impassable and "SWI" not in V.provinces


def test_split_coasts() -> None:
    split = {c: p.coasts for c, p in V.provinces.items() if p.coasts}
    assert split == {"BUL": ("EC", "SC"), "SPA": ("NC", "SC"), "STP": ("NC", "SC")}
    for code in split:
        assert code not in V.fleet_adjacency  # a fleet is always on one of the coasts
    assert V.fleet_targets("POR", "SPA") == ("SPA/NC", "SPA/SC")
    assert V.fleet_targets("CON", "BUL") == ("BUL/EC", "BUL/SC")
    assert V.fleet_targets("LVN", "STP") == ("STP/SC",)
    assert V.fleet_targets("NWY", "STP") == ("STP/NC",)
    # a fleet leaves by the coast it came in on (UK rule book II.12)
    assert not fleet_loc("STP/SC", "NWY")
    assert fleet_loc("SPA/SC", "MAR") and not fleet_loc("SPA/NC", "MAR")
    assert fleet_loc("SPA/NC", "GAS") and not fleet_loc("SPA/SC", "GAS")
    assert fleet_loc("MAO", "SPA/SC")  # the Straits do not break the south coast


def fleet_loc(a: str, b: str) -> bool:
    return V.can_move(UnitType.FLEET, a, b)


def test_symmetric_and_consistent() -> None:
    for a, targets in V.army_adjacency.items():
        assert V.provinces[a].kind is not ProvinceKind.SEA
        for b in targets:
            assert a in V.army_adjacency[b]
            assert V.provinces[b].kind is not ProvinceKind.SEA
    for a, targets in V.fleet_adjacency.items():
        assert V.provinces[province_of(a)].kind is not ProvinceKind.LAND
        for b in targets:
            assert a in V.fleet_adjacency[b]


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("KIE", "BAL"),
        ("KIE", "HEL"),
        ("CON", "BLA"),
        ("CON", "AEG"),
        ("DEN", "SWE"),
        ("SKA", "SWE"),
        ("BOT", "SWE"),
        ("SWE", "BAL"),
        ("SKA", "DEN"),
        ("BAL", "DEN"),
    ],
)
def test_rulebook_fleet_links(a: str, b: str) -> None:
    """Canals of Kiel and Constantinople; Denmark–Sweden by sea (UK rule book II.12)."""
    assert fleet(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [("SKA", "BAL"), ("GRE", "EAS"), ("ROM", "VEN"), ("BER", "DEN")],
)
def test_rulebook_fleet_barriers(a: str, b: str) -> None:
    """Denmark separates Skagerrak and the Baltic; no fleet from Greece to the Eastern
    Mediterranean; Rome and Venice share no coast (1961 rules)."""
    assert not fleet(a, b)


def test_rulebook_land_links_and_barriers() -> None:
    assert army("DEN", "SWE") and army("SWE", "DEN")  # linked by land (II.12)
    assert army("CON", "BUL") and army("CON", "ANK") and army("CON", "SMY")
    assert not army("SPA", "NAF")  # Gibraltar: no land connection
    assert not army("MOS", "ARM")  # the Caspian Sea
    assert not army("BER", "DEN")  # "Denmark does not border on Berlin"
    for code in V.provinces:
        assert "SWI" not in V.army_adjacency.get(code, ())  # impassable


def test_starting_position() -> None:
    starts = {p: sorted(str(u) for u in V.power_info[p].units) for p in V.powers}
    assert starts["RUSSIA"] == ["A MOS", "A WAR", "F SEV", "F STP/SC"]
    assert starts["ENGLAND"] == ["A LVP", "F EDI", "F LON"]
    assert starts["GERMANY"] == ["A BER", "A MUN", "F KIE"]
    assert starts["TURKEY"] == ["A CON", "A SMY", "F ANK"]


def _raw() -> dict[str, object]:
    text = resources.files("engine").joinpath("data").joinpath("standard.json").read_text()
    data: dict[str, object] = json.loads(text)
    return data


def test_one_way_adjacency_is_refused() -> None:
    data = copy.deepcopy(_raw())
    army_adj = data["army_adjacency"]
    assert isinstance(army_adj, dict)
    army_adj["PAR"] = army_adj["PAR"] + " MUN"
    with pytest.raises(VariantError, match="one-way"):
        variant_from_dict(data)


def test_fleet_on_a_split_coast_province_needs_its_coast() -> None:
    data = copy.deepcopy(_raw())
    fleet_adj = data["fleet_adjacency"]
    assert isinstance(fleet_adj, dict)
    fleet_adj["SPA"] = "MAO"
    fleet_adj["MAO"] = fleet_adj["MAO"] + " SPA"
    with pytest.raises(VariantError, match="without a coast"):
        variant_from_dict(data)


def test_a_loaded_variant_crosses_to_another_process_by_name() -> None:
    # What a worker process that adjudicates and draws gets, and what comes back from it:
    # the variant loaded there, and here the very variant that was sent.
    for variant in (
        load_variant(),
        load_variant("standard"),
        load_variant("1961-4"),
        load_variant("diplomacia"),
    ):
        assert len(pickle.dumps(variant)) < 100
        sent = pickle.dumps(Position.initial(variant))
        assert pickle.loads(sent).variant is variant


def test_a_variant_that_was_not_loaded_crosses_whole() -> None:
    changed = dataclasses.replace(load_variant(), title="Another board")
    back = pickle.loads(pickle.dumps(changed))
    assert back is not changed and back is not load_variant()
    assert back.title == "Another board" and back.provinces == changed.provinces
