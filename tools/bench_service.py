"""The game service benchmark, on an embedded SQLite file migrated as the app does it, through
the entry points the front ends and the alarm clock call, on a fake clock.

- deadline: many games (seven players each) with orders in and one shared deadline; the alarm
  clock runs at it (process_due) while the console's outbox pump delivers what it queues.
  Reports the time from the deadline until each game's results map is delivered, and games
  per second.
- orders: users of several games each send a few `order ...` DMs, all users at once; reports
  the latency of each command (until its reply is back) and the throughput, on SQLite and, when
  DIPGM_TEST_POSTGRES_URL names a server (`tools/pg.sh run -- ...`), on PostgreSQL in a
  database of its own.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import os
import pstats
import random
import statistics
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import func, select, update
from sqlalchemy import text as sql
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

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
    engine = create_engine(url)
    sessions = create_sessionmaker(engine)
    clock = ScriptClock(START)
    # The real renderer, at the app's default map size.
    service = GameService(sessions, clock=clock)
    front = Deliverer(service, folder / "maps")
    alarm = AlarmClock(service, sweep_seconds=60, now=clock)
    bench = Bench(engine, sessions, clock, service, front, alarm)

    async def rearm() -> None:
        if bench.rearming:
            await alarm.rearm()

    # As the app wires it: every command re-arms the alarm clock (the scheduler is not
    # started, so no job ever fires by itself).
    service.on_change(rearm)
    return bench


def choices() -> dict[str, list[Order]]:
    """Every legal Spring 1901 order, by the province of the unit it is for."""
    position = Position.initial(load_variant())
    return {
        unit.location: legal_orders(position, unit.location) for _, unit in position.all_units()
    }


async def form_game(bench: Bench, name: str, players: Sequence[str]) -> tuple[int, dict[str, str]]:
    """A started game in channel #name: its id, and user -> the power drawn for them."""
    gm = f"{name}-gm"
    await bench.say(gm, f"newgame {name} {OPTIONS}", name)
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


async def deadline_bench(
    bench: Bench, games: int, rng: random.Random, *, by_dm: bool, profiled: bool
) -> None:
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
    if len(deadlines) != 1:
        raise RuntimeError(f"expected one shared deadline, found {len(deadlines)}")
    deadline = deadlines.pop()
    if deadline.tzinfo is None:
        deadline = deadline.replace(tzinfo=UTC)
    bench.front.results.clear()
    # The alarm fires once the deadline's minute has passed.
    bench.clock.now = deadline.replace(second=0, microsecond=0) + timedelta(minutes=1)
    shown_before = bench.front.shown
    # As the app runs it: the pump is rung after each game is adjudicated, and its results
    # go out while the next game is worked on.
    stop = asyncio.Event()
    pumping = asyncio.create_task(bench.front.pump.run(stop))
    await bench.front.pump.settled()
    profile = cProfile.Profile() if profiled else None
    start = time.perf_counter()
    if profile is not None:
        profile.enable()
    await bench.alarm.run()
    await bench.front.pump.settled()
    total = time.perf_counter() - start
    if profile is not None:
        profile.disable()
    stop.set()
    await pumping
    delivered = bench.front.shown - shown_before
    again = await bench.service.process_due()
    latencies = [times[0] - start for times in bench.front.results.values()]
    last = max(latencies, default=0.0)
    await check_once(bench, names, again)
    print(
        f"service deadline: {games} games of {SEATS} on SQLite, {stored} orders "
        f"(random legal Spring 1901), real renderer; setup {setup:.1f} s; "
        f"next_wakeup {wakeup * 1000:.0f} ms"
    )
    print(
        f"{'deadline':<12} {games:>6} games   {games / last:>9.1f}/s  "
        f"median {statistics.median(latencies):.2f} s  "
        f"p90 {sorted(latencies)[int(len(latencies) * 0.9)]:.2f} s  max {last:.2f} s  "
        f"(to each results map delivered; {delivered} messages, run and delivery "
        f"{total:.2f} s)"
    )
    if profile is not None:
        # The main thread only: the maps are drawn in worker threads, seen here as waits.
        pstats.Stats(profile).sort_stats("cumulative").print_stats(PROFILE_LINES)


async def check_once(bench: Bench, names: Sequence[str], again: int) -> None:
    """Every game adjudicated exactly once and announced exactly once."""
    announced = bench.front.results
    twice = [n for n, times in announced.items() if len(times) != 1]
    missing = [n for n in names if n not in announced]
    async with bench.sessions() as session:
        adjudicated = Counter(
            await session.scalars(
                select(Game.name)
                .join(Phase, Phase.game_id == Game.id)
                .where(Phase.status == PhaseStatus.ADJUDICATED)
            )
        )
        sent = await session.scalar(
            select(func.count())
            .select_from(OutboxMessage)
            .where(
                OutboxMessage.dedupe_key.like("%:results"),
                OutboxMessage.status == OutboxStatus.SENT,
            )
        )
    not_once = [n for n in names if adjudicated[n] != 1]
    if twice or missing or not_once or again or sent != len(names):
        raise RuntimeError(
            f"not exactly once: announced twice {twice[:5]}, never {missing[:5]}, "
            f"adjudicated other than once {not_once[:5]}, a second sweep did {again}, "
            f"{sent} results sent for {len(names)} games"
        )


# Orders --------------------------------------------------------------------------------------


def split_seats(users: int) -> list[int]:
    """``users`` players in as few games of at most seven as will hold them, evenly."""
    count = -(-users // SEATS)
    base, extra = divmod(users, count)
    return [base + (1 if g < extra else 0) for g in range(count)]


POSTGRES_ENV = "DIPGM_TEST_POSTGRES_URL"
ORDERS_TARGET = 0.2  # seconds, at the 99th percentile


@asynccontextmanager
async def postgres_database(server: str) -> AsyncIterator[str]:
    """A new, empty database on the PostgreSQL ``server``, dropped afterwards."""
    name = f"dipgm_bench_{uuid.uuid4().hex[:12]}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    try:
        async with admin.connect() as connection:
            await connection.execute(sql(f'CREATE DATABASE "{name}"'))
        try:
            yield make_url(server).set(database=name).render_as_string(hide_password=False)
        finally:
            async with admin.connect() as connection:
                await connection.execute(sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        await admin.dispose()


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
            bench = await open_bench(Path(folder), url)
            try:
                await orders_bench(
                    bench, args.users, args.commands, random.Random(args.seed), "PostgreSQL"
                )
            finally:
                await bench.engine.dispose()


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
    with tempfile.TemporaryDirectory(prefix="dipgm-bench-") as folder:
        bench = await open_bench(Path(folder))
        try:
            if args.games:
                await deadline_bench(
                    bench, args.games, rng, by_dm=args.orders_by_dm, profiled=args.profile
                )
        finally:
            await bench.engine.dispose()
    if args.users:
        await orders_on_each_database(args)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games due at once (0: skip)")
    parser.add_argument("--users", type=int, default=50, help="users ordering at once (0: skip)")
    parser.add_argument("--commands", type=int, default=4, help="`order` DMs per user")
    parser.add_argument(
        "--orders-by-dm",
        action="store_true",
        help="deadline setup: players send their orders by DM (slow) rather than stored",
    )
    parser.add_argument(
        "--profile", action="store_true", help="cProfile the deadline run (top entries)"
    )
    parser.add_argument("--seed", type=int, default=1901)
    asyncio.run(run(parser.parse_args(argv)))


if __name__ == "__main__":
    main()
