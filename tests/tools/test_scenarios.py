"""The benchmarks' phases: every unit ordered exactly once, and a seed gives the same phases
in any process (so two runs of a benchmark, or the package and us, see the same orders)."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

from engine import format_order, load_variant
from tools.scenarios import random_phases

ROOT = Path(__file__).resolve().parents[2]
PRINT = (
    "import random; from engine import load_variant, format_order; "
    "from tools.scenarios import random_phases; "
    "cases = random_phases(random.Random(5), load_variant(), 40); "
    "print([(str(p.phase), {k: [format_order(o) for o in v] for k, v in o.items()}) "
    "for p, o in cases])"
)


def test_every_unit_is_ordered_exactly_once() -> None:
    for position, orders in random_phases(random.Random(3), load_variant(), 200):
        units = Counter(str(o.unit) for listed in orders.values() for o in listed)
        assert sorted(units) == sorted(str(u) for _, u in position.all_units())
        assert set(units.values()) == {1}, [format_order(o) for v in orders.values() for o in v]


def test_a_seed_gives_the_same_phases_whatever_the_hash_seed() -> None:
    seen = set()
    for hash_seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
        out = subprocess.run(
            [sys.executable, "-c", PRINT], env=env, cwd=ROOT, capture_output=True, text=True
        )
        assert out.returncode == 0, out.stderr
        seen.add(out.stdout)
    assert len(seen) == 1
