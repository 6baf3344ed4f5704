"""A Slack game table for each test (see table.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.bot.slack.fake_slack import FakeSlack
from tests.bot.slack.table import SlackTable, add_people, slack_table


@pytest.fixture
async def slack() -> AsyncIterator[FakeSlack]:
    """The fake Web API alone, with the usual people."""
    async with FakeSlack() as fake:
        add_people(fake)
        yield fake


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[SlackTable]:
    async with slack_table(tmp_path) as table:
        yield table


@pytest.fixture
async def started(table: SlackTable) -> SlackTable:
    """A started seven-player game, its welcome DMs delivered."""
    await table.seven_players()
    return table
