"""The one table `make bench` ends with: every measured figure beside its target.

Each benchmark (its own process, run one after another by `make bench`) calls `record` for the
figures that have a target; `python -m tools.bench_table` then prints them together and starts
the next run afresh. The rows live in a small JSON-lines file between the processes
(`$DIPGM_BENCH_TABLE`, default ``.bench-table.jsonl``)."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path


def _path() -> Path:
    return Path(os.environ.get("DIPGM_BENCH_TABLE", ".bench-table.jsonl"))


@dataclass(frozen=True)
class Row:
    figure: str  # what was measured, in a user's words: "orders acknowledged, 50 players, p99"
    measured: str  # the figure with its unit: "143 ms"
    target: str  # the goal with its unit and direction: "< 200 ms"
    met: bool


def record(figure: str, measured: str, target: str, met: bool) -> None:
    """Adds one row to the table of this `make bench` run."""
    with _path().open("a", encoding="utf-8") as out:
        out.write(json.dumps(asdict(Row(figure, measured, target, met))) + "\n")


def rows() -> list[Row]:
    path = _path()
    if not path.exists():
        return []
    return [Row(**json.loads(line)) for line in path.read_text("utf-8").splitlines() if line]


def render(table: Sequence[Row]) -> str:
    width = max([len("figure"), *(len(r.figure) for r in table)])
    measured = max([len("measured"), *(len(r.measured) for r in table)])
    target = max([len("target"), *(len(r.target) for r in table)])
    lines = [f"{'figure':<{width}}  {'measured':>{measured}}  {'target':<{target}}  met"]
    lines.append("-" * len(lines[0]))
    for r in table:
        mark = "yes" if r.met else "NO"
        lines.append(f"{r.figure:<{width}}  {r.measured:>{measured}}  {r.target:<{target}}  {mark}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    table = rows()
    if not table:
        print("no benchmark recorded a figure (run `make bench`)", file=sys.stderr)
        return 1
    print()
    print(render(table))
    # Every figure is the machine's as loaded as it was: say how loaded.
    one, five, fifteen = os.getloadavg()
    print(f"load average at the end: {one:.2f}, {five:.2f}, {fifteen:.2f} ({os.cpu_count()} cores)")
    _path().unlink()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
