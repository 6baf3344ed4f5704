"""Conditional retreats and adjustments sent with the Fall orders (the league's errata):
read and checked when given, applied when their phase opens, told by DM; what they did not
foresee is asked for as usual."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service.turn.conditional_orders import ConditionError, read_conditional, split_pieces
from engine import Position
from tests.bot.service.harness import Table, open_table, said
from tests.bot.store.support import BACKENDS

SPRING = """
carol@dm> order A PAR - BUR; A MAR - SPA
dave@dm> order A MUN - RUH; A BER - MUN
gm> /dip process
"""
# Germany dislodges the French army in Burgundy; France keeps Spain (a build).
FALL = """
dave@dm> order A RUH - BUR; A MUN S A RUH - BUR
carol@dm> order A SPA H
"""


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table(request.param, tmp_path) as table:
        await table.seven_players(options="reminders=off")
        await table.play(SPRING)
        table.fresh()
        yield table


async def test_conditionals_are_applied_when_their_phase_opens(table: Table) -> None:
    await table.play(FALL)
    lines = await table.play(
        "carol@dm> order if BUR dislodged retreat MUN, MAR, PAR; if +1 build A PAR; "
        "if +2 build A PAR, F MAR"
    )
    assert said(lines, "dm:carol") == [
        "Conditional: 3 accepted",
        "Conditional orders",
        "✓ if BUR dislodged retreat MUN, MAR, PAR",
        "✓ if +1 build A PAR",
        "✓ if +2 build A PAR, F MAR",
        "Conditional orders apply when the retreats or adjustments come, if they fit.",
        "Units without orders: A BUR, F BRE",
    ]
    lines = await table.play("carol@dm> orders")
    carol = said(lines, "dm:carol")
    assert carol[carol.index("Conditional orders") + 1] == (
        "if BUR dislodged retreat MUN, MAR, PAR"
    )
    lines = await table.play("gm> /dip process")
    assert not any("if BUR" in line or "build A PAR" in line for line in said(lines, "#game"))
    assert said(lines, "dm:carol") == [
        "hague: Fall 1901 retreats — France",
        "Your orders in Fall 1901",
        "A BUR  ✗ dislodged (may retreat to BEL, GAS, MAR, PAR, PIC)",
        "A SPA H  ✓ held",
        "F BRE  held (no order)",
        "Applied from your conditional orders",
        "A BUR R MAR",
        "These are your orders for Fall 1901 retreats; `order` still changes them.",
        "Deadline: Mon 5 Jan 2026 11:00 UTC (in 2 hours)",
    ]
    lines = await table.play("carol@dm> orders")
    assert "A BUR R MAR" in said(lines, "dm:carol")
    lines = await table.play("clock +2h")
    assert "A BUR R MAR  ✓ retreated" in said(lines, "#game")
    assert said(lines, "dm:carol")[:5] == [
        "hague: Winter 1901 adjustments — France",
        "Your orders in Fall 1901 retreats",
        "A BUR R MAR  ✓ retreated",
        "Applied from your conditional orders",
        "A PAR B",
    ]
    lines = await table.play("clock +2h")
    assert "A PAR B  ✓ built" in said(lines, "#game")


async def test_what_the_conditions_did_not_foresee_is_asked_as_usual(table: Table) -> None:
    await table.play(FALL)
    await table.play("carol@dm> order if BUR dislodged retreat MUN; if +2 build A PAR, F MAR")
    lines = await table.play("gm> /dip process")
    carol = said(lines, "dm:carol")
    assert carol[0] == "hague: Fall 1901 retreats — France to act"
    assert carol[carol.index("F BRE  held (no order)") + 1].startswith(
        "A BUR was dislodged: it may retreat to "
    )
    await table.play("carol@dm> order A BUR R PAR")
    lines = await table.play("clock +2h")
    assert said(lines, "dm:carol")[0] == "hague: Winter 1901 adjustments — France to act"


async def test_a_disband_preference(table: Table) -> None:
    await table.play(FALL)
    await table.play("carol@dm> order if BUR dislodged retreat MUN, disband")
    lines = await table.play("gm> /dip process")
    carol = said(lines, "dm:carol")
    assert carol[carol.index("Applied from your conditional orders") + 1] == "A BUR D"


async def test_conditionals_in_bare_dms_and_with_orders(table: Table) -> None:
    lines = await table.play("carol@dm> A SPA H; if BUR dislodged retreat PAR")
    assert said(lines, "dm:carol")[:4] == [
        "Orders: 1 accepted; Conditional: 1 accepted",
        "✓ A SPA H",
        "Conditional orders",
        "✓ if BUR dislodged retreat PAR",
    ]
    lines = await table.play("carol@dm> order if BUR dislodged retreat GAS")
    assert (
        said(lines, "dm:carol")[2] == "⚠ if BUR dislodged retreat GAS — replaces your earlier one"
    )
    lines = await table.play("carol@dm> if BUR dislodged retreat the moon")
    assert said(lines, "dm:carol")[2].startswith("✗ if BUR dislodged retreat the moon — ")


async def test_clearing_conditionals(table: Table) -> None:
    await table.play("carol@dm> order if BUR dislodged retreat PAR; if +1 build A PAR")
    lines = await table.play("carol@dm> clear if +1")
    assert said(lines, "dm:carol")[0] == "Cleared if +1 build A PAR."
    lines = await table.play("carol@dm> clear if +1")
    assert said(lines, "dm:carol") == [
        "No such conditional order to clear. Yours: if BUR dislodged retreat PAR."
    ]
    lines = await table.play("carol@dm> clear if")
    assert said(lines, "dm:carol")[0] == "Cleared if BUR dislodged retreat PAR."
    await table.play("carol@dm> order A SPA H; if BUR dislodged retreat PAR")
    lines = await table.play("carol@dm> clear all")
    assert said(lines, "dm:carol")[0] == "Cleared 2 orders."


async def test_conditionals_go_with_movement_orders(table: Table) -> None:
    await table.play(FALL + "gm> /dip process")
    lines = await table.play("carol@dm> order if +1 build A PAR")
    assert said(lines, "dm:carol")[2] == (
        "✗ if +1 build A PAR — conditional orders go with movement orders, for the retreats "
        "and adjustments that follow"
    )


def spring() -> Position:
    return Position.initial()


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("if MUN dislodged retreat BER, KIE", "if MUN dislodged retreat BER, KIE"),
        ("If Munich is dislodged: Berlin or Kiel", "if MUN dislodged retreat BER, KIE"),
        ("if A MUN dislodged R BOH then disband", "if MUN dislodged retreat BOH, disband"),
        (
            "if MUN is dislodged, retreats (in order of preference): BER, KIE",
            "if MUN dislodged retreat BER, KIE",
        ),
    ],
)
def test_retreat_conditions_are_read(text: str, canonical: str) -> None:
    assert read_conditional(text, spring(), "GERMANY").text == canonical


def test_adjustment_conditions_are_read() -> None:
    fall = Position.from_json({**spring().to_json(), "phase": "F1901M"})
    for text, canonical in [
        ("if +2 build A LON, F EDI", "if +2 build A LON, F EDI"),
        ("if +2 centres gained: A LON and F EDI", "if +2 build A LON, F EDI"),
        ("if +1 build F LON", "if +1 build F LON"),
        ("if +1 waive", "if +1 build WAIVE"),
        ("if -1 remove F LON", "if -1 remove F LON"),
        # the league's wording, and other ways to say the same
        ("If two Supply Centers are gained, build A LON and F EDI", "if +2 build A LON, F EDI"),
        ("if only one is gained, build F LON", "if +1 build F LON"),
        ("if I gain 2 build A LON, F EDI", "if +2 build A LON, F EDI"),
        ("if gain one build F LON", "if +1 build F LON"),
        ("if 1 centre gained build F LON", "if +1 build F LON"),
        ("if we win three: A LON, F EDI, A LVP", "if +3 build A LON, F EDI, A LVP"),
        ("if one supply center is lost, remove F LON", "if -1 remove F LON"),
        ("if I lose 1, remove F LON", "if -1 remove F LON"),
        ("if 1 remove F LON", "if -1 remove F LON"),
        ("If TEN centres are gained: waive", "if +10 build WAIVE"),
    ]:
        assert read_conditional(text, fall, "ENGLAND").text == canonical


@pytest.mark.parametrize(
    ("text", "season", "error"),
    [
        ("if MUN dislodged retreat WAR", "S", "A MUN can never retreat to WAR"),
        ("if PAR dislodged retreat BUR", "S", "you have no unit in PAR to be dislodged"),
        ("if MUN dislodged retreat", "S", "say where A MUN retreats"),
        ("if +1 build A BER", "S", "adjustments follow a Fall"),
        ("if +1 build A PAR", "F", "A PAR:"),
        ("if +1 build A BER, A KIE", "F", "+1 allows 1, not 2"),
        ("if -1 build A BER", "F", "-1 means removals"),
        ("if 0 build A BER", "F", "say +1, +2"),
        ("if I gain 1, remove A BER", "F", "write `if +1 build ...` or `if -1 remove ...`"),
        ("if +1 centre lost, remove A BER", "F", "+1 means builds"),
        ("if eleven are gained, build A BER", "F", "write `if MUN dislodged retreat BER, KIE`"),
        ("if the sky falls", "S", "write `if MUN dislodged retreat BER, KIE`"),
    ],
)
def test_bad_conditions_say_what_would_be_right(text: str, season: str, error: str) -> None:
    position = Position.from_json({**spring().to_json(), "phase": f"{season}1901M"})
    with pytest.raises(ConditionError) as caught:
        read_conditional(text, position, "GERMANY")
    assert error in str(caught.value)


def test_pieces_are_split() -> None:
    assert split_pieces("A PAR - BUR, F BRE - MAO; if MUN dislodged retreat BER, KIE\nif +1 x") == (
        ["if MUN dislodged retreat BER, KIE", "if +1 x"],
        "A PAR - BUR, F BRE - MAO",
    )


# The league's wording of conditional adjustments, end to end: given with the Fall orders,
# applied when the Winter opens. England takes Norway (and Belgium, unless told to hold),
# Germany takes Denmark and Paris, France loses Paris.
LEAGUE_SPRING = """
bob@dm> order F Lon-NTH; F Edi-NWG; A Lvp-Yor
carol@dm> order A Par-Pic; F Bre-MAO; A Mar H
dave@dm> order A Mun-Bur; A Ber-Kie; F Kie-Den
gm> /dip process
"""
TWO_GAINED = "bob@dm> order F NWG-Nwy; F NTH-Bel; A Yor H"
ONE_GAINED = "bob@dm> order F NWG-Nwy; F NTH H; A Yor H"
COVERED = "These are your orders for Winter 1901 adjustments; `order` still changes them."
UNCOVERED = "Your conditional orders did not cover everything: order the rest."
LEAGUE_EXAMPLE = (
    "If two Supply Centers are gained, build A LON and F EDI; if only one is gained, build F LON"
)


@pytest.fixture(params=BACKENDS)
async def league(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table(request.param, tmp_path) as table:
        await table.seven_players(options="reminders=off")
        await table.play(LEAGUE_SPRING + "dave@dm> order A Bur-Par")
        table.fresh()
        yield table


@pytest.mark.parametrize(
    ("fall", "given", "canonical", "applied"),
    [
        (
            TWO_GAINED,
            f"bob@dm> order {LEAGUE_EXAMPLE}",
            ["if +2 build A LON, F EDI", "if +1 build F LON"],
            ("bob", ["A LON B", "F EDI B", COVERED]),
        ),
        (
            ONE_GAINED,
            f"bob@dm> order {LEAGUE_EXAMPLE}",
            ["if +2 build A LON, F EDI", "if +1 build F LON"],
            ("bob", ["F LON B", COVERED]),
        ),
        (
            TWO_GAINED,
            "dave@dm> order if I gain 2 build A MUN, A BER",
            ["if +2 build A MUN, A BER"],
            ("dave", ["A MUN B", "A BER B", COVERED]),
        ),
        (
            TWO_GAINED,
            "dave@dm> order if +2 build A BER and F KIE",
            ["if +2 build A BER, F KIE"],
            ("dave", ["A BER B", UNCOVERED]),  # Kiel is occupied: the other build is asked for
        ),
        (
            ONE_GAINED,
            "bob@dm> order if gain one build F EDI",
            ["if +1 build F EDI"],
            ("bob", ["F EDI B", COVERED]),
        ),
        (
            ONE_GAINED,
            "bob@dm> order if 1 centre gained build A LVP",
            ["if +1 build A LVP"],
            ("bob", ["A LVP B", COVERED]),
        ),
        (
            ONE_GAINED,
            "carol@dm> order if one supply center is lost, remove A PIC",
            ["if -1 remove A PIC"],
            ("carol", ["A PIC D", COVERED]),
        ),
        (
            ONE_GAINED,
            "carol@dm> order if I lose 1, remove F MAO",
            ["if -1 remove F MAO"],
            ("carol", ["F MAO D", COVERED]),
        ),
    ],
)
async def test_the_leagues_wording_of_adjustments(
    league: Table, fall: str, given: str, canonical: list[str], applied: tuple[str, list[str]]
) -> None:
    await league.play(fall)
    who = given.split("@")[0]
    lines = await league.play(given)
    assert said(lines, f"dm:{who}")[2 : 2 + len(canonical)] == [f"✓ {c}" for c in canonical]
    lines = await league.play("gm> /dip process")
    player, orders = applied
    dm = said(lines, f"dm:{player}")
    assert dm[0].startswith("hague: Winter 1901 adjustments")
    start = dm.index("Applied from your conditional orders") + 1
    assert dm[start : start + len(orders)] == orders
