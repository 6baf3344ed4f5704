"""`rollback` (the game master undoes the last adjudication) and `export` (the game record
as JSON, each phase re-adjudicated by the engine's own contract to the same results)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from bot.store import Game, GameStatus, Phase, PhaseStatus, PowerStatus, Store
from engine.contract import adjudicate_request
from tests.bot.service.harness import SEVEN, Table, open_table, said
from tests.bot.store.support import BACKENDS

YEAR = """
carol@dm> order A PAR - BUR; A MAR - SPA
dave@dm> order A MUN - RUH; A BER - MUN
bob@dm> press france grey Watch your back.
gm> /dip process
dave@dm> order A RUH - BUR; A MUN S A RUH - BUR
carol@dm> order A SPA H; if BUR dislodged retreat MUN, MAR; if +1 build A PAR
carol@dm> press germany Why, Germany?
gm> /dip process
clock +2h
clock +2h
"""


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table(request.param, tmp_path) as table:
        await table.seven_players(options="reminders=off press=grey")
        table.fresh()
        yield table


async def phase_rows(table: Table) -> list[tuple[str, PhaseStatus]]:
    async with table.sessions() as session:
        rows = await session.scalars(select(Phase).order_by(Phase.id))
        return [(p.name, p.status) for p in rows]


def record(table: Table, lines: list[str]) -> dict[str, Any]:
    [path] = [line.split("] ", 1)[1] for line in lines if line.startswith("[file ")]
    data: dict[str, Any] = json.loads(Path(path).read_text())
    return data


# rollback --------------------------------------------------------------------------------------


async def test_rollback_reopens_the_last_phase_with_its_orders(table: Table) -> None:
    await table.play("carol@dm> order A PAR - BUR\ncarol@dm> draw\ngm> /dip process")
    await table.play("carol@dm> order A BUR - MUN")
    lines = await table.play("gm> /dip rollback")
    assert lines == [
        "[only:gm#game] `rollback` undoes the adjudication of Spring 1901: it opens again with "
        "its orders as given; Fall 1901 is voided. Write `rollback confirm` to do it."
    ]
    lines = await table.play("gm> /dip rollback confirm")
    assert said(lines, "#game") == [
        "hague: Spring 1901 rolled back",
        "The game master undid the adjudication of Spring 1901: it is open again, with every "
        "order and vote as given, and may be changed until the new deadline.",
        "Fall 1901 is void: anything ordered in it is dropped.",
        "Deadline: Wed 7 Jan 2026 09:00 UTC (in 2 days)",
    ]
    assert await phase_rows(table) == [
        ("S1901M", PhaseStatus.OPEN),
        ("F1901M", PhaseStatus.ROLLED_BACK),
    ]
    lines = await table.play("carol@dm> orders")
    assert "A PAR - BUR" in said(lines, "dm:carol")
    assert "Your votes: draw (secret)" in said(lines, "dm:carol")
    lines = await table.play("frank> /dip history")
    assert lines == ["[only:frank#game] No phase of hague has been adjudicated yet."]
    lines = await table.play("carol@dm> order A PAR - PIC\ngm> /dip process")
    channel = said(lines, "#game")
    assert channel.count("hague: Spring 1901 — results") == 1, "announced again, once"
    assert "A PAR - PIC  ✓ moved" in channel
    lines = await table.play("carol@dm> orders")
    assert "A PIC" in " ".join(said(lines, "dm:carol"))
    assert "A BUR - MUN" not in " ".join(said(lines, "dm:carol"))
    assert [name for name, _ in await phase_rows(table)] == ["S1901M", "F1901M", "F1901M"]


async def test_rollback_of_a_finished_game(table: Table) -> None:
    await table.play(
        "eve@dm> surrender confirm\n"
        + "\n".join(f"{user}@dm> draw" for user in SEVEN if user != "eve")
        + "\ngm> /dip process"
    )
    async with table.sessions() as session:
        game = await session.scalar(select(Game))
        assert game is not None and game.status == GameStatus.FINISHED
    lines = await table.play("gm> /dip game hague rollback confirm")
    assert said(lines, "#game")[0] == "hague: Spring 1901 rolled back"
    async with table.sessions() as session:
        game = await session.scalar(select(Game))
        assert game is not None
        assert (game.status, game.outcome) == (GameStatus.ACTIVE, None)
        assert (await Store(session).power_statuses(1))["ITALY"] == PowerStatus.PLAYING
    lines = await table.play("eve@dm> orders")
    assert "Your votes: surrender (secret)" in said(lines, "dm:eve")


async def test_rollback_says_what_is_wrong(table: Table) -> None:
    lines = await table.play("gm> /dip rollback confirm")
    assert lines == [
        "[only:gm#game] No phase of hague has been adjudicated: there is nothing to undo."
    ]
    lines = await table.play("alice> /dip rollback confirm")
    assert "Only the game master of hague" in lines[0]


# export ----------------------------------------------------------------------------------------


async def test_the_record_replays_to_the_same_results(table: Table) -> None:
    await table.play(YEAR)
    await table.play("\n".join(f"{user}@dm> draw" for user in SEVEN) + "\ngm> /dip process")
    lines = await table.play("alice@dm> game hague export")
    assert said(lines, "dm:alice")[:2] == [
        "hague: the game record",
        "5 adjudicated phases, each as `dipgm adjudicate` reads and answers it, with press and "
        "votes.",
    ]
    data = record(table, lines)
    assert data["format"] == "dipgm-game-record/1"
    assert data["game"]["outcome"]["kind"] == "draw"
    assert [e["request"]["phase"] for e in data["phases"]] == [
        "S1901M",
        "F1901M",
        "F1901R",
        "W1901A",
        "S1902M",
    ]
    for entry in data["phases"]:
        assert adjudicate_request(entry["request"]) == entry["result"], entry["request"]["phase"]
    spring, fall, retreat, winter, last = data["phases"]
    assert spring["request"]["orders"]["FRANCE"] == ["A PAR - BUR", "A MAR - SPA"]
    assert retreat["request"]["orders"] == {"FRANCE": ["A BUR R MAR"]}
    assert winter["result"]["results"]["A PAR"] == "built"
    assert spring["press"] == [
        {
            "from": None,
            "to": None,
            "grey": True,
            "text": "Watch your back.",
            "at": spring["press"][0]["at"],
        }
    ]
    assert fall["press"][0]["from"] == "FRANCE"
    assert last["votes"]["draw"] == sorted(
        ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
    )
    assert {p["name"]: p["power"] for p in data["players"]}["carol"] == "FRANCE"
    assert "current" not in data


async def test_players_export_only_a_finished_game(table: Table) -> None:
    await table.play("carol@dm> order A PAR - BUR\ngm> /dip process")
    lines = await table.play("carol@dm> export")
    assert lines == [
        "[dm:carol] hague is still being played: players may export it once it is over."
    ]
    lines = await table.play("zoe> /dip export")
    assert lines == ["[only:zoe#game] Only the players and the game master of hague may export it."]


async def test_the_game_master_exports_without_the_open_phase(table: Table) -> None:
    await table.play(
        "carol@dm> order A PAR - BUR\ngm> /dip process\n"
        "carol@dm> order A BUR - MUN\ncarol@dm> press germany Secret plans\ncarol@dm> draw"
    )
    lines = await table.play("gm> /dip export")
    assert said(lines, "only:gm#game")[0] == "hague: the game record"
    data = record(table, lines)
    assert [e["request"]["phase"] for e in data["phases"]] == ["S1901M"]
    assert data["current"]["phase"] == "F1901M"
    text = json.dumps(data)
    assert "A BUR - MUN" not in text
    assert "Secret plans" not in text
    assert data["phases"][0]["votes"] == {"draw": [], "surrender": []}


async def test_an_anonymous_record_names_no_player(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players(options="anonymous=on")
        await table.play("gm> /dip process")
        lines = await table.play("gm> /dip export")
        data = record(table, lines)
        assert "players" not in data
        assert "alice" not in json.dumps(data)


LETTERS = """
bob@dm> press germany North sea pact
eve@dm> press france Italy to France
carol@dm> press germany France to Germany
frank@dm> press france grey Grey to France
alice@dm> press all Austria to all
grace@dm> press russia grey Grey to Russia
gm> /dip process
dave@dm> press france Fall letter
"""


def press_texts(data: dict[str, Any]) -> set[str]:
    return {item["text"] for entry in data["phases"] for item in entry["press"]}


async def test_a_game_master_who_plays_exports_only_the_press_they_read(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path, admins=("carol",)) as table:
        await table.seven_players(options="reminders=off press=grey")
        await table.play(LETTERS)
        lines = await table.play("carol@dm> game hague export")
        assert said(lines, "dm:carol")[:3] == [
            "hague: the game record",
            "1 adjudicated phase, each as `dipgm adjudicate` reads and answers it, with votes.",
            "hague is still being played: the record holds only the press France sent or "
            "received; the rest is in it once the game is over.",
        ]
        data = record(table, lines)
        assert data["press_seen_by"] == ["FRANCE"]
        assert press_texts(data) == {
            "Italy to France",
            "France to Germany",
            "Grey to France",
            "Austria to all",
        }
        grey = next(p for p in data["phases"][0]["press"] if p["text"] == "Grey to France")
        assert (grey["from"], grey["to"]) == (None, None)

        lines = await table.play("gm> /dip export")
        assert said(lines, "only:gm#game")[2] == (
            "hague is still being played: its press stays with the powers who sent and "
            "received it until the game is over, so none is in the record."
        )
        data = record(table, lines)
        assert (data["press_seen_by"], press_texts(data)) == ([], set())

        await table.play("\n".join(f"{user}@dm> draw" for user in SEVEN) + "\ngm> /dip process")
        lines = await table.play("carol@dm> game hague export")
        assert said(lines, "dm:carol")[1].endswith("with press and votes.")
        data = record(table, lines)
        assert data["press_seen_by"] is None
        assert press_texts(data) == {
            "North sea pact",
            "Italy to France",
            "France to Germany",
            "Grey to France",
            "Austria to all",
            "Grey to Russia",
            "Fall letter",
        }
