"""The game service benchmark, on an embedded SQLite file migrated as the app does it, through
the entry points the front ends and the alarm clock call, on a fake clock.

- deadline: many games (seven players each) with orders in and one shared deadline; the alarm
  clock of a worker (a bot process of its own, with its worker processes) runs at it
  (process_due) while the console's outbox pump delivers what it queues. Reports the time
  from the deadline until each game's results map is delivered, and games per second: on
  SQLite, then on PostgreSQL (given a server) with one worker and with two at once, each on
  a copy of the same games: sharing this machine, then each worker confined to a core of its
  own (a core standing for a machine, as when a community adds a machine and a worker).
- orders: users of several games each send a few `order ...` DMs, all users at once; reports
  the latency of each command (until its reply is back) and the throughput, on SQLite and, when
  DIPGM_TEST_POSTGRES_URL names a server (`tools/pg.sh run -- ...`), on PostgreSQL in a
  database of its own.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import io
import multiprocessing
import os
import pstats
import random
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Event as EventType
from pathlib import Path
from uuid import uuid4

from sqlalchemy import func, select, update
from sqlalchemy import text as sql
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker
from sqlalchemy.pool import NullPool

from bot.frontends.console import Console, ScriptClock
from bot.scheduler import AlarmClock
from bot.service import (
    OUR_FAULT,
    TOO_LATE,
    Actor,
    GameService,
    Image,
    Message,
    Place,
    Reply,
    Request,
    order_key,
)
from bot.store import (
    Game,
    OutboxMessage,
    OutboxStatus,
    Phase,
    PhaseStatus,
    Store,
    create_engine,
    create_sessionmaker,
    migrate,
)
from bot.store import Order as OrderRow
from bot.workers import worker_count, worker_processes
from engine import Order, Position, format_order, legal_orders, load_variant
from tools.bench_table import record

START = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
PLATFORM = "console"
WORKSPACE = "local"
# Fixed movement phases, and nothing else due before the deadline: no reminders, and no
# early adjudication when everyone is ready.
OPTIONS = "schedule=48h/2h/2h reminders=off ready_early=off"
SEATS = 7
PROFILE_LINES = 25
# The server `tools/pg.sh run` starts, where databases may be created.
POSTGRES_ENV = "DIPGM_TEST_POSTGRES_URL"


class Deliverer(Console):
    """The console front end, noting when each game's results map went out."""

    def __init__(self, service: GameService, map_dir: Path) -> None:
        super().__init__(service, io.StringIO(), map_dir)
        self.shown = 0
        self.results: dict[str, list[float]] = {}

    def print_text(self, label: str, message: Message) -> None:
        super().print_text(label, message)
        self.shown += 1
        self._forget()

    def save_picture(self, label: str, image: Image, data: bytes | None) -> None:
        super().save_picture(label, image, data)
        if label.startswith("#") and data is not None:
            self.results.setdefault(label[1:], []).append(time.perf_counter())
        self._forget()

    def _forget(self) -> None:
        # The transcript is not read; keep memory flat over thousands of messages.
        self.out.seek(0)
        self.out.truncate()


@dataclass
class Bench:
    engine: AsyncEngine
    sessions: async_sessionmaker[AsyncSession]
    clock: ScriptClock
    service: GameService
    front: Deliverer
    alarm: AlarmClock
    failures: Counter[str] = field(default_factory=Counter)
    # Off while games are set up: re-arming reads every open phase, which would make the
    # setup quadratic in the number of games (the measured part always re-arms).
    rearming: bool = False

    async def say(self, user: str, text: str, channel: str | None) -> list[Reply]:
        actor = Actor(PLATFORM, WORKSPACE, user, user)
        replies = await self.service.handle(Request(actor, Place(channel, channel is None), text))
        for reply in replies:
            plain = reply.message.plain_text()
            if OUR_FAULT in plain or TOO_LATE in plain:
                self.failures[text.split(" ", 1)[0]] += 1
        return replies


async def open_bench(folder: Path, url: str | None = None) -> Bench:
    """The service on ``url`` (default: a SQLite file in ``folder``), migrated."""
    url = url or f"sqlite+aiosqlite:///{folder / 'bench.sqlite3'}"
    await migrate.upgrade(url)
    bench = await open_deadline_bench(url, folder)

    async def rearm() -> None:
        if bench.rearming:
            await bench.alarm.rearm()

    # As the app wires it: every command re-arms the alarm clock (the scheduler is not
    # started, so no job ever fires by itself).
    bench.service.on_change(rearm)
    return bench


def choices() -> dict[str, list[Order]]:
    """Every legal Spring 1901 order, by the province of the unit it is for."""
    position = Position.initial(load_variant())
    return {
        unit.location: legal_orders(position, unit.location) for _, unit in position.all_units()
    }


async def form_game(
    bench: Bench, name: str, players: Sequence[str], options: str = OPTIONS
) -> tuple[int, dict[str, str]]:
    """A started game in channel #name: its id, and user -> the power drawn for them."""
    gm = f"{name}-gm"
    await bench.say(gm, f"newgame {name} {options}", name)
    for user in players:
        await bench.say(user, "join", name)
    await bench.say(gm, "start", name)
    async with bench.sessions() as session:
        game_id = await session.scalar(select(Game.id).where(Game.name == name))
        if game_id is None:
            raise RuntimeError(f"game {name} was not created: {dict(bench.failures)}")
        members = await Store(session, bench.clock).players_of(game_id)
    return game_id, {m.user_id: str(m.power) for m in members}


async def settle_outbox(bench: Bench) -> None:
    """Count what the setup queued (joins, welcomes) as delivered long ago, in one go:
    delivering it through the front end would take longer than what is measured."""
    async with bench.sessions.begin() as session:
        await session.execute(
            update(OutboxMessage)
            .where(OutboxMessage.status == OutboxStatus.PENDING)
            .values(status=OutboxStatus.SENT, sent_at=bench.clock())
        )


async def store_orders(
    bench: Bench, game_id: int, powers: Mapping[str, str], orders: Mapping[str, Sequence[Order]]
) -> None:
    """The orders as the `order` command stores them (its own key for each), in one go: a
    DM each would cost the setup more than the whole deadline."""
    async with bench.sessions.begin() as session:
        store = Store(session, bench.clock)
        phase = await store.open_phase_of(game_id)
        if phase is None:
            raise RuntimeError(f"game {game_id} has no open phase")
        for user, given in orders.items():
            for order in given:
                text = format_order(order)
                await store.record_order(
                    phase.id,
                    powers[user],
                    order_key(order, ()),
                    text,
                    canonical_text=text,
                    submitted_by=user,
                )


def units_of(power: str) -> list[str]:
    position = Position.initial(load_variant())
    return [u.location for u in position.units[power]]


# Deadline ------------------------------------------------------------------------------------

# What each database is measured with: one worker, and on PostgreSQL two sharing the work.
DEADLINE_TARGET = 60.0
# Two workers count as sharing the work when they finish at least this much sooner than one.
SHARED_TARGET = 1.2


@dataclass(frozen=True)
class DeadlineRun:
    """One measured deadline: when each game's results map was delivered, seconds after the
    alarm clock started (every worker started together), and the messages shown."""

    backend: str
    workers: int
    latencies: dict[str, float]
    shown: int
    again: int
    # processor seconds the workers' own processes (event loops) used
    busy: float
    # each worker on a processor of its own
    own_cores: bool = False


async def open_deadline_bench(url: str, folder: Path) -> Bench:
    """A bench on ``url`` (already migrated) for setting the games up: no worker processes."""
    engine = create_engine(url)
    sessions = create_sessionmaker(engine)
    clock = ScriptClock(START)
    # The real renderer, at the app's default map size.
    service = GameService(sessions, clock=clock)
    front = Deliverer(service, folder / "maps")
    alarm = AlarmClock(service, sweep_seconds=60, now=clock)
    return Bench(engine, sessions, clock, service, front, alarm)


async def set_up_deadline(
    url: str, folder: Path, games: int, rng: random.Random, *, by_dm: bool
) -> tuple[list[str], datetime]:
    """``games`` started games with every unit ordered and one shared deadline: their names,
    and the moment the alarm clock runs (the deadline's minute passed)."""
    bench = await open_deadline_bench(url, folder)
    try:
        legal = choices()
        setup_start = time.perf_counter()
        names = [f"d{g:04d}" for g in range(games)]
        for name in names:
            game_id, powers = await form_game(bench, name, [f"{name}-p{i}" for i in range(SEATS)])
            orders = {
                user: [rng.choice(legal[unit]) for unit in units_of(power)]
                for user, power in powers.items()
            }
            if by_dm:
                for user, texts in orders.items():
                    await bench.say(user, "order " + "; ".join(map(format_order, texts)), None)
            else:
                await store_orders(bench, game_id, powers, orders)
        await settle_outbox(bench)
        setup = time.perf_counter() - setup_start
        # What every command pays in the app, where a change re-arms the alarm clock.
        began = time.perf_counter()
        await bench.service.next_wakeup()
        wakeup = time.perf_counter() - began
        async with bench.sessions() as session:
            deadlines = {
                d
                for d in await session.scalars(
                    select(Phase.deadline).where(Phase.status == PhaseStatus.OPEN)
                )
                if d is not None
            }
            stored = await session.scalar(select(func.count()).select_from(OrderRow))
    finally:
        await bench.engine.dispose()
    if len(deadlines) != 1:
        raise RuntimeError(f"expected one shared deadline, found {len(deadlines)}")
    deadline = deadlines.pop()
    if deadline.tzinfo is None:
        deadline = deadline.replace(tzinfo=UTC)
    print(
        f"service deadline: {games} games of {SEATS} on {backend_of(url)}, {stored} orders "
        f"(random legal Spring 1901), real renderer; setup {setup:.1f} s; "
        f"next_wakeup {wakeup * 1000:.0f} ms"
    )
    # The alarm fires once the deadline's minute has passed.
    return names, deadline.replace(second=0, microsecond=0) + timedelta(minutes=1)


def backend_of(url: str) -> str:
    return "SQLite" if url.startswith("sqlite") else "PostgreSQL"


def _warm() -> int:
    """A worker process's first job: it starts and imports what the deadline's jobs need
    before the clock starts, as a running bot's pool has long done."""
    import bot.service  # noqa: F401

    return os.getpid()


# What a worker reports: game -> when its results went out, messages shown, and what a
# second sweep at the end still found to do.
Outcome = tuple[dict[str, list[float]], int, int, float]


@dataclass(frozen=True)
class WorkerPlan:
    url: str
    folder: str
    alarm_at: datetime
    processes: int
    profiled: bool
    # The processor this worker and its worker processes are confined to (None: any).
    core: int | None = None


def deadline_worker(
    plan: WorkerPlan,
    ready: Queue[bool],
    go: EventType,
    results: Queue[Outcome],
) -> None:
    """One worker (a bot process of its own, with its own worker processes): when told to
    go, the alarm clock runs and the console's pump delivers what it queued."""
    asyncio.run(_deadline_worker(plan, ready, go, results))


async def _deadline_worker(
    plan: WorkerPlan,
    ready: Queue[bool],
    go: EventType,
    results: Queue[Outcome],
) -> None:
    if plan.core is not None:
        # Before the worker processes start: they inherit it.
        os.sched_setaffinity(0, {plan.core})
    engine = create_engine(plan.url)
    with contextlib.ExitStack() as stack:
        workers = None
        if plan.processes >= 0:
            workers = stack.enter_context(worker_processes(plan.processes))
            for pid in [workers.pool.submit(_warm) for _ in range(workers.count)]:
                pid.result()
        clock = ScriptClock(plan.alarm_at)
        service = GameService(create_sessionmaker(engine), clock=clock, workers=workers)
        front = Deliverer(service, Path(plan.folder) / "maps")
        alarm = AlarmClock(service, sweep_seconds=60, now=clock)
        stop = asyncio.Event()
        pumping = asyncio.create_task(front.pump.run(stop))
        await front.pump.settled()
        ready.put(True)
        await asyncio.to_thread(go.wait)
        profile = cProfile.Profile() if plan.profiled else None
        if profile is not None:
            profile.enable()
        busy = time.process_time()
        await alarm.run()
        await front.pump.settled()
        busy = time.process_time() - busy
        if profile is not None:
            profile.disable()
        stop.set()
        await pumping
        again = await service.process_due()
    await engine.dispose()
    if profile is not None:
        # This worker's event loop only: the maps are drawn in its worker processes.
        pstats.Stats(profile).sort_stats("cumulative").print_stats(PROFILE_LINES)
    results.put((front.results, front.shown, again, busy))


def measure_deadline(
    url: str,
    folder: Path,
    alarm_at: datetime,
    workers: int,
    processes: int,
    *,
    profiled: bool,
    own_cores: bool = False,
) -> DeadlineRun:
    """The alarm clock of ``workers`` bot processes run at once; when each game's results
    went out, from the moment they were told to go. ``own_cores``: each worker (with its
    worker processes) confined to a processor of its own, as if on a machine of its own."""
    context = multiprocessing.get_context("spawn")
    ready: Queue[bool] = context.Queue()
    results: Queue[Outcome] = context.Queue()
    go = context.Event()
    cores = sorted(os.sched_getaffinity(0))
    started = [
        context.Process(
            target=deadline_worker,
            args=(
                WorkerPlan(
                    url,
                    str(folder),
                    alarm_at,
                    processes,
                    profiled,
                    cores[w % len(cores)] if own_cores else None,
                ),
                ready,
                go,
                results,
            ),
        )
        for w in range(workers)
    ]
    for process in started:
        process.start()
    for _ in started:
        ready.get()
    start = time.monotonic()
    go.set()
    delivered: dict[str, list[float]] = {}
    shown = again = 0
    busy = 0.0
    for _ in started:
        times, count, more, used = results.get()
        busy += used
        for name, moments in times.items():
            delivered.setdefault(name, []).extend(moments)
        shown += count
        again += more
    for process in started:
        process.join()
    twice = [n for n, moments in delivered.items() if len(moments) != 1]
    if twice:
        raise RuntimeError(f"results delivered more than once: {twice[:5]}")
    latencies = {n: moments[0] - start for n, moments in delivered.items()}
    return DeadlineRun(backend_of(url), workers, latencies, shown, again, busy, own_cores)


def report_deadline(run: DeadlineRun, games: int, processes: int) -> float:
    latencies = sorted(run.latencies.values())
    last = latencies[-1] if latencies else 0.0
    who = "1 worker" if run.workers == 1 else f"{run.workers} workers"
    if run.own_cores:
        who += ", a core each"
    print(
        f"{'deadline':<12} {games:>6} games   {games / last:>9.1f}/s  "
        f"median {statistics.median(latencies):.2f} s  "
        f"p90 {latencies[int(len(latencies) * 0.9)]:.2f} s  max {last:.2f} s  "
        f"({run.backend}, {who}, {shown_count(processes)} worker processes each; "
        f"to each results map delivered; {run.shown} messages; event loops busy "
        f"{run.busy:.1f} s)"
    )
    if not run.own_cores:  # the target is for the whole machine
        record(
            f"deadline: {games} games due at once, last announcement, {run.backend}, {who}",
            f"{last:.1f} s",
            f"< {DEADLINE_TARGET:.0f} s",
            last < DEADLINE_TARGET,
        )
    return last


def shared(processes: int, workers: int) -> int:
    """Each worker's processes when ``workers`` bot processes share this machine: the
    machine's cores split between them (WORKER_PROCESSES set so), unless told otherwise."""
    if processes != 0:
        return processes
    return max(1, worker_count(0) // workers)


def shown_count(processes: int) -> str:
    return "no" if processes < 0 else str(worker_count(processes))


async def adjudications_by_game(session: AsyncSession) -> Counter[str]:
    """How many phases of each game (by name) are adjudicated: the exactly-once checks' count."""
    return Counter(
        await session.scalars(
            select(Game.name)
            .join(Phase, Phase.game_id == Game.id)
            .where(Phase.status == PhaseStatus.ADJUDICATED)
        )
    )


async def check_once(url: str, names: Sequence[str], run: DeadlineRun) -> None:
    """Every game adjudicated exactly once and announced exactly once."""
    announced = run.latencies
    missing = [n for n in names if n not in announced]
    engine = create_engine(url)
    try:
        async with create_sessionmaker(engine)() as session:
            adjudicated = await adjudications_by_game(session)
            sent = await session.scalar(
                select(func.count())
                .select_from(OutboxMessage)
                .where(
                    OutboxMessage.dedupe_key.like("%:results"),
                    OutboxMessage.status == OutboxStatus.SENT,
                )
            )
    finally:
        await engine.dispose()
    not_once = [n for n in names if adjudicated[n] != 1]
    if missing or not_once or run.again or sent != len(names):
        raise RuntimeError(
            f"not exactly once: never announced {missing[:5]}, "
            f"adjudicated other than once {not_once[:5]}, a second sweep did {run.again}, "
            f"{sent} results sent for {len(names)} games"
        )


@asynccontextmanager
async def postgres_database(server: str, template: str | None = None) -> AsyncIterator[str]:
    """A new database on the PostgreSQL ``server`` (a copy of ``template``), dropped after."""
    name = f"dipgm_bench_{uuid4().hex[:12]}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT", poolclass=NullPool)
    copy = "" if template is None else f' TEMPLATE "{template}"'
    try:
        async with admin.connect() as connection:
            await connection.execute(sql(f'CREATE DATABASE "{name}"{copy}'))
        try:
            yield make_url(server).set(database=name).render_as_string(hide_password=False)
        finally:
            async with admin.connect() as connection:
                await connection.execute(sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        await admin.dispose()


async def deadline_bench(args: argparse.Namespace, rng: random.Random) -> None:
    """The deadline on SQLite with one worker, then on PostgreSQL (when a server is given)
    with one worker and with two (sharing the machine, then a core each), each on a copy of
    the same games."""
    games, processes = args.games, args.worker_processes
    with tempfile.TemporaryDirectory(prefix="dipgm-bench-") as folder:
        url = f"sqlite+aiosqlite:///{Path(folder) / 'bench.sqlite3'}"
        await migrate.upgrade(url)
        names, alarm_at = await set_up_deadline(
            url, Path(folder), games, rng, by_dm=args.orders_by_dm
        )
        run = measure_deadline(url, Path(folder), alarm_at, 1, processes, profiled=args.profile)
        report_deadline(run, games, processes)
        await check_once(url, names, run)
    server = args.postgres
    if not server:
        print("service deadline on PostgreSQL: not measured (no --postgres server given)")
        return
    async with postgres_database(server) as template:
        await migrate.upgrade(template)
        with tempfile.TemporaryDirectory(prefix="dipgm-bench-") as folder:
            names, alarm_at = await set_up_deadline(
                template, Path(folder), games, rng, by_dm=args.orders_by_dm
            )
            lasts: dict[int, float] = {}
            owned: dict[int, float] = {}
            # On this machine, then each worker on a core of its own: one core stands for
            # a machine, as when a community adds a machine (and a worker) to its database.
            machines = [False, True] if len(os.sched_getaffinity(0)) > 1 else [False]
            for own_cores in machines:
                for workers in (1, 2):
                    each = (processes or 1) if own_cores else shared(processes, workers)
                    async with postgres_database(server, make_url(template).database) as copy:
                        run = measure_deadline(
                            copy,
                            Path(folder),
                            alarm_at,
                            workers,
                            each,
                            profiled=args.profile,
                            own_cores=own_cores,
                        )
                        (owned if own_cores else lasts)[workers] = report_deadline(run, games, each)
                        await check_once(copy, names, run)
    print(f"{'two workers':<12} {lasts[1] / lasts[2]:.2f}x as fast as one, sharing this machine")
    figure = f"deadline: {games} games, PostgreSQL, two workers against one, a core each"
    if not owned:
        print("two workers on a core each: not measured (this machine has one core)")
        record(figure, "not measured", f"> {SHARED_TARGET}x", False)
        return
    ratio = owned[1] / owned[2]
    print(f"{'two workers':<12} {ratio:.2f}x as fast as one, each worker on a core of its own")
    record(figure, f"{ratio:.2f}x as fast", f"> {SHARED_TARGET}x", ratio > SHARED_TARGET)


# Orders --------------------------------------------------------------------------------------


def split_seats(users: int) -> list[int]:
    """``users`` players in as few games of at most seven as will hold them, evenly."""
    count = -(-users // SEATS)
    base, extra = divmod(users, count)
    return [base + (1 if g < extra else 0) for g in range(count)]


ORDERS_TARGET = 0.2  # seconds, at the 99th percentile


async def orders_on_each_database(args: argparse.Namespace) -> None:
    """The orders benchmark on SQLite, then on PostgreSQL where the run has a server, with
    the same orders on both."""
    with tempfile.TemporaryDirectory(prefix="dipgm-bench-") as folder:
        bench = await open_bench(Path(folder))
        try:
            await orders_bench(bench, args.users, args.commands, random.Random(args.seed), "SQLite")
        finally:
            await bench.engine.dispose()
    server = os.environ.get(POSTGRES_ENV)
    if not server:
        print(f"service orders on PostgreSQL: not measured ({POSTGRES_ENV} is not set)")
        record(orders_figure(args.users, "PostgreSQL"), "not measured", "< 200 ms", False)
        return
    with tempfile.TemporaryDirectory(prefix="dipgm-bench-") as folder:
        async with postgres_database(server) as url:
            await checkpoint(url)
            bench = await open_bench(Path(folder), url)
            try:
                await orders_bench(
                    bench, args.users, args.commands, random.Random(args.seed), "PostgreSQL"
                )
            finally:
                await bench.engine.dispose()


async def checkpoint(url: str) -> None:
    """The server's dirty pages written out now: the deadline runs before leave many, and a
    checkpoint falling due amid the orders would stall the wave's commits, which is the cost
    of those earlier runs, not of the orders."""
    engine = create_engine(url, isolation_level="AUTOCOMMIT", poolclass=NullPool)
    try:
        async with engine.connect() as connection:
            await connection.execute(sql("CHECKPOINT"))
    except Exception as exc:
        print(f"service orders on PostgreSQL: measured without a checkpoint first ({exc})")
    finally:
        await engine.dispose()


def orders_figure(users: int, database: str) -> str:
    return f"service: orders acknowledged, {users} players at once, p99, {database}"


async def orders_bench(
    bench: Bench, users: int, commands: int, rng: random.Random, database: str
) -> None:
    legal = choices()
    plans: dict[str, list[str]] = {}
    expected: dict[tuple[str, str], str] = {}
    for g, size in enumerate(split_seats(users)):
        name = f"o{g:04d}"
        _, powers = await form_game(bench, name, [f"{name}-p{i}" for i in range(size)])
        for user, power in powers.items():
            units = units_of(power)
            plan = []
            for c in range(commands):
                # A player orders unit by unit, and changes their mind about some.
                unit = units[c % len(units)]
                choice = format_order(rng.choice(legal[unit]))
                plan.append(choice)
                expected[(power + "@" + name, unit)] = choice
            plans[user] = plan
    await settle_outbox(bench)
    latencies: list[float] = []

    async def player(user: str, plan: Sequence[str]) -> None:
        for text in plan:
            began = time.perf_counter()
            await bench.say(user, f"order {text}", None)
            latencies.append(time.perf_counter() - began)

    bench.rearming = True
    start = time.perf_counter()
    # The event loop's own CPU time: what the commands cost it, however loaded the machine.
    loop_start = time.thread_time()
    await asyncio.gather(*(player(u, p) for u, p in plans.items()))
    wall = time.perf_counter() - start
    loop_cpu = time.thread_time() - loop_start
    async with bench.sessions() as session:
        rows = await session.execute(
            select(Game.name, OrderRow.power, OrderRow.canonical_text)
            .join(Phase, Phase.id == OrderRow.phase_id)
            .join(Game, Game.id == Phase.game_id)
            .where(Game.name.like("o%"))
        )
        stored = {(f"{power}@{name}", text) for name, power, text in rows}
    wanted = {(key[0], text) for key, text in expected.items()}
    lost = wanted - stored
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    print(
        f"service orders: {len(plans)} users in {len(split_seats(users))} games, "
        f"{commands} `order` DMs each, all users at once, on {database}"
    )
    print(
        f"{'orders':<12} {len(ordered):>6} {'commands':<7} {len(ordered) / wall:>8.0f}/s  "
        f"median {statistics.median(ordered) * 1000:.1f} ms  p99 {p99 * 1000:.1f} ms  "
        f"max {ordered[-1] * 1000:.1f} ms  (event loop CPU {loop_cpu / len(ordered) * 1000:.2f} "
        f"ms a command; {len(stored & wanted)} of {len(wanted)} orders stored)"
    )
    record(
        orders_figure(len(plans), database), f"{p99 * 1000:.0f} ms", "< 200 ms", p99 < ORDERS_TARGET
    )
    if lost or bench.failures:
        raise RuntimeError(f"orders lost: {len(lost)}; commands refused: {dict(bench.failures)}")


# Main ----------------------------------------------------------------------------------------


async def run(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    # The orders first: the deadline runs leave the disk busy for a while after (PostgreSQL
    # writing out what they did, and the databases they dropped), and a commit waits on it.
    if args.users:
        await orders_on_each_database(args)
    if args.games:
        await deadline_bench(args, rng)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="games due at once (0: skip)")
    parser.add_argument(
        "--postgres",
        default=os.environ.get(POSTGRES_ENV),
        help="deadline: a PostgreSQL server where databases may be created, for the runs on "
        f"PostgreSQL (default ${POSTGRES_ENV}, as `tools/pg.sh run` sets it)",
    )
    parser.add_argument(
        "--worker-processes",
        type=int,
        default=0,
        help="deadline: each worker's processes for adjudicating and drawing "
        "(WORKER_PROCESSES; 0: the machine's processors, shared between the workers of a "
        "run; -1: none, threads as before them)",
    )
    parser.add_argument("--users", type=int, default=50, help="users ordering at once (0: skip)")
    parser.add_argument("--commands", type=int, default=4, help="`order` DMs per user")
    parser.add_argument(
        "--orders-by-dm",
        action="store_true",
        help="deadline setup: players send their orders by DM (slow) rather than stored",
    )
    parser.add_argument(
        "--profile", action="store_true", help="cProfile each deadline worker (top entries)"
    )
    parser.add_argument("--seed", type=int, default=1901)
    asyncio.run(run(parser.parse_args(argv)))


if __name__ == "__main__":
    main()
