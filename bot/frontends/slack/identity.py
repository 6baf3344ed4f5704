"""Who a Slack user is: their name to show, and whether they are a workspace admin or owner.

Slack is asked (users.info), never the text of a request: a display name proves nothing.
Answers are kept a minute, so a burst of orders costs one lookup and a demoted admin loses
the game master's commands soon after. A failed lookup grants nothing.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from slack_sdk.errors import SlackApiError, SlackClientError
from slack_sdk.web.async_client import AsyncWebClient

from bot.frontends.slack.sender import api_error
from bot.service import Actor

logger = logging.getLogger(__name__)

PLATFORM = "slack"
CACHE_SECONDS = 60.0


@dataclass(frozen=True, slots=True)
class Person:
    display_name: str
    is_admin: bool


class Directory:
    def __init__(
        self,
        client: AsyncWebClient,
        *,
        ttl: float = CACHE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._client = client
        self._ttl = ttl
        self._clock = clock
        self._known: dict[tuple[str, str], tuple[float, Person]] = {}

    async def actor(self, workspace: str, user_id: str) -> Actor:
        person = await self.person(workspace, user_id)
        return Actor(PLATFORM, workspace, user_id, person.display_name, is_admin=person.is_admin)

    async def person(self, workspace: str, user_id: str) -> Person:
        key = (workspace, user_id)
        now = self._clock()
        cached = self._known.get(key)
        if cached is not None and now - cached[0] < self._ttl:
            return cached[1]
        try:
            response = await self._client.users_info(user=user_id)
        except (SlackApiError, SlackClientError, OSError, TimeoutError) as exc:
            logger.warning("users.info for %s failed (%s): not an admin", user_id, api_error(exc))
            return Person(user_id, is_admin=False)
        user = response.get("user")
        person = _person(user if isinstance(user, dict) else {}, user_id)
        self._known[key] = (now, person)
        return person


def _person(user: dict[str, Any], user_id: str) -> Person:
    profile = user.get("profile")
    profile = profile if isinstance(profile, dict) else {}
    name = next(
        (
            str(value)
            for value in (
                profile.get("display_name"),
                profile.get("real_name"),
                user.get("real_name"),
                user.get("name"),
            )
            if value
        ),
        user_id,
    )
    # A deleted account keeps its flags; it administers nothing any more.
    admin = not user.get("deleted") and any(
        user.get(flag) is True for flag in ("is_admin", "is_owner", "is_primary_owner")
    )
    return Person(name, is_admin=bool(admin))
