"""One phase judged: the orders that count, the adjudication, the votes and whether the game
ends. Reads the store, writes nothing; the adjudicator records what this decides."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from bot.service.options.fewer_players import seats_of
from bot.service.options.game_options import GameOptions
from bot.service.stored_orders import members_by_power, read_orders
from bot.service.team_votes import member_numbers, voting_powers
from bot.service.turn.endings import Ending, by_votes, winners
from bot.store import Game, OrderKind, Phase, PowerStatus, Store, VoteKind
from engine import Order, Position, Resolution, adjudicate, format_order

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


async def judge(store: Store, game: Game, phase: Phase, now: datetime) -> Verdict:
    # the seats as the roster stands now: a replacement may have split a player's powers
    before = replace(Position.from_json(phase.position), seats=seats_of(game.settings))
    statuses = await store.power_statuses(game.id)
    playing = frozenset(
        p
        for p in before.variant.powers
        if statuses.get(p, PowerStatus.PLAYING) == PowerStatus.PLAYING
    )
    # A power that fell into civil disorder during the phase: its units hold, whatever its
    # last player had ordered.
    rows = [
        r for r in await store.orders_of_phase(phase.id, kind=OrderKind.ORDER) if r.power in playing
    ]
    orders = read_orders(before, rows, await members_by_power(store, game.id))
    # nobody orders the rest (unplayed, left, removed, surrendered): they retreat nowhere
    disorder = frozenset(before.variant.powers) - playing
    resolution = adjudicate(before, orders, disorder=disorder)
    cast = await store.votes_of(game.id, phase.name)
    members = await member_numbers(store, game.id)
    computers = await store.computer_powers(game.id) & playing
    humans = playing - computers
    surrender = voting_powers(cast, members, phase.name, VoteKind.SURRENDER) & humans
    draw = voting_powers(cast, members, phase.name, VoteKind.DRAW) & humans
    # A computer never asks for a draw: it joins one only when every person still playing
    # votes for it, so the people decide whether the game ends.
    if humans and draw == humans:
        draw |= computers
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
        before=before,
        orders=orders,
        resolution=resolution,
        statuses=dict(statuses),
        playing=playing,
        disorder=disorder,
        votes=votes,
        surrendered=frozenset(surrender),
        ending=ending,
    )
