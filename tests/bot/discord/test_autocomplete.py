"""`/dip order` autocomplete through the real command tree: first the player's own units,
then the legal orders of the unit typed (the engine's, at most 25, ranked), narrowed by
every word typed; several orders at once; and nothing for anyone with nothing to order."""

from __future__ import annotations

import pytest

from engine import Position, format_order, legal_orders
from tests.bot.discord.table import OTHER_CHANNEL, DiscordTable


@pytest.fixture
async def game(table: DiscordTable) -> DiscordTable:
    await table.seven_players()
    return table


def legal(position: Position, province: str) -> list[str]:
    return [format_order(o) for o in legal_orders(position, province)]


async def test_nothing_typed_offers_the_players_own_units(game: DiscordTable) -> None:
    frank = await game.complete("frank", "order", "orders", "")
    assert sorted(frank) == ["A MOS", "A WAR", "F SEV", "F STP/SC"]
    carol = await game.complete("carol", "order", "orders", "")
    assert sorted(carol) == ["A MAR", "A PAR", "F BRE"]


async def test_a_unit_typed_offers_exactly_its_legal_orders(game: DiscordTable) -> None:
    opening = Position.initial()
    for typed, province in (("par", "PAR"), ("A Mar", "MAR"), ("f bre", "BRE")):
        suggested = await game.complete("carol", "order", "orders", typed)
        assert sorted(suggested) == sorted(legal(opening, province))
        # Holds and moves come before supports.
        assert suggested[0].endswith(" H")
        assert all(" S " not in s for s in suggested[: 1 + len(suggested) // 4])
    assert sorted(await game.complete("frank", "order", "orders", "stp")) == sorted(
        legal(opening, "STP")
    )


async def test_several_units_fit_offers_those_units(game: DiscordTable) -> None:
    assert sorted(await game.complete("carol", "order", "orders", "a")) == ["A MAR", "A PAR"]
    assert sorted(await game.complete("frank", "order", "orders", "A")) == ["A MOS", "A WAR"]


async def test_typing_narrows_the_suggestions(game: DiscordTable) -> None:
    everything = await game.complete("carol", "order", "orders", "par")
    to_burgundy = await game.complete("carol", "order", "orders", "par bur")
    assert to_burgundy[0] == "A PAR - BUR"
    assert len(to_burgundy) < len(everything)
    assert all("PAR" in s and "BUR" in s for s in to_burgundy)
    assert await game.complete("carol", "order", "orders", "mar s par bur") == [
        "A MAR S A PAR - BUR",
        "A PAR S A MAR - BUR",
    ]
    assert (await game.complete("carol", "order", "orders", "Paris army to Burgundy"))[0] == (
        "A PAR - BUR"
    )
    assert await game.complete("carol", "order", "orders", "xyz") == []


async def test_a_unit_with_more_than_25_orders_gets_the_best_25(game: DiscordTable) -> None:
    await game.slash("bob", "order", orders="F Lon-NTH; F Edi-NWG; A Lvp-Yor")
    await game.slash("master", "gm process")
    fall = Position.from_json(await _position(game))
    every = legal(fall, "NTH")
    assert len(every) > 25
    suggested = await game.complete("bob", "order", "orders", "nth")
    assert len(suggested) == 25 and set(suggested) <= set(every)
    assert suggested[0] == "F NTH H"
    moves = [o for o in every if " - " in o and " S " not in o and " C " not in o]
    assert set(moves) <= set(suggested)
    convoys = await game.complete("bob", "order", "orders", "nth c")
    assert set(convoys) == {o for o in every if " C " in o}
    assert await game.complete("bob", "order", "orders", "nth c yor nwy") == ["F NTH C A YOR - NWY"]


async def _position(game: DiscordTable) -> dict[str, object]:
    from sqlalchemy import select

    from bot.store import Phase, PhaseStatus

    async with game.sessions() as session:
        phase = await session.scalar(select(Phase).where(Phase.status == PhaseStatus.OPEN))
        assert phase is not None
        return dict(phase.position)


async def test_orders_already_typed_are_kept(game: DiscordTable) -> None:
    suggested = await game.complete("carol", "order", "orders", "A Par-Bur; mar")
    assert suggested[0] == "A Par-Bur; A MAR H"
    assert all(s.startswith("A Par-Bur; A MAR ") for s in suggested)
    units = await game.complete("carol", "order", "orders", "A Par-Bur, ")
    assert sorted(units) == ["A Par-Bur, A MAR", "A Par-Bur, A PAR", "A Par-Bur, F BRE"]
    # Discord takes at most 100 characters a suggestion: longer ones are left out.
    long = "; ".join(["A PAR - BUR"] * 8) + "; mar s"
    assert all(len(s) <= 100 for s in await game.complete("carol", "order", "orders", long))


async def test_no_suggestions_for_those_with_nothing_to_order(game: DiscordTable) -> None:
    assert await game.complete("stranger", "order", "orders", "") == []
    assert await game.complete("master", "order", "orders", "par") == []


async def test_the_game_option_names_the_game_elsewhere(game: DiscordTable) -> None:
    assert await game.complete("carol", "order", "orders", "", channel=OTHER_CHANNEL) == []
    named = await game.complete("carol", "order", "orders", "", channel=OTHER_CHANNEL, game="hague")
    assert sorted(named) == ["A MAR", "A PAR", "F BRE"]
    assert await game.complete("carol", "order", "orders", "", game="nosuch") == []


async def test_clear_and_possible_suggest_the_players_units(game: DiscordTable) -> None:
    assert sorted(await game.complete("carol", "clear", "unit", "")) == ["A MAR", "A PAR", "F BRE"]
    assert await game.complete("carol", "possible", "unit", "p") == ["A PAR"]
