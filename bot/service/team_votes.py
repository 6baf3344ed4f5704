"""Readiness and votes where a team must agree (`teams=all`, Diplomacia 7): each member says
ready, or votes, for themselves, filed under the power and their player number, and the
power is ready, or votes, once every member commanding it now has. Elsewhere one member's
word is the power's."""

from __future__ import annotations

from collections.abc import Sequence

from bot.store import Player, Store, Vote, VoteKind

MEMBER_MARK = "@"


def member_power(power: str, member: int | None) -> str:
    """What a readiness or vote of ``power`` is filed under: the power itself, or one member's share
    of it (``FRANCE@12``)."""
    return power if member is None else f"{power}{MEMBER_MARK}{member}"


async def member_numbers(store: Store, game_id: int) -> dict[str, frozenset[int]]:
    """power -> the player numbers of the people commanding it now."""
    return numbers_by_power(await store.players_of(game_id))


def numbers_by_power(players: Sequence[Player]) -> dict[str, frozenset[int]]:
    """:func:`member_numbers` of the game's present ``players``."""
    found: dict[str, set[int]] = {}
    for player in players:
        if player.power is not None:
            found.setdefault(player.power, set()).add(player.id)
    return {power: frozenset(ids) for power, ids in found.items()}


def agreed(filed: set[str], members: dict[str, frozenset[int]]) -> set[str]:
    """The powers ``filed`` speaks for: those filed whole, and those every current member
    filed a share of."""
    whole = {key for key in filed if MEMBER_MARK not in key}
    shares: dict[str, set[int]] = {}
    for key in filed - whole:
        power, _, number = key.partition(MEMBER_MARK)
        shares.setdefault(power, set()).add(int(number))
    return whole | {p for p, ids in shares.items() if ids >= members.get(p, frozenset({-1}))}


async def ready_powers(store: Store, game_id: int, phase_id: int) -> set[str]:
    """The powers ready in a phase."""
    filed = await store.ready_powers(phase_id)
    return agreed(filed, await member_numbers(store, game_id))


async def waiting_for(store: Store, game_id: int, phase_id: int, power: str) -> list[str]:
    """The names of the members of ``power`` not yet ready (none outside `teams=all`)."""
    filed = await store.ready_powers(phase_id)
    return sorted(
        p.display_name
        for p in await store.players_of(game_id)
        if p.power == power and member_power(power, p.id) not in filed
    )


def voting_powers(
    votes: Sequence[Vote], members: dict[str, frozenset[int]], phase_name: str, kind: VoteKind
) -> set[str]:
    """The powers voting ``kind`` in a phase: a team's vote counts once every member cast it."""
    filed = {v.power for v in votes if v.phase_name == phase_name and v.kind == kind}
    return agreed(filed, members)


async def not_voted(
    store: Store, game_id: int, phase_name: str, power: str, kind: VoteKind
) -> list[str]:
    """The names of the members of ``power`` who have not cast ``kind`` in a phase."""
    cast = {v.power for v in await store.votes_of(game_id, phase_name) if v.kind == kind}
    return sorted(
        p.display_name
        for p in await store.players_of(game_id)
        if p.power == power and member_power(power, p.id) not in cast
    )
