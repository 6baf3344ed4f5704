"""A power's convoys of its own armies, checked against those armies' orders."""

from __future__ import annotations

import json

import pytest

from engine import Position, parse_order, unmatched_convoys
from engine.contract import answer_line
from tests.engine.test_parse import board

SEAS = board(
    "F1901M",
    {
        "ENGLAND": ["F NTH", "A LON", "F ENG", "F MAO", "A YOR"],
        "FRANCE": ["A PIC", "A BRE"],
    },
)


def notes(position: Position, power: str, *texts: str) -> list[str]:
    return unmatched_convoys(position, power, [parse_order(t, position, power) for t in texts])


@pytest.mark.parametrize(
    ("orders", "expected"),
    [
        (
            ["F NTH C A Lon-Bel"],
            [
                "A LON needs the order A LON - BEL for the convoy by F NTH to carry it "
                "(it has no order)"
            ],
        ),
        (
            ["F NTH C A Lon-Bel", "A Lon H"],
            [
                "A LON needs the order A LON - BEL for the convoy by F NTH to carry it "
                "(its order is A LON H)"
            ],
        ),
        (
            ["F NTH C A Lon-Bel", "A Lon-Wal"],
            [
                "A LON needs the order A LON - BEL for the convoy by F NTH to carry it "
                "(its order is A LON - WAL)"
            ],
        ),
        (
            ["F ENG C A Lon-Spa", "F MAO C A Lon-Spa"],
            [
                "A LON needs the order A LON - SPA for the convoy by F ENG, F MAO to carry it "
                "(it has no order)"
            ],
        ),
        (["F NTH C A Lon-Bel", "A Lon-Bel"], []),
        (["F NTH C A Lon-Bel", "A Lon-Bel via convoy"], []),
        (["F NTH C A Yor-Nwy", "A Yor-Nwy"], []),
        # a foreign army: its orders are secret and never assumed either way
        (["F ENG C A Pic-Lon"], []),
        (["A Lon-Bel"], []),
    ],
)
def test_a_convoy_needs_its_own_armys_move(orders: list[str], expected: list[str]) -> None:
    assert notes(SEAS, "ENGLAND", *orders) == expected


def test_no_notes_outside_movement() -> None:
    retreats = board("F1901R", {"ENGLAND": ["F NTH", "A LON"]})
    assert unmatched_convoys(retreats, "ENGLAND", []) == []


@pytest.mark.parametrize(
    ("units", "orders", "expected"),
    [
        # England's fleet convoys France's army, which walks (DATC 4.A.3): nothing carried
        (
            {"FRANCE": ["A PIC"], "ENGLAND": ["F ENG"]},
            {"FRANCE": ["A PIC - BEL"], "ENGLAND": ["F ENG C A PIC - BEL"]},
            {"A PIC": "moved", "F ENG": "void"},
        ),
        # ... and when the army bounces, the convoy was not disrupted: it was not used
        (
            {"FRANCE": ["A PIC"], "ENGLAND": ["F ENG"], "GERMANY": ["A HOL"]},
            {
                "FRANCE": ["A PIC - BEL"],
                "ENGLAND": ["F ENG C A PIC - BEL"],
                "GERMANY": ["A HOL - BEL"],
            },
            {"A PIC": "bounced", "F ENG": "void", "A HOL": "bounced"},
        ),
        # France's own fleet shows the intent: the army goes by sea, and the fleet carries it
        (
            {"FRANCE": ["A PIC", "F ENG"]},
            {"FRANCE": ["A PIC - BEL", "F ENG C A PIC - BEL"]},
            {"A PIC": "moved", "F ENG": "convoyed"},
        ),
        (
            {"FRANCE": ["A PIC"], "ENGLAND": ["F ENG"]},
            {"FRANCE": ["A PIC - BEL VIA"], "ENGLAND": ["F ENG C A PIC - BEL"]},
            {"A PIC": "moved", "F ENG": "convoyed"},
        ),
    ],
)
def test_a_convoy_the_army_does_not_use_is_reported_void(
    units: dict[str, list[str]], orders: dict[str, list[str]], expected: dict[str, str]
) -> None:
    request = {"phase": "S1901M", "units": units, "centers": {}, "orders": orders}
    answer = json.loads(answer_line(json.dumps(request), 1))
    assert answer["results"] == expected
