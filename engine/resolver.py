"""The guess-and-backup resolver (DATC section 5, Kruijswijk's algorithm), kept apart and small.

Each decision is a boolean about one order ("this move succeeds", "this support is given",
"this convoying fleet stays"). ``adjudicate(nr)`` computes a decision from others through
:meth:`Resolver.resolve`. When a decision turns out to depend on itself, both guesses are
tried; one stable answer wins, otherwise the cycle goes to ``backup`` (circular movement or
the Szykman rule), which settles some decisions with :meth:`Resolver.settle`.
"""

from __future__ import annotations

from collections.abc import Callable

_UNRESOLVED, _GUESSING, _RESOLVED = 0, 1, 2
SETTLED = _RESOLVED  # a decision in this state is final: its ``result`` may be read directly


class Resolver:
    __slots__ = ("_adjudicate", "_backup", "_deps", "result", "state")

    def __init__(
        self,
        size: int,
        adjudicate: Callable[[int], bool],
        backup: Callable[[list[int]], None],
    ) -> None:
        self.state = [_UNRESOLVED] * size
        self.result = [False] * size
        self._deps: list[int] = []
        self._adjudicate = adjudicate
        self._backup = backup

    def settle(self, nr: int, value: bool) -> None:
        """Fix a decision for good (used by the backup rule)."""
        self.result[nr] = value
        self.state[nr] = _RESOLVED

    def resolve(self, nr: int) -> bool:
        state = self.state[nr]
        if state == _RESOLVED:
            return self.result[nr]
        deps = self._deps
        if state == _GUESSING:
            # Always recorded, even if listed already: the caller now rests on a guess.
            deps.append(nr)
            return self.result[nr]
        old = len(deps)
        self.result[nr] = False
        self.state[nr] = _GUESSING
        first = self._adjudicate(nr)
        if len(deps) == old:
            # Not built on any guess: final (unless a backup rule already settled it).
            if self.state[nr] != _RESOLVED:
                self.settle(nr, first)
            return first
        if deps[old] != nr:
            # Built on someone else's guess: stay a guess, let that cycle decide.
            deps.append(nr)
            self.result[nr] = first
            return first
        # nr sits in a cycle of its own: try the other guess.
        self._forget(old)
        self.result[nr] = True
        self.state[nr] = _GUESSING
        second = self._adjudicate(nr)
        if first == second:
            self._forget(old)
            self.settle(nr, first)
            return first
        # No consistent answer, or two: the backup rule settles the cycle.
        cycle = deps[old:]
        self._forget(old)
        self._backup(cycle)
        return self.resolve(nr)

    def _forget(self, old: int) -> None:
        deps = self._deps
        while len(deps) > old:
            nr = deps.pop()
            if self.state[nr] != _RESOLVED:
                self.state[nr] = _UNRESOLVED
