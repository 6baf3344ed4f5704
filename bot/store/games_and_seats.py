"""Games and seats: the games, who plays in them, how each power stands (playing, civil
disorder, surrendered, out), which powers a computer commands and the deadlines each power
missed."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, cast

from sqlalchemy import CursorResult, bindparam, delete, select
from sqlalchemy.orm import aliased

from bot.store.errors import GameNameTakenError, StoreError
from bot.store.models import (
    ComputerSeat,
    Game,
    GameStatus,
    MissedOrders,
    Platform,
    Player,
    PowerState,
    PowerStatus,
)
from bot.store.part import StorePart

# The requester's own seats, from which the query below starts.
_SEAT = aliased(Player, name="seat")
# What every command sent by DM runs first, built once with its values as parameters:
# building a statement anew costs about as much as running it. Joined from the requester's
# seats (by the index on the user), not filtered by a subquery over every player: with one,
# PostgreSQL could read all players of the server and then every game for each of them
# (10 ms a command on sixty games) whenever its statistics were behind the tables, as after
# a busy hour of new games.
_GAMES_WITH_PLAYERS = (
    select(Game, Player)
    .join(_SEAT, _SEAT.game_id == Game.id)
    .join(Player, Player.game_id == Game.id)
    .where(
        _SEAT.user_id == bindparam("user_id"),
        _SEAT.left_at.is_(None),
        Game.platform == bindparam("platform"),
        Game.status != GameStatus.FINISHED,
        Player.left_at.is_(None),
    )
    .order_by(Game.created_at, Game.id, Player.id)
)
_POWER_STATUSES = select(PowerState.power, PowerState.status).where(
    PowerState.game_id == bindparam("game_id")
)


class GamesAndSeats(StorePart):
    """The part of the Store that keeps games and seats."""

    # -- games -----------------------------------------------------------------------------

    async def create_game(
        self,
        *,
        platform: Platform,
        workspace: str,
        channel: str,
        name: str,
        creator: str,
        variant: str = "standard",
        settings: dict[str, Any] | None = None,
    ) -> Game:
        """A new game in `forming` status; names are unique per platform and workspace."""
        if await self.find_game(platform, workspace, name) is not None:
            raise GameNameTakenError(f"a game named {name!r} already exists here")
        game = Game(
            platform=Platform(platform),
            workspace=workspace,
            channel=channel,
            name=name,
            creator=creator,
            variant=variant,
            status=GameStatus.FORMING,
            settings=dict(settings or {}),
            created_at=self.clock(),
        )
        self.session.add(game)
        await self.session.flush()
        return game

    async def get_game(self, game_id: int) -> Game | None:
        return await self.session.get(Game, game_id, populate_existing=True)

    async def find_game(self, platform: Platform, workspace: str, name: str) -> Game | None:
        """The game with this name in a workspace."""
        return await self.session.scalar(
            select(Game).where(
                Game.platform == platform, Game.workspace == workspace, Game.name == name
            )
        )

    async def find_game_by_channel(
        self, platform: Platform, workspace: str, channel: str, *, include_finished: bool = False
    ) -> Game | None:
        """The newest unfinished game played in a channel; with ``include_finished``, when
        none is unfinished, the newest that has ended (the channel's game until the next)."""
        query = select(Game).where(
            Game.platform == platform, Game.workspace == workspace, Game.channel == channel
        )
        if not include_finished:
            query = query.where(Game.status != GameStatus.FINISHED)
        return await self.session.scalar(
            query.order_by(
                (Game.status == GameStatus.FINISHED).asc(),
                Game.created_at.desc(),
                Game.id.desc(),
            ).limit(1)
        )

    async def games_of_user(
        self, platform: Platform, user_id: str, *, include_finished: bool = False
    ) -> list[Game]:
        """Games the user currently plays in (oldest first)."""
        query = (
            select(Game)
            .join(Player, Player.game_id == Game.id)
            .where(Game.platform == platform, Player.user_id == user_id, Player.left_at.is_(None))
            .order_by(Game.created_at, Game.id)
        )
        if not include_finished:
            query = query.where(Game.status != GameStatus.FINISHED)
        return list(await self.session.scalars(query))

    async def games_of_user_with_players(
        self, platform: Platform, user_id: str
    ) -> list[tuple[Game, list[Player]]]:
        """The unfinished games the user plays in (oldest first), each with all its players
        who have not left, in one read: what a command sent by DM looks up first."""
        rows = await self.session.execute(
            _GAMES_WITH_PLAYERS, {"platform": platform, "user_id": user_id}
        )
        found: dict[int, tuple[Game, list[Player]]] = {}
        for game, player in rows:
            found.setdefault(game.id, (game, []))[1].append(player)
        return list(found.values())

    async def former_seats(
        self, platform: Platform, workspace: str, user_id: str
    ) -> list[tuple[Game, Player]]:
        """Where the user played before, in a workspace: their seats in games that have
        ended, and those they left (or were removed or replaced from); the latest first."""
        rows = await self.session.execute(
            select(Game, Player)
            .join(Player, Player.game_id == Game.id)
            .where(
                Game.platform == platform,
                Game.workspace == workspace,
                Player.user_id == user_id,
                (Game.status == GameStatus.FINISHED) | Player.left_at.is_not(None),
            )
        )
        seats = [(game, player) for game, player in rows]

        def ended(seat: tuple[Game, Player]) -> tuple[datetime, int]:
            game, player = seat
            moments = [m for m in (player.left_at, game.finished_at) if m is not None]
            return min(moments, default=player.joined_at), player.id

        return sorted(seats, key=ended, reverse=True)

    async def games_of_workspace(self, platform: Platform, workspace: str) -> list[Game]:
        """Unfinished games of a workspace, oldest first."""
        return list(
            await self.session.scalars(
                select(Game)
                .where(
                    Game.platform == platform,
                    Game.workspace == workspace,
                    Game.status != GameStatus.FINISHED,
                )
                .order_by(Game.created_at, Game.id)
            )
        )

    # -- players ---------------------------------------------------------------------------

    async def add_player(
        self,
        game_id: int,
        user_id: str,
        display_name: str,
        preferences: Sequence[str] = (),
    ) -> Player:
        """Join a game; joining again while in it only refreshes name and preferences."""
        insert = self._insert(Player).values(
            game_id=game_id,
            user_id=user_id,
            display_name=display_name,
            preferences=list(preferences),
            joined_at=self.clock(),
        )
        # Two clicks on "join" at once must not make two memberships: the partial unique
        # index on active memberships settles the race inside the database.
        await self.session.execute(
            insert.on_conflict_do_nothing(
                index_elements=[Player.game_id, Player.user_id],
                index_where=Player.left_at.is_(None),
            )
        )
        player = await self._active_player(game_id, user_id)
        if player is None:  # pragma: no cover - the insert above guarantees one
            raise StoreError(f"could not add {user_id} to game {game_id}")
        player.display_name = display_name
        player.preferences = list(preferences)
        await self.session.flush()
        return player

    async def remove_player(self, game_id: int, user_id: str) -> Player | None:
        """Leave a game; the row stays, with `left_at`, as the record of who played what."""
        player = await self._active_player(game_id, user_id)
        if player is not None:
            player.left_at = self.clock()
            await self.session.flush()
        return player

    async def players_of(self, game_id: int, *, include_left: bool = False) -> list[Player]:
        query = select(Player).where(Player.game_id == game_id).order_by(Player.id)
        if not include_left:
            query = query.where(Player.left_at.is_(None))
        return list(await self.session.scalars(query))

    async def _active_player(self, game_id: int, user_id: str) -> Player | None:
        return await self.session.scalar(
            select(Player)
            .where(Player.game_id == game_id, Player.user_id == user_id, Player.left_at.is_(None))
            .execution_options(populate_existing=True)
        )

    async def set_power_status(
        self, game_id: int, power: str, status: PowerStatus, *, phase_name: str | None = None
    ) -> None:
        """Record that a power plays on, fell into civil disorder, surrendered or is out."""
        values = {
            "game_id": game_id,
            "power": power,
            "status": PowerStatus(status),
            "since_phase": phase_name,
            "updated_at": self.clock(),
        }
        insert = self._insert(PowerState).values(values)
        await self.session.execute(
            insert.on_conflict_do_update(
                index_elements=[PowerState.game_id, PowerState.power],
                set_={key: values[key] for key in ("status", "since_phase", "updated_at")},
            )
        )

    async def power_statuses(self, game_id: int) -> dict[str, PowerStatus]:
        rows = await self.session.execute(_POWER_STATUSES, {"game_id": game_id})
        return {row[0]: row[1] for row in rows}

    async def power_since(self, game_id: int, power: str) -> str | None:
        """The phase from which a power has had its present status (e.g. its new player)."""
        return await self.session.scalar(
            select(PowerState.since_phase).where(
                PowerState.game_id == game_id, PowerState.power == power
            )
        )

    # -- computer players ------------------------------------------------------------------

    async def seat_computer(self, game_id: int, power: str, *, phase_name: str | None) -> bool:
        """A computer commands ``power`` from ``phase_name`` on; False if one already did."""
        insert = self._insert(ComputerSeat).values(
            game_id=game_id, power=power, since_phase=phase_name, created_at=self.clock()
        )
        result = await self.session.execute(
            insert.on_conflict_do_nothing(index_elements=[ComputerSeat.game_id, ComputerSeat.power])
        )
        return cast(CursorResult[Any], result).rowcount > 0

    async def unseat_computer(self, game_id: int, power: str) -> bool:
        """The computer no longer commands ``power``; False if none did."""
        result = await self.session.execute(
            delete(ComputerSeat).where(ComputerSeat.game_id == game_id, ComputerSeat.power == power)
        )
        return cast(CursorResult[Any], result).rowcount > 0

    async def computer_powers(self, game_id: int) -> set[str]:
        """The powers a computer commands in a game."""
        rows = await self.session.scalars(
            select(ComputerSeat.power).where(ComputerSeat.game_id == game_id)
        )
        return set(rows)

    # -- missed orders ---------------------------------------------------------------------

    async def record_miss(
        self, game_id: int, power: str, phase_name: str, *, excused: bool
    ) -> None:
        """Count a power's missed deadline; recording the phase again updates `excused`."""
        values = {
            "game_id": game_id,
            "power": power,
            "phase_name": phase_name,
            "excused": excused,
            "created_at": self.clock(),
        }
        insert = self._insert(MissedOrders).values(values)
        await self.session.execute(
            insert.on_conflict_do_update(
                index_elements=[MissedOrders.game_id, MissedOrders.power, MissedOrders.phase_name],
                set_={"excused": excused},
            )
        )

    async def misses_of(self, game_id: int, power: str) -> list[MissedOrders]:
        """A power's missed deadlines, oldest first."""
        return list(
            await self.session.scalars(
                select(MissedOrders)
                .where(MissedOrders.game_id == game_id, MissedOrders.power == power)
                .order_by(MissedOrders.id)
                .execution_options(populate_existing=True)
            )
        )
