"""Legality of single orders (DATC 3.1 preferences) and the list of legal orders per unit."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    Build,
    Convoy,
    Disband,
    Dislodged,
    Hold,
    IllegalOrderError,
    InvalidOrderError,
    Move,
    Order,
    OrderError,
    Phase,
    PhaseKind,
    Position,
    Retreat,
    Season,
    SupportHold,
    SupportMove,
    Unit,
    UnitType,
    Waive,
    check_order,
    format_order,
    legal_orders,
    load_variant,
)
from engine.position import retreat_options
from tests.engine.test_parse import board

STANDARD = load_variant()
OPENING = Position.initial()
A, F = UnitType.ARMY, UnitType.FLEET


def u(text: str) -> Unit:
    return Unit.parse(text)


def spring(units: Mapping[str, Sequence[str]]) -> Position:
    return board("S1901M", units)


# check_order: legal orders come back tidied ------------------------------------------------

LEGAL = [
    # (case, position, power, order, tidied order)
    (
        "6.B.2",
        spring({"FRANCE": ["F GAS"]}),
        "FRANCE",
        Move(u("F GAS"), "SPA"),
        Move(u("F GAS"), "SPA/NC"),
    ),
    (
        "6.B.4",
        spring({"FRANCE": ["F GAS", "F MAR"]}),
        "FRANCE",
        SupportMove(u("F MAR"), "GAS", "SPA/NC", F),
        SupportMove(u("F MAR"), "GAS", "SPA/NC", F),  # the coast must match the move (6.B.9)
    ),
    (
        "6.B.6",
        spring({"FRANCE": ["F SPA/NC", "F MAO"]}),
        "FRANCE",
        SupportHold(u("F SPA/NC"), "MAO", F),
        SupportHold(u("F SPA/NC"), "MAO", F),
    ),
    (
        "6.B.7",
        spring({"FRANCE": ["F POR", "F MAO"]}),
        "FRANCE",
        SupportMove(u("F POR"), "MAO", "SPA", F),
        SupportMove(u("F POR"), "MAO", "SPA", F),
    ),
    (
        "6.B.10",
        spring({"FRANCE": ["F SPA/SC"]}),
        "FRANCE",
        Move(u("F SPA/NC"), "LYO"),
        Move(u("F SPA/SC"), "LYO"),
    ),
    (
        "6.B.12",
        spring({"FRANCE": ["A GAS"]}),
        "FRANCE",
        Move(u("A GAS"), "SPA/NC"),
        Move(u("A GAS"), "SPA"),
    ),
    (
        "6.B.15",
        spring({"FRANCE": ["F POR"], "ENGLAND": ["F MAO"]}),
        "FRANCE",
        SupportMove(u("F POR"), "MAO", "SPA", F),
        SupportMove(u("F POR"), "MAO", "SPA", F),
    ),
    ("4.C.1", OPENING, "GERMANY", SupportHold(u("A MUN"), "BER"), SupportHold(u("A MUN"), "BER")),
    ("4.C.2", OPENING, "GERMANY", Move(u("A KIE"), "HOL"), Move(u("F KIE"), "HOL")),
    ("hold", OPENING, "GERMANY", Hold(u("A MUN")), Hold(u("A MUN"))),
    (
        "adjacent via convoy",
        spring({"ENGLAND": ["A LON", "F ENG"]}),
        "ENGLAND",
        Move(u("A LON"), "WAL", True),
        Move(u("A LON"), "WAL", True),
    ),
    (
        "not adjacent, by convoy",
        spring({"ENGLAND": ["A LON", "F NTH"]}),
        "ENGLAND",
        Move(u("A LON"), "NWY"),
        Move(u("A LON"), "NWY"),
    ),
    (
        "two-fleet chain",
        spring({"ENGLAND": ["A LON", "F ENG"], "FRANCE": ["F MAO"]}),
        "ENGLAND",
        Move(u("A LON"), "POR", True),
        Move(u("A LON"), "POR", True),
    ),
    (
        "6.D.32 with the fleet",
        spring({"GERMANY": ["A YOR"], "ENGLAND": ["F NTH"]}),
        "GERMANY",
        Move(u("A YOR"), "HOL"),
        Move(u("A YOR"), "HOL"),
    ),
    (
        "6.G.7 needed fleet",
        spring({"ENGLAND": ["F SKA"], "RUSSIA": ["A SWE", "F BOT"]}),
        "ENGLAND",
        Convoy(u("F SKA"), "SWE", "NWY"),
        Convoy(u("F SKA"), "SWE", "NWY"),
    ),
    (
        "6.G.19 needed fleet",
        spring({"FRANCE": ["A MAR", "F WES"], "ITALY": ["F LYO"]}),
        "ITALY",
        Convoy(u("F LYO"), "MAR", "SPA"),
        Convoy(u("F LYO"), "MAR", "SPA"),
    ),
    (
        "convoy of no unit",
        spring({"ENGLAND": ["F NTH"]}),
        "ENGLAND",
        Convoy(u("F NTH"), "YOR", "NWY"),
        Convoy(u("F NTH"), "YOR", "NWY"),
    ),
    (
        "support of no unit",
        spring({"ENGLAND": ["F NTH"]}),
        "ENGLAND",
        SupportMove(u("F NTH"), "YOR", "EDI"),
        SupportMove(u("F NTH"), "YOR", "EDI"),
    ),
]


@pytest.mark.parametrize(
    ("case", "position", "power", "order", "expected"), LEGAL, ids=[row[0] for row in LEGAL]
)
def test_legal_orders_are_tidied(
    case: str, position: Position, power: str, order: Order, expected: Order
) -> None:
    assert check_order(position, power, order) == expected


# check_order: illegal orders say why --------------------------------------------------------

ILLEGAL = [
    (
        "6.A.1",
        spring({"ENGLAND": ["F NTH"]}),
        "ENGLAND",
        Move(u("F NTH"), "PIC"),
        "F NTH cannot move to PIC",
    ),
    (
        "6.A.2",
        spring({"ENGLAND": ["A LVP"]}),
        "ENGLAND",
        Move(u("A LVP"), "IRI"),
        "armies cannot move to sea: IRI",
    ),
    (
        "6.A.3",
        spring({"GERMANY": ["F KIE"]}),
        "GERMANY",
        Move(u("F KIE"), "MUN"),
        "fleets cannot move inland: MUN",
    ),
    (
        "6.A.3.fleet.support.inland",
        spring({"AUSTRIA": ["F TRI", "A BUD"]}),
        "AUSTRIA",
        SupportHold(u("F TRI"), "BUD", A),
        "fleets cannot support inland: BUD",
    ),
    ("6.A.4", spring({"GERMANY": ["F KIE"]}), "GERMANY", Move(u("F KIE"), "KIE"), "already there"),
    (
        "6.A.5 move",
        spring({"ENGLAND": ["A YOR", "F NTH"]}),
        "ENGLAND",
        Move(u("A YOR"), "YOR", True),
        "already there",
    ),
    (
        "6.A.5 convoy",
        spring({"ENGLAND": ["A YOR", "F NTH"]}),
        "ENGLAND",
        Convoy(u("F NTH"), "YOR", "YOR"),
        "from YOR to YOR",
    ),
    (
        "6.A.5 support",
        spring({"ENGLAND": ["A YOR", "A LVP"]}),
        "ENGLAND",
        SupportMove(u("A LVP"), "YOR", "YOR", A),
        "from YOR to YOR",
    ),
    (
        "6.A.6",
        spring({"ENGLAND": ["F LON"]}),
        "GERMANY",
        Move(u("F LON"), "NTH"),
        "you have no unit in LON",
    ),
    (
        "6.A.7 move",
        spring({"ENGLAND": ["F LON", "F NTH"]}),
        "ENGLAND",
        Move(u("F LON"), "BEL"),
        "F LON cannot move to BEL",
    ),
    (
        "6.A.7 convoy",
        spring({"ENGLAND": ["F LON", "F NTH"]}),
        "ENGLAND",
        Convoy(u("F NTH"), "LON", "BEL"),
        "only armies can be convoyed",
    ),
    (
        "fleet via convoy",
        spring({"ENGLAND": ["F LON", "F NTH"]}),
        "ENGLAND",
        Move(u("F LON"), "BEL", True),
        "only armies can be convoyed",
    ),
    (
        "6.A.8",
        spring({"AUSTRIA": ["F TRI"]}),
        "AUSTRIA",
        SupportHold(u("F TRI"), "TRI", F),
        "cannot support itself",
    ),
    (
        "6.A.9",
        spring({"ITALY": ["F ROM"]}),
        "ITALY",
        Move(u("F ROM"), "VEN"),
        "F ROM cannot move to VEN",
    ),
    (
        "6.A.10",
        spring({"ITALY": ["F ROM", "A APU"]}),
        "ITALY",
        SupportMove(u("F ROM"), "APU", "VEN", A),
        "F ROM cannot support a move to VEN",
    ),
    (
        "6.B.1",
        spring({"FRANCE": ["F POR"]}),
        "FRANCE",
        Move(u("F POR"), "SPA"),
        "SPA/NC or SPA/SC: say which coast",
    ),
    (
        "6.B.3",
        spring({"FRANCE": ["F GAS"]}),
        "FRANCE",
        Move(u("F GAS"), "SPA/SC"),
        "cannot reach SPA/SC; it can reach SPA/NC",
    ),
    (
        "6.B.5",
        spring({"FRANCE": ["F SPA/NC", "F MAR"]}),
        "FRANCE",
        SupportMove(u("F SPA/NC"), "MAR", "LYO", F),
        "cannot support a move to LYO",
    ),
    (
        "6.B.11",
        spring({"FRANCE": ["F SPA/NC"]}),
        "FRANCE",
        Move(u("F SPA/SC"), "LYO"),
        "F SPA/NC cannot move to LYO",
    ),
    (
        "6.D.29",
        spring({"RUSSIA": ["F RUM"]}),
        "RUSSIA",
        Move(u("F RUM"), "BUL/SC"),
        "it can reach BUL/EC",
    ),
    (
        "6.D.31",
        spring({"AUSTRIA": ["A RUM"], "TURKEY": ["F BLA"]}),
        "TURKEY",
        SupportMove(u("F BLA"), "RUM", "ARM", A),
        "cannot move to ARM",
    ),
    (
        "6.D.32",
        spring({"GERMANY": ["A YOR"]}),
        "GERMANY",
        Move(u("A YOR"), "HOL"),
        "YOR is not adjacent to HOL, and no chain of fleets",
    ),
    (
        "6.D.34",
        spring({"ITALY": ["A PRU"], "RUSSIA": ["A LVN"]}),
        "ITALY",
        SupportMove(u("A PRU"), "LVN", "PRU", A),
        "into its own province PRU",
    ),
    (
        "6.G.7",
        spring({"ENGLAND": ["F SKA"], "RUSSIA": ["A SWE", "F BOT"]}),
        "RUSSIA",
        Convoy(u("F BOT"), "SWE", "NWY"),
        "F BOT is on no chain of fleets from SWE to NWY",
    ),
    (
        "6.G.19",
        spring({"FRANCE": ["A MAR", "F WES"], "ITALY": ["F LYO"]}),
        "FRANCE",
        Convoy(u("F WES"), "MAR", "SPA"),
        "F WES is on no chain",
    ),
    (
        "diplicity spa/nc",
        spring({"FRANCE": ["A POR", "F SPA/NC"]}),
        "FRANCE",
        Convoy(u("F SPA/NC"), "POR", "GAS"),
        "a fleet on a coast cannot convoy",
    ),
    (
        "army convoys",
        spring({"ENGLAND": ["A YOR"]}),
        "ENGLAND",
        Convoy(u("A YOR"), "LON", "BEL"),
        "only fleets can convoy",
    ),
    (
        "convoy inland",
        spring({"ENGLAND": ["F NTH"]}),
        "ENGLAND",
        Convoy(u("F NTH"), "YOR", "RUH"),
        "RUH is not one",
    ),
    (
        "via convoy, no fleet",
        spring({"FRANCE": ["A BEL"]}),
        "FRANCE",
        Move(u("A BEL"), "HOL", True),
        "no chain of fleets at sea links BEL to HOL",
    ),
    (
        "via convoy inland",
        spring({"FRANCE": ["A PAR"]}),
        "FRANCE",
        Move(u("A PAR"), "BUR", True),
        "not on the coast",
    ),
    ("impassable", OPENING, "GERMANY", Move(u("A MUN"), "SWI"), "Switzerland (SWI) is impassable"),
    (
        "own province",
        OPENING,
        "GERMANY",
        SupportMove(u("A MUN"), "BER", "MUN", A),
        "into its own province MUN",
    ),
    (
        "supports own move",
        OPENING,
        "GERMANY",
        SupportMove(u("A MUN"), "MUN", "BUR", A),
        "cannot support its own move",
    ),
    (
        "army supports at sea",
        OPENING,
        "ENGLAND",
        SupportHold(u("A LVP"), "IRI"),
        "armies cannot support at sea: IRI",
    ),
    (
        "retreat in movement",
        OPENING,
        "FRANCE",
        Retreat(u("A PAR"), "GAS"),
        "only holds, moves, supports and convoys",
    ),
    ("disband in movement", OPENING, "FRANCE", Disband(u("A PAR")), "only holds, moves"),
    ("build in movement", OPENING, "FRANCE", Build(u("A PAR")), "only holds, moves"),
    ("waive in movement", OPENING, "FRANCE", Waive(), "only holds, moves"),
    ("unknown power", OPENING, "NARNIA", Hold(u("A PAR")), "unknown power"),
]


@pytest.mark.parametrize(
    ("case", "position", "power", "order", "message"), ILLEGAL, ids=[row[0] for row in ILLEGAL]
)
def test_illegal_orders_say_why(
    case: str, position: Position, power: str, order: Order, message: str
) -> None:
    with pytest.raises(IllegalOrderError) as caught:
        check_order(position, power, order)
    assert message in str(caught.value)


def test_unknown_province_is_invalid() -> None:
    with pytest.raises(InvalidOrderError, match="unknown province"):
        check_order(OPENING, "FRANCE", Move(u("A PAR"), "XYZ"))


# Retreats ----------------------------------------------------------------------------------

RETREATS = board(
    "F1901R",
    {"GERMANY": ["A PAR", "F BRE"], "ENGLAND": ["F MAO", "A WAL"]},
    dislodged=[("FRANCE", "A PAR", "BUR"), ("FRANCE", "F GAS", "BRE"), ("ENGLAND", "F IRI", "NAO")],
)


@pytest.mark.parametrize(
    ("power", "order", "expected"),
    [
        ("FRANCE", Retreat(u("A PAR"), "GAS"), Retreat(u("A PAR"), "GAS")),
        ("FRANCE", Retreat(u("F PAR"), "PIC"), Retreat(u("A PAR"), "PIC")),
        ("FRANCE", Retreat(u("A PAR"), "PIC/NC"), Retreat(u("A PAR"), "PIC")),
        ("FRANCE", Retreat(u("F GAS"), "SPA"), Retreat(u("F GAS"), "SPA/NC")),
        ("FRANCE", Disband(u("A PAR")), Disband(u("A PAR"))),
        ("ENGLAND", Retreat(u("F IRI"), "LVP"), Retreat(u("F IRI"), "LVP")),
    ],
)
def test_legal_retreats(power: str, order: Order, expected: Order) -> None:
    assert check_order(RETREATS, power, order) == expected


@pytest.mark.parametrize(
    ("power", "order", "message"),
    [
        ("FRANCE", Retreat(u("A PAR"), "BUR"), "A PAR may retreat to GAS or PIC"),
        ("FRANCE", Retreat(u("F GAS"), "SPA/SC"), "F GAS may retreat to"),
        ("FRANCE", Retreat(u("F GAS"), "BRE"), "F GAS may retreat to"),
        ("ENGLAND", Retreat(u("F IRI"), "WAL"), "F IRI may retreat to"),
        ("GERMANY", Retreat(u("A PAR"), "GAS"), "you have no dislodged unit in PAR"),
        ("ENGLAND", Retreat(u("F MAO"), "POR"), "you have no dislodged unit in MAO"),
        ("FRANCE", Hold(u("A PAR")), "only retreats and disbands"),
        ("FRANCE", Move(u("A PAR"), "GAS"), "only retreats and disbands"),
        ("FRANCE", Build(u("A MAR")), "only retreats and disbands"),
    ],
)
def test_illegal_retreats(power: str, order: Order, message: str) -> None:
    with pytest.raises(IllegalOrderError, match=message):
        check_order(RETREATS, power, order)


def test_a_unit_without_retreats_may_only_disband() -> None:
    boxed = Position(
        variant=STANDARD,
        phase=Phase(1901, Season.FALL, PhaseKind.RETREATS),
        units=RETREATS.units,
        centers=RETREATS.centers,
        homes=RETREATS.homes,
        dislodged=(Dislodged("FRANCE", u("A PAR"), "BUR", ()),),
    )
    with pytest.raises(IllegalOrderError, match="nowhere to retreat to; it can only disband"):
        check_order(boxed, "FRANCE", Retreat(u("A PAR"), "GAS"))
    assert check_order(boxed, "FRANCE", Disband(u("A PAR"))) == Disband(u("A PAR"))


# Adjustments -------------------------------------------------------------------------------

WINTER = board(
    "W1901A",
    {"ENGLAND": ["A NWY"], "GERMANY": ["A MUN", "F KIE", "A BER", "A HOL"], "RUSSIA": ["A STP"]},
    centers={
        "ENGLAND": ["EDI", "LON", "LVP", "NWY"],
        "GERMANY": ["BER", "KIE", "MUN"],
        "RUSSIA": ["STP", "MOS", "SEV"],
        "FRANCE": ["PAR", "BRE", "MAR", "WAR"],
    },
)


@pytest.mark.parametrize(
    ("power", "order", "expected"),
    [
        ("ENGLAND", Build(u("F EDI")), Build(u("F EDI"))),
        ("ENGLAND", Build(u("A LON")), Build(u("A LON"))),
        ("ENGLAND", Build(u("A LON/NC")), Build(u("A LON"))),
        ("ENGLAND", Build(u("F LON/NC")), Build(u("F LON"))),
        ("RUSSIA", Build(u("F SEV")), Build(u("F SEV"))),
        ("RUSSIA", Build(u("A MOS")), Build(u("A MOS"))),
        ("ENGLAND", Waive(), Waive()),
        ("GERMANY", Disband(u("A MUN")), Disband(u("A MUN"))),
        ("GERMANY", Disband(u("A KIE")), Disband(u("F KIE"))),
    ],
)
def test_legal_adjustments(power: str, order: Order, expected: Order) -> None:
    assert check_order(WINTER, power, order) == expected


@pytest.mark.parametrize(
    ("power", "order", "message"),
    [
        ("RUSSIA", Build(u("A BUD")), "BUD is not a home supply centre of Russia"),  # 6.I.1
        ("RUSSIA", Build(u("F MOS")), "fleets cannot be built inland: MOS"),  # 6.I.2
        ("RUSSIA", Build(u("F STP/NC")), "STP is occupied"),  # 6.I.3, 6.I.4
        ("FRANCE", Build(u("A WAR")), "not a home supply centre"),
        ("ENGLAND", Build(u("A NWY")), "not a home supply centre"),  # 6.I.6
        ("GERMANY", Build(u("A MUN")), "Germany has no builds"),
        ("GERMANY", Waive(), "Germany has no builds"),
        ("ENGLAND", Disband(u("A NWY")), "England has no units to remove"),
        ("GERMANY", Disband(u("A NWY")), "you have no unit in NWY"),
        ("GERMANY", Hold(u("A MUN")), "only builds, removals and waives"),
        ("GERMANY", Retreat(u("A MUN"), "BOH"), "only builds, removals and waives"),
    ],
)
def test_illegal_adjustments(power: str, order: Order, message: str) -> None:
    with pytest.raises(IllegalOrderError, match=message):
        check_order(WINTER, power, order)


def test_fleet_build_needs_the_coast() -> None:  # DATC 4.B.7, 6.B.14
    position = board("W1901A", {}, centers={"RUSSIA": ["STP", "MOS"]})
    with pytest.raises(IllegalOrderError, match="F STP/NC or F STP/SC"):
        check_order(position, "RUSSIA", Build(u("F STP")))
    assert check_order(position, "RUSSIA", Build(u("F STP/SC"))) == Build(u("F STP/SC"))


def test_build_in_a_home_centre_owned_by_another_power() -> None:  # DATC 6.I.5
    position = board("W1901A", {}, centers={"GERMANY": ["KIE", "MUN"], "RUSSIA": ["BER"]})
    with pytest.raises(IllegalOrderError, match="Germany does not own BER"):
        check_order(position, "GERMANY", Build(u("A BER")))


# legal_orders ---------------------------------------------------------------------------------


def formatted(position: Position, province: str) -> list[str]:
    return [format_order(order) for order in legal_orders(position, province)]


def test_opening_paris() -> None:
    assert formatted(OPENING, "PAR") == [
        "A PAR H",
        "A PAR - BRE",
        "A PAR - BUR",
        "A PAR - GAS",
        "A PAR - PIC",
        "A PAR S F BRE",
        "A PAR S F BRE - GAS",
        "A PAR S F BRE - PIC",
        "A PAR S A MAR - BUR",
        "A PAR S A MAR - GAS",
        "A PAR S A MUN - BUR",
    ]


def test_opening_st_petersburg() -> None:
    assert formatted(OPENING, "stp/sc") == [
        "F STP/SC H",
        "F STP/SC - BOT",
        "F STP/SC - FIN",
        "F STP/SC - LVN",
        "F STP/SC S A MOS - LVN",
        "F STP/SC S A WAR - LVN",
    ]


def test_empty_or_unknown_province_has_no_orders() -> None:
    assert legal_orders(OPENING, "BUR") == []
    assert legal_orders(OPENING, "NARNIA") == []
    assert legal_orders(OPENING, "") == []
    assert legal_orders(OPENING, "SWI") == []


CHANNEL = spring(
    {"ENGLAND": ["A LON", "F ENG", "F NTH", "A YOR"], "FRANCE": ["F MAO", "A BRE", "A BUR"]}
)


def test_convoys_and_convoyed_moves_are_listed() -> None:
    listed = formatted(CHANNEL, "LON")
    assert "A LON - WAL" in listed
    assert "A LON - WAL VIA" not in listed  # adjacent: flagged only when written so
    assert "A LON - BEL VIA" in listed
    assert "A LON - POR VIA" in listed  # ENG and MAO
    assert "A LON - TUN VIA" not in listed
    channel = formatted(CHANNEL, "ENG")
    assert "F ENG C A LON - BEL" in channel
    assert "F ENG C A BRE - LON" in channel
    assert "F ENG C A YOR - BRE" in channel  # NTH then ENG
    assert "F ENG C A LON - NWY" not in channel  # NTH alone suffices (DATC 6.G.19)
    assert "F ENG C A BUR - BEL" not in channel  # BUR is inland
    assert all(not o.startswith("F MAO C") for o in formatted(CHANNEL, "BRE"))


def test_a_fleet_on_a_coast_lists_no_convoys() -> None:
    assert not [o for o in legal_orders(OPENING, "BRE") if isinstance(o, Convoy)]


def test_support_needing_the_supporters_own_convoy_is_not_listed() -> None:  # DATC 6.D.31
    position = spring({"AUSTRIA": ["A RUM"], "TURKEY": ["F BLA"]})
    listed = formatted(position, "BLA")
    assert "F BLA S A RUM - ARM" not in listed
    assert "F BLA S A RUM - SEV" in listed
    assert "F BLA C A RUM - ARM" in listed


def test_retreat_phase_lists_retreats_and_disband() -> None:
    assert formatted(RETREATS, "PAR") == ["A PAR R GAS", "A PAR R PIC", "A PAR D"]
    assert formatted(RETREATS, "GAS") == ["F GAS R SPA/NC", "F GAS D"]  # MAO is taken
    assert formatted(RETREATS, "BRE") == []


def test_adjustment_phase_lists_builds_or_the_removal() -> None:
    assert formatted(WINTER, "EDI") == ["A EDI B", "F EDI B"]
    assert formatted(WINTER, "MUN") == ["A MUN D"]
    assert formatted(WINTER, "NWY") == []  # England owes no removal
    assert formatted(WINTER, "STP") == []  # occupied
    assert formatted(WINTER, "MOS") == ["A MOS B"]
    spare = board("W1901A", {}, centers={"RUSSIA": ["STP"]})
    assert formatted(spare, "STP") == ["A STP B", "F STP/NC B", "F STP/SC B"]


def test_every_listed_order_of_the_opening_is_legal_and_tidy() -> None:
    for power, unit in OPENING.all_units():
        orders = legal_orders(OPENING, unit.province)
        assert orders
        for order in orders:
            assert check_order(OPENING, power, order) == order


# Random positions -----------------------------------------------------------------------------

PROVINCES = sorted(STANDARD.provinces)
POWERS = list(STANDARD.powers)


def _unit_kinds(province: str) -> list[Unit]:
    kinds = [Unit(A, province)] if STANDARD.provinces[province].army_can_stand else []
    return kinds + [Unit(F, loc) for loc in STANDARD.fleet_locations(province)]


@st.composite
def positions(draw: st.DrawFn, kinds: Sequence[PhaseKind] = tuple(PhaseKind)) -> Position:
    """A possible board: units anywhere they can stand, centres with random owners, and in
    a retreat phase some dislodged units under attackers."""
    kind = draw(st.sampled_from(list(kinds)))
    season = (
        Season.WINTER
        if kind is PhaseKind.ADJUSTMENTS
        else draw(st.sampled_from([Season.SPRING, Season.FALL]))
    )
    taken = draw(st.lists(st.sampled_from(PROVINCES), unique=True, min_size=1, max_size=30))
    units: dict[str, list[Unit]] = {p: [] for p in POWERS}
    owner_of: dict[str, str] = {}
    for province in taken:
        owner_of[province] = draw(st.sampled_from(POWERS))
        units[owner_of[province]].append(draw(st.sampled_from(_unit_kinds(province))))
    centers: dict[str, set[str]] = {p: set() for p in POWERS}
    for center in sorted(STANDARD.supply_centers):
        owner = draw(st.sampled_from([*POWERS, None]))
        if owner is not None:
            centers[owner].add(center)
    dislodged = []
    if kind is PhaseKind.RETREATS:
        for province in draw(st.lists(st.sampled_from(taken), unique=True, max_size=4)):
            power = draw(st.sampled_from([p for p in POWERS if p != owner_of[province]]))
            unit = draw(st.sampled_from(_unit_kinds(province)))
            near = sorted(STANDARD.neighbours(unit.type, unit.location))
            origin = draw(st.sampled_from([*near, None])) if near else None
            options = retreat_options(STANDARD, unit, origin, taken, ())
            dislodged.append(Dislodged(power, unit, origin, options))
    return Position(
        variant=STANDARD,
        phase=Phase(1902, season, kind),
        units={p: tuple(us) for p, us in units.items()},
        centers={p: frozenset(cs) for p, cs in centers.items()},
        homes={p: STANDARD.homes(p) for p in POWERS},
        dislodged=tuple(dislodged),
    )


def owner_of_orders(position: Position, province: str) -> str | None:
    """Who gives the orders legal_orders lists for ``province``."""
    if position.phase.kind is PhaseKind.RETREATS:
        dislodged = position.dislodged_in(province)
        return dislodged.power if dislodged else None
    owner = position.owner_in(province)
    if owner is not None:
        return owner
    return next((p for p in POWERS if province in position.homes[p]), None)


@settings(max_examples=40, deadline=None)
@given(positions())
def test_every_listed_order_is_legal_and_tidy(position: Position) -> None:
    for province in PROVINCES:
        orders = legal_orders(position, province)
        if not orders:
            continue
        power = owner_of_orders(position, province)
        assert power is not None
        for order in orders:
            assert check_order(position, power, order) == order


@settings(max_examples=40, deadline=None)
@given(positions(kinds=[PhaseKind.MOVEMENT]))
def test_every_unit_may_at_least_hold(position: Position) -> None:
    for power, unit in position.all_units():
        assert legal_orders(position, unit.province)[0] == Hold(unit)
        assert check_order(position, power, Hold(unit)) == Hold(unit)


LOCATIONS = st.one_of(
    st.sampled_from([*PROVINCES, "SPA/NC", "STP/SC", "BUL/EC", "SWI", "PAR/NC", ""]),
    st.text(max_size=8),
)
UNITS = st.builds(Unit, st.sampled_from([A, F]), LOCATIONS)
TYPES = st.sampled_from([A, F, None])
ORDERS = st.one_of(
    st.builds(Hold, UNITS),
    st.builds(Move, UNITS, LOCATIONS, st.booleans()),
    st.builds(SupportHold, UNITS, LOCATIONS, TYPES),
    st.builds(SupportMove, UNITS, LOCATIONS, LOCATIONS, TYPES),
    st.builds(Convoy, UNITS, LOCATIONS, LOCATIONS),
    st.builds(Retreat, UNITS, LOCATIONS),
    st.builds(Disband, UNITS),
    st.builds(Build, UNITS),
    st.just(Waive()),
)


@settings(max_examples=300, deadline=None)
@given(positions(), ORDERS, st.sampled_from([*POWERS, "narnia"]))
def test_check_order_raises_only_order_errors(position: Position, order: Order, power: str) -> None:
    with contextlib.suppress(OrderError):
        check_order(position, power, order)


@given(positions(), st.text(max_size=10))
def test_legal_orders_never_raises(position: Position, province: str) -> None:
    assert isinstance(legal_orders(position, province), list)
