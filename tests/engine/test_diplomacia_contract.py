"""`dipgm adjudicate` on a Diplomacia board: the answer feeds the next request (control,
dislodged fleets carrying armies, turn phases), and orders in canonical notation are read."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine import Position
from engine.contract import adjudicate_request
from engine.variant import VARIANTS_DIR_VARIABLE, load_variant
from tests.engine.diplomacia_boards import board

DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.fixture(autouse=True)
def _handbook_installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv(VARIANTS_DIR_VARIABLE, str(DATA))
    load_variant.cache_clear()
    yield
    load_variant.cache_clear()


def _request(position: Position) -> dict[str, Any]:
    """A request for ``position``: its variant's homes (left out) and no centres, which
    control gives."""
    request = position.to_json()
    del request["homes"], request["centers"]
    return request


def _next(answer: dict[str, Any], orders: dict[str, list[str]]) -> dict[str, Any]:
    """The next request, made only of what the answer gave back."""
    return {
        "variant": "handbook",
        "phase": answer["next_phase"],
        "units": answer["units"],
        "control": answer["control"],
        "dislodged": answer["dislodged"],
        "contested": answer["contested"],
        "orders": orders,
    }


def test_a_seizure_and_its_retreat_round_trip_through_the_contract() -> None:
    request = _request(
        board({"RUSSIA": ["A KAR"], "SCANDINAVIA": ["F GBO"], "VISEGRAD": ["F GFI"]})
    )
    request["orders"] = {
        "RUSSIA": ["A KAR ZP GFI"],
        "SCANDINAVIA": ["F GBO S A KAR ZP GFI"],
        "VISEGRAD": ["F GFI - GBO"],
    }
    answer = adjudicate_request(request)
    assert answer["phase"] == "T1M"
    assert answer["results"] == {"A KAR": "seized", "F GBO": "supported", "F GFI": "dislodged"}
    assert answer["next_phase"] == "T1R"
    assert "GFI" in answer["control"]["RUSSIA"]
    assert "KAR" in answer["centers"]["RUSSIA"]
    assert answer["dislodged"]["VISEGRAD"] == [
        {"unit": "F GFI", "from": "KAR", "retreats": ["EBA"]}
    ]
    after = adjudicate_request(_next(answer, {"VISEGRAD": ["F GFI R EBA"]}))
    assert after["results"] == {"F GFI": "retreated"}
    assert after["next_phase"] == "T2M"
    assert after["units"]["VISEGRAD"] == ["F EBA"]
    assert "EBA" in after["control"]["VISEGRAD"]


def test_a_fleet_carrying_an_army_round_trips_and_takes_it_when_lost() -> None:
    request = _request(board({"VISEGRAD": ["A POM", "F SBA"], "SCANDINAVIA": ["F SKA", "F WBA"]}))
    request["orders"] = {
        "VISEGRAD": ["A POM - SMA", "F SBA C POM - SMA"],
        "SCANDINAVIA": ["F SKA - SBA", "F WBA S F SKA - SBA"],
    }
    answer = adjudicate_request(request)
    assert answer["dislodged"]["VISEGRAD"] == [
        {"unit": "F SBA", "from": "SKA", "retreats": ["EBA"], "carrying": "POM"}
    ]
    after = adjudicate_request(_next(answer, {}))
    assert after["results"] == {
        "F SBA": "disbanded",
        "A POM": "destroyed: lost with F SBA, which was convoying it",
    }
    assert after["units"]["VISEGRAD"] == []


def test_hops_are_read_in_canonical_and_standard_notation() -> None:
    request = _request(board({"SPAIN": ["A KAT", "F WME"], "FRANCE": ["F NME"]}))
    request["orders"] = {
        "SPAIN": ["A KAT - ALG", "F WME C NME - ALG"],
        "FRANCE": ["F NME C A KAT - WME"],
    }
    answer = adjudicate_request(request)
    assert answer["results"] == {"A KAT": "moved", "F WME": "convoyed", "F NME": "convoyed"}
    assert answer["units"]["SPAIN"] == ["A ALG", "F WME"]
