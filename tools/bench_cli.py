"""How fast the `dipgm` command line answers: each command run as a user runs it, a fresh
process timed from its start to its exit (the median of several runs after one not counted).

The commands run byte-compiled, as an installed package is (pip compiles what it installs):
the first, uncounted run writes the compiled modules to a folder of this benchmark's own
(PYTHONPYCACHEPREFIX), whatever PYTHONDONTWRITEBYTECODE says, and the source tree is left
as it is.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from tools.bench_table import record

ROOT = Path(__file__).resolve().parents[1]
ANSWERS = ROOT / "tests" / "engine" / "data" / "contract_answers.jsonl.gz"
# (what is run, its arguments, the target in seconds)
COMMANDS: tuple[tuple[str, tuple[str, ...], float], ...] = (
    ("dipgm --help", ("--help",), 0.5),
    ("dipgm --version", ("--version",), 0.5),
    ("dipgm variants", ("variants",), 0.5),
    ("dipgm adjudicate, one line", ("adjudicate",), 0.35),
    # The players the target was set with: rule-based, no look-ahead. The default (hard)
    # players search each phase within their budget, which is theirs, not the command line's
    # (`make bench-bots` reports it); their whole game is printed below, without a target.
    ("dipgm play, a whole game, easy", ("play", "--level", "easy"), 2.0),
)
# printed for the record: what the default players take for a whole game
UNTARGETED: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("dipgm play, a whole game, hard", ("play",)),
)


def one_line() -> bytes:
    """The first phase of the contract's stored answers, as one request line."""
    with gzip.open(ANSWERS, "rt", encoding="utf-8") as answers:
        request = json.loads(answers.readline())["request"]
    return (json.dumps(request) + "\n").encode()


def timed(argv: Sequence[str], stdin: bytes, env: dict[str, str]) -> float:
    began = time.perf_counter()
    subprocess.run(argv, input=stdin, env=env, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - began


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each command")
    args = parser.parse_args(argv)
    dipgm = Path(sys.executable).with_name("dipgm")
    request = one_line()
    with tempfile.TemporaryDirectory(prefix="dipgm-pycache-") as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache
        for name, given, target in COMMANDS:
            stdin = request if given == ("adjudicate",) else b""
            timed([str(dipgm), *given], stdin, env)  # compiles, and warms the disk cache
            runs = sorted(timed([str(dipgm), *given], stdin, env) for _ in range(args.runs))
            median = statistics.median(runs)
            print(
                f"{name:<28} median {median:.3f} s  min {runs[0]:.3f} s  max {runs[-1]:.3f} s  "
                f"({args.runs} runs, byte-compiled)"
            )
            record(f"command line: {name}", f"{median:.2f} s", f"< {target:g} s", median < target)
        for name, given in UNTARGETED:
            seconds = timed([str(dipgm), *given], b"", env)
            print(f"{name:<28} {seconds:.3f} s  (1 run; the computers' search, no target)")


if __name__ == "__main__":
    main()
