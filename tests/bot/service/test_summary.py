"""The words players read: every position here is played through the real engine."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from bot.service.effects import Message
from bot.service.words.order_lists import orders_echo, orders_message
from bot.service.words.results import history_message, results_message
from bot.service.words.status import status_lines
from engine import (
    Order,
    Position,
    Resolution,
    adjudicate,
    format_order,
    parse_order,
    parse_orders,
    still_to_order,
)


def orders_of(position: Position, orders: Mapping[str, Sequence[str]]) -> dict[str, list[Order]]:
    return {p: [parse_order(t, position, p) for t in texts] for p, texts in orders.items()}


def play(position: Position, orders: Mapping[str, Sequence[str]]) -> Resolution:
    return adjudicate(position, orders_of(position, orders))


def lines(message: Message, title: str | None) -> list[str]:
    """The lines of the one section with this title."""
    found = [s for s in message.sections if s.title == title]
    assert len(found) == 1, [s.title for s in message.sections]
    return [line.text for line in found[0].lines]


def titles(message: Message) -> list[str | None]:
    return [s.title for s in message.sections]


def board(data: dict[str, Any]) -> Position:
    return Position.from_json(data)


# Spring 1901: France and Germany bounce in Burgundy; England opens.
OPENING = {
    "FRANCE": ["A PAR - BUR", "A MAR - SPA", "F BRE - MAO"],
    "GERMANY": ["A MUN - BUR", "A BER - KIE", "F KIE - DEN"],
    "ENGLAND": ["F LON - NTH", "F EDI - NWG", "A LVP - YOR"],
}


@pytest.fixture
def opening() -> tuple[Position, Resolution]:
    start = Position.initial()
    return start, play(start, OPENING)


def test_results_show_each_order_with_its_outcome(
    opening: tuple[Position, Resolution],
) -> None:
    start, resolution = opening
    message = results_message(start, resolution, game_name="Lepanto")

    assert message.title == "Lepanto: Spring 1901 — results"
    assert lines(message, "France") == [
        "A MAR - SPA  ✓ moved",
        "A PAR - BUR  ✗ bounced",
        "F BRE - MAO  ✓ moved",
    ]
    assert lines(message, "Germany") == [
        "A BER - KIE  ✓ moved",
        "A MUN - BUR  ✗ bounced",
        "F KIE - DEN  ✓ moved",
    ]
    assert lines(message, "Austria") == [
        "A BUD  held (no order)",
        "A VIE  held (no order)",
        "F TRI  held (no order)",
    ]
    assert all(line.code for s in message.sections[:7] for line in s.lines)
    # a Spring settles no centres
    assert titles(message) == [
        "Austria",
        "England",
        "France",
        "Germany",
        "Italy",
        "Russia",
        "Turkey",
        "Next: Fall 1901",
    ]
    assert lines(message, "Next: Fall 1901") == []


def test_results_without_a_game_name(opening: tuple[Position, Resolution]) -> None:
    start, resolution = opening
    assert results_message(start, resolution, game_name="").title == "Spring 1901 — results"


def test_illegal_order_shows_its_reason() -> None:
    start = Position.initial()
    resolution = adjudicate(
        start, {"FRANCE": [parse_order("F BRE - MOS", start, "FRANCE", check=False)]}
    )
    message = results_message(start, resolution, game_name="")
    assert lines(message, "France") == [
        "A MAR  held (no order)",
        "A PAR  held (no order)",
        "F BRE - MOS  ✗ illegal: fleets cannot move inland: MOS",
    ]


@pytest.fixture
def dislodgement() -> tuple[Position, Resolution]:
    """Fall 1901: France drives the German army out of Burgundy."""
    spring = play(
        Position.initial(), {"FRANCE": ["A MAR - GAS", "F BRE - MAO"], "GERMANY": ["A MUN - BUR"]}
    )
    fall = spring.position
    return fall, play(
        fall,
        {
            "FRANCE": ["A GAS - BUR", "A PAR S A GAS - BUR", "F MAO - POR"],
            "GERMANY": ["A BUR H"],
        },
    )


def test_dislodged_unit_lists_its_retreats(dislodgement: tuple[Position, Resolution]) -> None:
    fall, resolution = dislodgement
    message = results_message(fall, resolution, game_name="")

    assert message.title == "Fall 1901 — results"
    assert lines(message, "France") == [
        "A GAS - BUR  ✓ moved",
        "A PAR S A GAS - BUR  ✓ supported",
        "F MAO - POR  ✓ moved",
    ]
    assert lines(message, "Germany") == [
        "A BER  held (no order)",
        "A BUR H  ✗ dislodged (may retreat to BEL, MAR, MUN, PIC, RUH)",
        "F KIE  held (no order)",
    ]
    assert lines(message, "Dislodged") == [
        "Germany: A BUR — may retreat to BEL, MAR, MUN, PIC, RUH"
    ]
    assert lines(message, "Next: Fall 1901 retreats") == ["Germany must retreat or disband A BUR"]
    # centres change hands only once the retreats are done
    assert "Supply centre changes" not in titles(message)


def test_fall_retreats_settle_the_centres(dislodgement: tuple[Position, Resolution]) -> None:
    _, fall = dislodgement
    retreats = fall.position
    resolution = play(retreats, {"GERMANY": ["A BUR R MUN"]})
    message = results_message(retreats, resolution, game_name="")

    assert message.title == "Fall 1901 retreats — results"
    assert titles(message) == [
        "Germany",
        "Supply centre changes",
        "Supply centres",
        "Next: Winter 1901 adjustments",
    ]
    assert lines(message, "Germany") == ["A BUR R MUN  ✓ retreated"]
    assert lines(message, "Supply centre changes") == ["POR: neutral → France"]
    assert lines(message, "Supply centres") == [
        "France: 4 centres (+1)",
        "Russia: 4 centres",
        "Austria: 3 centres",
        "England: 3 centres",
        "Germany: 3 centres",
        "Italy: 3 centres",
        "Turkey: 3 centres",
    ]
    assert lines(message, "Next: Winter 1901 adjustments") == [
        "France may build 1 (free home centres: BRE, MAR)"
    ]


def test_unordered_retreat_disbands(dislodgement: tuple[Position, Resolution]) -> None:
    _, fall = dislodgement
    retreats = fall.position
    message = results_message(retreats, play(retreats, {}), game_name="")
    assert lines(message, "Germany") == ["A BUR  disbanded (no retreat order)"]
    assert "Germany: 3 centres" in lines(message, "Supply centres")


@pytest.fixture
def venice() -> tuple[Position, Resolution]:
    """Fall 1901: Austria takes Venice; the Italian army there has nowhere to go."""
    fall = board(
        {
            "phase": "F1901M",
            "units": {
                "ITALY": ["A VEN", "A PIE", "A TUS", "A ROM", "F APU"],
                "AUSTRIA": ["A TRI", "A TYR"],
            },
            "centers": {"ITALY": ["VEN", "ROM", "NAP"], "AUSTRIA": ["VIE", "BUD", "TRI"]},
        }
    )
    return fall, play(fall, {"AUSTRIA": ["A TRI - VEN", "A TYR S A TRI - VEN"]})


def test_destroyed_unit_centre_changes_and_adjustments_due(
    venice: tuple[Position, Resolution],
) -> None:
    fall, resolution = venice
    message = results_message(fall, resolution, game_name="")

    assert lines(message, "Italy") == [
        "A PIE  held (no order)",
        "A ROM  held (no order)",
        "A TUS  held (no order)",
        "A VEN  ✗ destroyed (dislodged with nowhere to retreat)",
        "F APU  held (no order)",
    ]
    assert lines(message, "Dislodged") == ["Italy: A VEN — destroyed (nowhere to retreat)"]
    assert lines(message, "Supply centre changes") == ["VEN: Italy → Austria"]
    # powers with no units and no centres are left out everywhere
    assert lines(message, "Supply centres") == [
        "Austria: 4 centres (+1)",
        "Italy: 2 centres (-1)",
    ]
    assert titles(message)[:2] == ["Austria", "Italy"]
    assert lines(message, "Next: Winter 1901 adjustments") == [
        "Austria may build 2 (free home centres: BUD, TRI, VIE)",
        "Italy must remove 2 units",
    ]


def test_builds_short_of_free_home_centres() -> None:
    fall = board(
        {
            "phase": "F1901M",
            "units": {"GERMANY": ["A BER", "A MUN", "F HEL"], "FRANCE": ["A PAR"]},
            "centers": {"GERMANY": ["BER", "MUN", "KIE", "DEN", "HOL"], "FRANCE": ["PAR", "BEL"]},
        }
    )
    resolution = play(fall, {})
    message = results_message(fall, resolution, game_name="")
    assert lines(message, "Next: Winter 1901 adjustments") == [
        "France has 1 build but no free home centre",
        "Germany has 2 builds but only 1 free home centre: KIE",
    ]


def test_adjustment_results(venice: tuple[Position, Resolution]) -> None:
    _, fall = venice
    winter = fall.position
    resolution = play(winter, {"ITALY": ["A PIE D"], "AUSTRIA": ["A VIE B"]})
    message = results_message(winter, resolution, game_name="")

    assert message.title == "Winter 1901 adjustments — results"
    assert lines(message, "Austria") == ["A VIE B  ✓ built", "1 build not ordered (waived)"]
    assert lines(message, "Italy") == [
        "A PIE D  ✓ removed",
        "F APU  removed (no removal order: civil-disorder rule)",
    ]
    assert lines(message, "Next: Spring 1902") == []


def test_quiet_fall_skips_the_winter() -> None:
    spring = play(Position.initial(), {})
    fall = spring.position
    message = results_message(fall, play(fall, {}), game_name="")
    assert lines(message, "Supply centre changes") == ["No supply centres changed hands."]
    assert lines(message, "Next: Spring 1902") == ["No builds or removals this winter."]


FRENCH_17 = [
    "BRE", "MAR", "PAR", "SPA", "POR", "BEL", "HOL", "MUN", "KIE",
    "BER", "DEN", "LON", "LVP", "EDI", "NWY", "SWE", "TUN",
]  # fmt: skip


@pytest.fixture
def victory() -> tuple[Position, Resolution]:
    fall = board(
        {
            "phase": "F1905M",
            "units": {"FRANCE": ["A TYR", "A BUR"], "AUSTRIA": ["A BUD"]},
            "centers": {"FRANCE": FRENCH_17, "AUSTRIA": ["VIE", "BUD", "TRI"]},
        }
    )
    return fall, play(fall, {"FRANCE": ["A TYR - VIE"]})


def test_winner_ends_the_game(victory: tuple[Position, Resolution]) -> None:
    fall, resolution = victory
    message = results_message(fall, resolution, game_name="")

    assert resolution.winner == "FRANCE"
    assert titles(message) == [
        "Austria",
        "France",
        "Supply centre changes",
        "Supply centres",
        "Game over",
    ]
    assert lines(message, "Supply centres") == [
        "France: 18 centres (+1)",
        "Austria: 2 centres (-1)",
    ]
    assert lines(message, "Game over") == ["France wins with 18 supply centres!"]
    assert message.sections[-1].lines[0].emphasis


def test_votes_are_reported_by_power(opening: tuple[Position, Resolution]) -> None:
    start, resolution = opening
    votes = {"ITALY": "surrender", "FRANCE": "draw", "ENGLAND": "draw"}
    for anonymous in (False, True):
        message = results_message(start, resolution, game_name="", anonymous=anonymous, votes=votes)
        assert lines(message, "Votes") == [
            "Draw: England, France",
            "Surrender: Italy",
            "A draw needs the vote of every power still playing: not this time.",
        ]
    ended = results_message(start, resolution, game_name="", votes=votes, ending="A draw.")
    assert lines(ended, "Votes") == ["Draw: England, France", "Surrender: Italy"]
    assert lines(ended, "Game over") == ["A draw."]
    assert "Votes" not in titles(results_message(start, resolution, game_name="", votes={}))


def test_eliminated_power_is_marked() -> None:
    fall = board(
        {
            "phase": "F1901M",
            "units": {"ITALY": ["A TUN"], "FRANCE": ["F WES", "F NAF"]},
            "centers": {"ITALY": ["TUN"], "FRANCE": ["BRE"]},
        }
    )
    resolution = play(fall, {"FRANCE": ["F WES - TUN", "F NAF S F WES - TUN"]})
    message = results_message(fall, resolution, game_name="")
    assert lines(message, "Italy") == ["A TUN  ✗ destroyed (dislodged with nowhere to retreat)"]
    assert lines(message, "Supply centres") == [
        "France: 2 centres (+1)",
        "Italy: 0 centres (-1), eliminated",
    ]


# History ------------------------------------------------------------------------------


def test_history_shows_replaced_orders_too(opening: tuple[Position, Resolution]) -> None:
    start, _ = opening
    given = orders_of(start, {"FRANCE": ["A PAR - PIC", "A PAR - BUR"]})
    resolution = adjudicate(start, given)
    message = history_message(start, given, resolution)

    assert message.title == "Spring 1901 — orders and results"
    assert lines(message, "France") == [
        "A MAR  held (no order)",
        "A PAR - BUR  ✓ moved",
        "A PAR - PIC  – not used: a later order for this unit replaced it",
        "F BRE  held (no order)",
    ]
    # history looks back: nothing about what comes next, no votes
    assert not any(t and t.startswith("Next") for t in titles(message))


def test_history_of_a_victory(victory: tuple[Position, Resolution]) -> None:
    fall, resolution = victory
    given = orders_of(fall, {"FRANCE": ["A TYR - VIE"]})
    message = history_message(fall, given, resolution)
    assert message.title == "Fall 1905 — orders and results"
    assert lines(message, "Game over") == ["France wins with 18 supply centres!"]


# Orders echo ---------------------------------------------------------------------------


def test_orders_echo_reads_back_each_line() -> None:
    start = Position.initial()
    parsed = parse_orders(
        "A Par - Bur\nA Par - Berlinn; F Bre - Mao; A Mar H; A Mar - Spa", start, "FRANCE"
    )
    message = orders_echo(parsed, replaced={"F BRE"})

    assert message.title == "Orders: 3 accepted, 1 not accepted"
    assert lines(message, None) == [
        "✓ A PAR - BUR",
        "✗ A Par - Berlinn — invalid: unknown province 'berlinn' (did you mean Berlin?)",
        "⚠ F BRE - MAO — replaces your earlier order for F BRE",
        "⚠ A MAR H — replaced by a later line for A MAR",
        "✓ A MAR - SPA",
    ]


def test_orders_echo_illegal_order() -> None:
    start = Position.initial()
    message = orders_echo(parse_orders("A Mun - Bur", start, "FRANCE"))
    assert message.title == "Orders: 0 accepted, 1 not accepted"
    assert lines(message, None) == ["✗ A Mun - Bur — illegal: you have no unit in MUN"]


def test_orders_echo_builds_in_one_batch(venice: tuple[Position, Resolution]) -> None:
    _, fall = venice
    winter = fall.position
    message = orders_echo(parse_orders("Build A Vie; build F Tri; waive", winter, "AUSTRIA"))
    assert lines(message, None) == ["✓ A VIE B", "✓ F TRI B", "✓ WAIVE"]


# A power's orders -----------------------------------------------------------------------


def test_orders_message_lists_units_without_orders() -> None:
    start = Position.initial()
    given = orders_of(start, {"GERMANY": ["A MUN - RUH"]})["GERMANY"]
    message = orders_message(start, "GERMANY", given, conditional=["if A PAR - BUR: A MUN H"])

    assert message.title == "Germany: orders for Spring 1901"
    assert message.sections[0].lines[0].text == "A MUN - RUH"
    assert lines(message, "Conditional orders") == ["if A PAR - BUR: A MUN H"]
    assert message.sections[-1].lines[0].text == "Units without orders: A BER, F KIE"
    assert still_to_order(start, "GERMANY", given) == ["A BER", "F KIE"]


def test_orders_message_complete_and_empty() -> None:
    start = Position.initial()
    given = orders_of(start, {"ITALY": ["A VEN H", "A ROM - APU", "F NAP - ION"]})["ITALY"]
    done = orders_message(start, "ITALY", given)
    assert [ln.text for ln in done.sections[0].lines] == ["A VEN H", "A ROM - APU", "F NAP - ION"]
    assert done.sections[-1].lines[0].text == "Every unit has an order."

    empty = orders_message(start, "ITALY", [])
    assert empty.plain_text().splitlines() == [
        "Italy: orders for Spring 1901",
        "No orders yet.",
        "Units without orders: A ROM, A VEN, F NAP",
    ]


def test_orders_message_in_retreats(dislodgement: tuple[Position, Resolution]) -> None:
    _, fall = dislodgement
    retreats = fall.position
    assert still_to_order(retreats, "GERMANY", []) == ["A BUR"]
    assert still_to_order(retreats, "FRANCE", []) == []
    message = orders_message(retreats, "GERMANY", [])
    assert message.title == "Germany: orders for Fall 1901 retreats"
    assert message.sections[-1].lines[0].text == "Units without orders: A BUR"
    given = orders_of(retreats, {"GERMANY": ["A BUR R RUH"]})["GERMANY"]
    assert still_to_order(retreats, "GERMANY", given) == []
    assert orders_message(retreats, "FRANCE", []).sections[-1].lines[0].text == (
        "Nothing to order this phase."
    )


def test_orders_message_in_adjustments(venice: tuple[Position, Resolution]) -> None:
    _, fall = venice
    winter = fall.position
    build = orders_of(winter, {"AUSTRIA": ["A VIE B"]})["AUSTRIA"]
    assert still_to_order(winter, "AUSTRIA", []) == ["build", "build"]
    assert still_to_order(winter, "AUSTRIA", build) == ["build"]
    assert orders_message(winter, "AUSTRIA", build).plain_text().splitlines() == [
        "Austria: orders for Winter 1901 adjustments",
        "A VIE B",
        "Builds left: 1 (free home centres: BUD, TRI)",
    ]
    remove = orders_of(winter, {"ITALY": ["A PIE D", "A TUS D"]})["ITALY"]
    assert still_to_order(winter, "ITALY", remove[:1]) == ["removal"]
    assert orders_message(winter, "ITALY", []).sections[-1].lines[0].text == "Removals left: 2"
    assert orders_message(winter, "ITALY", remove).sections[-1].lines[0].text == (
        "All removals ordered."
    )


def test_builds_owed_are_capped_by_free_home_centres() -> None:
    winter = board(
        {
            "phase": "W1901A",
            "units": {"GERMANY": ["A BER", "A MUN"]},
            "centers": {"GERMANY": ["BER", "MUN", "KIE", "HOL", "DEN"]},
        }
    )
    assert still_to_order(winter, "GERMANY", []) == ["build"]


# Status ------------------------------------------------------------------------------------


def test_status_lines(opening: tuple[Position, Resolution]) -> None:
    _, spring = opening
    fall = spring.position
    message = status_lines(
        fall,
        ready={"FRANCE", "ENGLAND"},
        missing={"FRANCE": 0, "ENGLAND": 1, "GERMANY": 2, "ITALY": 0},
        deadline_text="Saturday 12:00 UTC",
    )
    assert message.plain_text().splitlines() == [
        "Fall 1901 — status",
        "Deadline: Saturday 12:00 UTC",
        "Orders",
        "Austria: still ordering",
        "England: ready",
        "France: ready",
        "Germany: still ordering",
        "Italy: orders in, not marked ready",
        "Russia: still ordering",
        "Turkey: still ordering",
        "Supply centres",
        "Austria: 3 centres",
        "England: 3 centres",
        "France: 3 centres",
        "Germany: 3 centres",
        "Italy: 3 centres",
        "Russia: 4 centres",
        "Turkey: 3 centres",
    ]


def test_status_counts_the_readers_own_missing_orders_only(
    opening: tuple[Position, Resolution],
) -> None:
    """How many units a rival left unordered tells what it is up to: only the reader's own
    powers are counted."""
    fall = opening[1].position
    missing = {"FRANCE": 0, "ENGLAND": 1, "GERMANY": 2, "ITALY": 0}
    ready = {"FRANCE", "ENGLAND"}
    for own, shown in (
        ({"ENGLAND"}, ["England: ready, 1 unit without orders", "Germany: still ordering"]),
        ({"GERMANY"}, ["England: ready", "Germany: 2 units without orders"]),
    ):
        message = status_lines(fall, ready=ready, missing=missing, deadline_text="soon", own=own)
        assert lines(message, "Orders")[1:4:2] == shown
        counted = [line for line in lines(message, "Orders") if "without orders" in line]
        assert len(counted) == 1


def test_status_in_retreats_and_adjustments(
    dislodgement: tuple[Position, Resolution], venice: tuple[Position, Resolution]
) -> None:
    retreats = dislodgement[1].position
    message = status_lines(retreats, ready=set(), missing={}, deadline_text="soon", own={"GERMANY"})
    assert lines(message, "Orders") == [
        "Austria: nothing to order",
        "England: nothing to order",
        "France: nothing to order",
        "Germany: 1 retreat to order",
        "Italy: nothing to order",
        "Russia: nothing to order",
        "Turkey: nothing to order",
    ]
    message = status_lines(retreats, ready=set(), missing={}, deadline_text="soon")
    assert "Germany: still ordering" in lines(message, "Orders")
    winter = venice[1].position
    message = status_lines(
        winter, ready=set(), missing={"AUSTRIA": 1}, deadline_text="soon", own={"AUSTRIA"}
    )
    assert lines(message, "Orders") == ["Austria: 1 build to order", "Italy: still ordering"]
    message = status_lines(
        winter, ready=set(), missing={"AUSTRIA": 1}, deadline_text="soon", own={"ITALY"}
    )
    assert lines(message, "Orders") == ["Austria: still ordering", "Italy: 2 removals to order"]


def test_status_never_shows_orders(dislodgement: tuple[Position, Resolution]) -> None:
    fall, _ = dislodgement
    orders = orders_of(
        fall,
        {
            "FRANCE": ["A GAS - BUR", "A PAR S A GAS - BUR", "F MAO - POR"],
            "GERMANY": ["A BUR H"],
        },
    )
    missing = {p: len(still_to_order(fall, p, orders.get(p, []))) for p in fall.variant.powers}
    message = status_lines(fall, ready={"FRANCE"}, missing=missing, deadline_text="tomorrow")
    text = message.plain_text()
    every_order = [o for given in orders.values() for o in given]
    for order in every_order:
        assert format_order(order) not in text
    # not even which units have orders, nor where anyone is going
    for word in ("GAS", "BUR", "MAO", "POR", "PAR", " S ", " - ", " H"):
        assert word not in text


def test_orders_echo_names_a_wrong_unit_letter_either_way() -> None:
    """A fleet written as an army is taken for the fleet, and the reply says so; an army
    written as a fleet that only a fleet could move is refused for that reason."""
    start = Position.initial()
    message = orders_echo(parse_orders("A Bre - MAO; F Mar - Gulf of Lyon", start, "FRANCE"))
    assert message.title == "Orders: 1 accepted, 1 not accepted"
    assert lines(message, None) == [
        "⚠ F BRE - MAO — there is a fleet in Brest, not an army",
        "✗ F Mar - Gulf of Lyon — illegal: there is an army in Marseilles, not a fleet",
    ]
