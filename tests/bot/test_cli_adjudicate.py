"""`dipgm adjudicate`: the JSON-lines contract of DESIGN.md, end to end."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from typing import Any
from unittest.mock import ANY

from bot.cli import main

OPENING = {
    "variant": "standard",
    "phase": "S1901M",
    "units": {
        "ENGLAND": ["F LON", "F EDI", "A LVP"],
        "FRANCE": ["A PAR", "A MAR", "F BRE"],
        "GERMANY": ["A MUN", "A BER", "F KIE"],
    },
    "centers": {
        "ENGLAND": ["EDI", "LON", "LVP"],
        "FRANCE": ["BRE", "MAR", "PAR"],
        "GERMANY": ["BER", "KIE", "MUN"],
    },
}


def run(lines: list[str], monkeypatch: Any) -> list[dict[str, Any]]:
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["adjudicate"]) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_one_phase_with_any_notation(monkeypatch: Any) -> None:
    request = dict(OPENING)
    request["orders"] = {
        "FRANCE": ["Paris army to Burgundy", "A Mar-Bur"],
        "GERMANY": ["A(Mun)—Bur", "F Kie - Den"],
        "ENGLAND": ["F Lon - NTH", "F Edi-Nwg", "A Lpl-Yor"],
    }
    (answer,) = run([json.dumps(request)], monkeypatch)
    assert answer["phase"] == "S1901M"
    assert answer["next_phase"] == "F1901M"
    assert answer["results"] == {
        "A PAR": "bounced",
        "A MAR": "bounced",
        "A MUN": "bounced",
        "F KIE": "moved",
        "F LON": "moved",
        "F EDI": "moved",
        "A LVP": "moved",
    }
    assert answer["units"]["GERMANY"] == ["A BER", "A MUN", "F DEN"]
    assert answer["units"]["ITALY"] == []  # every power of the variant is listed
    assert answer["contested"] == []  # a standoff matters only to a retreat phase
    assert answer["winner"] is None


def test_bad_lines_get_an_error_and_the_run_goes_on(monkeypatch: Any) -> None:
    good = json.dumps({**OPENING, "orders": {"FRANCE": ["A PAR H"]}})
    answers = run(
        [
            "not json",
            json.dumps({"phase": "S1901M", "units": {"PRUSSIA": ["A BER"]}}),
            json.dumps({"units": {}}),
            good,
        ],
        monkeypatch,
    )
    assert answers[0]["error"].startswith("line 1: not JSON")
    assert "unknown power 'PRUSSIA'" in answers[1]["error"]
    assert "phase" in answers[2]["error"]
    assert answers[3]["results"] == {"A PAR": "held"}


def test_unreadable_and_illegal_orders_are_reported(monkeypatch: Any) -> None:
    request = {
        **OPENING,
        "orders": {"FRANCE": ["A Par - Berlinn", "F Bre - Mun", "A Lon - Wal"]},
    }
    (answer,) = run([json.dumps(request)], monkeypatch)
    assert answer["results"]["A Par - Berlinn"].startswith("invalid:")
    assert answer["results"]["F BRE"].startswith("illegal:")
    assert answer["results"]["A Lon - Wal"].startswith("illegal:")
    assert answer["units"]["FRANCE"] == ["A MAR", "A PAR", "F BRE"]


def test_retreat_input_and_destroyed_unit(monkeypatch: Any) -> None:
    attack = {
        "phase": "F1901M",
        "units": {
            "GERMANY": ["A MUN", "A RUH"],
            "FRANCE": ["A BUR", "A BRE"],
            "ENGLAND": ["F ENG"],
        },
        "centers": {"GERMANY": ["MUN"], "FRANCE": ["PAR"]},
        "orders": {
            "GERMANY": ["A Mun - Bur", "A Ruh S A Mun - Bur"],
            "FRANCE": ["A Bre - Pic"],
            "ENGLAND": ["F Eng - Pic"],
        },
    }
    (answer,) = run([json.dumps(attack)], monkeypatch)
    assert answer["results"]["A BUR"] == "dislodged"
    assert answer["next_phase"] == "F1901R"
    (entry,) = answer["dislodged"]["FRANCE"]
    assert entry["unit"] == "A BUR"
    assert entry["from"] == "MUN"
    assert "MUN" not in entry["retreats"] and "PAR" in entry["retreats"]
    assert answer["contested"] == ["PIC"]
    assert "PIC" not in entry["retreats"]  # left empty by a standoff
    retreat = {
        "phase": "F1901R",
        "units": answer["units"],
        "centers": answer["centers"],
        "dislodged": answer["dislodged"],
        "orders": {"FRANCE": ["A Bur R Par"]},
    }
    (after,) = run([json.dumps(retreat)], monkeypatch)
    assert after["results"] == {"A BUR": "retreated"}
    assert "A PAR" in after["units"]["FRANCE"]


def test_pipe_is_answered_line_by_line() -> None:
    """Another program can drive it one phase at a time: each answer arrives before the next
    request is written."""
    process = subprocess.Popen(
        [sys.executable, "-m", "bot.cli", "adjudicate"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdin is not None and process.stdout is not None
    try:
        for phase in ("S1901M", "F1901M"):
            process.stdin.write(json.dumps({**OPENING, "phase": phase}) + "\n")
            process.stdin.flush()
            answer = json.loads(process.stdout.readline())
            assert answer["phase"] == phase
    finally:
        process.stdin.close()
        process.wait(timeout=30)
    assert process.returncode == 0


def test_no_line_ends_the_run() -> None:
    """Whatever a line holds, it gets an error line of its own and the next line is answered."""
    retreat = {
        "phase": "F1901R",
        "units": {"FRANCE": ["A BUR"]},
        "centers": {},
        "dislodged": {"FRANCE": [{"unit": "A PAR", "retreats": "GAS"}]},
    }
    bad = [
        json.dumps(retreat).encode(),
        json.dumps({**OPENING, "variant": "../../etc/passwd"}).encode(),
        json.dumps({**OPENING, "variant": "x" * 5000}).encode(),
        b"[" * 100_000 + b"]" * 100_000,
        b'{"phase": "S1901M\xff\xfe"}',
        json.dumps({**OPENING, "dislodged": {"FRANCE": "A PAR"}}).encode(),
    ]
    good = json.dumps({**OPENING, "orders": {"FRANCE": ["A PAR - BUR"]}}).encode()
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", "adjudicate"],
        input=b"\n".join([*bad, good]) + b"\n",
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a.get("error", "")[:7] for a in answers[:-1]] == [
        f"line {n}:" for n in range(1, len(bad) + 1)
    ]
    assert '"retreats" must be a list' in answers[0]["error"]
    assert "unknown variant '../../etc/passwd'" in answers[1]["error"]
    assert len(answers[2]["error"]) < 200  # the name is cut short, not echoed whole
    assert "nested too deeply" in answers[3]["error"]
    assert "not UTF-8" in answers[4]["error"]
    assert "must be a list of entries" in answers[5]["error"]
    assert answers[-1]["results"] == {"A PAR": "moved"}


def test_power_names_are_read_in_any_case(monkeypatch: Any) -> None:
    """`"france"` names France in every section: its units are never silently dropped."""
    request = {
        "phase": "S1901M",
        "units": {"france": ["A PAR"]},
        "centers": {"france": ["PAR"]},
        "orders": {"france": ["A PAR - BUR"]},
    }
    (answer,) = run([json.dumps(request)], monkeypatch)
    assert answer["results"] == {"A PAR": "moved"}
    assert answer["units"]["FRANCE"] == ["A BUR"]
    assert answer["centers"]["FRANCE"] == ["PAR"]


def test_civil_disorder_disbands_dislodged_units_with_no_retreat(monkeypatch: Any) -> None:
    request = {
        "phase": "F1901M",
        "units": {"AUSTRIA": ["A TYR", "F TRI"], "ITALY": ["A VEN"], "FRANCE": ["A PAR"]},
        "centers": {"AUSTRIA": ["TRI"], "ITALY": ["VEN"]},
        "orders": {"austria": ["A Tyr-Ven", "F Tri S A Tyr-Ven"]},
    }
    played = run([json.dumps(request)], monkeypatch)[0]
    assert played["results"]["A VEN"] == "dislodged"
    assert played["dislodged"] == {"ITALY": [{"unit": "A VEN", "from": "TYR", "retreats": ANY}]}
    request["civil_disorder"] = ["italy"]
    unplayed = run(
        [json.dumps(request), json.dumps(request | {"civil_disorder": "ITALY"})], monkeypatch
    )
    assert unplayed[0]["results"]["A VEN"] == "disbanded: civil disorder"
    assert unplayed[0]["dislodged"] == {}
    assert unplayed[0]["units"]["ITALY"] == []
    assert unplayed[0]["next_phase"] == "S1902M"  # no retreats; no adjustments owed
    assert unplayed[1] == {
        "error": "line 2: 'civil_disorder' must be a list of power names, e.g. [\"ITALY\"]"
    }


def test_any_variant_by_name_and_a_seat_that_wins_together(monkeypatch: Any) -> None:
    shrunk = {
        "variant": "1961-6",
        "phase": "S1901M",
        "units": {"RUSSIA": ["F SEV"]},
        "centers": {"RUSSIA": ["SEV"]},
        "orders": {"RUSSIA": ["F Sev - Con"]},
    }
    seated = {
        "phase": "F1905M",
        "units": {"AUSTRIA": ["A VIE"], "FRANCE": ["A PAR"]},
        "centers": {
            "AUSTRIA": ["BUD", "TRI", "VIE", "SER", "GRE", "BUL", "RUM", "SEV", "WAR"],
            "FRANCE": ["BRE", "MAR", "PAR", "SPA", "POR", "BEL", "HOL", "MUN", "KIE"],
        },
        "seats": [["AUSTRIA", "FRANCE"]],
    }
    first, second = run([json.dumps(shrunk), json.dumps(seated)], monkeypatch)
    assert first["results"] == {"F SEV": "illegal: Constantinople (CON) is off the board in 1961-6"}
    assert "TURKEY" not in first["units"]
    assert second["winner"] == ["AUSTRIA", "FRANCE"]
    assert second["next_phase"] is None


def test_variants_lists_every_way_to_play_by_name(monkeypatch: Any) -> None:
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["variants"]) == 0
    lines = out.getvalue().splitlines()
    assert [line.split()[0] for line in lines] == [
        "standard",
        "1961-3",
        "1961-4",
        "1961-5",
        "1961-6",
        "diplomacia",
        "ww1",
    ]
    assert "Vienna and Trieste are neutral centres" in lines[2]
    assert "ten powers on today's Europe" in lines[5]
    assert "26 supply centres win" in lines[5]
    assert "Italy is neutral and closed in 1914" in lines[6]


def test_world_war_one_keeps_italy_closed_and_neutral_until_it_joins(monkeypatch: Any) -> None:
    spring = {
        "variant": "ww1",
        "phase": "S1914M",
        "units": {"AUSTRIA": ["F TRI", "A VIE"], "ITALY": ["A VEN"], "FRANCE": ["A MAR"]},
        "centers": {"AUSTRIA": ["TRI", "VIE"], "ITALY": ["VEN"], "FRANCE": ["MAR"]},
        "seats": [["AUSTRIA", "GERMANY", "TURKEY"], ["ENGLAND", "FRANCE", "RUSSIA"]],
        "orders": {"AUSTRIA": ["F Tri - Ven", "A Vie - Tyr"], "ITALY": ["A Ven - Pie"]},
    }
    joined = {
        **spring,
        "phase": "S1915M",
        "neutral": [],
        "seats": [["AUSTRIA", "GERMANY", "ITALY", "TURKEY"], ["ENGLAND", "FRANCE", "RUSSIA"]],
        "orders": {"ITALY": ["A Ven - Pie"]},
    }
    first, second = run([json.dumps(spring), json.dumps(joined)], monkeypatch)
    assert first["results"] == {
        "F TRI": "illegal: Venice (VEN) is neutral Italian territory in 1914: no unit may enter it",
        "A VIE": "moved",
        "A VEN": "illegal: Italy is neutral in 1914: its units hold and take no orders, "
        "and it makes no adjustments",
    }
    assert first["neutral"] == ["ITALY"], "still neutral in the next phase"
    assert second["results"] == {"A VEN": "moved"}
    assert "neutral" not in second
    assert second["units"]["ITALY"] == ["A PIE"]


def test_a_unit_where_a_neutral_power_closes_the_board_is_refused(monkeypatch: Any) -> None:
    in_italy = {
        "variant": "ww1",
        "phase": "S1914M",
        "units": {"FRANCE": ["F TUS", "A MAR"], "ITALY": ["A VEN"]},
        "orders": {"FRANCE": ["F TUS - ROM"]},
    }
    dislodged_there = {
        "variant": "ww1",
        "phase": "F1914R",
        "units": {"ITALY": ["A VEN"]},
        "dislodged": {"FRANCE": [{"unit": "A PIE", "from": "MAR"}]},
    }
    off_the_board = {"variant": "1961-4", "phase": "S1901M", "units": {"ENGLAND": ["A MOS"]}}
    # from 1915 Italy may have joined a seat: its territory is open, and the same unit stands
    joined = {**in_italy, "phase": "S1915M", "neutral": []}
    closed, retreat, gone, opened = run(
        [json.dumps(r) for r in (in_italy, dislodged_there, off_the_board, joined)], monkeypatch
    )
    assert closed == {
        "error": "line 1: FRANCE: F TUS cannot stand there: Tuscany (TUS) is neutral Italian "
        "territory, closed to other powers' units while Italy is neutral"
    }
    assert retreat == {
        "error": "line 2: FRANCE: A PIE cannot stand there: Piedmont (PIE) is neutral Italian "
        "territory, closed to other powers' units while Italy is neutral"
    }
    assert gone == {
        "error": "line 3: ENGLAND: A MOS cannot stand there: MOS is not on the 1961-4 board"
    }
    assert opened["results"] == {"F TUS": "moved"}


def test_a_unit_that_cannot_stand_where_it_is_written_is_told_why(monkeypatch: Any) -> None:
    lines = [
        {"variant": "standard", "phase": "S1901M", "units": {"ENGLAND": [unit]}}
        for unit in ("A NTH", "F PAR", "F STP", "A STP/NC", "F LON/NC")
    ]
    answers = run([json.dumps(line) for line in lines], monkeypatch)
    assert [answer["error"] for answer in answers] == [
        "line 1: ENGLAND: A NTH cannot stand there: an army cannot stand in North Sea (NTH)",
        "line 2: ENGLAND: F PAR cannot stand there: a fleet cannot stand in Paris (PAR)",
        "line 3: ENGLAND: F STP cannot stand there: a fleet in St. Petersburg (STP) stands on "
        "one of its coasts: STP/NC, STP/SC",
        "line 4: ENGLAND: A STP/NC cannot stand there: an army stands in St. Petersburg (STP) "
        "itself, not on a coast: A STP",
        "line 5: ENGLAND: F LON/NC cannot stand there: London (LON) has no coasts to name: F LON",
    ]
