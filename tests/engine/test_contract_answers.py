"""`dipgm adjudicate` answers exactly as it did before the engine was made faster.

tests/engine/data/contract_answers.jsonl.gz holds 2,464 requests (games played forward on
every shipped variant, and crowded standard boards; orders in the canonical notation and as
players type them, a few unreadable or illegal) with the answers the engine gave when they
were stored (``python -m tools.contract_corpus``). Each answer must come back byte for byte,
key order included, as `dipgm adjudicate` writes it.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from engine.contract import answer_line

STORED = Path(__file__).parent / "data" / "contract_answers.jsonl.gz"
CHUNKS = 8


def _cases() -> list[dict[str, Any]]:
    with gzip.open(STORED, "rt", encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


CASES = _cases()


def _line(answer: dict[str, Any]) -> str:
    return json.dumps(answer, separators=(",", ":"))


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_stored_requests_get_the_stored_answers(chunk: int) -> None:
    for number, case in enumerate(CASES[chunk::CHUNKS]):
        line = json.dumps(case["request"])
        assert answer_line(line, 1) == _line(case["answer"]), (
            f"request {chunk + number * CHUNKS}: {json.dumps(case['request'])[:300]}"
        )


def test_the_stored_requests_cover_every_variant_and_phase_kind() -> None:
    variants = {case["request"]["variant"] for case in CASES}
    kinds = {case["request"]["phase"][-1] for case in CASES}
    refused = sum(":" in text for case in CASES for text in case["answer"]["results"].values())
    assert len(CASES) > 2000
    assert variants == {"standard", "ww1", "1961-3", "1961-4", "1961-5", "1961-6", "diplomacia"}
    assert kinds == {"M", "R", "A"}
    assert refused > 100
