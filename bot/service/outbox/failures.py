"""Telling someone that a message was not delivered: the one place every failed delivery is
reported, whatever the platform.

Today the report is a log line at error level. A message given up for good is the one that
needs a person: telling a game master would be added here.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

logger = logging.getLogger(__name__)


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
