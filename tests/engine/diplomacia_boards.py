"""The handbook's board (tests/data/handbook.json) with units placed as a test needs, and
orders written in canonical notation."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path

from engine import Dislodged, Phase, Position, Unit
from engine.control import centres_controlled, updated_control
from engine.map_file import variant_from_map
from engine.orders import Order, read_canonical

HANDBOOK_FILE = Path(__file__).resolve().parents[1] / "data" / "handbook.json"
HANDBOOK = variant_from_map(json.loads(HANDBOOK_FILE.read_text("utf-8")), "handbook")


def board(
    units: Mapping[str, Sequence[str]],
    phase: str = "T1M",
    control: Mapping[str, str | None] = {},
    dislodged: Sequence[Dislodged] = (),
) -> Position:
    """The handbook board with these units (each area a unit stands in is its power's), the
    other areas as at the start unless ``control`` says otherwise (``None``: nobody's)."""
    start = Position.initial(HANDBOOK)
    placed = {p: tuple(Unit.parse(u) for u in units.get(p, ())) for p in HANDBOOK.powers}
    held = updated_control(start.control, placed)
    for area, power in control.items():
        if power is None:
            held.pop(area, None)
        else:
            held[area] = power
    return replace(
        start,
        phase=Phase.parse(phase),
        units=placed,
        control=held,
        centers=centres_controlled(held, HANDBOOK.supply_centers, HANDBOOK.powers),
        dislodged=tuple(dislodged),
    )


def orders(**given: Sequence[str]) -> dict[str, list[Order]]:
    read: dict[str, list[Order]] = {}
    for power, texts in given.items():
        for text in texts:
            order = read_canonical(text)
            assert order is not None, text
            read.setdefault(power.upper(), []).append(order)
    return read
