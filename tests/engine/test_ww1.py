"""The UK rule book's two-player World War I game (III.2): England/France/Russia against
Austria/Germany/Turkey from 1914, Italy neutral and closed until it joins a side, and 24 units
on the board for a seat win."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine import (
    IllegalOrderError,
    Phase,
    Position,
    Victory,
    adjudicate,
    available_variants,
    format_order,
    join_seat,
    legal_orders,
    load_variant,
    parse_order,
)
from engine.errors import PositionError, VariantError
from engine.variant import variant_from_dict

ALLIES = ("ENGLAND", "FRANCE", "RUSSIA")
CENTRAL = ("AUSTRIA", "GERMANY", "TURKEY")
WAR = load_variant("ww1")


def opening() -> Position:
    return Position.initial(WAR, [ALLIES, CENTRAL])


def position(phase: str, units: dict[str, list[str]], **more: Any) -> Position:
    data: dict[str, Any] = {"variant": "ww1", "phase": phase, "units": units}
    data.setdefault("seats", [list(ALLIES), list(CENTRAL)])
    return Position.from_json(data | more)


def refused(board: Position, power: str, text: str) -> str:
    with pytest.raises(IllegalOrderError) as caught:
        parse_order(text, board, power)
    return str(caught.value)


def test_the_war_opens_in_spring_1914_with_every_unit_and_italy_neutral() -> None:
    assert "ww1" in available_variants()
    start = opening()
    assert str(start.phase) == "S1914M"
    assert sum(len(us) for us in start.units.values()) == 22
    assert start.units == Position.initial().units
    assert start.neutral == {"ITALY"}
    assert start.closed == {"VEN", "ROM", "NAP", "PIE", "TUS", "APU"}
    assert (WAR.rules.victory, WAR.rules.victory_count) == (Victory.UNITS, 24)
    assert start.to_json()["neutral"] == ["ITALY"]
    assert Position.from_json(start.to_json()) == start
    assert "neutral" not in Position.initial().to_json(), "the standard game is unchanged"


def test_nobody_enters_italy_in_1914_and_says_why() -> None:
    start = opening()
    closed = "Venice (VEN) is neutral Italian territory in 1914"
    assert refused(start, "AUSTRIA", "F Tri - Ven") == f"{closed}: no unit may enter it"
    assert refused(start, "FRANCE", "A Mar - Pie").startswith("Piedmont (PIE) is neutral")
    assert refused(start, "AUSTRIA", "A Vie S F Tri - Ven") == (
        f"{closed}: no unit may enter it, so a support there is pointless"
    )
    assert refused(start, "AUSTRIA", "F Tri S A Ven") == (
        f"{closed}: nobody may attack it, so support there is pointless"
    )
    sea = position("S1914M", {"FRANCE": ["F LYO", "F TYS"], "TURKEY": ["A TUN"]})
    assert refused(sea, "FRANCE", "F Tys C A Tun - Nap") == (
        "Naples (NAP) is neutral Italian territory in 1914: no army may be convoyed into it"
    )
    assert refused(sea, "TURKEY", "A Tun - Rom via convoy").startswith("Rome (ROM) is neutral")


def test_italian_units_hold_and_take_no_orders() -> None:
    start = opening()
    assert refused(start, "ITALY", "A Ven - Tyr") == (
        "Italy is neutral in 1914: its units hold and take no orders, and it makes no adjustments"
    )
    assert legal_orders(start, "VEN") == []
    assert refused(start, "AUSTRIA", "A Vie S A Ven - Tyr") == (
        "Italy is neutral in 1914: its units only hold, so a support of its move is pointless"
    )
    italian = [parse_order("A Ven - Tyr", start, "ITALY", check=False)]
    played = adjudicate(start, {"ITALY": italian})
    assert next(r.text for r in played.results if r.power == "ITALY").startswith("illegal")
    assert played.position.units["ITALY"] == start.units["ITALY"]
    assert played.position.neutral == {"ITALY"}


def test_a_power_dislodges_its_partners_unit_which_cannot_retreat_into_italy() -> None:
    spring = position("S1914M", {"AUSTRIA": ["A TYR"], "GERMANY": ["A MUN", "A BOH"]})
    attack = [parse_order(t, spring, "GERMANY") for t in ("A Mun - Tyr", "A Boh S A Mun - Tyr")]
    moved = adjudicate(spring, {"GERMANY": attack})
    (dislodged,) = moved.position.dislodged
    assert (dislodged.power, dislodged.retreats) == ("AUSTRIA", ("TRI", "VIE"))
    assert refused(moved.position, "AUSTRIA", "A Tyr - Ven") == (
        "Venice (VEN) is neutral Italian territory in 1914: no unit may retreat into it"
    )


def test_italy_makes_no_adjustments_in_winter_1914() -> None:
    centres = {"ITALY": ["NAP", "ROM", "VEN"], "FRANCE": ["BRE", "MAR", "PAR", "SPA"]}
    winter = position(
        "W1914A",
        {"ITALY": ["A VEN", "A ROM", "F NAP", "A APU"], "FRANCE": ["A PAR"]},
        centers=centres,
    )
    assert refused(winter, "ITALY", "A Apu D").startswith("Italy is neutral in 1914")
    done = adjudicate(winter, {"FRANCE": [parse_order("Build A Mar", winter, "FRANCE")]})
    assert [(r.power, r.text) for r in done.results] == [("FRANCE", "built")]
    assert len(done.position.units["ITALY"]) == 4, "a neutral power owes no removal"
    lean = position("W1914A", {"ITALY": ["A VEN"]}, centers=centres)
    assert refused(lean, "ITALY", "Build A Rom").startswith("Italy is neutral in 1914")


def test_italy_joins_the_seat_that_won_the_toss_from_spring_1915() -> None:
    start = opening()
    with pytest.raises(PositionError, match="joins a seat from Spring 1915, not in Spring 1914"):
        join_seat(start, "ITALY", "GERMANY")
    spring = replace(start, phase=Phase.parse("S1915M"))
    assert spring.to_json()["neutral"] == ["ITALY"], "still neutral until told otherwise"
    joined = join_seat(spring, "ITALY", "FRANCE")
    assert joined.seats == (CENTRAL, ("ENGLAND", "FRANCE", "ITALY", "RUSSIA"))
    assert joined.neutral == frozenset() and joined.closed == frozenset()
    assert "neutral" not in joined.to_json()
    assert Position.from_json(joined.to_json()) == joined
    assert format_order(parse_order("A Ven - Tyr", joined, "ITALY")) == "A VEN - TYR"
    assert format_order(parse_order("F Tri - Ven", joined, "AUSTRIA")) == "F TRI - VEN"
    with pytest.raises(PositionError, match="ITALY is not neutral"):
        join_seat(joined, "ITALY", "GERMANY")


def _spread(powers: dict[str, int]) -> dict[str, list[str]]:
    """``count`` armies for each power, on provinces outside Italy, Berlin left empty."""
    free = iter(
        sorted(
            code
            for code, p in WAR.provinces.items()
            if p.army_can_stand and code not in opening().closed | {"BER"}
        )
    )
    return {power: [f"A {next(free)}" for _ in range(count)] for power, count in powers.items()}


def test_a_seat_with_24_units_on_the_board_wins_after_any_phase() -> None:
    units = _spread({"AUSTRIA": 8, "GERMANY": 8, "TURKEY": 7, "FRANCE": 3})
    others = iter(sorted(WAR.supply_centers - opening().closed - {"BER"}))
    centres = {p: [next(others) for _ in us] for p, us in units.items()}
    centres["GERMANY"].append("BER")
    winter = position("W1916A", units, centers=centres)
    assert adjudicate(winter, {}).winners == ()
    build = parse_order("Build A Ber", winter, "GERMANY")
    won = adjudicate(winter, {"GERMANY": [build]})
    assert won.winners == CENTRAL
    assert won.next_phase is None


def test_no_single_power_wins_with_18_centres() -> None:
    centres = sorted(WAR.supply_centers - opening().closed)[:18]
    fall = position("F1916M", _spread({"FRANCE": 18}), centers={"FRANCE": centres})
    resolved = adjudicate(fall, {})
    assert resolved.winners == ()
    assert str(resolved.position.phase) == "S1917M", "the war goes on"


def test_a_neutral_power_in_variant_data_is_checked() -> None:
    def war(neutral: Any) -> dict[str, Any]:
        return {
            "name": "ww1x",
            "base": "standard",
            "rules": {"victory": "units", "victory_count": 24} | neutral,
        }

    with pytest.raises(VariantError, match="neutral power ATLANTIS is not a power of ww1x"):
        variant_from_dict(war({"neutral": [{"power": "ATLANTIS", "territory": [], "until": 1914}]}))
    with pytest.raises(VariantError, match="ITALY's neutral territory names XYZ: no province"):
        variant_from_dict(war({"neutral": [{"power": "ITALY", "territory": "XYZ", "until": 1914}]}))
    with pytest.raises(VariantError, match="needs a 'power' and a year 'until'"):
        variant_from_dict(war({"neutral": [{"power": "ITALY", "territory": "VEN"}]}))
    with pytest.raises(PositionError, match="FRANCE cannot be neutral in ww1"):
        position("S1914M", {}, neutral=["FRANCE"])
