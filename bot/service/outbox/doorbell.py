"""The one way the outbox pumps are woken: the service rings when messages may be due.

The game service rings after a command whose transaction queued a message, after each phase
it adjudicates, and at the end of every run of the alarm clock, the periodic sweep included:
that last ring is what brings a worker to messages another worker queued on the same
database and did not deliver. Ringing never waits; a pump that is busy goes round once more.
"""

from __future__ import annotations

from collections.abc import Callable

Wake = Callable[[], None]


class Doorbell:
    def __init__(self) -> None:
        self._pumps: list[Wake] = []

    def subscribe(self, wake: Wake) -> None:
        """Call ``wake`` at every ring; it must return at once."""
        self._pumps.append(wake)

    def ring(self) -> None:
        for wake in self._pumps:
            wake()
