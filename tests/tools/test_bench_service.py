"""The service benchmark in a tiny configuration, so `make bench` cannot rot unnoticed.

It checks its own counts (every game adjudicated and announced once, every order stored)
and raises if one is off; speed is never asserted here."""

from __future__ import annotations

import pytest

from tools import bench_service


def test_the_service_benchmark_runs_small(capsys: pytest.CaptureFixture[str]) -> None:
    bench_service.main(
        ["--games", "2", "--users", "9", "--commands", "2", "--orders-by-dm", "--seed", "7"]
    )
    out = capsys.readouterr().out
    assert "service deadline: 2 games of 7" in out
    assert "service orders: 9 users in 2 games, 2 `order` DMs each" in out
    assert "(18 of 18 orders stored)" in out
