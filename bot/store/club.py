"""A club's season: its settings, the games it finished with their seats, the phases its
members played, and the players' votes to pause or extend a game."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import delete, select

from bot.store.models import (
    ClubSettings,
    Game,
    GameStatus,
    MissedOrders,
    Phase,
    PhaseStatus,
    Platform,
    Player,
    ScheduleVote,
)
from bot.store.part import StorePart


class Club(StorePart):
    """The part of the Store that keeps a club's settings and reads across its games."""

    async def club_settings(self, platform: Platform, workspace: str) -> ClubSettings:
        """The club's settings; the defaults (not stored) when it chose none."""
        row = await self.session.get(ClubSettings, (Platform(platform), workspace))
        if row is None:
            return ClubSettings(
                platform=Platform(platform),
                workspace=workspace,
                lobby_channel=None,
                scoring=None,
                ratings=True,
                reliability_public=False,
            )
        return row

    async def set_club_settings(
        self, platform: Platform, workspace: str, **changes: Any
    ) -> ClubSettings:
        """Change some of the club's settings (``lobby_channel``, ``scoring``, ``ratings``,
        ``reliability_public``)."""
        key = (Platform(platform), workspace)
        row = await self.session.get(ClubSettings, key)
        if row is None:
            row = ClubSettings(
                platform=key[0], workspace=workspace, ratings=True, reliability_public=False
            )
            self.session.add(row)
        for name, value in changes.items():
            setattr(row, name, value)
        row.updated_at = self.clock()
        await self.session.flush()
        return row

    async def finished_games(self, platform: Platform, workspace: str) -> list[Game]:
        """The club's finished games, in the order they finished."""
        query = (
            select(Game)
            .where(
                Game.platform == Platform(platform),
                Game.workspace == workspace,
                Game.status == GameStatus.FINISHED,
            )
            .order_by(Game.finished_at, Game.id)
        )
        return list(await self.session.scalars(query))

    async def seats_of_games(self, game_ids: Iterable[int]) -> dict[int, list[Player]]:
        """Every stint of every player in the given games (those who left too), by game."""
        wanted = sorted(set(game_ids))
        found: dict[int, list[Player]] = {g: [] for g in wanted}
        if not wanted:
            return found
        rows = await self.session.scalars(
            select(Player).where(Player.game_id.in_(wanted)).order_by(Player.id)
        )
        for row in rows:
            found[row.game_id].append(row)
        return found

    async def stints_of_user(
        self, platform: Platform, workspace: str, user_id: str
    ) -> list[tuple[Game, Player]]:
        """Every seat the person held in the club's games that started, oldest first."""
        rows = await self.session.execute(
            select(Game, Player)
            .join(Player, Player.game_id == Game.id)
            .where(
                Game.platform == Platform(platform),
                Game.workspace == workspace,
                Game.started_at.is_not(None),
                Player.user_id == user_id,
            )
            .order_by(Player.joined_at, Player.id)
        )
        return [(game, player) for game, player in rows]

    async def resolved_phases(self, game_ids: Iterable[int]) -> list[Phase]:
        """The phases of the given games already adjudicated (never one still open, nor one
        rolled back), oldest first."""
        wanted = sorted(set(game_ids))
        if not wanted:
            return []
        query = (
            select(Phase)
            .where(Phase.game_id.in_(wanted), Phase.status == PhaseStatus.ADJUDICATED)
            .order_by(Phase.game_id, Phase.id)
        )
        return list(await self.session.scalars(query))

    async def misses_in_games(self, game_ids: Iterable[int]) -> list[MissedOrders]:
        """Every missed-orders record of the given games."""
        wanted = sorted(set(game_ids))
        if not wanted:
            return []
        query = select(MissedOrders).where(MissedOrders.game_id.in_(wanted))
        return list(await self.session.scalars(query))

    # -- votes to pause or extend ------------------------------------------------------------

    async def cast_schedule_vote(
        self,
        game_id: int,
        phase_name: str,
        power: str,
        kind: str,
        detail: dict[str, Any],
        *,
        cast_by: str,
    ) -> None:
        """A power's vote to pause or extend in a phase; voting again replaces it."""
        values = {
            "game_id": game_id,
            "phase_name": phase_name,
            "power": power,
            "kind": kind,
            "detail": detail,
            "cast_by": cast_by,
            "created_at": self.clock(),
        }
        insert = self._insert(ScheduleVote).values(values)
        await self.session.execute(
            insert.on_conflict_do_update(
                index_elements=[ScheduleVote.game_id, ScheduleVote.phase_name, ScheduleVote.power],
                set_={k: values[k] for k in ("kind", "detail", "cast_by", "created_at")},
            )
        )

    async def schedule_votes(self, game_id: int, phase_name: str) -> list[ScheduleVote]:
        """The votes to pause or extend cast in a phase, oldest first."""
        query = (
            select(ScheduleVote)
            .where(ScheduleVote.game_id == game_id, ScheduleVote.phase_name == phase_name)
            .order_by(ScheduleVote.id)
            .execution_options(populate_existing=True)
        )
        return list(await self.session.scalars(query))

    async def clear_schedule_votes(self, game_id: int, phase_name: str) -> None:
        """Forget a phase's votes to pause or extend (once one passed)."""
        await self.session.execute(
            delete(ScheduleVote)
            .where(ScheduleVote.game_id == game_id, ScheduleVote.phase_name == phase_name)
            .execution_options(synchronize_session="fetch")
        )
