"""Missed orders at a movement deadline, handled by the game's policy (see
:mod:`bot.service.options.missed_orders_rule`): counted always; excused by moving the
deadline, warned by DM, or punished with civil disorder and a call for a replacement.

A power has missed when it plays, has units to order, gave no order at all (not even a
conditional retreat or adjustment) and did not say `ready` (ready with no orders means "all
hold", which is a choice). A player of several powers who ordered any of them has not missed.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime

from bot.service.effects import Line, Message, Section
from bot.service.options.fewer_players import commanded, lead_of
from bot.service.options.game_options import GameOptions
from bot.service.options.missed_orders_rule import NmrMode, NmrPolicy
from bot.service.outbox import queue
from bot.service.roster import computer_takes_over, replacement_wanted, users_of, vacate
from bot.service.schedule import describe_duration
from bot.service.season import ADVERTISED, advertise_seats
from bot.service.team_votes import ready_powers
from bot.service.turn import opening
from bot.service.words.english import and_list
from bot.service.words.labels import phase_label, power_name
from bot.store import Game, MissedOrders, Phase, PowerStatus, Store
from engine import Phase as EnginePhase
from engine import PhaseKind, Position, still_to_order


@dataclass(frozen=True, slots=True)
class Notice:
    """A message to queue once the phase's results are out: to the channel (no user) or to
    one player."""

    key: str
    message: Message
    user_id: str | None = None


async def missing_powers(
    store: Store, game: Game, phase: Phase, position: Position, playing: Collection[str]
) -> list[str]:
    """The powers among ``playing`` that sent nothing for a movement phase."""
    if position.phase.kind is not PhaseKind.MOVEMENT:
        return []
    # Conditional retreats and adjustments are orders too (the errata: submitted "with their
    # Fall orders"): a power that sent only those has not abandoned the game.
    ordered = {r.power for r in await store.orders_of_phase(phase.id)}
    ready = await ready_powers(store, game.id, phase.id)
    # A player of several powers (the rule book's games for fewer than seven) who ordered
    # one of them is there: the others' units hold, but nobody has abandoned the game.
    present = {lead_of(game.settings, p) for p in ordered | ready}
    return [
        p
        for p in position.variant.powers
        if p in playing
        and lead_of(game.settings, p) not in present
        and still_to_order(position, p, ())
    ]


async def _misses_since_taken(store: Store, game: Game, power: str) -> list[MissedOrders]:
    """The power's misses since its present player took it over."""
    since = await store.power_since(game.id, power)
    rows = await store.misses_of(game.id, power)
    if since is None:
        return rows
    start = EnginePhase.parse(since).sort_key
    return [r for r in rows if EnginePhase.parse(r.phase_name).sort_key >= start]


async def playing_powers(store: Store, game: Game, position: Position) -> list[str]:
    statuses = await store.power_statuses(game.id)
    return [
        p
        for p in position.variant.powers
        if statuses.get(p, PowerStatus.PLAYING) == PowerStatus.PLAYING
    ]


async def excuse(store: Store, game: Game, phase: Phase, now: datetime) -> bool:
    """At a movement deadline under ``nmr=excuse``: if a power that missed has an excuse left
    (one per phase), move the deadline for everyone and say so; True if it was moved."""
    options = GameOptions.of_game(game)
    policy = options.nmr
    if policy.mode is not NmrMode.EXCUSE or phase.deadline is None:
        return False
    position = Position.from_json(phase.position)
    playing = await playing_powers(store, game, position)
    excused: list[tuple[str, int]] = []
    for power in await missing_powers(store, game, phase, position, playing):
        misses = await _misses_since_taken(store, game, power)
        if any(m.phase_name == phase.name for m in misses):
            continue
        used = sum(m.excused for m in misses)
        if used < (policy.limit or 0):
            excused.append((power, used + 1))
    if not excused:
        return False
    for power, _ in excused:
        await store.record_miss(game.id, power, phase.name, excused=True)
    close = phase.orders_close_at or phase.deadline
    phase.deadline = phase.deadline + policy.extension
    phase.orders_close_at = min(phase.deadline, max(close, now) + policy.extension)
    await _announce_excuse(store, game, phase, position, policy, excused, now)
    return True


async def _announce_excuse(
    store: Store,
    game: Game,
    phase: Phase,
    position: Position,
    policy: NmrPolicy,
    excused: Sequence[tuple[str, int]],
    now: datetime,
) -> None:
    zone = GameOptions.of_game(game).schedule.zone
    label = phase_label(phase.name)
    by = describe_duration(policy.extension)
    names = ", ".join(power_name(position, p) for p, _ in excused)
    lines = [
        Line(f"No orders yet from {names} for {label}: the deadline moves {by} for everyone."),
        *(
            Line(f"{power_name(position, p)}: excused miss {n} of {policy.limit}.")
            for p, n in excused
        ),
    ]
    message = Message(
        title=f"{game.name}: deadline extended — orders missing",
        sections=(Section(None, tuple(lines)),),
        deadline=opening.deadline(phase, zone, now),
    )
    key = f"game:{game.id}:phase:{phase.id}:excuse:{phase.version}"
    await queue.to_channel(store, game, key, message)
    for power, n in excused:
        last = n >= (policy.limit or 0)
        then = (
            f"next time {power_name(position, power)} falls into civil disorder and you are "
            "replaced."
            if last
            else "please send your orders."
        )
        note = Message(
            title=f"{game.name}: your orders for {label} are missing",
            sections=(
                Section(
                    None,
                    (
                        Line(
                            f"The deadline moved {by} for everyone this time ({n} of "
                            f"{policy.limit} excused); {then}"
                        ),
                    ),
                ),
            ),
            deadline=opening.deadline(phase, zone, now),
        )
        for user_id in await users_of(store, game, power):
            await queue.to_user(store, game, user_id, f"{key}:{power}:{user_id}", note)


async def count_misses(
    store: Store,
    game: Game,
    phase: Phase,
    position: Position,
    playing: Collection[str],
    key: str,
    now: datetime,
) -> list[Notice]:
    """After a movement phase is adjudicated at or after its deadline: count each power's
    miss and apply the policy (a game master adjudicating early makes nobody miss).
    Returns the warnings and announcements to queue after the results."""
    due = phase.orders_close_at or phase.deadline
    if due is None or now < due:
        return []
    options = GameOptions.of_game(game)
    notices: list[Notice] = []
    gone: set[str] = set()
    for power in await missing_powers(store, game, phase, position, playing):
        await store.record_miss(game.id, power, phase.name, excused=False)
        if power in gone:
            continue
        misses = await _misses_since_taken(store, game, power)
        missed = sum(not m.excused for m in misses)
        if _civil_disorder(options.nmr, missed):
            fallen = commanded(game.settings, lead_of(game.settings, power))
            gone.update(fallen)
            notices.extend(
                await _fall(store, game, phase, position, power, fallen, len(misses), key)
            )
        elif options.nmr.mode is NmrMode.WARN:
            notices.extend(await _warn(store, game, phase, position, power, missed, key))
    return notices


async def _fall(
    store: Store,
    game: Game,
    phase: Phase,
    position: Position,
    power: str,
    fallen: Sequence[str],
    count: int,
    key: str,
) -> list[Notice]:
    """Civil disorder for a power that missed, with any other power of its player."""
    name = power_name(position, power)
    label = phase_label(phase.name)
    users = await users_of(store, game, power)
    removed = await vacate(store, game, power, phase.name)
    names = and_list([power_name(position, p) for p in fallen])
    verb = "is" if len(fallen) == 1 else "are"
    # the next phase opens after this: the computer gives its orders then
    by_computer = await computer_takes_over(store, game, fallen, phase.name)
    anonymous = GameOptions.of_game(game).anonymous
    who = (
        "its player is removed"
        if anonymous or not removed
        else f"{', '.join(p.display_name for p in removed)} is removed"
    )
    state = (
        f"a computer plays {names} until a new player takes over"
        if by_computer
        else f"{names} {verb} in civil disorder; its units hold"
    )
    text = f"{name} sent no orders for {label} ({_times(count)}): {who}, and {state}."
    wanted = [replacement_wanted(power_name(position, p), p) for p in fallen]
    why = "played by a computer" if by_computer else "in civil disorder"
    if await advertise_seats(store, game, position, fallen, why, f"{key}:lobby"):
        wanted.append(ADVERTISED)
    notices = [
        Notice(
            f"{key}:nmr:{power}",
            _message(
                f"{game.name}: {names} {verb} played by a computer"
                if by_computer
                else f"{game.name}: {names} {verb} in civil disorder",
                text,
                *wanted,
            ),
        )
    ]
    for user_id in users:
        notices.append(
            Notice(
                f"{key}:nmr:{power}:{user_id}",
                _message(
                    f"{game.name}: you were removed",
                    f"{name} sent no orders for {label}, so you no longer play in "
                    f"{game.name}; "
                    + (
                        f"a computer plays {names} now."
                        if by_computer
                        else f"{names} {verb} in civil disorder."
                    ),
                ),
                user_id,
            )
        )
    return notices


async def _warn(
    store: Store,
    game: Game,
    phase: Phase,
    position: Position,
    power: str,
    missed: int,
    key: str,
) -> list[Notice]:
    name = power_name(position, power)
    text = f"{name} sent no orders for {phase_label(phase.name)}: its units held."
    limit = GameOptions.of_game(game).nmr.civil_disorder_after()
    if limit is not None:
        text += (
            f" Missed deadlines: {missed}; at {limit} {name} falls into civil disorder "
            "and you are replaced."
        )
    return [
        Notice(
            f"{key}:nmr:{power}:{user_id}",
            _message(f"{game.name}: no orders from {name}", text),
            user_id,
        )
        for user_id in await users_of(store, game, power)
    ]


def _civil_disorder(policy: NmrPolicy, missed: int) -> bool:
    if policy.mode is NmrMode.EXCUSE:
        return missed >= 1
    limit = policy.civil_disorder_after()
    return limit is not None and missed >= limit


def _times(n: int) -> str:
    return "its first missed deadline" if n == 1 else f"{n} missed deadlines"


def _message(title: str, *lines: str) -> Message:
    return Message(title=title, sections=(Section(None, tuple(Line(t) for t in lines)),))


async def send(store: Store, game: Game, notices: Sequence[Notice]) -> None:
    for notice in notices:
        if notice.user_id is None:
            await queue.to_channel(store, game, notice.key, notice.message)
        else:
            await queue.to_user(store, game, notice.user_id, notice.key, notice.message)
