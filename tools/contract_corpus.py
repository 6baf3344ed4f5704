"""Requests for `dipgm adjudicate` as clients send them, with the answers the engine gave.

The requests are games played forward through the contract itself (each answer's board is
the next request's position, as a client keeps a game going) with random legal orders
written as players write them (:mod:`tools.order_texts`), some orders that cannot be read or
are not allowed, on every shipped variant; and busy standard boards (:mod:`tools.scenarios`).

``python -m tools.contract_corpus OUT.jsonl.gz`` writes one ``{"request", "answer"}`` object
a line; tests/engine/test_contract_answers.py replays the stored requests and asks for the
very same answers, so that making the engine faster cannot change what it answers.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
from collections.abc import Iterator, Sequence
from typing import Any

from engine import Order, PhaseKind, Position, legal_orders, load_variant
from engine.contract import adjudicate_request
from tools.order_texts import written
from tools.scenarios import random_phases

VARIANTS = ("standard", "ww1", "1961-3", "1961-4", "1961-5", "1961-6", "diplomacia")
# text no notation reads, or orders no power may give: each gets its own result
_STRAYS = ("A XYZ - PAR", "hello", "F LON - XYZ", "A PAR - BUR - MAR", "S A MUN", "Build")


def legal_random_orders(rng: random.Random, position: Position) -> dict[str, list[Order]]:
    """A legal order for every unit (every dislodged unit in a retreat phase); in
    adjustments, the builds or removals each power is owed."""
    orders: dict[str, list[Order]] = {}
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        for power, unit in position.all_units():
            options = legal_orders(position, unit.province)
            if options:
                orders.setdefault(power, []).append(rng.choice(options))
    elif kind is PhaseKind.RETREATS:
        for d in position.dislodged:
            options = legal_orders(position, d.unit.province)
            if options and rng.random() < 0.9:
                orders.setdefault(d.power, []).append(rng.choice(options))
    else:
        for power in position.variant.powers:
            units = position.units.get(power, ())
            owed = len(position.centers.get(power, ())) - len(units)
            if owed > 0:
                sites = sorted(position.homes.get(power, ()))
                rng.shuffle(sites)
                for site in sites[:owed]:
                    options = legal_orders(position, site)
                    if options:
                        orders.setdefault(power, []).append(rng.choice(options))
            elif owed < 0:
                for unit in rng.sample(list(units), -owed):
                    orders.setdefault(power, []).extend(legal_orders(position, unit.province))
    return orders


def _texts(
    rng: random.Random, position: Position, orders: dict[str, list[Order]]
) -> dict[str, list[str]]:
    texts = {
        power: [written(order, position.variant, rng) for order in listed]
        for power, listed in orders.items()
    }
    if texts and rng.random() < 0.3:
        power = rng.choice(sorted(texts))
        texts[power].append(rng.choice(_STRAYS))
    return texts


def _next(request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any] | None:
    if answer.get("next_phase") is None:
        return None
    position = {key: answer[key] for key in ("units", "centers", "dislodged", "contested")}
    for key in ("control", "neutral"):
        if key in answer:
            position[key] = answer[key]
    return {
        "variant": request["variant"],
        "phase": answer["next_phase"],
        "homes": request["homes"],
        **position,
    }


def played(rng: random.Random, variant: str, phases: int) -> Iterator[dict[str, Any]]:
    """Requests of one game from the opening, at most ``phases`` of them."""
    state: dict[str, Any] | None = Position.initial(load_variant(variant)).to_json()
    for _ in range(phases):
        if state is None:
            return
        position = Position.from_json(state)
        request = {**state, "orders": _texts(rng, position, legal_random_orders(rng, position))}
        yield request
        state = _next(request, adjudicate_request(request))


def busy(rng: random.Random, count: int) -> Iterator[dict[str, Any]]:
    """Crowded standard movement phases, every unit ordered."""
    for position, orders in random_phases(rng, load_variant(), count):
        yield {**position.to_json(), "orders": _texts(rng, position, orders)}


def requests(seed: int, games: int, phases: int, crowded: int) -> Iterator[dict[str, Any]]:
    rng = random.Random(seed)
    for number in range(games):
        yield from played(rng, VARIANTS[number % len(VARIANTS)], phases)
    yield from busy(rng, crowded)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out")
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--games", type=int, default=42)
    parser.add_argument("--phases", type=int, default=40)
    parser.add_argument("--crowded", type=int, default=800)
    args = parser.parse_args(argv)
    count = 0
    with gzip.open(args.out, "wt", encoding="utf-8") as out:
        for request in requests(args.seed, args.games, args.phases, args.crowded):
            # the answer exactly as `dipgm adjudicate` writes it
            answer = adjudicate_request(json.loads(json.dumps(request)))
            out.write(json.dumps({"request": request, "answer": answer}, separators=(",", ":")))
            out.write("\n")
            count += 1
    print(f"{count} requests with their answers written to {args.out}")


if __name__ == "__main__":
    main()
