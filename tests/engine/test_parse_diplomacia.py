"""Reading orders on a Diplomacia board: our notation, and the handbook's (section 8), where an
order starts with the area's name and the unit is the one standing there.

The board is tests/data/handbook.json, which holds the areas of the handbook's examples.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

from engine import (
    AmbiguousOrderError,
    Dislodged,
    IllegalOrderError,
    InvalidOrderError,
    Phase,
    Position,
    Unit,
    adjudicate,
    format_order,
    load_variant,
    parse_order,
    parse_orders,
)
from engine.map_file import variant_from_map
from engine.orders import ConvoyHop, Order, Seize, SupportHold, SupportMove, SupportSeize
from engine.phase import PhaseKind
from engine.units import UnitType
from engine.variant import ProvinceKind
from tools.scenarios import diplomacia_movement_orders, diplomacia_other_orders

HANDBOOK = variant_from_map(
    json.loads(Path("tests/data/handbook.json").read_text(encoding="utf-8")), "handbook"
)


def board(
    units: Mapping[str, Sequence[str]],
    phase: str = "T1M",
    dislodged: Sequence[tuple[str, str, tuple[str, ...]]] = (),
) -> Position:
    """The handbook board with only ``units`` on it; each dislodged entry is (power, unit,
    the areas it may retreat to)."""
    return dataclasses.replace(
        Position.initial(HANDBOOK),
        phase=Phase.parse(phase),
        units={p: tuple(Unit.parse(u) for u in units.get(p, ())) for p in HANDBOOK.powers},
        dislodged=tuple(
            Dislodged(power, Unit.parse(unit), None, retreats)
            for power, unit, retreats in dislodged
        ),
    )


def canonical(text: str, position: Position, power: str, *, check: bool = False) -> str:
    return format_order(parse_order(text, position, power, check=check))


# Russia with two armies and two fleets round the Gulf of Finland (handbook sections 7 and 8)
BALTIC = board({"RUSSIA": ["A KAR", "A EST", "F GFI", "F GBO"], "SCANDINAVIA": ["A UPP"]})
# France with a fleet in each of the two Mediterranean sectors whose names share two words
MEDITERRANEAN = board({"FRANCE": ["F WME", "F NME", "A PRO", "A SFR"]})


# Our notation ------------------------------------------------------------------------------

OUR_NOTATION = [
    (BALTIC, "A EST - LAT", "A EST - LAT"),
    (BALTIC, "F GFI - EBA", "F GFI - EBA"),
    (BALTIC, "A KAR H", "A KAR H"),
    (BALTIC, "A EST S A KAR", "A EST S A KAR"),
    (BALTIC, "F GBO S A KAR ZP GFI", "F GBO S A KAR ZP GFI"),
    (BALTIC, "A KAR ZP GFI", "A KAR ZP GFI"),
    (BALTIC, "F GBO C GFI - UPP", "F GBO C GFI - UPP"),
    (BALTIC, "F GFI C A KAR - GBO", "F GFI C KAR - GBO"),
    (BALTIC, "Karelia seizes Gulf of Finland", "A KAR ZP GFI"),
    (BALTIC, "Gulf of Finland convoys Karelia to Gulf of Bothnia", "F GFI C KAR - GBO"),
    # the letter can be left out: one unit to an area, and the area's kind says which
    (BALTIC, "KAR - EST", "A KAR - EST"),
    (BALTIC, "GBO S KAR ZP GFI", "F GBO S A KAR ZP GFI"),
    (MEDITERRANEAN, "A PRO S A SFR - BUR", "A PRO S A SFR - BUR"),
    (MEDITERRANEAN, "A PRO S SFR - BUR", "A PRO S A SFR - BUR"),
]


@pytest.mark.parametrize(("position", "text", "expected"), OUR_NOTATION)
def test_our_notation(position: Position, text: str, expected: str) -> None:
    power = "RUSSIA" if position is BALTIC else "FRANCE"
    assert canonical(text, position, power, check=True) == expected


def test_the_new_orders_are_read_as_their_values() -> None:
    army, fleet = Unit(UnitType.ARMY, "KAR"), Unit(UnitType.FLEET, "GBO")
    assert parse_order("A KAR ZP GFI", BALTIC, "RUSSIA", check=False) == Seize(army, "GFI")
    assert parse_order("F GBO S A KAR ZP GFI", BALTIC, "RUSSIA", check=False) == SupportSeize(
        fleet, "KAR", "GFI"
    )
    assert parse_order("F GBO C GFI - UPP", BALTIC, "RUSSIA", check=False) == ConvoyHop(
        fleet, "GFI", "UPP"
    )


def test_every_convoy_is_a_hop_even_in_the_one_hop_form() -> None:
    channel = board({"BRITAIN": ["A SEN", "F CHA"]})
    order = parse_order("F CHA C A SEN - NOR", channel, "BRITAIN", check=False)
    assert order == ConvoyHop(Unit(UnitType.FLEET, "CHA"), "SEN", "NOR")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("F SBA R EBA", "F SBA R EBA"),
        ("F SBA - EBA", "F SBA R EBA"),
        ("Jižní Balt – Východní Balt", "F SBA R EBA"),
        ("F SBA D", "F SBA D"),
        ("Jižní Balt D", "F SBA D"),
    ],
)
def test_retreats(text: str, expected: str) -> None:
    retreating = board(
        {"VISEGRAD": ["A POM"]}, "T1R", dislodged=[("VISEGRAD", "F SBA", ("EBA", "SKA"))]
    )
    assert canonical(text, retreating, "VISEGRAD", check=True) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("build A KAR", "A KAR B"),
        ("build F GFI", "F GFI B"),
        # the area's kind says which unit: an army in a territory, a fleet in a sector
        ("Build Karélie", "A KAR B"),
        ("Build Finský záliv", "F GFI B"),
        # the handbook's word (6.5.1) and the bot's own ("1 army to raise")
        ("field A Karélie", "A KAR B"),
        ("Russia fields A KAR", "A KAR B"),
        ("raise A KAR", "A KAR B"),
        ("A KAR raise", "A KAR B"),
        ("raise F GFI", "F GFI B"),
        ("remove A EST", "A EST D"),
        ("Estonsko D", "A EST D"),
        ("waive", "WAIVE"),
    ],
)
def test_adjustments(text: str, expected: str) -> None:
    # Russia controls Karelia's centre and the Gulf of Finland's port: one of each to build
    builds = board({"RUSSIA": []}, "T2A")
    # two armies and one centre: one to remove
    removals = board({"RUSSIA": ["A EST", "A KAR"]}, "T2A")
    position = removals if expected.endswith(" D") else builds
    assert canonical(text, position, "RUSSIA", check=True) == expected


def _as_read(order: Order) -> Order:
    """The order as the parser gives it back: a supported unit's type is the area's kind."""
    if isinstance(order, SupportHold | SupportMove) and order.target_type is None:
        at_sea = HANDBOOK.provinces[order.target].kind is ProvinceKind.SEA
        return dataclasses.replace(order, target_type=UnitType.FLEET if at_sea else UnitType.ARMY)
    return order


@pytest.mark.parametrize("seed", range(3))
def test_every_order_of_random_games_reads_back_from_its_canonical_form(seed: int) -> None:
    """What is stored is the canonical text: every kind of order, in every phase, reads back
    as the same order."""
    rng = random.Random(seed)
    position = Position.initial(HANDBOOK)
    while position.phase.year <= 6:
        if position.phase.kind is PhaseKind.MOVEMENT:
            orders = diplomacia_movement_orders(rng, position)
        else:
            orders = diplomacia_other_orders(rng, position)
        for power, given in orders.items():
            for order in given:
                text = format_order(order)
                assert parse_order(text, position, power, check=False) == _as_read(order), text
        position = adjudicate(position, orders).position


# The handbook's notation (section 8) -----------------------------------------------------

HANDBOOK_NOTATION = [
    # 8.1 defence: O, H or X
    ("Karélie O", "A KAR H"),
    ("Karélie H", "A KAR H"),
    ("Karélie X", "A KAR H"),
    # 8.2 move: a dash, an arrow, a double or dashed arrow
    ("Karélie – Lotyšsko", "A KAR - LAT"),
    ("Karélie - Lotyšsko", "A KAR - LAT"),
    ("Karélie → Lotyšsko", "A KAR - LAT"),
    ("Karélie ⇒ Lotyšsko", "A KAR - LAT"),
    ("Karélie ⇢ Lotyšsko", "A KAR - LAT"),
    ("Karélie – Uppland", "A KAR - UPP"),
    # 8.3 support: P, S or a tilde; PO (or P, S with no move) for a defence
    ("Estonsko P Karélie – Lotyšsko", "A EST S A KAR - LAT"),
    ("Estonsko P Karélie ⇒ Lotyšsko", "A EST S A KAR - LAT"),
    ("Estonsko S Karélie – Lotyšsko", "A EST S A KAR - LAT"),
    ("Estonsko ~ Karélie - Lotyšsko", "A EST S A KAR - LAT"),
    ("Estonsko~Karélie–Lotyšsko", "A EST S A KAR - LAT"),
    ("Estonsko PO Karélie", "A EST S A KAR"),
    ("Estonsko P Karélie", "A EST S A KAR"),
    ("Estonsko S Karélie", "A EST S A KAR"),
    # 8.4 port seizure, and a fleet's support of one
    ("Karélie ZP Finský záliv", "A KAR ZP GFI"),
    ("Botnický záliv P Karélie ZP Finský záliv", "F GBO S A KAR ZP GFI"),
    # 8.5 convoy, hop by hop
    ("Finský záliv T Karélie – Botnický záliv", "F GFI C KAR - GBO"),
    ("Botnický záliv T Finský záliv – Uppland", "F GBO C GFI - UPP"),
    # names without accents, codes, English names, any case
    ("Karelie O", "A KAR H"),
    ("Estonsko P Karelie – Lotyssko", "A EST S A KAR - LAT"),
    ("Finsky zaliv T Karelie – Botnicky zaliv", "F GFI C KAR - GBO"),
    ("KAR ZP GFI", "A KAR ZP GFI"),
    ("Karelia ZP Gulf of Finland", "A KAR ZP GFI"),
    ("Gulf of Bothnia t Gulf of Finland - Uppland", "F GBO C GFI - UPP"),
    ("KARÉLIE zp FINSKÝ ZÁLIV", "A KAR ZP GFI"),
]


@pytest.mark.parametrize(("text", "expected"), HANDBOOK_NOTATION)
def test_handbook_notation(text: str, expected: str) -> None:
    """Read only, not checked: the handbook shows its notation with Karélie – Lotyšsko, which
    do not border on the test board (the examples below are checked end to end)."""
    assert canonical(text, BALTIC, "RUSSIA") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Karélie O", "A KAR H"),
        ("Karélie ⇒ Finsko", "A KAR - FIN"),
        ("Estonsko ~ Karélie", "A EST S A KAR"),
        ("Estonsko PO Karélie", "A EST S A KAR"),
        ("Karélie ZP Finský záliv", "A KAR ZP GFI"),
        ("Botnický záliv P Karélie ZP Finský záliv", "F GBO S A KAR ZP GFI"),
        ("Finský záliv T Karélie – Botnický záliv", "F GFI C KAR - GBO"),
        ("Botnický záliv T Finský záliv – Uppland", "F GBO C GFI - UPP"),
        ("Karélie – Uppland", "A KAR - UPP"),
    ],
)
def test_handbook_notation_is_checked_like_any_order(text: str, expected: str) -> None:
    assert canonical(text, BALTIC, "RUSSIA", check=True) == expected


def test_a_convoy_written_as_one_sheet_line_is_two_hops() -> None:
    """Handbook 8.5 verbatim: the Czech "a" (and) joins the two fleets' orders."""
    text = "Finský záliv T Karélie – Botnický záliv a Botnický záliv T Finský záliv – Uppland"
    lines = parse_orders(text, BALTIC, "RUSSIA")
    assert [line.text for line in lines] == [
        "Finský záliv T Karélie – Botnický záliv",
        "Botnický záliv T Finský záliv – Uppland",
    ]
    assert [format_order(line.order) for line in lines if line.order] == [
        "F GFI C KAR - GBO",
        "F GBO C GFI - UPP",
    ]


@pytest.mark.parametrize(
    ("text", "pieces"),
    [
        (
            "Karélie – Lotyšsko Estonsko O Finský záliv – Botnický záliv",
            ["Karélie – Lotyšsko", "Estonsko O", "Finský záliv – Botnický záliv"],
        ),
        (
            "Estonsko P Karélie – Lotyšsko Karélie – Lotyšsko",
            ["Estonsko P Karélie – Lotyšsko", "Karélie – Lotyšsko"],
        ),
        ("Karélie – Lotyšsko a Estonsko O", ["Karélie – Lotyšsko", "a Estonsko O"]),
        ("A KAR - EST F GFI - GBO", ["A KAR - EST", "F GFI - GBO"]),
        # one order is never split, even where one of the power's areas is named inside it
        ("Estonsko P Karélie – Lotyšsko", ["Estonsko P Karélie – Lotyšsko"]),
        ("Botnický záliv P Karélie ZP Finský záliv", ["Botnický záliv P Karélie ZP Finský záliv"]),
    ],
)
def test_orders_run_together_split_where_an_own_area_starts_an_order(
    text: str, pieces: list[str]
) -> None:
    lines = parse_orders(text, BALTIC, "RUSSIA", check=False)
    assert [line.text for line in lines] == pieces
    assert all(line.ok for line in lines)


# Names with dashes inside them -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Středozemní moře - západ – Středozemní moře - sever", "F WME - NME"),
        ("Středozemní moře – sever – Středozemní moře – západ", "F NME - WME"),
        ("Středozemní moře-západ - Středozemní moře-sever", "F WME - NME"),
        ("Stredozemni more - zapad - Jizni Atlantik", "F WME - SAT"),
        ("Středozemní moře - sever T Provence – Středozemní moře - západ", "F NME C PRO - WME"),
        ("Středozemní moře – západ O", "F WME H"),
        ("Western Mediterranean - Northern Mediterranean", "F WME - NME"),
        # "Středozemní moře" alone is either sector; only the western one reaches the Atlantic
        ("Středozemní moře – Jižní Atlantik", "F WME - SAT"),
    ],
)
def test_a_dash_inside_a_name_is_not_a_move(text: str, expected: str) -> None:
    assert canonical(text, MEDITERRANEAN, "FRANCE", check=True) == expected


def test_a_name_shared_by_two_of_the_powers_units_is_ambiguous() -> None:
    with pytest.raises(AmbiguousOrderError) as caught:
        parse_order("Středozemní moře O", MEDITERRANEAN, "FRANCE")
    assert "F WME H" in str(caught.value)
    assert "F NME H" in str(caught.value)


# Errors ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "written", "suggestion"),
    [
        ("Karélie – Lotyšskoo", "lotyšskoo", "Latvia"),
        ("Karélie ZP Finský zálif", "finský zálif", "Gulf of Finland"),
        ("Karelija O", "karelija", "Karelia"),
        ("Estonsko P Karélie – Latvija", "latvija", "Latvia"),
    ],
)
def test_an_unknown_area_name_suggests_the_nearest(
    text: str, written: str, suggestion: str
) -> None:
    with pytest.raises(InvalidOrderError) as caught:
        parse_order(text, BALTIC, "RUSSIA")
    assert f"unknown province {written!r}" in str(caught.value)
    assert caught.value.suggestion == suggestion


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Lotyšsko – Estonsko", "you have no unit in LAT"),
        ("Uppland O", "UPP"),
        ("Karélie ZP", "the order stops where a province should follow"),
        ("Karélie T", "the order stops where a province should follow"),
    ],
)
def test_orders_for_units_the_power_does_not_have_or_half_written_are_refused(
    text: str, message: str
) -> None:
    with pytest.raises((IllegalOrderError, InvalidOrderError), match=message):
        parse_order(text, BALTIC, "RUSSIA")


def test_an_order_for_another_powers_unit_is_illegal() -> None:
    with pytest.raises(IllegalOrderError):
        parse_order("Uppland O", BALTIC, "RUSSIA")
    with pytest.raises(IllegalOrderError):
        parse_order("Lotyšsko – Estonsko", BALTIC, "RUSSIA")


def test_the_handbook_letters_are_not_order_words_on_the_standard_board() -> None:
    with pytest.raises(InvalidOrderError):
        parse_order("A Par O", Position.initial(), "FRANCE")


# The handbook's examples (section 4), verbatim ---------------------------------------------

# the board of each example: the units it shows
EXAMPLE_BOARDS: dict[str, dict[str, list[str]]] = {
    "1": {"FRANCE": ["A PRO", "A SFR"], "GERMANY": ["A SWI"]},
    "2": {"FRANCE": ["A PRO", "A SFR"], "GERMANY": ["A SWI"]},
    "3": {"SPAIN": ["A KAT", "F WME"], "FRANCE": ["F NME"]},
    "4": {"BRITAIN": ["A BRE", "A NOR"], "GERMANY": ["A BUR"], "FRANCE": ["A PRO", "A SFR"]},
    "5": {"BRITAIN": ["A BRE"], "GERMANY": ["A NOR"], "FRANCE": ["A BUR", "A SFR"]},
    "6": {"SPAIN": ["F SAT"], "BRITAIN": ["F CEL"], "FRANCE": ["F BIS"]},
    "7": {"SPAIN": ["F SAT"], "BRITAIN": ["F CEL"], "FRANCE": ["F BIS"]},
    "8": {
        "BRITAIN": ["A SEN", "A BRE", "F CHA"],
        "GERMANY": ["A NOR"],
        "FRANCE": ["A BUR", "A SFR"],
    },
    "9": {"VISEGRAD": ["A POM", "F SBA"], "SCANDINAVIA": ["F SKA", "F WBA"], "RUSSIA": ["F GFI"]},
    "10": {"RUSSIA": ["A KAR"]},
    "11": {"RUSSIA": ["A KAR"], "SCANDINAVIA": ["F GBO"], "VISEGRAD": ["F GFI"]},
}

# (example, power, the power's line as printed, the orders meant); example 3's Spanish line
# is printed across a page break after its last "–"
EXAMPLES = [
    (
        "1",
        "FRANCE",
        "Provence – Lombardie, Střední Francie – Provence.",
        ["A PRO - LOM", "A SFR - PRO"],
    ),
    ("1", "GERMANY", "Švýcarsko – Lombardie.", ["A SWI - LOM"]),
    (
        "2",
        "FRANCE",
        "Provence – Burgundsko, Střední Francie P Provence – Burgundsko.",
        ["A PRO - BUR", "A SFR S A PRO - BUR"],
    ),
    ("2", "GERMANY", "Švýcarsko – Burgundsko.", ["A SWI - BUR"]),
    (
        "3",
        "SPAIN",
        "Katalánsko – Alžírsko, Středozemní moře - západ T Středozemní moře - sever – Alžírsko.",
        ["A KAT - ALG", "F WME C NME - ALG"],
    ),
    (
        "3",
        "FRANCE",
        "Středozemní moře – sever T Katalánsko – Středozemní moře - západ.",
        ["F NME C KAT - WME"],
    ),
    (
        "4",
        "BRITAIN",
        "Bretan – Střední Francie, Normandie P Bretan – Střední Francie.",
        ["A BRE - SFR", "A NOR S A BRE - SFR"],
    ),
    ("4", "GERMANY", "Burgundsko P Bretan – Střední Francie.", ["A BUR S A BRE - SFR"]),
    (
        "4",
        "FRANCE",
        "Provence PO Střední Francie, Střední Francie O.",
        ["A PRO S A SFR", "A SFR H"],
    ),
    ("5", "BRITAIN", "Bretan – Střední Francie.", ["A BRE - SFR"]),
    ("5", "GERMANY", "Normandie P Bretan – Střední Francie.", ["A NOR S A BRE - SFR"]),
    ("5", "FRANCE", "Burgundsko – Normandie, Střední Francie O.", ["A BUR - NOR", "A SFR H"]),
    ("6", "SPAIN", "Jižní Atlantik – Biskajský záliv.", ["F SAT - BIS"]),
    ("6", "BRITAIN", "Keltské moře P Jižní Atlantik – Biskajský záliv.", ["F CEL S F SAT - BIS"]),
    ("6", "FRANCE", "Biskajský záliv – Keltské moře.", ["F BIS - CEL"]),
    ("7", "FRANCE", "Biskajský záliv – Jižní Atlantik.", ["F BIS - SAT"]),
    (
        "8",
        "BRITAIN",
        "Jižní Anglie – Normandie, Bretaně P Jižní Anglie – Normandie, "
        "Lamanšský průliv T Jižní Anglie – Normandie.",
        ["A SEN - NOR", "A BRE S A SEN - NOR", "F CHA C SEN - NOR"],
    ),
    (
        "8",
        "FRANCE",
        "Burgundsko – Normandie, Střední Francie P Burgundsko – Normandie.",
        ["A BUR - NOR", "A SFR S A BUR - NOR"],
    ),
    (
        "9",
        "VISEGRAD",
        "Pomoří – Småland, Jižní Balt T Pomoří – Småland.",
        ["A POM - SMA", "F SBA C POM - SMA"],
    ),
    (
        "9",
        "SCANDINAVIA",
        "Skagerrak – Jižní Balt, Západní Balt P Skagerrak – Jižní Balt.",
        ["F SKA - SBA", "F WBA S F SKA - SBA"],
    ),
    ("9", "RUSSIA", "Finský záliv – Východní Balt.", ["F GFI - EBA"]),
    ("10", "RUSSIA", "Karelie ZP Finský záliv.", ["A KAR ZP GFI"]),
    ("11", "RUSSIA", "Karélie ZP Finský záliv.", ["A KAR ZP GFI"]),
    ("11", "SCANDINAVIA", "Botnický záliv P Karélie ZP Finský záliv.", ["F GBO S A KAR ZP GFI"]),
    ("11", "VISEGRAD", "Finský záliv – Botnický záliv.", ["F GFI - GBO"]),
]


@pytest.mark.parametrize(
    ("example", "power", "line", "expected"),
    [pytest.param(*row, id=f"example {row[0]} {row[1]}") for row in EXAMPLES],
)
def test_the_handbooks_examples(example: str, power: str, line: str, expected: list[str]) -> None:
    lines = parse_orders(line, board(EXAMPLE_BOARDS[example]), power)
    assert [line.error for line in lines] == [None] * len(expected)
    assert [format_order(line.order) for line in lines if line.order] == expected


# Every name of the shipped board -------------------------------------------------------------

SHIPPED = load_variant("diplomacia")


def test_every_name_of_the_shipped_board_reads_as_its_area() -> None:
    """No area's name or alias is cut short by a word the orders use ("a", "S", a dash...)."""
    start = Position.initial(SHIPPED)
    for code, area in SHIPPED.provinces.items():
        letter = "F" if area.kind is ProvinceKind.SEA else "A"
        for name in (area.name, *area.aliases):
            assert canonical(f"{letter} {name} H", start, "FRANCE") == f"{letter} {code} H", name


def test_a_name_holding_the_czech_and_is_read_whole_and_still_joins_orders() -> None:
    # "Belgie a Lucembursko": the handbook's "a" (and) inside an area's name
    position = dataclasses.replace(
        Position.initial(SHIPPED),
        units=dict.fromkeys(SHIPPED.powers, ())
        | {"FRANCE": (Unit.parse("A BEL"), Unit.parse("A PIC"))},
    )
    assert canonical("A Belgie a Lucembursko - Holland", position, "FRANCE") == "A BEL - HOL"
    assert canonical("A Picardie - Belgie a Lucembursko", position, "FRANCE") == "A PIC - BEL"
    lines = parse_orders(
        "Belgie a Lucembursko O a Picardie P Belgie a Lucembursko", position, "FRANCE"
    )
    assert [format_order(line.order) for line in lines if line.order] == [
        "A BEL H",
        "A PIC S A BEL",
    ]
