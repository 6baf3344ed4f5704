"""``python3 -m tools.mapgen [--out PATH]``: rebuild the board geometry and check it."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from tools.mapgen.build import OUTPUT, build, write


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m tools.mapgen", description=__doc__)
    parser.add_argument("--out", type=Path, default=OUTPUT, help="where to write the JSON")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    data, report = build()
    size = write(data, args.out)
    print(f"wrote {args.out} ({size / 1024:.1f} KiB, {report.vertices} vertices)")
    print("timings:", ", ".join(f"{k} {v:.1f}s" for k, v in report.timings.items()))
    print(f"total {time.perf_counter() - start:.1f}s")
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


if __name__ == "__main__":
    sys.exit(main())
