"""The service benchmark in a tiny configuration, so `make bench` cannot rot unnoticed.

It checks its own counts (every game adjudicated and announced once, every order stored)
and raises if one is off; speed is never asserted here."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tools import bench_service, bench_table


def test_the_service_benchmark_runs_small(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("DIPGM_BENCH_TABLE", str(tmp_path / "table.jsonl"))
    bench_service.main(
        ["--games", "2", "--users", "9", "--commands", "2", "--orders-by-dm", "--seed", "7"]
    )
    out = capsys.readouterr().out
    assert "service deadline: 2 games of 7" in out
    assert "service orders: 9 users in 2 games, 2 `order` DMs each" in out
    assert "18 of 18 orders stored)" in out
    assert (
        "service orders: 9 users in 2 games, 2 `order` DMs each, all users at once, on SQLite"
        in out
    )
    figures = {row.figure: row for row in bench_table.rows()}
    sqlite = figures["service: orders acknowledged, 9 players at once, p99, SQLite"]
    assert sqlite.measured.endswith(" ms") and sqlite.target == "< 200 ms"
    postgres = figures["service: orders acknowledged, 9 players at once, p99, PostgreSQL"]
    if os.environ.get("DIPGM_TEST_POSTGRES_URL"):
        assert "all users at once, on PostgreSQL" in out
        assert postgres.measured.endswith(" ms")
    else:
        assert postgres.measured == "not measured" and not postgres.met
