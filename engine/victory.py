"""How far each seat stands from victory: the count the variant's rules win by (centres,
units or pieces) for the powers of each seat, and the count it needs now.

The legend of a map and a game's status both show this, so both read it here.

>>> from engine.position import Position
>>> from engine.variant import load_variant
>>> war = Position.initial(load_variant("ww1"), [["AUSTRIA", "GERMANY", "TURKEY"]])
>>> [(s.powers, s.count, s.needed, s.counted) for s in seat_progress(war)][0]
(('AUSTRIA', 'GERMANY', 'TURKEY'), 9, 24, 'units')
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine.position import Position
from engine.rules import Victory, all_seats


@dataclass(frozen=True, slots=True)
class SeatProgress:
    """One seat's powers (in the variant's order), its count toward victory, and the count
    that wins now; ``counted`` names what is counted: ``centres``, ``units`` or ``pieces``."""

    powers: tuple[str, ...]
    count: int
    needed: int
    counted: str


def pieces_on_board(position: Position) -> Counter[str]:
    """Each power's units, a dislodged unit among them until it retreats or disbands."""
    units = position.units
    pieces: Counter[str] = Counter()
    for power in position.variant.powers:
        pieces[power] = len(units.get(power, ()))
    for d in position.dislodged:
        pieces[d.power] += 1
    return pieces


def victory_counts(position: Position) -> Counter[str]:
    """Each power's count of what wins the variant: its supply centres, or its pieces on
    the board where units or pieces win."""
    if position.variant.rules.victory is Victory.CENTRES:
        return Counter({p: len(position.centers.get(p, ())) for p in position.variant.powers})
    return pieces_on_board(position)


def seat_progress(position: Position) -> tuple[SeatProgress, ...]:
    """Every seat in play (the position's seats, then each other power alone, in the
    variant's order), with its count toward victory; a power with neither centres nor units
    is left out."""
    variant = position.variant
    rules = variant.rules
    pieces = pieces_on_board(position)
    counts = victory_counts(position)
    if rules.victory is Victory.PIECES:
        needed = sum(pieces.values()) // 2 + 1
    else:
        assert rules.victory_count is not None
        needed = rules.victory_count
    order = {p: i for i, p in enumerate(variant.powers)}
    found = []
    for seat in all_seats(variant.powers, position.seats):
        powers = tuple(
            sorted(
                (p for p in seat if pieces[p] or position.centers.get(p)),
                key=order.__getitem__,
            )
        )
        if powers:
            found.append(
                SeatProgress(powers, sum(counts[p] for p in powers), needed, rules.victory.value)
            )
    return tuple(sorted(found, key=lambda s: order[s.powers[0]]))
