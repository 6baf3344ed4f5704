"""Suggestions for orders as a player types them, from the engine's legal orders: their own
units, then the legal orders of the unit they named, or the orders that fit what they typed,
best first. Discord's autocomplete and Slack's searching menus both offer these; each front
end keeps its own limits (how many suggestions, how long).

The orders are the service's (:mod:`.order_menus`: the engine's legal orders in canonical
notation); this only matches text against them. Players write as they like: ``a par-bur``,
``mar s par bur``, ``Paris army to Burgundy``. A typed word fits a word of an order that
starts with it, and a full name fits its abbreviation (``Burgundy`` fits ``BUR``); words in
the order's own order rank first. Several orders may be typed at once (``;`` or ``,``
between them): the last one is completed and the ones before are kept.

Suggestions only help: whatever is sent is read again as any typed order.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

# (unit, its legal orders) for each of the requester's units, as order menus list them.
UnitOrders = Sequence[tuple[str, Sequence[str]]]

_WORD = re.compile(r"[A-Za-z0-9]+")
_SEPARATOR = re.compile(r"[;,\n]")
# Words players type for the notation's letters.
_SYNONYMS = {
    "ARMY": "A",
    "FLEET": "F",
    "HOLD": "H",
    "HOLDS": "H",
    "SUPPORT": "S",
    "SUPPORTS": "S",
    "CONVOY": "C",
    "CONVOYS": "C",
    "RETREAT": "R",
    "RETREATS": "R",
    "DISBAND": "D",
    "DISBANDS": "D",
    "REMOVE": "D",
    "BUILD": "B",
    "BUILDS": "B",
}
# Words that carry no meaning for matching ("A Par to Bur", "Build in Par").
_NOISE = frozenset({"TO", "MOVE", "MOVES", "IN", "AT", "FROM", "THE"})
_COASTS = frozenset({"NC", "SC", "EC", "WC"})


def _words(text: str) -> tuple[str, ...]:
    """The words of an order or of what was typed, upper-case, synonyms read."""
    out: list[str] = []
    for raw in _WORD.findall(text.upper()):
        word = _SYNONYMS.get(raw, raw)
        if word not in _NOISE:
            out.append(word)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class _Fit:
    first: int  # where the first typed word fitted
    inversions: int  # typed words that fitted before the one typed ahead of them
    exact: int  # typed words equal to the word they fitted


def _fits(typed: str, word: str) -> bool:
    return word.startswith(typed) or (len(word) >= 3 and typed.startswith(word))


def _find(typed: str, target: tuple[str, ...], used: set[int], after: int) -> int | None:
    for position in range(after + 1, len(target)):
        if position not in used and _fits(typed, target[position]):
            return position
    return None


def _match(wanted: tuple[str, ...], target: tuple[str, ...]) -> _Fit | None:
    """How the typed words fit the target's words, each to a different one; None if some
    typed word fits none."""
    used: set[int] = set()
    last = -1
    first: int | None = None
    inversions = exact = 0
    for typed in wanted:
        if _names_type(typed, target, used, last):
            # "Paris army": the unit's letter may follow its province.
            used.add(0)
            exact += 1
            first = 0 if first is None else first
            continue
        position = _find(typed, target, used, last)
        if position is None:
            position = _find(typed, target, used, -1)
            if position is None:
                return None
            inversions += 1
        used.add(position)
        exact += typed == target[position]
        first = position if first is None else first
        last = position
    return _Fit(first or 0, inversions, exact)


def _names_type(typed: str, target: tuple[str, ...], used: set[int], last: int) -> bool:
    return (
        bool(target)
        and typed == target[0]
        and typed in ("A", "F")
        and 0 not in used
        and last < _unit_size(target)
    )


def _unit_size(target: tuple[str, ...]) -> int:
    """How many leading words name the unit: ``A PAR``, ``F STP SC``."""
    return 3 if len(target) > 2 and target[2] in _COASTS else 2


def _split(typed: str) -> tuple[str, str]:
    """(the orders already typed, the one being typed)."""
    cut = max((m.end() for m in _SEPARATOR.finditer(typed)), default=0)
    return typed[:cut], typed[cut:]


def _offer(head: str, candidates: Iterable[str]) -> list[str]:
    """The candidates after the orders already typed, each once."""
    kept = head.rstrip()
    out = (f"{kept} {candidate}" if kept else candidate for candidate in candidates)
    return list(dict.fromkeys(out))


def suggest_orders(typed: str, choices: UnitOrders, *, unit: str | None = None) -> list[str]:
    """Suggestions for the order being typed, best first, given (unit, legal orders) for
    each of the requester's units.

    Nothing typed yet: the units. A unit named (``par``, ``A Par``, ``f stp``): its orders,
    holds and moves first. Several units fit (``a``): those units. Else every order that
    fits the typed words, those starting with the unit typed first.

    ``unit``: the suggestions are for that unit's own menu, which has named it already: its
    orders that fit the typed words (every one when nothing is typed), nothing kept before.
    """
    if unit is not None:
        return _offer("", _ranked(_words(typed), [c for c in choices if c[0] == unit]))
    head, current = _split(typed)
    wanted = _words(current)
    if not wanted:
        return _offer(head, (label for label, _ in choices))
    labels = [_words(label) for label, _ in choices]
    named = [i for i, label in enumerate(labels) if _names(wanted, label)]
    if len(named) > 1:
        exact = [i for i in named if set(wanted) & {w for w in labels[i] if len(w) >= 3}]
        named = exact if len(exact) == 1 else named
    if len(named) == 1:
        # Everything the unit may do: what was typed named the unit, not the order.
        return _offer(head, _ranked((), [choices[named[0]]]))
    if named:
        return _offer(head, (choices[i][0] for i in named))
    return _offer(head, _ranked(wanted, choices))


def _names(wanted: tuple[str, ...], label: tuple[str, ...]) -> bool:
    fit = _match(wanted, label)
    return fit is not None and fit.inversions == 0


def _ranked(wanted: tuple[str, ...], choices: UnitOrders) -> list[str]:
    scored: list[tuple[tuple[int, ...], str]] = []
    for unit_index, (_, orders) in enumerate(choices):
        for order_index, order in enumerate(orders):
            target = _words(order)
            fit = _match(wanted, target)
            if fit is None:
                continue
            key = (
                int(fit.first >= _unit_size(target)),
                fit.inversions,
                -fit.exact,
                len(target),
                unit_index,
                order_index,
            )
            scored.append((key, order))
    scored.sort(key=lambda pair: pair[0])
    return [order for _, order in scored]


def suggest_units(typed: str, choices: UnitOrders) -> list[str]:
    """The requester's units that fit what was typed (for `clear` and `possible`)."""
    wanted = _words(typed)
    units = [label for label, orders in choices if orders and orders[0].startswith(label)]
    fitting = [u for u in units if not wanted or _match(wanted, _words(u)) is not None]
    return fitting
