"""Votes and press: the draw and surrender votes each power casts in a phase, and the
messages relayed between powers, kept for the game's archive."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from sqlalchemy import CursorResult, delete, select

from bot.store.models import Press, Vote, VoteKind
from bot.store.part import StorePart


class VotesAndPress(StorePart):
    """The part of the Store that keeps votes and press."""

    # -- votes -----------------------------------------------------------------------------

    async def cast_vote(
        self,
        game_id: int,
        phase_name: str,
        power: str,
        kind: VoteKind,
        *,
        cast_by: str,
        detail: dict[str, Any] | None = None,
    ) -> None:
        """A power's draw or surrender vote for a phase; voting again replaces the detail."""
        values = {
            "game_id": game_id,
            "phase_name": phase_name,
            "power": power,
            "kind": VoteKind(kind),
            "detail": detail,
            "cast_by": cast_by,
            "created_at": self.clock(),
        }
        insert = self._insert(Vote).values(values)
        await self.session.execute(
            insert.on_conflict_do_update(
                index_elements=[Vote.game_id, Vote.phase_name, Vote.power, Vote.kind],
                set_={key: values[key] for key in ("detail", "cast_by", "created_at")},
            )
        )

    async def withdraw_vote(
        self, game_id: int, phase_name: str, power: str, kind: VoteKind
    ) -> bool:
        """Take back a vote; False if there was none."""
        result = await self.session.execute(
            delete(Vote)
            .where(
                Vote.game_id == game_id,
                Vote.phase_name == phase_name,
                Vote.power == power,
                Vote.kind == VoteKind(kind),
            )
            .execution_options(synchronize_session="fetch")
        )
        return cast(CursorResult[Any], result).rowcount > 0

    async def votes_of(
        self, game_id: int, phase_name: str | None = None, *, power: str | None = None
    ) -> list[Vote]:
        """The votes cast in a game (in one phase, by one power), oldest first."""
        query = select(Vote).where(Vote.game_id == game_id).order_by(Vote.id)
        if phase_name is not None:
            query = query.where(Vote.phase_name == phase_name)
        if power is not None:
            query = query.where(Vote.power == power)
        return list(await self.session.scalars(query.execution_options(populate_existing=True)))

    # -- press -----------------------------------------------------------------------------

    async def add_press(
        self,
        game_id: int,
        phase_name: str,
        *,
        from_power: str | None,
        to_powers: Sequence[str],
        body: str,
        sent_by: str,
        grey: bool = False,
    ) -> Press:
        """Keep a message relayed between powers, for the game's archive."""
        press = Press(
            game_id=game_id,
            phase_name=phase_name,
            from_power=from_power,
            to_powers=list(to_powers),
            grey=grey,
            body=body,
            sent_by=sent_by,
            created_at=self.clock(),
        )
        self.session.add(press)
        await self.session.flush()
        return press

    async def press_of(self, game_id: int) -> list[Press]:
        """Every message relayed in a game, oldest first."""
        return list(
            await self.session.scalars(
                select(Press).where(Press.game_id == game_id).order_by(Press.id)
            )
        )
