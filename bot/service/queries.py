"""Reads the service needs that the repository does not offer; read-only, one session."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.models import (
    Game,
    GameStatus,
    Image,
    OutboxMessage,
    OutboxStatus,
    Phase,
    PhaseStatus,
    Platform,
)


async def scheduled_phases(session: AsyncSession) -> list[tuple[Game, Phase]]:
    """Open phases with a deadline in active games: what the alarm clock watches."""
    rows = await session.execute(
        select(Game, Phase)
        .join(Phase, Phase.game_id == Game.id)
        .where(
            Phase.status == PhaseStatus.OPEN,
            Phase.deadline.is_not(None),
            Game.status == GameStatus.ACTIVE,
        )
        .order_by(Phase.deadline, Phase.id)
        .execution_options(populate_existing=True)
    )
    return [(game, phase) for game, phase in rows]


async def next_retry(session: AsyncSession, after: datetime, platform: Platform) -> datetime | None:
    """The earliest moment later than ``after`` a pending message of the platform comes due;
    messages due already are the pump's round in hand, and counting them would wake it in a
    loop."""
    return await session.scalar(
        select(func.min(OutboxMessage.next_attempt_at)).where(
            OutboxMessage.status == OutboxStatus.PENDING,
            OutboxMessage.platform == platform,
            OutboxMessage.next_attempt_at > after,
        )
    )


async def phases_of(session: AsyncSession, game_id: int) -> list[Phase]:
    """Every phase of a game, oldest first."""
    return list(
        await session.scalars(
            select(Phase)
            .where(Phase.game_id == game_id)
            .order_by(Phase.id)
            .execution_options(populate_existing=True)
        )
    )


async def games_here(session: AsyncSession, platform: Platform, workspace: str) -> list[Game]:
    """Unfinished games of a workspace, oldest first."""
    return list(
        await session.scalars(
            select(Game)
            .where(
                Game.platform == platform,
                Game.workspace == workspace,
                Game.status != GameStatus.FINISHED,
            )
            .order_by(Game.created_at, Game.id)
        )
    )


async def image_png(session: AsyncSession, image_id: int) -> bytes | None:
    return await session.scalar(select(Image.png).where(Image.id == image_id))


async def image_of(session: AsyncSession, game_id: int, phase_name: str, kind: str) -> Image | None:
    """The newest stored image of a kind for a phase."""
    return await session.scalar(
        select(Image)
        .where(Image.game_id == game_id, Image.phase_name == phase_name, Image.kind == kind)
        .order_by(Image.id.desc())
        .limit(1)
    )
