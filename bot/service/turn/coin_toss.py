"""The UK rule book's World War I game for two players (variant ``ww1``, III.2): two seats
drawn by lot, and the coin that decides which side neutral Italy joins.

"The two player game begins in 1914. At the outset Italy is neutral ... toss a coin; Italy
joins the winner in Spring 1915." The engine keeps Italy neutral and knows nothing of chance;
here the coin is tossed (with the game's own seed, so a retried adjudication tosses the same)
as the last phase before the Winter adjustments of its last neutral year resolves, the result
is announced and kept in the game's settings, and from the next Spring the neutral power joins
the winner's seat: another power of that player, commanded as a separate state.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime

from bot.service.effects import Line, Message, Section
from bot.service.options.fewer_players import (
    Seats,
    Setup,
    blocs_of,
    seats_of,
)
from bot.service.outbox import queue
from bot.service.roster import game_seed, in_several_games, players_by_power
from bot.service.turn import opening
from bot.service.words import notices
from bot.service.words.labels import phase_label, power_names
from bot.store import Game, Phase, PowerStatus, Store
from engine import Neutral, Position, Season, Variant, join_seat

JOINED = queue.About("the news that a neutral power has joined your side, with its units")


def setup_for(variant: Variant) -> Setup | None:
    """The seats a variant is always played in (its rules' sides, one player each, drawn by
    lot at start), if it has fixed ones."""
    sides = variant.rules.sides
    return Setup(len(sides), 1, sides) if sides else None


def _tossed(game: Game) -> dict[str, str]:
    """neutral power -> the lead power of the seat that won its toss."""
    stored = game.settings.get("coin")
    return {str(k): str(v) for k, v in stored.items()} if isinstance(stored, Mapping) else {}


def _toss_due(neutral: Neutral, position: Position) -> bool:
    """Whether the adjudication that led here was the last before the Winter adjustments of the
    neutral's last year (or before the next Spring, when that Winter has nothing to do)."""
    year, season = position.phase.year, position.phase.season
    return year > neutral.until or (year == neutral.until and season is Season.WINTER)


def toss(game: Game, power: str, seats: Seats) -> tuple[bool, tuple[str, ...]]:
    """A fair coin for ``power`` between two seats: (heads, the winning seat). The same game
    always tosses the same."""
    first, second = sorted(seats)[:2]
    heads = random.Random(f"{game_seed(game)}:coin:{power}").random() < 0.5
    return heads, first if heads else second


News = list[tuple[str, Message]]


async def settle(store: Store, game: Game, after: Position, key: str) -> tuple[Position, News]:
    """Toss the coin when it is due, and make a neutral power whose neutrality is over join
    the seat that won: the position to open next, and the news for the channel (outbox key,
    message), to post after the results that bring it (:func:`announce`)."""
    variant = after.variant
    news: News = []
    for neutral in variant.rules.neutral:
        if neutral.power not in after.neutral or not _toss_due(neutral, after):
            continue
        tossed = _tossed(game)
        seats = seats_of(game.settings)
        if neutral.power not in tossed and len(seats) >= 2:
            heads, seat = toss(game, neutral.power, seats)
            tossed[neutral.power] = seat[0]
            game.settings = {**game.settings, "coin": tossed}
            news.append(
                (f"{key}:coin:{neutral.power}", _toss_message(game, variant, neutral, heads, seat))
            )
        lead = tossed.get(neutral.power)
        if lead is None or after.phase.year <= neutral.until:
            continue
        after = join_seat(after, neutral.power, lead)
        blocs = blocs_of(game.settings) | {neutral.power: lead}
        game.settings = {**game.settings, "blocs": blocs}
        await store.set_power_status(
            game.id, neutral.power, PowerStatus.PLAYING, phase_name=str(after.phase)
        )
        name = variant.power_info[neutral.power].name
        seat = next(s for s in after.seats if neutral.power in s)
        side = power_names(variant, [p for p in seat if p != neutral.power])
        since = phase_label(str(after.phase))
        joins = Line(f"{name} is neutral no more: from {since} it plays for {side}.")
        title = f"{game.name}: {name} joins the war"
        news.append((f"{key}:joined:{neutral.power}", Message(title, (Section(None, (joins,)),))))
    return after, news


async def announce(store: Store, game: Game, news: News) -> None:
    """Post the news :func:`settle` brought, in the order it came."""
    for key, message in news:
        await queue.to_channel(store, game, key, message)


def _toss_message(
    game: Game, variant: Variant, neutral: Neutral, heads: bool, seat: Sequence[str]
) -> Message:
    name = variant.power_info[neutral.power].name
    side = power_names(variant, seat)
    return Message(
        title=f"{game.name}: the coin for {name}",
        sections=(
            Section(
                None,
                (
                    Line(
                        f"Before the Winter {neutral.until} adjustments the coin is tossed: "
                        f"{'heads' if heads else 'tails'}. {name} joins {side} in Spring "
                        f"{neutral.until + 1}, as a power of its own."
                    ),
                    Line(f"Until then {name} stays neutral and makes no adjustments."),
                ),
            ),
        ),
    )


async def welcome_joined(
    store: Store,
    game: Game,
    before: Position,
    after: Position,
    phase: Phase,
    zone: str,
    now: datetime,
    key: str,
) -> None:
    """Tell the player of each seat a neutral power has just joined what they now command."""
    joined = sorted(before.neutral - after.neutral)
    deadline = opening.deadline(phase, zone, now)
    if not joined or deadline is None:
        return
    by_power = await players_by_power(store, game)
    for power in joined:
        name = after.variant.power_info[power].name
        news = Section(None, (Line(f"{name} has joined your side: you command it too from now."),))
        for user_id in by_power.get(power, ()):
            several = await in_several_games(store, game, user_id)
            message = notices.welcome(game.name, after, power, deadline, several_games=several)
            message = replace(message, sections=(news, *message.sections))
            await queue.to_user(
                store, game, user_id, f"{key}:joined:{power}:{user_id}", message, about=JOINED
            )
