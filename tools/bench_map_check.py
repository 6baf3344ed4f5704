"""How long `dipgm variant check` takes: on the shipped Diplomacia board, and on the largest
map within every limit of docs/maps.md (:func:`tools.grid_map.largest_map`), each phase of
the check timed apart (reading the text, the fields and the board), the best of a few runs;
then one phase of the largest adjudicated and drawn, with the memory it took.

    python -m tools.bench_map_check
"""

from __future__ import annotations

import json
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine import Position, adjudicate
from engine.map_file import checked_map
from engine.map_text import read_map_json
from render import map_png
from tools.grid_map import largest_map

ROOT = Path(__file__).resolve().parents[1]
RUNS = 5


def best(job: Callable[[], Any]) -> tuple[float, Any]:
    """The shortest of :data:`RUNS` runs, in seconds, and what the job gave."""
    times = []
    result = None
    for _ in range(RUNS):
        start = time.perf_counter()
        result = job()
        times.append(time.perf_counter() - start)
    return min(times), result


def check(label: str, text: str, name: str) -> None:
    read_time, data = best(lambda: read_map_json(text))
    check_time, (variant, problems) = best(lambda: checked_map(data, name))
    assert not problems, problems[:3]
    print(
        f"{label}: {len(text.encode()):,} bytes, {len(variant.provinces)} areas, "
        f"{len(variant.powers)} powers — text {read_time:.3f} s, fields and board "
        f"{check_time:.3f} s, the whole check {read_time + check_time:.3f} s"
    )


def play_largest(text: str) -> None:
    variant, _ = checked_map(read_map_json(text), "largest")
    assert variant is not None
    start = Position.initial(variant)
    begun = time.perf_counter()
    after = adjudicate(start, {})
    adjudicated = time.perf_counter()
    map_png(after.position)
    drawn = time.perf_counter()
    map_png(after.position, size=4800)
    largest = time.perf_counter()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"largest: a phase adjudicated in {adjudicated - begun:.3f} s, drawn at 1200 wide in "
        f"{drawn - adjudicated:.2f} s (first drawing of the board), at 4800 wide in "
        f"{largest - drawn:.2f} s; peak memory of this process {peak:.0f} MB"
    )


def main() -> int:
    shipped = (ROOT / "engine" / "data" / "diplomacia.json").read_text("utf-8")
    check("diplomacia (shipped)", shipped, "diplomacia")
    largest = json.dumps(largest_map())
    check("largest within the limits", largest, "largest")
    play_largest(largest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
