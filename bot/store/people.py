"""People: what each person chose for themself, across their games (the palette of the maps
sent to them alone)."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import select

from bot.store.models import Platform, UserSettings
from bot.store.part import StorePart


class People(StorePart):
    """The part of the Store that keeps each person's own settings."""

    async def palette_of(self, platform: Platform, workspace: str, user_id: str) -> str | None:
        """The palette a person chose for their own maps; None: each game's."""
        row = await self.session.get(UserSettings, (Platform(platform), workspace, user_id))
        return None if row is None else row.palette

    async def palettes_of(
        self, platform: Platform, workspace: str, user_ids: Iterable[str]
    ) -> dict[str, str]:
        """The palettes the given people chose (those who chose none are left out)."""
        wanted = set(user_ids)
        if not wanted:
            return {}
        rows = await self.session.scalars(
            select(UserSettings).where(
                UserSettings.platform == Platform(platform),
                UserSettings.workspace == workspace,
                UserSettings.user_id.in_(sorted(wanted)),
            )
        )
        return {r.user_id: r.palette for r in rows if r.palette is not None}

    async def set_palette(
        self, platform: Platform, workspace: str, user_id: str, palette: str | None
    ) -> None:
        """Choose a person's palette; None goes back to each game's."""
        key = (Platform(platform), workspace, user_id)
        row = await self.session.get(UserSettings, key)
        if row is None:
            row = UserSettings(platform=key[0], workspace=workspace, user_id=user_id)
            self.session.add(row)
        row.palette = palette
        row.updated_at = self.clock()
        await self.session.flush()
