"""A delivery that failed: how a transport says so (:class:`SendError`), and the one place
every failed delivery is reported, whatever the platform.

Today the report is a log line at error level. A message given up for good is the one that
needs a person: telling a game master would be added here.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta

logger = logging.getLogger(__name__)


class SendError(Exception):
    """A send that failed, as the record should say it.

    ``description`` never quotes what was sent (it may hold a power's orders);
    ``retry_after``: the platform asked us to wait this long (else the outbox backs off);
    ``permanent``: trying again cannot help, so the message is given up now.
    """

    def __init__(
        self, description: str, *, retry_after: timedelta | None = None, permanent: bool = False
    ) -> None:
        super().__init__(description)
        self.description = description
        self.retry_after = retry_after
        self.permanent = permanent


@dataclass(frozen=True, slots=True)
class Failure:
    """A delivery that failed: which outbox message, on which platform, and why (never the
    text of the message, which may hold orders). ``given_up``: it will not be tried again."""

    delivery_id: int
    platform: str
    description: str
    given_up: bool


async def report(failure: Failure) -> None:
    if failure.given_up:
        logger.error(
            "outbox message %s (%s) was given up, it will not be sent: %s",
            failure.delivery_id,
            failure.platform,
            failure.description,
        )
        return
    logger.error(
        "outbox message %s (%s) was not delivered and will be tried again: %s",
        failure.delivery_id,
        failure.platform,
        failure.description,
    )
