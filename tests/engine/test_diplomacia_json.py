"""A Diplomacia position survives its JSON: what the service stores is what it reads back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import Position
from engine.map_file import variant_from_map
from engine.variant import load_variant

HANDBOOK = Path(__file__).parents[1] / "data" / "handbook.json"


def test_a_diplomacia_position_reads_back_its_own_json_with_home_sectors(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DIPGM_VARIANTS_DIR", str(HANDBOOK.parent))
    load_variant.cache_clear()
    try:
        variant = variant_from_map(json.loads(HANDBOOK.read_text("utf-8")), "handbook")
        start = Position.initial(variant)
        again = Position.from_json(start.to_json())
        # Britain's homes include the Channel, a sector with no supply centre
        assert again.homes["BRITAIN"] == ("SEN", "CHA")
        assert again == start
    finally:
        load_variant.cache_clear()
