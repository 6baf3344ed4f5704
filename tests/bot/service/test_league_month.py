"""What a club's first month of play met, each as the player or game master met it in the
console: deadlines and grace, the end of a game, and reminders that fit the schedule."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.bot.service.harness import SEVEN, Table, open_table, said
from tests.bot.store.support import BACKENDS


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table(request.param, tmp_path) as table:
        yield table


async def test_a_second_ready_within_the_grace_names_the_deadline_status_shows(
    table: Table,
) -> None:
    await table.seven_players(options="grace=10m")
    lines = await table.play("\n".join(f"{user}@dm> ready" for user in SEVEN))
    early = "Everyone is ready: the phase is adjudicated Mon 5 Jan 2026 09:10 UTC (in 10 minutes)."
    assert said(lines, "dm:grace")[-1] == early
    lines = await table.play("clock +2m\ngrace@dm> ready")
    assert said(lines, "dm:grace")[-1] == (
        "Everyone is ready: the phase is adjudicated Mon 5 Jan 2026 09:10 UTC (in 8 minutes)."
    )
    status = said(await table.play("grace> /dip status"), "only:grace#game")
    assert "Deadline: Mon 5 Jan 2026 09:10 UTC (in 8 minutes)" in status


async def test_an_end_date_already_past_is_refused(table: Table) -> None:
    lines = await table.play("gm> /dip newgame hague end=2020-01-01")
    assert lines == [
        "[only:gm#game] end=2020-01-01 has passed (today is 2026-01-05): give a day after "
        "today, e.g. end=2027-01-15, or a last year. Nothing was changed."
    ]
    await table.seven_players()
    lines = await table.play("gm> /dip settings end=2026-01-05")
    assert said(lines, "only:gm#game")[0].startswith("end=2026-01-05 has passed")
    lines = await table.play("gm> /dip settings end=2026-03-01")
    assert said(lines, "#game")[0] == "hague: the game master changed the settings (end)"


async def test_a_schedule_of_minutes_has_no_day_or_hour_reminders(table: Table) -> None:
    lines = await table.play("gm> /dip newgame hague schedule=1m/1m/1m")
    settings = " ".join(said(lines, "#game"))
    assert "Movement 1 minute, retreats 1 minute, adjustments 1 minute" in settings
    assert "no reminders" in settings and "1 day" not in settings
    lines = await table.play("gm> /dip settings schedule=10m/2m/2m")
    assert "reminders 1 minute before orders close" in " ".join(said(lines, "#game"))
    lines = await table.play("gm> /dip settings schedule=48h/2h/2h")
    assert "reminders 1 day and 1 hour before orders close" in " ".join(said(lines, "#game"))


def test_every_schedule_help_newgame_offers_is_in_the_readme() -> None:
    from bot.service.commands.newgame import NEWGAME

    line = next(d for d in NEWGAME.details if str(d).startswith("schedule="))
    offered = str(line).split(", or ", 1)[1].split(", ")
    readme = (Path(__file__).parents[3] / "README.md").read_text(encoding="utf-8")
    for word in offered:
        head = word.split(":", 1)[0].split(";", 1)[0]
        assert f"`schedule={head}" in readme, word


# After the game, and after a player's seat -----------------------------------------------------

ENDED = (
    "hague ended in Spring 1901; `status`, `history`, `map` and `export` still show how it went."
)


async def test_a_dm_after_the_game_ended_is_answered_about_that_game(table: Table) -> None:
    await table.seven_players()
    await table.play("\n".join(f"{user}@dm> draw" for user in SEVEN) + "\ngm> /dip process")
    table.fresh()
    for command in ("orders", "draw", "ready", "A Par-Bur"):
        lines = await table.play(f"carol@dm> {command}")
        assert lines == [f"[dm:carol] {ENDED}"], command
    lines = await table.play("carol@dm> export")
    assert said(lines, "dm:carol")[0] == "hague: the game record"
    assert f"[file dm:carol] {table.map_dir / 'hague-record.json'}" in lines
    lines = await table.play("carol@dm> status")
    assert said(lines, "dm:carol")[:2] == [
        "hague is over",
        "The game ended in a draw shared by Austria, England, France, Germany, Italy, Russia "
        "and Turkey.",
    ]


async def test_a_player_replaced_or_removed_is_told_who_took_their_power(table: Table) -> None:
    await table.seven_players()
    await table.play("gm> /dip replace france zoe\ngm> /dip kick germany")
    table.fresh()
    for command in ("orders", "export", "draw", "ready"):
        lines = await table.play(f"carol@dm> {command}")
        assert lines == [
            "[dm:carol] You no longer play in hague: zoe took France in Spring 1901. "
            "`game hague status` shows how it goes."
        ], command
    lines = await table.play("dave@dm> orders")
    assert lines == [
        "[dm:dave] You no longer play in hague: Germany has been in civil disorder since "
        "Spring 1901. `game hague status` shows how it goes."
    ]
    # someone who never played here still hears they play in no game
    lines = await table.play("yan@dm> orders")
    assert lines[0].startswith("[dm:yan] You play in no game yet.")


async def test_in_an_anonymous_game_the_new_player_is_not_named(table: Table) -> None:
    await table.seven_players(options="anonymous=on")
    await table.play("gm> /dip replace france zoe")
    lines = await table.play("carol@dm> orders")
    assert lines == [
        "[dm:carol] You no longer play in hague: another player took France in Spring 1901. "
        "`game hague status` shows how it goes."
    ]


async def test_a_convoy_the_army_does_not_use_is_reported_void(table: Table) -> None:
    await table.seven_players()
    await table.play(
        """
        bob@dm> order F Lon - ENG
        carol@dm> order A Par - Pic
        gm> /dip process
        bob@dm> order F ENG C A PIC - BEL
        carol@dm> order A PIC - BEL
        """
    )
    channel = said(await table.play("gm> /dip process"), "#game")
    # England's fleet is not France's: the army walks (DATC 4.A.3), the convoy carries nothing
    assert "A PIC - BEL  ✓ moved" in channel
    assert "F ENG C A PIC - BEL  ✗ void" in channel
    assert not [line for line in channel if "convoyed" in line or "disrupted" in line]


async def test_powers_are_named_not_coded_in_what_players_read(table: Table) -> None:
    await table.seven_players()
    await table.play("carol@dm> order A Mar - Spa\ngm> /dip process\ngm> /dip process")
    lines = await table.play("dave@dm> order waive")
    assert said(lines, "dm:dave")[1] == (
        "✗ waive — illegal: Germany has no builds: 3 units and 3 supply centres"
    )
    lines = await table.play("carol@dm> order build A Mun")
    assert said(lines, "dm:carol")[1] == (
        "✗ build A Mun — illegal: MUN is not a home supply centre of France"
    )
    lines = await table.play("carol@dm> order Germany: waive")
    assert "you play France, so you cannot order Germany's units" in said(lines, "dm:carol")[1]


async def test_one_possible_order_is_said_in_the_singular(table: Table) -> None:
    await table.seven_players()
    await table.play("carol@dm> order A Mar - Spa; A Par - Pic\ngm> /dip process\ngm> /dip process")
    lines = await table.play("carol@dm> possible PAR")
    assert said(lines, "dm:carol") == [
        "Winter 1901 adjustments: 1 possible order in PAR",
        "A PAR B",
    ]
