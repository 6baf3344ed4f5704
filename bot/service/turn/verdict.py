"""One phase judged: the orders that count, the adjudication, the votes and whether the game
ends. Reads the store, writes nothing; the adjudicator has the adjudication done (in a worker
process, see `resolving.py`) and records what this decides."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from sqlalchemy import inspect

from bot.service.options.fewer_players import seats_of
from bot.service.options.game_options import GameOptions
from bot.service.stored_orders import members_among, read_orders
from bot.service.team_votes import numbers_by_power, voting_powers
from bot.service.turn.endings import Ending, by_votes, winners
from bot.store import Game, OrderKind, Phase, PowerStatus, Store, Vote, VoteKind
from engine import Order, Position, Resolution, format_order

PLAYING = PowerStatus.PLAYING


@dataclass(frozen=True, slots=True)
class Verdict:
    before: Position
    orders: Mapping[str, Sequence[Order]]
    resolution: Resolution
    # The power statuses when the phase was judged (a rollback restores them).
    statuses: Mapping[str, PowerStatus]
    # Powers whose players could order and vote in the phase.
    playing: frozenset[str]
    # Powers nobody ordered: their dislodged units were disbanded with no retreat.
    disorder: frozenset[str]
    # power -> "draw" or "surrender", as the results report them.
    votes: Mapping[str, str]
    surrendered: frozenset[str]
    ending: Ending | None

    @property
    def after(self) -> Position:
        return self.resolution.position

    def to_json(self) -> dict[str, Any]:
        """What the phase row keeps besides the results: the orders that were adjudicated and
        the position they led to (history and the game record read them back), and the
        statuses and votes of the moment."""
        return {
            "orders": {p: [format_order(o) for o in os] for p, os in self.orders.items()},
            "after": self.after.to_json(),
            "statuses": {p: str(s) for p, s in self.statuses.items()},
            "disorder": sorted(self.disorder),
            "votes": dict(self.votes),
        }


@dataclass(frozen=True, slots=True)
class Judging:
    """What a phase is judged on, read from the store. ``seen`` is every value it was read
    from: work done on one reading (the adjudication and its map, in a worker process) counts
    for another only when their ``seen`` are equal."""

    before: Position
    orders: Mapping[str, Sequence[Order]]
    statuses: Mapping[str, PowerStatus]
    playing: frozenset[str]
    disorder: frozenset[str]
    cast: Sequence[Vote]
    members: dict[str, frozenset[int]]
    # the powers playing that a computer commands
    computers: frozenset[str]
    seen: tuple[Any, ...]


async def read_judging(
    store: Store, game: Game, phase: Phase, *, unless: Judging | None = None
) -> Judging:
    """The phase as it is judged now; ``unless`` an earlier reading that reads the same, which
    is returned as it is (its orders are not read into the engine again)."""
    statuses = await store.power_statuses(game.id)
    rows = await store.orders_of_phase(phase.id, kind=OrderKind.ORDER)
    players = await store.players_of(game.id)
    cast = await store.votes_of(game.id, phase.name)
    computers = await store.computer_powers(game.id)
    seen = (
        phase.position,
        game.settings,
        statuses,
        sorted(computers),
        [_values(r) for r in rows],
        [_values(p) for p in players],
        [_values(v) for v in cast],
    )
    if unless is not None and unless.seen == seen:
        return unless
    # the seats as the roster stands now: a replacement may have split a player's powers
    before = replace(Position.from_json(phase.position), seats=seats_of(game.settings))
    playing = frozenset(
        p
        for p in before.variant.powers
        if statuses.get(p, PowerStatus.PLAYING) == PowerStatus.PLAYING
    )
    # A power that fell into civil disorder during the phase: its units hold, whatever its
    # last player had ordered.
    counted = [r for r in rows if r.power in playing]
    orders = read_orders(before, counted, members_among(players))
    return Judging(
        before=before,
        orders=orders,
        statuses=statuses,
        playing=playing,
        # nobody orders the rest (unplayed, left, removed, surrendered): they retreat nowhere
        disorder=frozenset(before.variant.powers) - playing,
        cast=cast,
        members=numbers_by_power(players),
        computers=frozenset(computers) & playing,
        seen=seen,
    )


def conclude(
    judging: Judging, resolution: Resolution, game: Game, phase: Phase, now: datetime
) -> Verdict:
    """The verdict on a phase adjudicated as ``resolution``: its votes and whether the game
    ends."""
    playing = judging.playing
    cast, members = judging.cast, judging.members
    humans = playing - judging.computers
    surrender = voting_powers(cast, members, phase.name, VoteKind.SURRENDER) & humans
    draw = voting_powers(cast, members, phase.name, VoteKind.DRAW) & humans
    # A computer never asks for a draw: it joins one only when every person still playing
    # votes for it, so the people decide whether the game ends.
    if humans and draw == humans:
        draw |= judging.computers
    votes = dict.fromkeys(draw, "draw") | dict.fromkeys(surrender, "surrender")
    ending: Ending | None = None
    if resolution.winners:
        ending = Ending("solo", resolution.winners)
    else:
        ending = by_votes(resolution.position, playing, draw, surrender)
    rule = GameOptions.of_game(game).end
    if ending is None and rule is not None and rule.reached(resolution.position, now):
        ending = winners(rule, resolution.position, playing - surrender)
    return Verdict(
        before=judging.before,
        orders=judging.orders,
        resolution=resolution,
        statuses=dict(judging.statuses),
        playing=playing,
        disorder=judging.disorder,
        votes=votes,
        surrendered=frozenset(surrender),
        ending=ending,
    )


def _values(row: object) -> tuple[Any, ...]:
    """A stored row's column values, to compare two readings of it."""
    mapper = inspect(row).mapper
    return tuple(getattr(row, column.key) for column in mapper.column_attrs)
