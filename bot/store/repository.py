"""The `Store`: what the game service reads and writes, and nothing about the rules of the game.

A `Store` wraps one `AsyncSession`; it flushes but never commits, so the caller decides what
one transaction is::

    async with sessions.begin() as session:
        store = Store(session, clock=clock)
        if await store.claim_phase(phase.id, phase.version):
            ...  # adjudicate, open the next phase, enqueue messages: all or nothing

It is one object made of its parts, each in its own module and each keeping a few tables:
games and seats, phases and orders, adjudications that failed, votes and press, the outbox
with images and audit, people's own settings, a club's season, and what an operator reads
(with the workers' heartbeats).
"""

from __future__ import annotations

from bot.store.adjudication_failures import AdjudicationFailures
from bot.store.club import Club
from bot.store.games_and_seats import GamesAndSeats
from bot.store.operations import Operations
from bot.store.outbox_and_audit import OutboxAndAudit
from bot.store.people import People
from bot.store.phases_and_orders import PhasesAndOrders
from bot.store.votes_and_press import VotesAndPress


class Store(
    GamesAndSeats,
    PhasesAndOrders,
    AdjudicationFailures,
    VotesAndPress,
    OutboxAndAudit,
    People,
    Club,
    Operations,
):
    """Everything the service stores, over one session: ``Store(session, clock)``."""
