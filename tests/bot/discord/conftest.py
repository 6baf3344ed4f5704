"""A fresh Discord table for each test."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.bot.discord.table import DiscordTable, discord_table


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[DiscordTable]:
    async with discord_table(tmp_path) as table:
        yield table
