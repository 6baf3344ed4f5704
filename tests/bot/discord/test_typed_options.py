"""A slash command's options reach the service as values, read by the command's declaration:
never joined into a line of text and read again. A wrong one gets the one refusal."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import GameService, Options, Reply, Request
from tests.bot.discord.table import DiscordTable, texts


@pytest.fixture
async def game(table: DiscordTable) -> DiscordTable:
    await table.seven_players()
    return table


async def test_the_options_go_to_the_service_as_values(
    game: DiscordTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[Request] = []
    handle = GameService.handle

    async def spy(service: GameService, request: Request) -> list[Reply]:
        seen.append(request)
        return await handle(service, request)

    monkeypatch.setattr(GameService, "handle", spy)
    # Joined into a line, this would read `press england grey skies over Berlin`: grey press
    # (which hague does not allow) of "skies over Berlin". As values, it is what was typed.
    sent = await game.slash("carol", "press", to="england", message="grey skies over Berlin")
    (request,) = seen
    assert isinstance(request.options, Options) and request.options.command == "press"
    given = {k: v for k, v in request.options.values.items() if v is not None}
    assert given == {"to": "england", "message": "grey skies over Berlin"}
    shown = texts(sent) + texts(await game.deliver())
    assert "Sent to England, signed France." in shown
    assert "hague: press from France" in shown and "grey skies over Berlin" in shown
    assert "does not allow grey press" not in shown


async def test_a_yes_no_option_is_a_value_too(game: DiscordTable) -> None:
    (reply,) = await game.slash("master", "gm end")
    assert "Write `end confirm` to do it." in reply.text()
    replies = await game.slash("master", "gm end", confirm=True)
    assert "You ended hague" in texts(replies)


WRONG: list[tuple[str, str, dict[str, Any], str]] = [
    # (who, command, options, the start of the refusal) - one of each kind Discord types as text
    (
        "master",
        "gm extend",
        {"duration": "soon"},
        "cannot read 'soon' as a duration: `duration` takes a duration, e.g. 24h, 90m or 1d12h. "
        "Usage: `extend <duration>`, e.g. `extend 24h`.",
    ),
    (
        "master",
        "gm deadline",
        {"when": "whenever"},
        "cannot read 'whenever' as a time: `when` takes a time in the game's time zone",
    ),
    (
        "master",
        "gm kick",
        {"power": "prussia"},
        "`prussia` is no power of standard: `power` takes a power: Austria, England, France, "
        "Germany, Italy, Russia, Turkey. Usage: `kick <power>`, e.g. `kick france`.",
    ),
    (
        "alice",
        "history",
        {"phase": "yesterday"},
        "`yesterday` is not a phase: `phase` takes a phase, e.g. S1901M, F1901R or W1901A. "
        "Usage: `history [phase|undelivered]`",
    ),
    (
        "alice",
        "press",
        {"to": "prussia, england", "message": "Hi"},
        "`prussia` is no power of standard: `to` takes a power: Austria,",
    ),
    (
        "alice",
        "map",
        {"region": "atlantis"},
        "`atlantis` is neither a phase nor a region: `region` takes a province code, or a region",
    ),
    (
        "carol",
        "clear",
        {"unit": "F Atlantis"},
        "unknown province 'Atlantis' (did you mean Mid-Atlantic Ocean?): `unit` takes a unit or "
        "province, e.g. A PAR, PAR, F StP/nc or Paris; or `all`, `waive`, `if`, `if MUN`, "
        "`if +2`. Usage: `clear [unit|all]`, e.g. `clear A PAR`.",
    ),
    (
        "carol",
        "possible",
        {"unit": "A Xyz"},
        "unknown province 'Xyz': `unit` takes a unit or province, e.g. A PAR, PAR, F StP/nc or "
        "Paris. Usage: `possible [province]`, e.g. `possible MAR`.",
    ),
    (
        "alice",
        "settings",
        {"changes": "press"},
        "'press': options are name=value, e.g. schedule=48h/2h/2h: `changes` takes options "
        "written option=value, e.g. press=public. Usage: `settings [option=value ...]`",
    ),
]


@pytest.mark.parametrize(("who", "command", "options", "refusal"), WRONG, ids=lambda x: str(x))
async def test_a_wrong_option_gets_the_one_refusal(
    game: DiscordTable, who: str, command: str, options: dict[str, Any], refusal: str
) -> None:
    (reply,) = await game.slash(who, command, **options)
    assert reply.only(game.user(who).id)
    assert reply.text().startswith(refusal)
    assert ". Usage: `" in reply.text()


async def test_a_wrong_vote_gets_the_one_refusal(game: DiscordTable) -> None:
    (reply,) = await game.slash("alice", "vote", under="club", vote="extend", by="soon")
    assert reply.only(game.user("alice").id)
    assert reply.text().startswith(
        "cannot read 'soon' as a duration: `by` takes a duration, e.g. 24h, 90m or 1d12h. "
        "Usage: `vote extend <duration> | vote pause until <date> | vote no`"
    )


async def test_a_unit_option_is_read_as_a_unit(game: DiscordTable) -> None:
    await game.slash("carol", "order", orders="A Par-Bur; A Mar-Spa")
    (reply,) = await game.slash("carol", "possible", unit="Marseilles")
    assert reply.only(game.user("carol").id) and reply.text().startswith("Spring 1901: ")
    assert "possible orders in MAR" in reply.text() and "A MAR S A PAR - BUR" in reply.text()
    (reply,) = await game.slash("carol", "clear", unit="A Paris")
    assert reply.only(game.user("carol").id)
    assert reply.text().startswith("Cleared A PAR - BUR.")
    # `if` with a place is a conditional order, not a unit called `if`
    (reply,) = await game.slash("carol", "clear", unit="if mar")
    assert reply.text().startswith("No such conditional order to clear. Yours: none.")
    (reply,) = await game.slash("carol", "clear", unit="all")
    assert reply.text().startswith("Cleared 1 order.")
