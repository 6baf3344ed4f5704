"""Adjudications that failed: an open phase that could not be adjudicated, when it is tried
again, and the list an operator reads (`failing_adjudications`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, select

from bot.store.models import AdjudicationFailure, Game, Phase, PhaseStatus, Platform
from bot.store.part import StorePart


@dataclass(frozen=True, slots=True)
class FailingAdjudication:
    """One open phase whose adjudication keeps failing, as an operator reads it."""

    game_id: int
    game_name: str
    platform: Platform
    workspace: str
    channel: str
    phase_id: int
    phase_name: str
    failed_since: datetime
    attempts: int
    retry_at: datetime
    # one line that names what failed and never quotes the game (no order, no press)
    reason: str


class AdjudicationFailures(StorePart):
    """The part of the Store that keeps failed adjudications until they succeed."""

    async def adjudication_failure(self, phase_id: int) -> AdjudicationFailure | None:
        return await self.session.get(AdjudicationFailure, phase_id, populate_existing=True)

    async def record_adjudication_failure(
        self, phase: Phase, reason: str, retry_at: datetime
    ) -> AdjudicationFailure:
        """One more failed try of ``phase`` (hold its row lock: see `lock_phase`): the first
        starts the record, each later one counts and moves the next try to ``retry_at``."""
        failure = await self.adjudication_failure(phase.id)
        if failure is None:
            failure = AdjudicationFailure(
                phase_id=phase.id,
                game_id=phase.game_id,
                failed_since=self.clock(),
                attempts=0,
                retry_at=retry_at,
                reason=reason,
            )
            self.session.add(failure)
        failure.attempts += 1
        failure.retry_at = retry_at
        failure.reason = reason
        await self.session.flush()
        return failure

    async def clear_adjudication_failure(self, phase_id: int) -> None:
        """The phase was adjudicated (or left open for good): no failure to keep."""
        await self.session.execute(
            delete(AdjudicationFailure).where(AdjudicationFailure.phase_id == phase_id)
        )

    async def retry_times(self) -> dict[int, datetime]:
        """When each failed phase is tried next, by phase id."""
        rows = await self.session.execute(
            select(AdjudicationFailure.phase_id, AdjudicationFailure.retry_at)
        )
        return {row.phase_id: row.retry_at for row in rows}

    async def failing_adjudications(self) -> list[FailingAdjudication]:
        """Every open phase whose adjudication has failed and not yet succeeded, the longest
        failing first: what `dipgm status` lists."""
        rows = await self.session.execute(
            select(AdjudicationFailure, Phase, Game)
            .join(Phase, Phase.id == AdjudicationFailure.phase_id)
            .join(Game, Game.id == AdjudicationFailure.game_id)
            .where(Phase.status == PhaseStatus.OPEN)
            .order_by(AdjudicationFailure.failed_since, AdjudicationFailure.phase_id)
            .execution_options(populate_existing=True)
        )
        return [
            FailingAdjudication(
                game_id=game.id,
                game_name=game.name,
                platform=Platform(game.platform),
                workspace=game.workspace,
                channel=game.channel,
                phase_id=phase.id,
                phase_name=phase.name,
                failed_since=failure.failed_since,
                attempts=failure.attempts,
                retry_at=failure.retry_at,
                reason=failure.reason,
            )
            for failure, phase, game in rows
        ]
