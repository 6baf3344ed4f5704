"""Every DATC case in ../shared/datc, plus the six cases new in DATC 3.1, run through the engine.

The case files hold DATC 2.4 expectations; where DATC 3.1 prefers another result the case
is listed in ``DATC_3_1_RULINGS`` with the reason and the 3.1 result, and asserted that way.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest

from engine import (
    Dislodged,
    Order,
    OrderError,
    Phase,
    PhaseKind,
    Position,
    Unit,
    UnitType,
    adjudicate,
    load_variant,
    parse_order,
)
from engine.position import retreat_options
from engine.units import province_of
from tests.engine.datc_cases import SHARED_DATC, Case, all_cases, read_cases

OWN_CASES = Path(__file__).parent / "data" / "datc_v3_1_new.txt"

# godip's abbreviations that differ from ours
GODIP = {"GOL": "LYO", "MID": "MAO", "NAT": "NAO", "NRG": "NWG"}

# Cases where the file (DATC 2.4) and DATC 3.1's preference differ: name -> (reason, 3.1
# post-state as (units, dislodged)).
DATC_3_1_RULINGS: dict[str, tuple[str, list[tuple[str, str]], list[tuple[str, str]]]] = {
    "6.G.8": (
        "DATC 3.1 (issue 4.A.3): an explicit 'via convoy' with no convoy does not fall back to "
        "the land route, so the army stays in Belgium",
        [("FRANCE", "A bel"), ("ENGLAND", "F hel"), ("ENGLAND", "A kie")],
        [],
    ),
}


def _unit(text: str) -> Unit:
    kind, _, where = text.strip().partition(" ")
    location = where.strip().upper()
    province = province_of(location)
    location = location.replace(province, GODIP.get(province, province), 1)
    return Unit(UnitType(kind.upper()), location)


def _key(power: str, unit: Unit) -> tuple[str, str, str]:
    # DATC post-states do not always name a fleet's coast; compare provinces
    return (power, unit.type.value, unit.province)


def _prior_moves(case: Case) -> Iterable[tuple[bool, str, str]]:
    """(succeeded, origin, destination) for the plain moves of the previous phase; moves
    marked via convoy are skipped (a convoyed attacker does not block a retreat: 4.A.5)."""
    for success, _, order in case.prior:
        if "convoy" in order.lower() or " S " in f" {order} " or " s " in order:
            continue
        body = order.split(" ", 1)[1] if order[:2].strip().upper() in ("A", "F") else order
        if "-" not in body:
            continue
        origin, dest = (part.strip().split()[0] for part in body.split("-", 1))
        yield success, _unit(f"A {origin}").province, _unit(f"A {dest}").province


def build_position(case: Case) -> Position:
    variant = load_variant()
    units: dict[str, list[Unit]] = {p: [] for p in variant.powers}
    for power, text in case.units:
        units[power].append(_unit(text))
    centers: dict[str, set[str]] = {p: set() for p in variant.powers}
    for power, text in case.owners:
        centers[power].add(_unit(text).province)
    attackers = {dest: origin for ok, origin, dest in _prior_moves(case) if ok}
    bounced = [dest for ok, _, dest in _prior_moves(case) if not ok]
    # a standoff takes two: a lone failed move (say, a lost head-to-head) leaves none (6.H.9)
    contested = {dest for dest in bounced if bounced.count(dest) >= 2}
    occupied = {u.province for us in units.values() for u in us}
    contested -= occupied
    dislodged = []
    for power, text in case.dislodged:
        unit = _unit(text)
        attacker = attackers.get(unit.province)
        options = retreat_options(variant, unit, attacker, occupied, contested)
        dislodged.append(Dislodged(power, unit, attacker, options))
    return Position(
        variant=variant,
        phase=Phase.parse(case.phase),
        units={p: tuple(us) for p, us in units.items()},
        centers={p: frozenset(cs) for p, cs in centers.items()},
        homes={p: variant.power_info[p].homes for p in variant.powers},
        dislodged=tuple(dislodged),
        contested=frozenset(contested),
    )


def read_orders(case: Case, position: Position) -> dict[str, list[Order]]:
    orders: dict[str, list[Order]] = {}
    for power, text in case.orders:
        try:
            order = parse_order(text, position, power, check=False)
        except OrderError as exc:
            # orders that name no unit of the power are illegal, and so ignored (6.A.6)
            assert exc.kind != "invalid", f"{case.name}: cannot read {text!r}: {exc}"
            continue
        orders.setdefault(power, []).append(order)
    return orders


def run_case(case: Case) -> tuple[set[tuple[str, str, str]], set[tuple[str, str, str]]]:
    position = build_position(case)
    resolution = adjudicate(position, read_orders(case, position))
    after = resolution.position
    units = {_key(p, u) for p, u in after.all_units()}
    dislodged = {_key(d.power, d.unit) for d in after.dislodged}
    return units, dislodged


def expected(case: Case) -> tuple[set[tuple[str, str, str]], set[tuple[str, str, str]]]:
    if case.name.split()[0] in DATC_3_1_RULINGS:
        _, post, post_dislodged = DATC_3_1_RULINGS[case.name.split()[0]]
    elif case.same:
        post, post_dislodged = case.units, case.dislodged
    else:
        post, post_dislodged = case.post_units, case.post_dislodged
    if case.same and Phase.parse(case.phase).kind is not PhaseKind.MOVEMENT:
        post_dislodged = []
    units = {_key(p, _unit(t)) for p, t in post}
    return units, {_key(p, _unit(t)) for p, t in post_dislodged}


def _cases() -> list[Case]:
    own = read_cases(OWN_CASES)
    if not SHARED_DATC.is_dir():
        return own
    return all_cases() + own


CASES = _cases()


def test_shared_cases_present() -> None:
    if not SHARED_DATC.is_dir():
        pytest.skip(f"DATC case files not found at {SHARED_DATC}: shared DATC cases skipped")
    assert len(CASES) == 185 + 6


@pytest.mark.parametrize("case", CASES, ids=[f"{c.source}:{c.name}" for c in CASES])
def test_datc_case(case: Case) -> None:
    units, dislodged = run_case(case)
    want_units, want_dislodged = expected(case)
    assert units == want_units, f"units: missing {want_units - units}, extra {units - want_units}"
    assert dislodged == want_dislodged, (
        f"dislodged: missing {want_dislodged - dislodged}, extra {dislodged - want_dislodged}"
    )
