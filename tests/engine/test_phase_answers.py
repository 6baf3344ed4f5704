"""What the engine answers about a phase, on the standard board and a Diplomacia board: what a
power owes in each account, what it has still to order, which units it orders, whether two
orders for one unit cancel, and when centres change hands. The service says what it says by
these answers, and :func:`engine.adjudicate` settles a phase by the same ones."""

from __future__ import annotations

from collections.abc import Sequence

from engine import (
    Dislodged,
    Holding,
    Order,
    Outcome,
    Position,
    Unit,
    UnitType,
    adjudicate,
    adjustment,
    adjustment_at_best,
    adjustments_due,
    centres_change,
    doubly_ordered,
    format_order,
    legal_orders,
    parse_order,
    still_to_order,
    two_orders_cancel,
    units_to_order,
)
from engine.two_orders import TWO_ORDERS
from tests.engine.diplomacia_boards import board, orders


def standard(units: dict[str, list[str]], centres: dict[str, list[str]], phase: str) -> Position:
    return Position.from_json({"phase": phase, "units": units, "centers": centres})


def read(position: Position, power: str, *texts: str) -> list[Order]:
    return [parse_order(text, position, power) for text in texts]


def said(orders_given: Sequence[Order]) -> list[str]:
    return [format_order(o) for o in orders_given]


# The standard game: one account, every unit against the supply centres ----------------------

# Germany has five centres and two units, its home centre KIE free; Italy two centres, four
# units; France as many of each.
WINTER = standard(
    {
        "GERMANY": ["A BER", "A MUN"],
        "ITALY": ["A PIE", "A TUS", "A VEN", "F ROM"],
        "FRANCE": ["A PAR", "F BRE"],
    },
    {
        "GERMANY": ["BER", "MUN", "KIE", "HOL", "DEN"],
        "ITALY": ["VEN", "ROM"],
        "FRANCE": ["PAR", "BRE"],
    },
    "W1901A",
)


def test_a_standard_power_has_one_account_of_every_unit_against_its_centres() -> None:
    (germany,) = adjustment(WINTER, "GERMANY").accounts
    assert (germany.unit_type, germany.holding) == (None, Holding.CENTRES)
    assert (germany.units, germany.holdings, germany.owed) == (2, 5, 3)
    # three builds allowed, one free home centre to place them in
    assert (germany.sites, germany.builds, germany.removals) == (("KIE",), 1, 0)
    assert adjustment(WINTER, "ITALY").owed == -2
    assert adjustment(WINTER, "ITALY").removals == 2
    assert not adjustment(WINTER, "FRANCE").due


def test_standard_builds_owed_are_what_the_adjudicator_lets_the_power_build() -> None:
    """Builds are counted against the free home centres; what cannot be placed is not owed."""
    assert still_to_order(WINTER, "GERMANY", []) == ["build"]
    assert still_to_order(WINTER, "GERMANY", read(WINTER, "GERMANY", "A KIE B")) == []
    assert still_to_order(WINTER, "GERMANY", read(WINTER, "GERMANY", "WAIVE")) == []
    done = adjudicate(WINTER, {"GERMANY": read(WINTER, "GERMANY", "F KIE B")})
    assert [r.outcome for r in done.results if r.power == "GERMANY"] == [Outcome.BUILT]


def test_standard_removals_owed_and_the_units_that_may_go() -> None:
    assert still_to_order(WINTER, "ITALY", []) == ["removal", "removal"]
    assert still_to_order(WINTER, "ITALY", read(WINTER, "ITALY", "A PIE D")) == ["removal"]
    assert [str(u) for u in units_to_order(WINTER, "ITALY")] == ["A PIE", "A TUS", "A VEN", "F ROM"]
    assert units_to_order(WINTER, "GERMANY") == []
    done = adjudicate(WINTER, {})
    removed = [r for r in done.results if r.outcome is Outcome.REMOVED]
    assert len(removed) == 2 == adjustment(WINTER, "ITALY").removals


def test_an_adjustment_is_due_only_where_a_build_can_be_placed_or_a_removal_is_owed() -> None:
    assert adjustments_due(WINTER)
    crowded = standard(
        {"GERMANY": ["A BER", "A MUN", "F KIE"]},
        {"GERMANY": ["BER", "MUN", "KIE", "HOL"]},
        "W1901A",
    )
    # one build allowed, and no home centre left empty to place it in
    assert adjustment(crowded, "GERMANY").owed == 1
    assert not adjustments_due(crowded)


def test_the_menus_answer_is_the_legal_orders_of_every_place_to_order() -> None:
    """Every unit a power orders and every site it may build in has legal orders: the
    service's menus list those and nothing else."""
    for power in ("GERMANY", "ITALY"):
        for unit in units_to_order(WINTER, power):
            assert f"{unit} D" in said(legal_orders(WINTER, unit.province))
        for site in adjustment(WINTER, power).sites():
            assert f"A {site} B" in said(legal_orders(WINTER, site))


def test_standard_movement_and_retreats_ask_an_order_of_each_unit() -> None:
    start = Position.initial()
    given = read(start, "ENGLAND", "F LON - NTH")
    assert still_to_order(start, "ENGLAND", given) == ["A LVP", "F EDI"]
    retreats = Position.from_json(
        {
            "phase": "F1901R",
            "units": {"FRANCE": ["A PAR"], "GERMANY": ["A BUR", "A MUN"]},
            "centers": {},
        }
    ).evolve(dislodged=(Dislodged("FRANCE", Unit.parse("A MAR"), "BUR", ("GAS", "SPA")),))
    assert still_to_order(retreats, "FRANCE", []) == ["A MAR"]
    assert still_to_order(retreats, "GERMANY", []) == []
    assert still_to_order(retreats, "FRANCE", read(retreats, "FRANCE", "A MAR R GAS")) == []


def test_in_the_standard_game_a_later_order_replaces_an_earlier_one() -> None:
    start = Position.initial()
    given = read(start, "FRANCE", "A PAR - BUR", "A PAR - PIC")
    assert not two_orders_cancel(start)
    assert doubly_ordered(start, given) == ()
    done = adjudicate(start, {"FRANCE": given})
    assert [(r.key, r.text) for r in done.results if r.power == "FRANCE"] == [("A PAR", "moved")]
    assert done.position.unit_in("PIC") is not None


def test_standard_centres_change_after_the_fall_only() -> None:
    assert not centres_change(Position.initial())
    assert centres_change(Position.from_json({"phase": "F1901M", "units": {}, "centers": {}}))
    assert not centres_change(WINTER)


def test_the_standard_winter_at_best_holds_the_homes_empty() -> None:
    start = Position.initial()
    best = adjustment_at_best(start, "FRANCE")
    assert str(best.phase) == "W1901A"
    assert best.units["FRANCE"] == ()
    assert adjustment(best, "FRANCE").sites() == ["BRE", "MAR", "PAR"]


# Diplomacia: two accounts, armies against centres and fleets against ports ------------------

# Russia controls two centres (UPP, and KAR left empty) with one army, and one port (GFI) with
# two fleets: an army to raise and a fleet to remove at once.
EVALUATION = board(
    {"RUSSIA": ["A UPP", "F GBO", "F GFI"]}, phase="T2A", control={"EBA": "VISEGRAD"}
)


def test_a_diplomacia_power_has_two_accounts_never_traded_6_5_2() -> None:
    armies, fleets = adjustment(EVALUATION, "RUSSIA").accounts
    assert (armies.unit_type, armies.holding) == (UnitType.ARMY, Holding.CENTRES)
    assert (armies.units, armies.holdings, armies.sites, armies.builds) == (1, 2, ("KAR",), 1)
    assert (fleets.unit_type, fleets.holding) == (UnitType.FLEET, Holding.PORTS)
    assert (fleets.units, fleets.holdings, fleets.removals) == (2, 1, 1)
    # the two together owe nothing, yet each account is settled on its own
    assert adjustment(EVALUATION, "RUSSIA").owed == 0
    assert adjustment(EVALUATION, "RUSSIA").due
    assert adjustments_due(EVALUATION)


def test_diplomacia_still_to_order_counts_each_account_on_its_own() -> None:
    assert still_to_order(EVALUATION, "RUSSIA", []) == ["build", "removal"]
    built = orders(russia=["A KAR B"])["RUSSIA"]
    assert still_to_order(EVALUATION, "RUSSIA", built) == ["removal"]
    removed = orders(russia=["F GBO D"])["RUSSIA"]
    assert still_to_order(EVALUATION, "RUSSIA", removed) == ["build"]
    # a waive gives up the army account's build: the fleet removal is still owed
    assert still_to_order(EVALUATION, "RUSSIA", orders(russia=["WAIVE"])["RUSSIA"]) == ["removal"]


def test_an_order_beyond_its_own_account_overdraws_it_whatever_the_other_owes() -> None:
    owed = adjustment(EVALUATION, "RUSSIA")
    armies, fleets = owed.accounts
    removed = orders(russia=["F GBO D"])["RUSSIA"]
    second = orders(russia=["F GFI D"])["RUSSIA"][0]
    # one fleet removal owed and given: a second is one too many, though an army build is owed
    assert owed.overdrawn(second, removed) == fleets
    assert owed.overdrawn(second, []) is None
    build = orders(russia=["A KAR B"])["RUSSIA"][0]
    assert owed.overdrawn(build, removed) is None
    assert owed.overdrawn(orders(russia=["WAIVE"])["RUSSIA"][0], [build]) == armies
    # the standard game's one account: Germany may place one build (KIE, its free home)
    german = adjustment(WINTER, "GERMANY")
    kiel = read(WINTER, "GERMANY", "A KIE B")[0]
    assert german.overdrawn(kiel, []) is None
    assert german.overdrawn(read(WINTER, "GERMANY", "WAIVE")[0], [kiel]) == german.accounts[0]


def test_diplomacia_units_to_order_are_those_of_the_account_owing_removals() -> None:
    assert [str(u) for u in units_to_order(EVALUATION, "RUSSIA")] == ["F GBO", "F GFI"]
    assert adjustment(EVALUATION, "RUSSIA").sites() == ["KAR"]
    assert said(legal_orders(EVALUATION, "KAR")) == ["A KAR B"]
    assert said(legal_orders(EVALUATION, "UPP")) == []
    for unit in units_to_order(EVALUATION, "RUSSIA"):
        assert said(legal_orders(EVALUATION, unit.province)) == [f"{unit} D"]


def test_the_evaluation_settles_as_the_answers_say() -> None:
    done = adjudicate(EVALUATION, orders(russia=["A KAR B", "F GBO D"]))
    assert {(str(r.unit), r.outcome) for r in done.results if r.power == "RUSSIA"} == {
        ("A KAR", Outcome.BUILT),
        ("F GBO", Outcome.REMOVED),
    }
    # nothing ordered: the army build is waived, a fleet goes by the civil-disorder rule
    quiet = adjudicate(EVALUATION, {})
    gone = [r for r in quiet.results if r.outcome is Outcome.REMOVED]
    assert [r.unit.type for r in gone if r.unit] == [UnitType.FLEET]
    assert len(quiet.position.units["RUSSIA"]) == 2


def test_two_orders_for_one_diplomacia_unit_cancel_both_8() -> None:
    start = board({"RUSSIA": ["A KAR", "F GFI"]})
    twice = orders(russia=["A KAR - EST", "A KAR - FIN", "F GFI H", "F GFI H"])["RUSSIA"]
    assert two_orders_cancel(start)
    # the same order written twice is one order
    assert doubly_ordered(start, twice) == ("KAR",)
    done = adjudicate(start, {"RUSSIA": twice})
    refused = [r for r in done.results if r.unit is not None and r.unit.province == "KAR"]
    assert {(r.outcome, r.reason) for r in refused} == {(Outcome.VOID, TWO_ORDERS)}
    assert done.position.unit_in("KAR") is not None


def test_builds_are_never_doubly_ordered() -> None:
    built = orders(russia=["A KAR B", "F GFI B"])["RUSSIA"]
    assert doubly_ordered(EVALUATION, built) == ()


def test_a_diplomacia_retreat_phase_asks_an_order_of_each_dislodged_unit() -> None:
    retreats = board(
        {"RUSSIA": ["A KAR"], "SCANDINAVIA": ["A FIN"]},
        phase="T1R",
        dislodged=[Dislodged("RUSSIA", Unit.parse("A EST"), "LAT", ("UPP",))],
    )
    assert still_to_order(retreats, "RUSSIA", []) == ["A EST"]
    assert [str(u) for u in units_to_order(retreats, "RUSSIA")] == ["A EST"]
    assert still_to_order(retreats, "SCANDINAVIA", []) == []
    assert still_to_order(retreats, "RUSSIA", orders(russia=["A EST D"])["RUSSIA"]) == []


def test_diplomacia_control_changes_every_turn_5() -> None:
    assert centres_change(board({}, phase="T1M"))
    assert centres_change(board({}, phase="T1R"))
    assert not centres_change(EVALUATION)


def test_the_diplomacia_evaluation_at_best_holds_every_home() -> None:
    turn = board({"RUSSIA": ["A KAR", "F GFI"], "SCANDINAVIA": ["A EST"]}, phase="T2M")
    best = adjustment_at_best(turn, "RUSSIA")
    assert str(best.phase) == "T2A"
    assert best.control["EST"] == "RUSSIA"
    assert best.unit_in("EST") is None
    assert "KAR" in adjustment(best, "RUSSIA").sites()
