"""The players' votes to pause or extend that did not pass, reported with the phase's results
as draw votes are."""

from __future__ import annotations

from bot.service.schedule import schedule_wish
from bot.store import Game, Phase, Store


async def lapsed_votes(store: Store, game: Game, phase: Phase) -> dict[str, str]:
    """The votes still standing as ``phase`` resolves (power -> what it asked): those that
    passed were settled when they did, so these lapse with the phase."""
    return {
        vote.power: schedule_wish(vote.kind, vote.detail)
        for vote in await store.schedule_votes(game.id, phase.name)
    }
