"""The command tree: every service command under `/dip`, made from the service's
declarations, typed and described within Discord's limits."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from discord import AppCommandOptionType, app_commands

from bot.frontends.discord.slash_commands import slash_command
from bot.service import COMMANDS, Argument, find_command
from tests.bot.discord.table import DiscordTable

HANDBOOK = Path(__file__).parents[2] / "data" / "handbook.json"


def characters(option: dict[str, Any]) -> int:
    """What Discord counts toward a command's 8000 characters."""
    count = len(option.get("name", "")) + len(option.get("description", ""))
    for choice in option.get("choices") or []:
        count += len(choice["name"]) + len(str(choice["value"]))
    return count + sum(characters(o) for o in option.get("options") or [])


async def test_every_service_command_is_a_dip_subcommand(table: DiscordTable) -> None:
    top = {c.name for c in table.group.commands}
    masters = table.group.get_command("gm")
    assert isinstance(masters, app_commands.Group)
    game = [s for s in COMMANDS if s.group is None]
    assert {c.name for c in masters.commands} == {s.name for s in game if s.gm}
    assert top == {s.name for s in game if not s.gm} | {"gm"}
    assert len(top) <= 25, "Discord takes at most 25 commands in a group"
    assert len(top) <= 25 and len(masters.commands) <= 25
    assert [c.name for c in table.client.tree.get_commands()] == ["dip", "club"]


async def test_the_clubs_commands_are_a_group_of_their_own(table: DiscordTable) -> None:
    club = table.client.tree.get_command("club")
    assert isinstance(club, app_commands.Group)
    assert {c.name for c in club.commands} == {s.name for s in COMMANDS if s.group == "club"}
    assert {"standings", "ratings", "club"} <= {c.name for c in club.commands}
    assert len(club.commands) <= 25


async def test_every_service_command_is_typed(table: DiscordTable) -> None:
    """No command falls back to one line of text (the fallback is for commands to come)."""
    commands = [c for c in table.group.walk_commands() if isinstance(c, app_commands.Command)]
    assert [c.name for c in commands if "arguments" in {p.name for p in c.parameters}] == []


async def test_a_command_the_service_declares_needs_nothing_written_here(
    table: DiscordTable,
) -> None:
    report = find_command("report")
    assert report is not None
    spec = replace(report, arguments=(Argument("arguments", report.usage),))
    command = slash_command(table.client.front, spec)
    assert spec.name == command.name == "report"
    assert [p.name for p in command.parameters] == ["arguments", "game"]
    assert command.description == spec.summary


async def test_the_tree_has_the_grammars_commands_and_options(table: DiscordTable) -> None:
    masters = table.group.get_command("gm")
    assert isinstance(masters, app_commands.Group)
    club = table.client.tree.get_command("club")
    assert isinstance(club, app_commands.Group)
    for spec in COMMANDS:
        parent = club if spec.group == "club" else masters if spec.gm else table.group
        command = parent.get_command(spec.name)
        assert isinstance(command, app_commands.Command), spec.name
        # Discord lists required options first; otherwise they keep the declared order.
        declared = sorted(spec.offered_arguments, key=lambda a: not a.required)
        assert [p.display_name for p in command.parameters] == [a.name for a in declared]
        assert [p.description for p in command.parameters] == [a.description for a in declared]
        assert [p.required for p in command.parameters] == [a.required for a in declared]


async def test_the_payload_fits_discord(table: DiscordTable) -> None:
    payloads = [c.to_dict(table.client.tree) for c in table.client.tree.get_commands()]
    subs: list[dict[str, Any]] = []
    for payload in payloads:
        assert payload["dm_permission"] is False
        assert characters(payload) <= 8000
        subs += [s for s in payload["options"] if s["type"] == 1]
        subs += [c for g in payload["options"] if g["type"] == 2 for c in g["options"]]
    for sub in subs:
        assert 1 <= len(sub["description"]) <= 100
        for option in sub.get("options", []):
            assert 1 <= len(option["description"]) <= 100, (sub["name"], option["name"])
            assert len(option.get("choices") or []) <= 25


async def test_options_are_typed(table: DiscordTable) -> None:
    def option(sub: str, name: str) -> app_commands.Parameter:
        command = table.group.get_command(sub)
        assert isinstance(command, app_commands.Command)
        (found,) = [p for p in command.parameters if p.name == name]
        return found

    boolean, string = AppCommandOptionType.boolean, AppCommandOptionType.string
    assert option("order", "orders").autocomplete
    assert not option("order", "orders").required, "nothing typed: the menus"
    assert option("map", "mine").type is boolean
    assert option("newgame", "anonymous").type is boolean
    assert [c.value for c in option("newgame", "press").choices] == [
        "full",
        "public",
        "none",
        "rulebook",
    ]
    # variants are suggested as typed, read from the variants folder each time: no fixed
    # list of 25 at most, registered once at start
    assert option("newgame", "variant").autocomplete
    assert not option("newgame", "variant").choices
    assert option("help", "command").type is string and option("help", "command").autocomplete
    assert option("press", "grey").type is boolean
    assert not option("status", "game").required


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"name": "hague"}, "hague"),
        (
            {"name": "vienna", "schedule": "blitz:5m", "anonymous": True, "press": "none"},
            "vienna",
        ),
        ({"name": "paris", "variant": "1961-4"}, "Variant 1961-4 — 1961 rules for four players"),
    ],
)
async def test_newgame_with_typed_options(
    table: DiscordTable, options: dict[str, Any], expected: str
) -> None:
    (reply,) = await table.slash("master", "newgame", **options)
    assert reply.public and expected in reply.text()


async def test_variants_are_suggested_with_their_titles(table: DiscordTable) -> None:
    assert await table.complete("master", "newgame", "variant", "1961") == [
        "1961-3",
        "1961-4",
        "1961-5",
        "1961-6",
    ]
    assert (await table.complete("master", "newgame", "variant", ""))[0] == "standard"
    assert await table.complete("master", "newgame", "variant", "world war") == ["ww1"]


async def test_a_map_file_added_while_the_bot_runs_is_suggested(
    table: DiscordTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DIPGM_VARIANTS_DIR", str(HANDBOOK.parent))
    assert await table.complete("master", "newgame", "variant", "hand") == ["handbook"]


async def test_help_topics_are_suggested(table: DiscordTable) -> None:
    starting = [s.name for s in COMMANDS if s.name.startswith("un")]
    assert await table.complete("alice", "help", "command", "un") == starting
    assert len(await table.complete("alice", "help", "command", "")) == 25
    assert await table.complete("alice", "help", "command", "ga") == ["games", "game"]


async def test_the_game_master_hands_a_power_to_a_new_player(table: DiscordTable) -> None:
    await table.seven_players()
    zoe = table.user("zoe")
    news, _ = await table.slash("master", "gm replace", power="turkey", user=zoe)
    assert news.public and "Zoe now plays Turkey." in news.text()
    (mine,) = await table.slash("zoe", "orders")
    assert mine.only(zoe.id) and "Turkey: orders for Spring 1901" in mine.text()
    (refused,) = await table.slash("alice", "gm kick", power="turkey")
    assert not refused.public and "Only the game master" in refused.text()


async def test_a_report_is_for_the_game_master_alone(table: DiscordTable) -> None:
    await table.seven_players()
    (ack,) = await table.slash("alice", "report", text="England threatened my bike")
    assert ack.only(table.user("alice").id)
    delivered = await table.deliver()
    assert len(delivered) == 1 and delivered[0].only(table.user("master").id)
    assert "bike" in delivered[0].text()


async def test_help_is_for_the_asker(table: DiscordTable) -> None:
    (reply,) = await table.slash("alice", "help", command="order")
    assert reply.only(table.user("alice").id)
    assert "order <orders>" in reply.text()


async def test_joining_is_news_for_the_table_and_a_note_for_the_player(
    table: DiscordTable,
) -> None:
    await table.slash("master", "newgame", name="hague")
    news, note = await table.slash("alice", "join", powers="france, england")
    assert news.public and "joined hague" in news.text()
    assert note.only(table.user("alice").id) and "France" in note.text()


async def test_leaving_a_game_under_way_needs_confirm(table: DiscordTable) -> None:
    await table.seven_players()
    (reply,) = await table.slash("grace", "leave")
    assert not reply.public and "leave confirm" in reply.text()
    replies = await table.slash("grace", "leave", confirm=True)
    assert any(r.public and "civil disorder" in r.text() for r in replies)


async def test_my_map_is_for_me_and_the_map_for_all(table: DiscordTable) -> None:
    await table.seven_players()
    (mine,) = await table.slash("carol", "map", mine=True)
    assert mine.only(table.user("carol").id) and mine.files
    (board,) = await table.slash("carol", "map", region="france")
    assert board.public and board.files[0][1].endswith(b":france")


async def test_the_scoreboard_is_for_all_with_its_chart(table: DiscordTable) -> None:
    await table.seven_players()
    (board,) = await table.slash("carol", "scoreboard")
    assert board.public and "hague: scoreboard, Spring 1901" in board.text()
    [(name, data, _)] = board.files
    assert name.endswith(".png") and data.startswith(b"\x89PNG")


async def test_press_reaches_its_readers_alone(table: DiscordTable) -> None:
    await table.seven_players()
    alice, bob = table.user("alice"), table.user("bob")
    (ack,) = await table.slash("alice", "press", to="england ,", message="Shall we share Galicia?")
    assert ack.only(alice.id)
    delivered = await table.deliver()
    readers = {s.seen_by for s in delivered if "Galicia" in s.text()}
    assert readers and readers <= {frozenset({bob.id}), frozenset({alice.id})}
    assert frozenset({bob.id}) in readers


async def test_votes_are_answered_to_the_voter_alone(table: DiscordTable) -> None:
    await table.seven_players()
    (ack,) = await table.slash("carol", "draw")
    assert ack.only(table.user("carol").id)
    (ack,) = await table.slash("carol", "surrender")
    assert ack.only(table.user("carol").id) and "surrender confirm" in ack.text()
    (ack,) = await table.slash("carol", "surrender", decision="confirm")
    assert ack.only(table.user("carol").id)
    assert all(not s.public for s in await table.deliver() if "surrender" in s.text().lower())


async def test_odd_files_in_the_variants_folder_leave_the_suggestions_alone(
    table: DiscordTable, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    folder = tmp_path / "variants"
    folder.mkdir()
    (folder / "handbook.json").write_text(HANDBOOK.read_text("utf-8"), "utf-8")
    (folder / "broken.json").write_text('{"format": "dipgm-map/1", "areas": 5}', "utf-8")
    os.mkfifo(folder / "hand-fifo.json")
    (folder / "hand-zero.json").symlink_to("/dev/zero")
    monkeypatch.setenv("DIPGM_VARIANTS_DIR", str(folder))
    assert await table.complete("master", "newgame", "variant", "hand") == ["handbook"]
    assert await table.complete("master", "newgame", "variant", "1961-4") == ["1961-4"]
