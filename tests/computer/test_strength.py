"""A computer player plays better than a power in civil disorder or one ordering at random."""

from __future__ import annotations

from computer import choose_orders
from computer.match import Chooser, opening, play
from computer.opponents import hold_orders, random_orders
from engine import load_variant


def _centres(power: str, opponent: Chooser, last_year: int) -> dict[str, int]:
    start = opening(load_variant("standard"))
    players: dict[str, Chooser] = dict.fromkeys(start.variant.powers, opponent)
    players[power] = choose_orders
    game = play(start, players, seed=5, last_year=last_year)
    return {p: len(cs) for p, cs in game.final.centers.items()}


def test_a_computer_grows_past_six_powers_that_only_hold() -> None:
    for power in ("ENGLAND", "RUSSIA", "ITALY"):
        centres = _centres(power, hold_orders, 1904)
        others = max(n for p, n in centres.items() if p != power)
        assert centres[power] >= 10, centres
        assert others <= 4, centres


def test_a_computer_leads_six_powers_ordering_at_random() -> None:
    centres = _centres("GERMANY", random_orders, 1904)
    assert centres["GERMANY"] > max(n for p, n in centres.items() if p != "GERMANY")
