"""`draw`, `undraw` and `surrender`, as the league's errata have them: secret with the
phase's orders, reported when it resolves, and the game's end when they say so."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from bot.store import Game, GameStatus, PowerStatus, Store
from tests.bot.service.harness import SEVEN, Table, open_table, said
from tests.bot.store.support import BACKENDS

FOUR = """
gm> /dip newgame hague
alice> /dip join austria
carol> /dip join france
dave> /dip join germany
eve> /dip join italy
gm> /dip start
"""


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table(request.param, tmp_path) as table:
        yield table


async def finished(table: Table) -> Game:
    async with table.sessions() as session:
        game = await session.scalar(select(Game))
        assert game is not None
        return game


async def statuses(table: Table) -> dict[str, PowerStatus]:
    async with table.sessions() as session:
        return await Store(session).power_statuses(1)


async def test_a_draw_vote_is_secret_until_the_phase_resolves(table: Table) -> None:
    await table.seven_players()
    table.fresh()
    lines = await table.play("carol@dm> draw")
    assert said(lines, "dm:carol")[0] == (
        "France votes for a draw in Spring 1901. The vote is secret until the phase is "
        "adjudicated, then reported to all."
    )
    assert {line.split("]")[0] for line in lines} == {"[dm:carol"}
    lines = await table.play("carol@dm> draw")
    assert lines == [
        "[dm:carol] You already vote for a draw in Spring 1901; `undraw` takes it back."
    ]
    lines = await table.play("carol@dm> orders")
    assert said(lines, "dm:carol")[-1] == "Your votes: draw (secret)"
    lines = await table.play("alice> /dip status")
    assert not any("draw" in line.lower() for line in lines)
    lines = await table.play("carol@dm> undraw")
    assert lines == ["[dm:carol] You no longer vote for a draw in Spring 1901."]
    lines = await table.play("carol@dm> undraw")
    assert lines == ["[dm:carol] You have not voted for a draw in Spring 1901."]
    await table.play("carol@dm> draw\ndave@dm> draw")
    lines = await table.play("gm> /dip process")
    channel = said(lines, "#game")
    votes = channel[channel.index("Votes") :]
    assert votes[:3] == [
        "Votes",
        "Draw: France, Germany",
        "A draw needs the vote of every power still playing: not this time.",
    ]
    lines = await table.play("carol@dm> orders")
    assert not any("votes" in line for line in lines), "votes count for one phase only"


async def test_a_draw_of_everyone_still_playing_ends_the_game(table: Table) -> None:
    await table.seven_players()
    await table.play("\n".join(f"{user}@dm> draw" for user in SEVEN))
    table.fresh()
    lines = await table.play("clock +2d")
    channel = said(lines, "#game")
    assert "Next: Fall 1901" not in channel
    over = channel[channel.index("Game over") :]
    assert over[:4] == [
        "Game over",
        "The game ended in a draw shared by Austria, England, France, Germany, Italy, Russia "
        "and Turkey.",
        "Votes",
        "Draw: Austria, England, France, Germany, Italy, Russia, Turkey",
    ]
    game = await finished(table)
    assert game.status == GameStatus.FINISHED
    assert game.outcome is not None and game.outcome["kind"] == "draw"
    lines = await table.play("alice> /dip game hague status")
    assert said(lines, "only:alice#game")[1].startswith("The game ended in a draw shared by")
    lines = await table.play("alice@dm> game hague draw")
    assert said(lines, "dm:alice") == [
        "hague ended in Spring 1901; `status`, `history`, `map` and `export` still show how it "
        "went."
    ]


async def test_powers_in_civil_disorder_neither_vote_nor_share(table: Table) -> None:
    await table.play(FOUR)
    await table.play("alice@dm> draw\ncarol@dm> draw\ndave@dm> draw")
    lines = await table.play("gm> /dip process")
    assert "Next: Fall 1901" in said(lines, "#game")
    lines = await table.play(
        "alice@dm> draw\ncarol@dm> draw\ndave@dm> draw\neve@dm> draw\ngm> /dip process"
    )
    assert "The game ended in a draw shared by Austria, France, Germany and Italy." in said(
        lines, "#game"
    )
    game = await finished(table)
    assert game.outcome is not None and game.outcome["powers"] == [
        "AUSTRIA",
        "FRANCE",
        "GERMANY",
        "ITALY",
    ]


async def test_surrender_puts_the_power_out_when_the_phase_resolves(table: Table) -> None:
    await table.play(FOUR)
    table.fresh()
    lines = await table.play("eve@dm> surrender")
    assert "Write `surrender confirm` to do it" in lines[0]
    lines = await table.play("eve@dm> surrender confirm")
    assert said(lines, "dm:eve")[0].startswith("Italy surrenders when Spring 1901 is adjudicated")
    lines = await table.play("eve@dm> surrender cancel")
    assert lines == ["[dm:eve] Surrender taken back: Italy plays on."]
    lines = await table.play(
        "eve@dm> surrender confirm\neve@dm> order A VEN - TYR\ngm> /dip process"
    )
    channel = said(lines, "#game")
    assert "A VEN - TYR  ✓ moved" in channel, "the orders given with the surrender count"
    assert channel[channel.index("Votes") + 1] == "Surrender: Italy"
    assert (await statuses(table))["ITALY"] == PowerStatus.SURRENDERED
    lines = await table.play("eve@dm> order A TYR - MUN")
    assert lines == ["[dm:eve] Italy has surrendered: it gives no more orders in hague."]
    lines = await table.play("eve@dm> draw")
    assert lines == ["[dm:eve] Italy has surrendered: it gives no more orders in hague."]
    lines = await table.play("eve@dm> press france Hi")
    assert lines == ["[dm:eve] Italy is out of the game and sends no press."]
    lines = await table.play("alice> /dip status")
    assert "[only:alice#game] Italy: surrendered (its units hold)" in lines


async def test_all_but_one_surrendering_makes_a_solo(table: Table) -> None:
    await table.play(FOUR)
    await table.play(
        """
        alice@dm> surrender confirm
        carol@dm> surrender confirm
        dave@dm> surrender confirm
        gm> /dip process
        """
    )
    game = await finished(table)
    assert game.outcome is not None
    assert (game.outcome["kind"], game.outcome["winner"], game.outcome["by"]) == (
        "solo",
        "ITALY",
        "surrender",
    )
    lines = await table.play("eve> /dip game hague status")
    assert said(lines, "only:eve#game")[1] == (
        "Italy wins: every other power still playing surrendered."
    )


async def test_all_surrendering_is_a_tie(table: Table) -> None:
    await table.play(FOUR)
    lines = await table.play(
        "\n".join(f"{u}@dm> surrender confirm" for u in ("alice", "carol", "dave", "eve"))
        + "\ngm> /dip process"
    )
    assert (
        "Every power still playing surrendered: the game ended in a tie (Austria, France, "
        "Germany and Italy)." in said(lines, "#game")
    )
    assert (await finished(table)).status == GameStatus.FINISHED


async def test_surrender_to_an_alliance(table: Table) -> None:
    await table.play(FOUR)
    lines = await table.play(
        """
        alice@dm> surrender confirm
        eve@dm> surrender confirm
        carol@dm> draw
        dave@dm> draw
        gm> /dip process
        """
    )
    assert "The game ended in a draw shared by France and Germany." in said(lines, "#game")


async def test_half_a_surrender_to_an_alliance(table: Table) -> None:
    await table.play(FOUR)
    lines = await table.play(
        """
        eve@dm> surrender confirm
        carol@dm> draw
        dave@dm> draw
        gm> /dip process
        """
    )
    channel = said(lines, "#game")
    assert "Next: Fall 1901" in channel
    assert channel[channel.index("Votes") :][:3] == [
        "Votes",
        "Draw: France, Germany",
        "Surrender: Italy",
    ]
    assert (await statuses(table))["ITALY"] == PowerStatus.SURRENDERED
    lines = await table.play("alice@dm> draw\ncarol@dm> draw\ndave@dm> draw\ngm> /dip process")
    assert "The game ended in a draw shared by Austria, France and Germany." in said(lines, "#game")


async def test_a_vote_too_late_for_its_phase_is_refused(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    await table.seven_players()
    real = Store.cast_vote

    async def adjudicated_meanwhile(self: Store, game_id: int, *args: Any, **kwargs: Any) -> None:
        # The phase is claimed between the vote's first check and its write.
        phase = await self.open_phase_of(game_id)
        assert phase is not None and await self.claim_phase(phase.id)
        await real(self, game_id, *args, **kwargs)

    monkeypatch.setattr(Store, "cast_vote", adjudicated_meanwhile)
    lines = await table.play("carol@dm> draw")
    assert lines == [
        "[dm:carol] Too late: the phase was adjudicated while your command was on its way, so "
        "nothing was changed. `status` shows the new phase."
    ]
    monkeypatch.setattr(Store, "cast_vote", real)
    async with table.sessions() as session:
        assert await Store(session).votes_of(1) == []


async def test_words_a_command_does_not_take_never_act(table: Table) -> None:
    """`draw no` is no vote and `ready not yet` no readiness: refused, with the right words."""
    await table.seven_players()
    table.fresh()
    take_back = {"draw": "undraw", "ready": "unready"}
    for text in ("draw no", "game hague draw cancel", "ready not yet"):
        name, _, rest = text.removeprefix("game hague ").partition(" ")
        refusal = (
            f"`{name}` takes nothing after it, so `{name} {rest}` was not done. Write `{name}` "
            f"to do it, or `{take_back[name]}` to take it back."
        )
        assert await table.play(f"carol@dm> {text}") == [f"[dm:carol] {refusal}"]
    undrawn = await table.play("carol@dm> undraw")
    assert undrawn == ["[dm:carol] You have not voted for a draw in Spring 1901."]
    async with table.sessions() as session:
        store = Store(session)
        phase = await store.open_phase_of((await finished(table)).id)
        assert phase is not None
        assert await store.ready_powers(phase.id) == set()
