"""At every level, DEBUG included, no line of the log shows an order or a word of press:
not ours, not the SDKs' (slack_bolt, slack_sdk, discord.py), not the web server's nor the
database's. Orders and press go through each front end at LOG_LEVEL=DEBUG, and the log is
searched for them. Every line has its time, level and logger, as text or as JSON."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest
from discord.gateway import DiscordWebSocket

from bot.logs import BotHandler, configure_logging
from tests.bot.discord.standins import message_payload, user_payload
from tests.bot.discord.table import discord_table
from tests.bot.running.bot_process import ROOT, SETTINGS, BotProcess, eventually
from tests.bot.slack import signed
from tests.bot.slack.fake_slack import FakeSlack
from tests.bot.slack.table import GAME, GM, PLAYERS, add_people

ORDERS = "A Par-Bur; A Mar S A Par-Bur; F Bre-MAO"
PRESS = "The Kaiser sleeps at midnight"
# How the orders and the press could show, typed or in the canonical notation.
SECRETS = re.compile(r"par\s*-\s*bur|bre\s*-\s*mao|mar s a par|kaiser sleeps", flags=re.IGNORECASE)
BARE_LINE = re.compile(r"(DEBUG|INFO|WARNING|ERROR|CRITICAL):")
TEXT_LINE = re.compile(
    r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z (DEBUG|INFO|WARNING|ERROR|CRITICAL) [\w.]+: "
)


def leaks(log: str) -> list[str]:
    return [line for line in log.splitlines() if SECRETS.search(line)]


def log_records(log: str) -> Iterator[dict[str, str]]:
    """The JSON lines of a log (the command line's own notes are not records)."""
    for line in log.splitlines():
        if line.startswith("dipgm run: "):
            continue
        yield json.loads(line)


async def post(port: int, body: str, content_type: str) -> None:
    url = f"http://127.0.0.1:{port}/slack/events"
    for _ in range(250):
        try:
            async with (
                aiohttp.ClientSession() as session,
                session.post(url, data=body, headers=signed.headers(body, content_type)) as reply,
            ):
                assert reply.status == 200
                return
        except aiohttp.ClientConnectionError:
            await asyncio.sleep(0.05)
    raise AssertionError("the bot never listened")


async def test_slack_at_debug_logs_no_order_nor_press(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'dipgm.sqlite3'}"
    async with FakeSlack() as slack:
        add_people(slack)
        bot = await BotProcess.start(
            tmp_path, url, slack, environment={"LOG_LEVEL": "DEBUG", "LOG_FORMAT": "json"}
        )
        try:
            await post(bot.port, signed.slash_body(GM, "newgame hague", GAME), signed.FORM)
            for power, user in PLAYERS.items():
                await post(bot.port, signed.slash_body(user, f"join {power}", GAME), signed.FORM)
            await post(bot.port, signed.slash_body(GM, "start", GAME), signed.FORM)
            france, germany = PLAYERS["FRANCE"], PLAYERS["GERMANY"]
            for number, text in enumerate((f"order {ORDERS}", f"press germany {PRESS}")):
                event = {"user": france, "text": text, "channel": slack.dm_of(france)}
                body = signed.event_body(event, "event_message_im", f"Ev{number:08d}")
                await post(bot.port, body, signed.JSON)
            await eventually(
                lambda: any(PRESS in p.text for p in slack.received(germany)), "the press"
            )
            assert any("BUR" in p.text for p in slack.received(france)), "orders confirmed"
            bot.signal(signal.SIGTERM)
            assert await bot.wait() == 0, bot.log()
        finally:
            bot.kill()
    log = bot.log()
    records = list(log_records(log))
    assert {"time", "level", "logger", "message"} <= set(records[0])
    assert any(r["level"] == "DEBUG" for r in records), "DEBUG is on"
    assert any(r["logger"].startswith("aiohttp") for r in records), "the web server logs"
    assert leaks(log) == []


def test_the_console_at_debug_logs_no_order_nor_press(tmp_path: Path) -> None:
    script = tmp_path / "game.txt"
    script.write_text(
        "gm> /dip newgame hague\n"
        + "".join(f"p{n}> /dip join {p.lower()}\n" for n, p in enumerate(PLAYERS))
        + f"gm> /dip start\np2@dm> order {ORDERS}\np2@dm> press germany {PRESS}\n",
        encoding="utf-8",
    )
    env = {key: value for key, value in os.environ.items() if key not in SETTINGS}
    env |= {"LOG_LEVEL": "DEBUG", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", "console", "--script", str(script)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert PRESS in done.stdout, "the press went through"
    lines = done.stderr.splitlines()
    assert any(TEXT_LINE.match(line) and " DEBUG " in line for line in lines), lines
    # Python's bare format ("INFO:alembic:...") nowhere: each record has its time stamp (a
    # message of several lines continues on the next ones).
    assert not [line for line in lines if BARE_LINE.match(line)]
    assert leaks(done.stderr) == []


@pytest.fixture
def debug_log() -> Iterator[io.StringIO]:
    """The bot's logging at DEBUG for this test, into a string."""
    root = logging.getLogger()
    before = root.level
    sink = io.StringIO()
    configure_logging("DEBUG", stream=sink)
    try:
        yield sink
    finally:
        for handler in [h for h in root.handlers if isinstance(h, BotHandler)]:
            root.removeHandler(handler)
        root.setLevel(before)


async def test_discord_at_debug_logs_no_order_nor_press(
    tmp_path: Path, debug_log: io.StringIO
) -> None:
    async with discord_table(tmp_path) as table:
        await table.seven_players()
        assert await table.dm("carol", f"order {ORDERS}")
        assert await table.dm("carol", f"press germany {PRESS}")
        # discord.py's own gateway, handed the direct message as Discord sends it.
        gateway = DiscordWebSocket(None, loop=asyncio.get_running_loop())  # type: ignore[arg-type]
        gateway.shard_id = 0
        gateway._discord_parsers = {}
        carol = table.user("carol")
        event = message_payload(f"order {ORDERS}", user_payload(carol.name, carol.id), 1)
        await gateway.received_message(
            json.dumps({"op": 0, "t": "MESSAGE_CREATE", "s": 1, "d": event})
        )
    log = debug_log.getvalue()
    assert TEXT_LINE.match(log), log[:200]
    assert leaks(log) == []
