"""The console front end: where each message went, what reaches the bot, the script format
and the interactive loop."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from datetime import datetime
from pathlib import Path

import pytest

from bot.frontends.console import Console, ScriptError, interactive, run_script
from bot.frontends.console.interactive import Session
from bot.frontends.console.terminal import Where, command_text
from bot.frontends.console.transport import ConsoleTransport
from bot.service import Delivery, Image, Line, Message, Pump, Section, SendError, Target, text
from bot.service.outbox import Doorbell
from tests.bot.service.harness import Table, open_table


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table("sqlite", tmp_path) as table:
        yield table


@pytest.mark.parametrize(
    ("line", "where", "command"),
    [
        ("/dip join france", Where("game"), "join france"),
        ("/DIP  status ", Where("game"), "status"),
        ("/dip", Where("game"), "help"),
        ("hello there", Where("game"), None),
        ("", Where("game"), None),
        ("order A PAR - BUR", Where(None), "order A PAR - BUR"),
        ("/dip orders", Where(None), "orders"),
        ("   ", Where(None), None),
        ("/dip replace france @zoe", Where("game"), "replace france <@zoe|zoe>"),
        ("/dip replace france zoe", Where("game"), "replace france <@zoe|zoe>"),
        ("join with @alice", Where(None), "join with <@alice|alice>"),
        ("press all see @zoe", Where(None), "press all see @zoe"),
    ],
)
def test_what_reaches_the_bot(line: str, where: Where, command: str | None) -> None:
    assert command_text(line, where) == command


def test_labels_say_where_a_message_went(tmp_path: Path) -> None:
    out = io.StringIO()
    console = Console(None, out, tmp_path)  # type: ignore[arg-type]
    message = Message(
        title="Title",
        sections=(Section("Part", (Line("one"), Line(""), Line("two"))),),
        image=Image(None, "x-S1901M-board.png", "a map", data=b"\x89PNG"),
    )
    console.show("only:alice#game", message, None)
    assert out.getvalue().splitlines() == [
        "[only:alice#game] Title",
        "[only:alice#game] Part",
        "[only:alice#game] one",
        "[only:alice#game]",
        "[only:alice#game] two",
        f"[file only:alice#game] {tmp_path / 'x-S1901M-board.png'}",
    ]
    assert (tmp_path / "x-S1901M-board.png").read_bytes() == b"\x89PNG"


async def test_deliveries_are_printed_and_confirmed(table: Table) -> None:
    class Outbox:
        def __init__(self) -> None:
            self.done: list[int] = []
            self.failures: list[int] = []

        async def pending(self, platform: str) -> list[Delivery]:
            assert platform == "console"
            return [
                Delivery(1, Target("console", "local", channel="game"), text("hello"), None),
                Delivery(2, Target("console", "local", user_id="bob"), text("psst"), None),
            ]

        async def delivered(self, delivery_id: int) -> None:
            self.done.append(delivery_id)

        async def failed(self, delivery_id: int, failure: SendError) -> bool:
            self.failures.append(delivery_id)
            return False

        async def next_retry(self, platform: str) -> datetime | None:
            return None

    out = io.StringIO()
    outbox = Outbox()
    console = Console(table.service, out, table.map_dir)
    pump = Pump("console", ConsoleTransport(console), outbox, Doorbell(), table.clock)
    assert await pump.deliver_due() == 2
    assert out.getvalue().splitlines() == ["[#game] hello", "[dm:bob] psst"]
    assert outbox.done == [1, 2]
    assert outbox.failures == []


async def test_a_map_that_cannot_be_saved_is_retried(table: Table, tmp_path: Path) -> None:
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the map folder should be", encoding="utf-8")
    await table.seven_players()
    table.console.map_dir = blocked
    lines = await table.play("gm> /dip process")
    assert any(line.startswith("[console] could not save a map: ") for line in lines)
    table.console.map_dir = tmp_path / "maps"
    lines = await table.play("clock +1m")
    assert f"[file #game] {tmp_path / 'maps' / 'hague-S1901M-results.png'}" in lines


@pytest.mark.parametrize(
    ("script", "error"),
    [
        ("alice says hi", "line 1: cannot read 'alice says hi'"),
        ("# fine\n\nclock +fortnight", "line 3: "),
        ("clock 48h", "line 1: cannot read 'clock 48h'"),
    ],
)
async def test_script_lines_that_cannot_be_read(table: Table, script: str, error: str) -> None:
    with pytest.raises(ScriptError, match=error):
        await run_script(table.console, table.clock, script.splitlines())


async def test_other_channels_and_dms(table: Table) -> None:
    lines = await table.play(
        """
        gm#lobby> /dip newgame vienna
        alice#lobby> /dip join
        alice@dm> /dip games
        """
    )
    assert lines[0] == "[#lobby] New game: vienna"
    assert "[#lobby] alice joined vienna (1 of 7 players)." in lines
    assert "[dm:alice] Games" in lines


async def lines_of(*typed: str) -> AsyncIterator[str]:
    for line in typed:
        yield line + "\n"


async def test_the_interactive_chat(table: Table) -> None:
    out = io.StringIO()
    console = Console(table.service, out, table.map_dir)
    await interactive(
        console,
        lines_of(
            "/dip newgame hague",
            "/as alice",
            "/dip join",
            "what a nice day",
            "/dm",
            "orders",
            "/in #lobby",
            "/dip status",
            "/help",
            "/as bad name!",
            "/quit",
            "/dip never read",
        ),
    )
    printed = out.getvalue()
    assert printed.startswith("dipgm console. You are gm in #game.")
    assert "gm#game> [#game] New game: hague" in printed
    assert "alice#game> [#game] alice joined hague (1 of 7 players)." in printed
    assert "(table talk: the bot reads lines starting with /dip here" in printed
    assert "alice@dm> [dm:alice] hague has not started yet" in printed
    assert "alice#lobby> [only:alice#lobby] There is no game in this channel." in printed
    assert "Console commands:" in printed
    assert "Name a user: /as alice" in printed
    assert "never read" not in printed


async def test_what_a_command_queued_is_printed_before_the_next_prompt(table: Table) -> None:
    await table.seven_players(start=False)
    out = io.StringIO()
    console = Console(table.service, out, table.map_dir)
    await interactive(console, lines_of("/dip start", "/quit"))
    first_prompt, answer, second_prompt = out.getvalue().split("gm#game> ")[:3]
    assert first_prompt.startswith("dipgm console.")
    assert "[dm:alice] hague: you play Austria" in answer
    assert "[dm:grace] hague: you play Turkey" in answer
    assert second_prompt == "\n"


def test_console_sessions_switch_user_and_place() -> None:
    session = Session()
    assert session.prompt == "gm#game> "
    assert session.switch("/as bob") == "You are bob now."
    assert session.switch("/in general") == "You write in #general now."
    assert session.prompt == "bob#general> "
    assert session.switch("/dm") == "You write to the bot in your direct messages now."
    assert session.prompt == "bob@dm> "
    assert session.switch("/in #") == "Name a channel: /in #game."
    assert session.switch("/dip status") is None
