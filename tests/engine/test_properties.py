"""Invariants of a game step, checked over random positions and random orders.

Positions come from two places: the opening played forward a few phases with random orders,
and boards with units scattered at random. Orders are mostly legal (a random hold, move,
support or convoy per unit; a random retreat or disband; random builds and removals) with
some illegal ones mixed in: moves to far provinces, orders for another power's unit,
retreats to where the unit may not go.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Outcome,
    Phase,
    PhaseKind,
    Position,
    Resolution,
    Retreat,
    Season,
    SupportHold,
    SupportMove,
    Unit,
    UnitType,
    Waive,
    adjudicate,
    format_order,
    load_variant,
)
from engine.orders import order_unit
from engine.units import province_of
from engine.variant import ProvinceKind

VARIANT = load_variant()
POWERS = VARIANT.powers
COASTAL = tuple(sorted(c for c, p in VARIANT.provinces.items() if p.kind is ProvinceKind.COAST))
ALL_PROVINCES = tuple(sorted(VARIANT.provinces))

Orders = dict[str, list[Order]]

SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# Random orders ------------------------------------------------------------------------------


def _reach(unit: Unit) -> list[str]:
    """Locations ``unit`` can move to in one step (a fleet's with their coast)."""
    if unit.type is UnitType.ARMY:
        return sorted(VARIANT.army_adjacency.get(unit.location, frozenset()))
    return sorted(VARIANT.fleet_adjacency.get(unit.location, frozenset()))


def _is_sea(province: str) -> bool:
    return VARIANT.provinces[province].kind is ProvinceKind.SEA


def _stray_order(position: Position, unit: Unit, rng: random.Random) -> Order:
    """An order that matches nobody's plan: often illegal, or support for nothing."""
    roll = rng.random()
    if roll < 0.3:
        return Move(unit, rng.choice(ALL_PROVINCES))  # usually not adjacent
    if roll < 0.5 and unit.type is UnitType.ARMY and unit.province in COASTAL:
        return Move(unit, rng.choice([c for c in COASTAL if c != unit.province]), via_convoy=True)
    others = [u for _, u in position.all_units() if u.province != unit.province]
    near = sorted(VARIANT.neighbours(unit.type, unit.location))
    if roll < 0.7 and others:
        return SupportMove(unit, rng.choice(others).province, rng.choice(near))
    if roll < 0.85 and unit.type is UnitType.FLEET:
        armies = [u for u in others if u.type is UnitType.ARMY]
        if armies:
            return Convoy(unit, rng.choice(armies).province, rng.choice(COASTAL))
    return SupportHold(unit, rng.choice(ALL_PROVINCES))


def _move(unit: Unit, rng: random.Random, occupied: set[str]) -> Move:
    """A one-step move, aimed at an occupied province more often than not."""
    reach = _reach(unit)
    attacks = [loc for loc in reach if province_of(loc) in occupied]
    if attacks and rng.random() < 0.6:
        return Move(unit, rng.choice(attacks))
    return Move(unit, rng.choice(reach))


def _support(unit: Unit, plans: Mapping[str, Order], rng: random.Random) -> Order | None:
    """Support for one of the planned orders this unit can reach, if any."""
    options: list[Order] = []
    for province, plan in plans.items():
        if province == unit.province:
            continue
        if isinstance(plan, Move):
            dest = province_of(plan.dest)
            if dest != unit.province and VARIANT.reaches(unit.type, unit.location, dest):
                options.append(SupportMove(unit, province, dest))
        elif VARIANT.reaches(unit.type, unit.location, province):
            options.append(SupportHold(unit, province))
    return rng.choice(options) if options else None


def _convoy_pairs(position: Position, rng: random.Random) -> dict[str, Order]:
    """Matching convoy and army orders for a few armies beside a fleet at sea."""
    orders: dict[str, Order] = {}
    for _, fleet in position.all_units():
        if fleet.type is not UnitType.FLEET or not _is_sea(fleet.province) or rng.random() > 0.5:
            continue
        near = [c for c in VARIANT.neighbours(UnitType.FLEET, fleet.location) if c in COASTAL]
        armies = [
            u
            for c in near
            if (u := position.unit_in(c)) is not None
            and u.type is UnitType.ARMY
            and u.province not in orders
        ]
        if not armies or fleet.province in orders:
            continue
        army = rng.choice(armies)
        dest = rng.choice([c for c in near if c != army.province])
        orders[fleet.province] = Convoy(fleet, army.province, dest)
        orders[army.province] = Move(army, dest, via_convoy=rng.random() < 0.5)
    return orders


def movement_orders(position: Position, rng: random.Random) -> Orders:
    """At most one order per unit from its own power: moves first, then supports for those
    moves (or holds), a few convoys, strays and units left without orders; plus a few orders
    for other powers' units."""
    units = list(position.all_units())
    occupied = {u.province for _, u in units}
    plans: dict[str, Order] = _convoy_pairs(position, rng)
    role = {u.province: rng.random() for _, u in units}
    for _, unit in units:
        if unit.province not in plans and role[unit.province] < 0.45:
            plans[unit.province] = _move(unit, rng, occupied)
    for _, unit in units:
        r = role[unit.province]
        if unit.province in plans or r >= 0.95:
            continue  # already planned, or no order: the unit holds
        order: Order | None = None
        if r < 0.85:
            order = _support(unit, plans, rng)
        elif r < 0.9:
            order = _stray_order(position, unit, rng)
        plans[unit.province] = order or Hold(unit)
    orders: Orders = {p: [] for p in POWERS}
    for power, unit in units:
        if unit.province in plans:
            orders[power].append(plans[unit.province])
        if rng.random() < 0.04:
            # an order for a unit this power does not own: illegal, never executed
            intruder = rng.choice([p for p in POWERS if p != power])
            orders[intruder].append(Move(unit, rng.choice(_reach(unit))))
    return orders


def retreat_orders(position: Position, rng: random.Random) -> Orders:
    orders: Orders = {p: [] for p in POWERS}
    chosen: set[str] = set()
    for d in position.dislodged:
        roll = rng.random()
        if roll < 0.6:
            # two retreats to one province both fail: make that happen now and then
            same = [loc for loc in d.retreats if province_of(loc) in chosen]
            dest = rng.choice(same if same and rng.random() < 0.7 else d.retreats)
            chosen.add(province_of(dest))
            orders[d.power].append(Retreat(d.unit, dest))
        elif roll < 0.75:
            orders[d.power].append(Disband(d.unit))
        elif roll < 0.85:
            orders[d.power].append(Retreat(d.unit, rng.choice(ALL_PROVINCES)))
        elif roll < 0.9:
            other = rng.choice([p for p in POWERS if p != d.power])
            orders[other].append(Retreat(d.unit, rng.choice(d.retreats)))
        # else: no order, the unit disbands
    return orders


def adjustment_orders(position: Position, rng: random.Random) -> Orders:
    """Builds and removals within what each power is owed (so that the order in which they
    are written cannot matter), and a few illegal ones."""
    orders: Orders = {p: [] for p in POWERS}
    for power in POWERS:
        units = list(position.units.get(power, ()))
        owed = len(position.centers.get(power, ())) - len(units)
        if owed > 0:
            free = [
                h
                for h in position.homes.get(power, ())
                if h in position.centers.get(power, ()) and position.unit_in(h) is None
            ]
            for home in rng.sample(free, rng.randint(0, min(owed, len(free)))):
                choices = [Unit(UnitType.FLEET, loc) for loc in VARIANT.fleet_locations(home)]
                if VARIANT.provinces[home].army_can_stand:
                    choices.append(Unit(UnitType.ARMY, home))
                orders[power].append(Build(rng.choice(choices)))
            if len(orders[power]) < owed and rng.random() < 0.3:
                orders[power].append(Waive())
        elif owed < 0:
            for unit in rng.sample(units, rng.randint(0, -owed)):
                orders[power].append(Disband(unit))
        if rng.random() < 0.1:
            # a build in a centre that is not this power's home: illegal
            foreign = [c for p in POWERS if p != power for c in position.homes.get(p, ())]
            orders[power].append(Build(Unit(UnitType.ARMY, rng.choice(foreign))))
    return orders


def random_orders(position: Position, rng: random.Random) -> Orders:
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return movement_orders(position, rng)
    if kind is PhaseKind.RETREATS:
        return retreat_orders(position, rng)
    return adjustment_orders(position, rng)


# Random positions ---------------------------------------------------------------------------


def scattered(rng: random.Random) -> Position:
    """Units placed at random (at most one a province), centres owned at random."""
    density = rng.uniform(0.2, 0.6)
    units: dict[str, list[Unit]] = {p: [] for p in POWERS}
    for code in ALL_PROVINCES:
        if rng.random() > density:
            continue
        choices = [Unit(UnitType.FLEET, loc) for loc in VARIANT.fleet_locations(code)]
        if VARIANT.provinces[code].army_can_stand:
            choices.append(Unit(UnitType.ARMY, code))
        units[rng.choice(POWERS)].append(rng.choice(choices))
    centers: dict[str, set[str]] = {p: set() for p in POWERS}
    for centre in sorted(VARIANT.supply_centers):
        owner = rng.choice((*POWERS, None))
        if owner is not None:
            centers[owner].add(centre)
    season = rng.choice((Season.SPRING, Season.FALL, Season.WINTER))
    kind = PhaseKind.ADJUSTMENTS if season is Season.WINTER else PhaseKind.MOVEMENT
    return Position(
        variant=VARIANT,
        phase=Phase(rng.randint(1901, 1910), season, kind),
        units={p: tuple(us) for p, us in units.items()},
        centers={p: frozenset(cs) for p, cs in centers.items()},
        homes={p: VARIANT.homes(p) for p in POWERS},
    )


def play(position: Position, rng: random.Random, steps: int) -> Position:
    """``position`` after ``steps`` phases of random orders (sooner if somebody wins)."""
    for _ in range(steps):
        resolution = adjudicate(position, random_orders(position, rng))
        if resolution.winner is not None:
            break
        position = resolution.position
    return position


def random_position(rng: random.Random, want: PhaseKind | None = None) -> Position:
    """The opening or a scattered board, played forward; if ``want`` is given, played on
    (a bounded number of phases) until a phase of that kind comes up."""
    start = Position.initial() if rng.random() < 0.5 else scattered(rng)
    position = play(start, rng, rng.randint(0, 6))
    for _ in range(12):
        if want is None or position.phase.kind is want:
            break
        position = play(position, rng, 1)
    return position


@dataclass(frozen=True)
class Step:
    """A position, orders for it, and a random source for whatever the test does next."""

    position: Position
    orders: Orders
    rng: random.Random

    def __repr__(self) -> str:
        written = {p: [format_order(o) for o in os] for p, os in self.orders.items() if os}
        return f"Step(position={self.position.to_json()!r}, orders={written!r})"


@st.composite
def steps(draw: st.DrawFn, want: PhaseKind | None = None) -> Step:
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    rng = random.Random(seed)
    position = random_position(rng, want)
    return Step(position, random_orders(position, rng), rng)


def kinds() -> st.SearchStrategy[PhaseKind | None]:
    return st.sampled_from([None, PhaseKind.MOVEMENT, PhaseKind.RETREATS, PhaseKind.ADJUSTMENTS])


any_step = kinds().flatmap(steps)


# Helpers ---------------------------------------------------------------------------------


def occupied_twice(position: Position) -> list[str]:
    seen = Counter(u.province for _, u in position.all_units())
    return sorted(p for p, n in seen.items() if n > 1)


def result_rows(resolution: Resolution) -> list[tuple[str, str, str, str, str]]:
    """Results as comparable rows, in a fixed order."""
    return sorted(
        (r.power, r.key, r.order_text, r.outcome.value, r.reason or "") for r in resolution.results
    )


def owns(position: Position, power: str, unit: Unit | None, order: Order | None) -> bool:
    """Whether the unit a result or order is about belongs (or, for a build, would belong)
    to ``power`` in ``position``, the position before the step."""
    if isinstance(order, Waive):
        return unit is None
    if isinstance(order, Build):
        return order.unit.province in position.homes.get(power, ())
    if position.phase.kind is PhaseKind.RETREATS:
        return any(d.power == power and d.unit == unit for d in position.dislodged)
    return unit in position.units.get(power, ())


# Properties --------------------------------------------------------------------------------


@SETTINGS
@given(any_step)
def test_no_two_units_in_one_province(step: Step) -> None:
    assert occupied_twice(step.position) == []
    after = adjudicate(step.position, step.orders).position
    assert occupied_twice(after) == []
    # nor does a dislodged unit share a province with another dislodged unit
    stranded = Counter(d.unit.province for d in after.dislodged)
    assert [p for p, n in stranded.items() if n > 1] == []


@SETTINGS
@given(any_step)
def test_order_of_submission_does_not_matter(step: Step) -> None:
    first = adjudicate(step.position, step.orders)
    second = adjudicate(step.position, shuffled(step.orders, step.rng))
    assert second.position == first.position
    assert result_rows(second) == result_rows(first)
    assert second.winner == first.winner


@SETTINGS
@given(steps(PhaseKind.ADJUSTMENTS))
def test_no_power_has_more_units_than_centres_after_adjustments(step: Step) -> None:
    if step.position.phase.kind is not PhaseKind.ADJUSTMENTS:
        return
    before = step.position
    after = adjudicate(before, step.orders).position
    assert after.phase == Phase(before.phase.year + 1, Season.SPRING, PhaseKind.MOVEMENT)
    for power in POWERS:
        units, centres = len(after.units[power]), len(after.centers[power])
        assert units <= centres, power
        if len(before.units[power]) >= centres:
            # removals bring the power exactly to its centre count; nothing else changes
            assert units == centres, power
        assert len(after.units[power]) >= min(len(before.units[power]), centres)


@SETTINGS
@given(steps(PhaseKind.MOVEMENT))
def test_every_unit_survives_a_movement_step_somewhere(step: Step) -> None:
    before = step.position
    if before.phase.kind is not PhaseKind.MOVEMENT:
        return
    resolution = adjudicate(before, step.orders)
    after = resolution.position
    destroyed = {(r.power, r.key) for r in resolution.results if r.outcome is Outcome.DESTROYED}
    dislodged = {(d.power, str(d.unit)) for d in after.dislodged}
    moved = {
        (r.power, r.key): r.order.dest
        for r in resolution.results
        if r.outcome is Outcome.MOVED and isinstance(r.order, Move)
    }
    board = {(power, str(unit)) for power, unit in after.all_units()}
    for power, unit in before.all_units():
        key = (power, str(unit))
        if key in destroyed or key in dislodged:
            assert key not in moved
            assert (key in destroyed) != (key in dislodged), key
            continue
        where = moved.get(key, unit.location)
        assert (power, str(unit.at(where))) in board, (key, where)
    assert len(board) + len(dislodged) + len(destroyed) == sum(1 for _ in before.all_units())
    for d in after.dislodged:
        assert d.unit in before.units[d.power]


@SETTINGS
@given(any_step)
def test_results_name_only_units_of_the_power_that_ordered_them(step: Step) -> None:
    before = step.position
    resolution = adjudicate(before, step.orders)
    for result in resolution.results:
        if result.outcome not in (Outcome.ILLEGAL, Outcome.INVALID):
            assert owns(before, result.power, result.unit, result.order), result
    # an order for somebody else's unit is reported to the power that gave it, as illegal
    refused = {(r.power, r.key) for r in resolution.results if r.outcome is Outcome.ILLEGAL}
    for power, orders in step.orders.items():
        for order in orders:
            unit = order_unit(order)
            if unit is None or isinstance(order, Build):
                continue
            if not owns(before, power, unit, order):
                assert (power, str(unit)) in refused, format_order(order)


def shuffled(orders: Mapping[str, Sequence[Order]], rng: random.Random) -> Orders:
    """The same orders, each power's list and the powers themselves in another order."""
    out: Orders = {}
    for power in rng.sample(list(orders), len(orders)):
        out[power] = rng.sample(list(orders[power]), len(orders[power]))
    return out


def round_trip(position: Position) -> Position:
    return Position.from_json(json.loads(json.dumps(position.to_json())))


def assert_same(a: Position, b: Position) -> None:
    assert a == b
    assert a.phase == b.phase
    for power in POWERS:
        assert sorted(map(str, a.units.get(power, ()))) == sorted(map(str, b.units.get(power, ())))
        assert a.centers.get(power, frozenset()) == b.centers.get(power, frozenset())
        assert tuple(a.homes.get(power, ())) == tuple(b.homes.get(power, ()))
    assert sorted(a.dislodged, key=str) == sorted(b.dislodged, key=str)
    assert a.contested == b.contested


@SETTINGS
@given(any_step)
def test_position_json_round_trip(step: Step) -> None:
    assert_same(round_trip(step.position), step.position)
    after = adjudicate(step.position, step.orders).position
    assert_same(round_trip(after), after)


# The generator reaches every kind of phase --------------------------------------------------


@pytest.mark.parametrize("kind", list(PhaseKind))
def test_random_games_reach_every_phase_kind(kind: PhaseKind) -> None:
    """Guard against properties that hold only because their case never comes up."""
    found = sum(random_position(random.Random(seed), kind).phase.kind is kind for seed in range(30))
    assert found >= 10


def test_random_orders_include_illegal_ones_and_dislodgements() -> None:
    outcomes: Counter[Outcome] = Counter()
    for seed in range(30):
        rng = random.Random(seed)
        position = random_position(rng, PhaseKind.MOVEMENT)
        resolution = adjudicate(position, random_orders(position, rng))
        outcomes.update(r.outcome for r in resolution.results)
    for expected in (Outcome.MOVED, Outcome.BOUNCED, Outcome.SUPPORTED, Outcome.ILLEGAL):
        assert outcomes[expected] > 0, expected
    assert outcomes[Outcome.DISLODGED] + outcomes[Outcome.DESTROYED] > 0
