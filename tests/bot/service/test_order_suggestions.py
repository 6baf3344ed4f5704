"""Order suggestions, the one ranking behind Discord's autocomplete and Slack's menus: the
player's units, a unit's legal orders, or the orders that fit the words typed, best first."""

from __future__ import annotations

from bot.service import suggest_orders, suggest_units
from bot.service.commands.order_menus import choices_for
from engine import Position

FRANCE = choices_for(Position.initial(), "FRANCE")


def test_nothing_typed_offers_the_units() -> None:
    assert sorted(suggest_orders("", FRANCE)) == ["A MAR", "A PAR", "F BRE"]
    assert sorted(suggest_orders("a", FRANCE)) == ["A MAR", "A PAR"]


def test_a_unit_named_offers_its_orders_holds_and_moves_first() -> None:
    par = dict(FRANCE)["A PAR"]
    suggested = suggest_orders("par", FRANCE)
    assert sorted(suggested) == sorted(par) and suggested[0] == "A PAR H"


def test_words_narrow_and_rank_the_orders() -> None:
    assert suggest_orders("mar s par bur", FRANCE) == ["A MAR S A PAR - BUR", "A PAR S A MAR - BUR"]
    assert suggest_orders("Paris army to Burgundy", FRANCE)[0] == "A PAR - BUR"
    assert suggest_orders("xyz", FRANCE) == []


def test_orders_already_typed_are_kept() -> None:
    suggested = suggest_orders("A Par-Bur; mar", FRANCE)
    assert suggested[0] == "A Par-Bur; A MAR H"
    assert all(s.startswith("A Par-Bur; A MAR ") for s in suggested)


def test_one_units_menu_narrows_that_units_orders() -> None:
    assert suggest_orders("bur", FRANCE, unit="A PAR") == [
        "A PAR - BUR",
        "A PAR S A MAR - BUR",
        "A PAR S A MUN - BUR",
    ]
    assert suggest_orders("", FRANCE, unit="A PAR") == list(dict(FRANCE)["A PAR"])
    assert suggest_orders("bur", FRANCE, unit="A MUN") == []
    many = [f"F NTH S A X{i:03d} - Y" for i in range(150)]
    assert suggest_orders("x14", [("F NTH", many)], unit="F NTH") == [
        f"F NTH S A X14{i} - Y" for i in range(10)
    ]
    assert len(suggest_orders("", [("F NTH", many)], unit="F NTH")) == 150


def test_units_for_clear_and_possible() -> None:
    assert sorted(suggest_units("", FRANCE)) == ["A MAR", "A PAR", "F BRE"]
    assert suggest_units("p", FRANCE) == ["A PAR"]
