"""``python3 -m tools.mapgen [--board standard|diplomacia] [--out PATH]``: rebuild a board's
geometry and check it."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from tools.mapgen.board import BOARDS
from tools.mapgen.build import write


def _standard(data: dict[str, Any], report: Any) -> int:
    from tools.mapgen.build import Report

    assert isinstance(report, Report)
    print(
        f"adjacency: {len(data['adjacency'])} pairs measured; "
        f"missing {len(report.missing)}, extra {len(report.extra)}, "
        f"short non-adjacent contacts {len(report.touching)}"
    )
    for a, b in report.missing:
        print(f"  missing {a}-{b}")
    for a, b in report.extra:
        print(f"  extra   {a}-{b}")
    for a, b, length in report.touching:
        print(f"  touch   {a}-{b} {length} px")
    print("  shortest real borders:", ", ".join(f"{a}-{b} {n}" for n, a, b in report.shortest))
    return 0 if report.ok else 1


def _diplomacia(data: dict[str, Any], report: Any) -> int:
    from tools.mapgen.diplomacia import Report

    assert isinstance(report, Report)
    print("areas:", ", ".join(f"{k} {v}" for k, v in report.counts.items()))
    for a, b, length in report.touching:
        print(f"  touch   {a}-{b} {length} px (not adjacent)")
    print("  shortest borders:", ", ".join(f"{a}-{b} {n}" for n, a, b in report.shortest))
    for line in report.problems:
        print(f"  problem: {line}")
    for line in report.crowded:
        print(f"  crowded: {line}")
    return 0 if report.ok else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m tools.mapgen", description=__doc__)
    parser.add_argument("--board", choices=sorted(BOARDS), default="standard")
    parser.add_argument("--out", type=Path, help="where to write the JSON")
    args = parser.parse_args(argv)
    board = BOARDS[args.board]
    out = args.out or board.output
    start = time.perf_counter()
    if board.name == "diplomacia":
        from tools.mapgen import diplomacia

        data, report = diplomacia.build()
        summary = _diplomacia
    else:
        from tools.mapgen import build

        data, report = build.build()
        summary = _standard
    size = write(data, out)
    print(f"wrote {out} ({size / 1024:.1f} KiB, {report.vertices} vertices)")
    print("timings:", ", ".join(f"{k} {v:.1f}s" for k, v in report.timings.items()))
    print(f"total {time.perf_counter() - start:.1f}s")
    return summary(data, report)


if __name__ == "__main__":
    sys.exit(main())
