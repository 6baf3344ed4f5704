"""A game table for tests: the service on a fresh database (SQLite, and PostgreSQL where the
run has one), played through the console front end on a fake clock.

    async with open_table("sqlite", tmp_path) as table:
        await table.play('''
            gm> /dip newgame hague
            alice> /dip join france
        ''')
        assert "[#game] alice joined hague (1 of 7 players)." in table.lines
"""

from __future__ import annotations

import io
import textwrap
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.frontends.console import Console, ScriptClock, run_script
from bot.service.game_service import GameService
from bot.service.maps import Renderer
from bot.store import create_engine, create_sessionmaker, migrate
from engine import Position
from render import Animation
from tests.bot.store.support import fresh_database

START = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
PNG = b"\x89PNG\r\n\x1a\n"
SEVEN = ("alice", "bob", "carol", "dave", "eve", "frank", "grace")


class FakeRenderer:
    """Stands in for render.map_png: fast, and remembers what it was asked to draw."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []
        self.fail: Exception | None = None

    def __call__(
        self,
        position: Position,
        *,
        orders: Any = None,
        results: Any = None,
        size: int = 1200,
        region: str | None = None,
        style: str = "default",
        players: Any = None,
    ) -> bytes:
        if self.fail is not None:
            raise self.fail
        self.calls.append(
            {
                "phase": str(position.phase),
                "orders": orders,
                "results": results,
                "region": region,
                "style": style,
                "players": players,
            }
        )
        return PNG + f"{position.phase}:{region}".encode()


GIF = b"GIF89a"


class FakeAnimator:
    """Stands in for render.history_animation: remembers the phases of each history it was
    asked to animate, which of them came with results, and the byte limit it was given;
    ``kept`` (frames, width) makes it answer as a history cut down to fit would."""

    def __init__(self) -> None:
        self.calls: list[list[tuple[str, bool]]] = []
        self.styles: list[str] = []
        self.players: list[Any] = []
        self.limits: list[int | None] = []
        self.kept: tuple[int, int] | None = None

    def __call__(
        self,
        positions: Sequence[Position],
        *,
        results: Any = None,
        size: int = 800,
        style: str = "default",
        players: Any = None,
        max_bytes: int | None = None,
    ) -> Animation:
        self.players.append(players)
        self.limits.append(max_bytes)
        shown = [r is not None for r in results] if results else [False] * len(positions)
        self.calls.append([(str(p.phase), s) for p, s in zip(positions, shown, strict=True)])
        self.styles.append(style)
        frames, width = self.kept or (len(positions), size)
        data = GIF + f"{frames} frames".encode()
        return Animation(data, phases=len(positions), frames=frames, width=width)


class Table:
    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        map_dir: Path,
        renderer: Renderer,
        admins: Sequence[str],
        map_size: int = 300,
    ) -> None:
        self.sessions = sessions
        self.map_size = map_size
        self.clock = ScriptClock(START)
        self.out = io.StringIO()
        self.renderer = renderer
        self.animator = FakeAnimator()
        self.map_dir = map_dir
        self.service = self.new_service()
        self.console = Console(self.service, self.out, map_dir, admins=admins)
        self._read = 0

    def new_service(self) -> GameService:
        """A service on the same database and clock: what a restart would build."""
        return GameService(
            self.sessions,
            clock=self.clock,
            renderer=self.renderer,
            animator=self.animator,
            map_size=self.map_size,
        )

    @property
    def lines(self) -> list[str]:
        """Everything printed so far."""
        return self.out.getvalue().splitlines()

    async def play(self, script: str) -> list[str]:
        """Play script lines; the lines printed meanwhile."""
        await run_script(self.console, self.clock, textwrap.dedent(script).strip().splitlines())
        return self.fresh()

    def fresh(self) -> list[str]:
        text = self.out.getvalue()
        new = text[self._read :]
        self._read = len(text)
        return new.splitlines()

    async def seven_players(self, *, start: bool = True, options: str = "") -> None:
        """A game `hague` in #game by gm with the seven players; powers in join order."""
        script = [f"gm> /dip newgame hague {options}".rstrip()]
        powers = ("austria", "england", "france", "germany", "italy", "russia", "turkey")
        script += [f"{user}> /dip join {power}" for user, power in zip(SEVEN, powers, strict=True)]
        if start:
            script.append("gm> /dip start")
        await self.play("\n".join(script))


@asynccontextmanager
async def open_table(
    backend: str,
    tmp_path: Path,
    *,
    renderer: Renderer | None = None,
    admins: Sequence[str] = (),
    map_size: int = 300,
) -> AsyncIterator[Table]:
    async with fresh_database(backend, tmp_path) as url:
        await migrate.upgrade(url)
        engine = create_engine(url)
        try:
            yield Table(
                create_sessionmaker(engine),
                tmp_path / "maps",
                renderer or FakeRenderer(),
                admins,
                map_size,
            )
        finally:
            await engine.dispose()


def said(lines: Sequence[str], where: str) -> list[str]:
    """The text of the lines printed to one place (``#game``, ``dm:alice``, ...)."""
    prefix = f"[{where}] "
    return [line[len(prefix) :] for line in lines if line.startswith(prefix)]
