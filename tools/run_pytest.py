"""Run pytest; an empty selection is a failure, never a silent pass."""

from __future__ import annotations

import sys

import pytest

NO_TESTS_COLLECTED = 5


def main() -> int:
    code = int(pytest.main(sys.argv[1:]))
    if code == NO_TESTS_COLLECTED:
        print("pytest collected no tests: failing the run", file=sys.stderr)
        return 1
    return code


if __name__ == "__main__":
    sys.exit(main())
