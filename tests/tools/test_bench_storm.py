"""The storm benchmark in a tiny configuration, so `make bench` cannot rot unnoticed: it
checks its own counts after the run (every due phase adjudicated and announced exactly once,
no other game touched, no order lost) and raises if one is off; speed is never asserted."""

from __future__ import annotations

import asyncio
import os
from dataclasses import replace
from pathlib import Path

import pytest

from bot.store import migrate
from tools import bench_storm, bench_table

SMALL = ["--storm", "2", "--users", "5", "--games", "2", "--commands", "2", "--seed", "7"]


def test_the_storm_benchmark_runs_small(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("DIPGM_BENCH_TABLE", str(tmp_path / "table.jsonl"))
    bench_storm.main(SMALL)
    out = capsys.readouterr().out
    assert (
        "storm on SQLite: 5 players send 10 `order` DMs while 2 games (1 with computers) "
        "are adjudicated" in out
    )
    assert "10 orders stored, each game announced once)" in out
    figures = {row.figure: row for row in bench_table.rows()}
    name = "storm: orders acknowledged, 5 players while 2 games adjudicate (computers in 1), p99"
    sqlite = figures[f"{name}, SQLite"]
    assert sqlite.measured.endswith(" s") and sqlite.target == "< 2 s"
    postgres = figures[f"{name}, PostgreSQL"]
    if os.environ.get("DIPGM_TEST_POSTGRES_URL"):
        assert "storm on PostgreSQL" in out and postgres.target == "< 1 s"
    else:
        assert postgres.measured == "not measured" and not postgres.met


def test_the_check_finds_an_announcement_doubled_or_an_order_lost(tmp_path: Path) -> None:
    args = bench_storm.parser().parse_args(SMALL)
    url = f"sqlite+aiosqlite:///{tmp_path / 'storm.sqlite3'}"

    async def measured() -> tuple[bench_storm.Plan, bench_storm.StormRun]:
        await migrate.upgrade(url)
        plan = await bench_storm.set_up(url, tmp_path, args)
        return plan, await bench_storm.measure(url, tmp_path, plan, 1)

    plan, run = asyncio.run(measured())
    assert asyncio.run(bench_storm.check(url, plan, run)) == 10
    first = plan.storm[0]
    doubled = replace(run, results={**run.results, first: run.results[first] * 2})
    with pytest.raises(RuntimeError, match=f"results announced other than once \\['{first}'\\]"):
        asyncio.run(bench_storm.check(url, plan, doubled))
    game_power = next(iter(plan.expected))[0]
    lost = replace(plan, expected={**plan.expected, (game_power, "NOWHERE"): "A NOWHERE H"})
    with pytest.raises(RuntimeError, match="1 orders lost"):
        asyncio.run(bench_storm.check(url, lost, run))
