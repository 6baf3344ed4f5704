"""What players feel at a deadline: many people ordering at once while a deadline storm runs
in the same bot, on SQLite and (given a server) on PostgreSQL.

One bot process, as `dipgm run` is one: its event loop serves the commands, its alarm clock
runs the deadline (with its worker processes adjudicating and drawing) and its outbox pump
delivers. ``--storm`` games (computer players in half of them, which give their orders as
the next phase opens) are due at once; the alarm clock runs at their deadline and, at the
same moment, ``--users`` players of ``--games`` other games each send ``--commands``
`order` DMs one after the other. Reports each command's time until its reply is back (and
how much of it went waiting for a connection, how much in its transaction), and
checks after each run that nothing was lost and every phase was adjudicated and announced
exactly once.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import os
import pstats
import random
import statistics
import tempfile
import time
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import func, select

from bot.frontends.console import ScriptClock
from bot.scheduler import AlarmClock
from bot.service import GameService
from bot.store import (
    Game,
    OutboxMessage,
    OutboxStatus,
    Phase,
    PhaseStatus,
    create_engine,
    create_sessionmaker,
    kept_connections,
    migrate,
)
from bot.store import Order as OrderRow
from bot.workers import worker_count, worker_processes
from engine import Order, format_order
from tools.bench_service import (
    OPTIONS,
    POSTGRES_ENV,
    SEATS,
    Bench,
    Deliverer,
    adjudications_by_game,
    checkpoint,
    choices,
    form_game,
    open_deadline_bench,
    postgres_database,
    settle_outbox,
    store_orders,
    units_of,
)
from tools.bench_table import record

# The reply a player reads, at the 99th percentile, by database.
TARGETS = {"SQLite": 2.0, "PostgreSQL": 1.0}
# Players of a game with computers; the computers take the other seats.
WITH_COMPUTERS = 3
# The ordering games are formed this long after the storm's: their deadline is later.
LATER = timedelta(hours=1)
PROFILE_LINES = 45


@dataclass(frozen=True)
class Plan:
    """What was set up: the storm's games, what each player sends, and the orders that must
    be stored at the end (game and power -> unit -> order)."""

    storm: list[str]
    sends: dict[str, list[str]]
    expected: dict[tuple[str, str], str]
    alarm_at: datetime


@dataclass
class Queueing:
    """Where a command's time went: waiting for its turn at one of the connections the
    commands take (`bot/service/turns.py`), then holding it for its transaction."""

    waited: list[float] = field(default_factory=list)
    held: list[float] = field(default_factory=list)

    def watch(self, turns: Any) -> None:
        """Time ``turns``' (the service's `Turns`) commands from now on."""
        command = turns.command

        @contextlib.asynccontextmanager
        async def timed() -> AsyncIterator[None]:
            asked = time.perf_counter()
            async with command():
                began = time.perf_counter()
                self.waited.append(began - asked)
                try:
                    yield
                finally:
                    self.held.append(time.perf_counter() - began)

        turns.command = timed


@dataclass(frozen=True)
class StormRun:
    latencies: list[float]
    # seconds from the start until the orders' last reply, and until the storm's end
    orders_wall: float
    storm_wall: float
    # commands answered while the storm ran
    during: int
    # the event loop's processor seconds
    loop_cpu: float
    results: dict[str, list[float]]
    again: int
    queueing: Queueing
    connections: int


def seats(users: int, games: int) -> list[int]:
    base, extra = divmod(users, games)
    return [base + (1 if g < extra else 0) for g in range(games)]


async def set_up(url: str, folder: Path, args: argparse.Namespace) -> Plan:
    """The storm's games with every player's orders in (computers ordering by themselves),
    then the ordering games an hour later, each player's `order` DMs planned."""
    rng = random.Random(args.seed)
    legal = choices()
    bench = await open_deadline_bench(url, folder)
    try:
        storm = [f"s{g:04d}" for g in range(args.storm)]
        for g, name in enumerate(storm):
            computers = g % 2 == 0
            players = [f"{name}-p{i}" for i in range(WITH_COMPUTERS if computers else SEATS)]
            options = OPTIONS + (" bots=all" if computers else "")
            game_id, powers = await form_game(bench, name, players, options)
            orders = {
                user: [rng.choice(legal[unit]) for unit in units_of(power)]
                for user, power in powers.items()
            }
            await store_orders(bench, game_id, powers, orders)
        bench.clock.now += LATER
        sends, expected = await _ordering_games(bench, args, rng, legal)
        await settle_outbox(bench)
        deadline = await _storm_deadline(bench, storm)
    finally:
        await bench.engine.dispose()
    return Plan(storm, sends, expected, deadline.replace(second=0) + timedelta(minutes=1))


async def _ordering_games(
    bench: Bench, args: argparse.Namespace, rng: random.Random, legal: Mapping[str, list[Order]]
) -> tuple[dict[str, list[str]], dict[tuple[str, str], str]]:
    sends: dict[str, list[str]] = {}
    expected: dict[tuple[str, str], str] = {}
    for g, size in enumerate(seats(args.users, args.games)):
        name = f"o{g:04d}"
        _, powers = await form_game(bench, name, [f"{name}-p{i}" for i in range(size)])
        for user, power in powers.items():
            units = units_of(power)
            plan = []
            for c in range(args.commands):
                # a player orders unit by unit, and changes their mind about some
                unit = units[c % len(units)]
                choice = format_order(rng.choice(legal[unit]))
                plan.append(f"order {choice}")
                expected[(f"{power}@{name}", unit)] = choice
            sends[user] = plan
    return sends, expected


async def _storm_deadline(bench: Bench, storm: Sequence[str]) -> datetime:
    async with bench.sessions() as session:
        deadlines = set(
            await session.scalars(
                select(Phase.deadline)
                .join(Game, Game.id == Phase.game_id)
                .where(Phase.status == PhaseStatus.OPEN, Game.name.in_(storm))
            )
        )
    deadline = deadlines.pop() if len(deadlines) == 1 else None
    if deadline is None:
        raise RuntimeError(f"expected one shared deadline, found {deadlines}")
    return deadline if deadline.tzinfo is not None else deadline.replace(tzinfo=UTC)


def _warm() -> int:
    import bot.service  # noqa: F401

    return os.getpid()


async def measure(
    url: str,
    folder: Path,
    plan: Plan,
    processes: int,
    *,
    profiled: bool = False,
    profiled_to: str | None = None,
) -> StormRun:
    """The storm and the orders at once, in one bot process with its worker processes."""
    engine = create_engine(url)
    try:
        with worker_processes(processes) as workers:
            # both pools started, as in a bot that has run a while
            for pool in (workers.pool, workers.for_computers().pool):
                for pid in [pool.submit(_warm) for _ in range(workers.count)]:
                    pid.result()
            clock = ScriptClock(plan.alarm_at)
            sessions = create_sessionmaker(engine)
            service = GameService(sessions, clock=clock, workers=workers)
            queueing = Queueing()
            # the service's own line of commands, timed where they wait
            queueing.watch(service._turns)
            front = Deliverer(service, folder / "maps")
            alarm = AlarmClock(service, sweep_seconds=60, now=clock)
            # as the app wires it: every command that may move a deadline re-arms the clock
            service.on_change(alarm.rearm)
            bench = Bench(engine, create_sessionmaker(engine), clock, service, front, alarm)
            stop = asyncio.Event()
            pumping = asyncio.create_task(front.pump.run(stop))
            await front.pump.settled()
            run = await _storm_and_orders(bench, plan, profiled=profiled, profiled_to=profiled_to)
            await front.pump.settled()
            stop.set()
            await pumping
            again = await service.process_due()
    finally:
        await engine.dispose()
    if bench.failures:
        raise RuntimeError(f"commands refused: {dict(bench.failures)}")
    return replace(
        run,
        results=front.results,
        again=again,
        queueing=queueing,
        connections=kept_connections(sessions),
    )


async def _storm_and_orders(
    bench: Bench, plan: Plan, *, profiled: bool, profiled_to: str | None = None
) -> StormRun:
    latencies: list[float] = []
    storm_end: list[float] = []
    answered_during = 0

    async def storm() -> None:
        await bench.alarm.run()
        storm_end.append(time.perf_counter())

    async def player(user: str, texts: Sequence[str]) -> None:
        nonlocal answered_during
        for text in texts:
            began = time.perf_counter()
            await bench.say(user, text, None)
            latencies.append(time.perf_counter() - began)
            if not storm_end:
                answered_during += 1

    profile = cProfile.Profile() if profiled else None
    if profile is not None:
        profile.enable()
    start = time.perf_counter()
    loop_start = time.thread_time()
    storming = asyncio.create_task(storm())
    await asyncio.gather(*(player(u, texts) for u, texts in plan.sends.items()))
    orders_wall = time.perf_counter() - start
    await storming
    if profile is not None:
        profile.disable()
        if profiled_to:
            profile.dump_stats(profiled_to)
        pstats.Stats(profile).sort_stats("cumulative").print_stats(PROFILE_LINES)
    return StormRun(
        latencies=latencies,
        orders_wall=orders_wall,
        storm_wall=storm_end[0] - start,
        during=answered_during,
        loop_cpu=time.thread_time() - loop_start,
        results={},
        again=0,
        queueing=Queueing(),
        connections=0,
    )


async def check(url: str, plan: Plan, run: StormRun) -> int:
    """Every storm game adjudicated and announced exactly once, no other game touched, no
    order lost, nothing left undelivered; the orders stored."""
    engine = create_engine(url)
    try:
        async with create_sessionmaker(engine)() as session:
            adjudicated = await adjudications_by_game(session)
            rows = await session.execute(
                select(Game.name, OrderRow.power, OrderRow.canonical_text)
                .join(Phase, Phase.id == OrderRow.phase_id)
                .join(Game, Game.id == Phase.game_id)
                .where(Game.name.like("o%"), Phase.status == PhaseStatus.OPEN)
            )
            stored = {(f"{power}@{name}", text) for name, power, text in rows}
            unsent = await session.scalar(
                select(func.count())
                .select_from(OutboxMessage)
                .where(OutboxMessage.status != OutboxStatus.SENT)
            )
    finally:
        await engine.dispose()
    storm = set(plan.storm)
    not_once = [n for n in plan.storm if adjudicated[n] != 1]
    others = [n for n in adjudicated if n not in storm]
    announced = [n for n in plan.storm if len(run.results.get(n, [])) != 1]
    wanted = {(key[0], text) for key, text in plan.expected.items()}
    lost = wanted - stored
    if not_once or others or announced or lost or unsent or run.again:
        raise RuntimeError(
            f"not exactly once: adjudicated other than once {not_once[:5]}, games adjudicated "
            f"that were not due {others[:5]}, results announced other than once "
            f"{announced[:5]}, {len(lost)} orders lost, {unsent} messages not sent, a second "
            f"sweep did {run.again}"
        )
    return len(wanted)


def report(run: StormRun, plan: Plan, database: str, processes: int, kept: int) -> None:
    ordered = sorted(run.latencies)
    p99 = percentile(ordered)
    computers = (len(plan.storm) + 1) // 2
    print(
        f"storm on {database}: {len(plan.sends)} players send {len(ordered)} `order` DMs "
        f"while {len(plan.storm)} games ({computers} with computers) are adjudicated, "
        f"{worker_count(processes)} worker processes"
    )
    print(
        f"{'orders':<12} median {statistics.median(ordered):.3f} s  p99 {p99:.3f} s  "
        f"max {ordered[-1]:.3f} s  (orders done in {run.orders_wall:.1f} s, storm in "
        f"{run.storm_wall:.1f} s, {run.during} answered while it ran; event loop CPU "
        f"{run.loop_cpu:.1f} s; {kept} orders stored, each game announced once)"
    )
    waited, held = run.queueing.waited, run.queueing.held
    print(
        f"{'where':<12} waiting for a connection ({run.connections} for commands): median "
        f"{statistics.median(waited):.3f} s  p99 {percentile(waited):.3f} s; holding it: "
        f"median {statistics.median(held):.3f} s  p99 {percentile(held):.3f} s"
    )
    target = TARGETS[database]
    record(
        figure(len(plan.sends), len(plan.storm), database),
        f"{p99:.2f} s",
        f"< {target:.0f} s",
        p99 < target,
    )


def percentile(values: Sequence[float], share: float = 0.99) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def figure(users: int, storm: int, database: str) -> str:
    computers = (storm + 1) // 2
    return (
        f"storm: orders acknowledged, {users} players while {storm} games adjudicate "
        f"(computers in {computers}), p99, {database}"
    )


async def on(url: str, args: argparse.Namespace, database: str) -> None:
    with tempfile.TemporaryDirectory(prefix="dipgm-bench-") as folder:
        await migrate.upgrade(url)
        plan = await set_up(url, Path(folder), args)
        if database == "PostgreSQL":
            await checkpoint(url)
        run = await measure(
            url,
            Path(folder),
            plan,
            args.worker_processes,
            profiled=args.profile or bool(args.profile_file),
            profiled_to=args.profile_file,
        )
        kept = await check(url, plan, run)
        report(run, plan, database, args.worker_processes, kept)


async def run(args: argparse.Namespace) -> None:
    if args.database in (None, "sqlite"):
        with tempfile.TemporaryDirectory(prefix="dipgm-bench-") as folder:
            await on(f"sqlite+aiosqlite:///{Path(folder) / 'storm.sqlite3'}", args, "SQLite")
    if args.database == "sqlite":
        return
    server = args.postgres
    if not server:
        print(f"storm on PostgreSQL: not measured ({POSTGRES_ENV} is not set)")
        record(figure(args.users, args.storm, "PostgreSQL"), "not measured", "< 1 s", False)
        return
    async with postgres_database(server) as url:
        await on(url, args, "PostgreSQL")


def main(argv: Sequence[str] | None = None) -> None:
    asyncio.run(run(parser().parse_args(argv)))


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--storm", type=int, default=30, help="games due at once")
    parser.add_argument("--users", type=int, default=200, help="players ordering at once")
    parser.add_argument("--games", type=int, default=30, help="games the players are in")
    parser.add_argument("--commands", type=int, default=4, help="`order` DMs per player")
    parser.add_argument(
        "--worker-processes",
        type=int,
        default=0,
        help="the bot's worker processes (WORKER_PROCESSES; 0: one per processor)",
    )
    parser.add_argument(
        "--postgres",
        default=os.environ.get(POSTGRES_ENV),
        help=f"a PostgreSQL server where databases may be created (default ${POSTGRES_ENV})",
    )
    parser.add_argument(
        "--database", choices=("sqlite", "postgresql"), help="measure on this one only"
    )
    parser.add_argument(
        "--profile", action="store_true", help="cProfile the event loop (top entries)"
    )
    parser.add_argument("--profile-file", help="also keep the event loop's profile in this file")
    parser.add_argument("--seed", type=int, default=1901)
    return parser


if __name__ == "__main__":
    main()
