"""Requests as Slack sends them: the recorded payload shapes in payloads/, filled in, encoded
as Slack encodes each kind, and signed with the signing secret (v0 HMAC-SHA256)."""

from __future__ import annotations

import copy
import hashlib
import hmac
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

from slack_bolt.async_app import AsyncBoltRequest

SECRET = "8f742231b10e8888abcd99yyyzzz85a5"
PAYLOADS = Path(__file__).parent / "payloads"
FORM = "application/x-www-form-urlencoded"
JSON = "application/json"


def payload(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((PAYLOADS / f"{name}.json").read_text(encoding="utf-8"))
    return copy.deepcopy(data)


def signature(body: str, timestamp: str, secret: str = SECRET) -> str:
    base = f"v0:{timestamp}:{body}".encode()
    return "v0=" + hmac.new(secret.encode(), base, hashlib.sha256).hexdigest()


def headers(
    body: str, content_type: str, *, secret: str = SECRET, timestamp: int | None = None
) -> dict[str, str]:
    stamp = str(int(time.time()) if timestamp is None else timestamp)
    return {
        "content-type": content_type,
        "x-slack-request-timestamp": stamp,
        "x-slack-signature": signature(body, stamp, secret),
    }


def bolt_request(
    body: str, content_type: str, *, secret: str = SECRET, timestamp: int | None = None
) -> AsyncBoltRequest:
    given: dict[str, str | Sequence[str]] = dict(
        headers(body, content_type, secret=secret, timestamp=timestamp)
    )
    return AsyncBoltRequest(body=body, headers=given)


# Bodies, encoded as Slack sends each kind ------------------------------------------------------


def slash_body(
    user: str, text: str, channel: str, *, trigger: str = "", response_url: str = ""
) -> str:
    """A slash command: form fields."""
    fields = payload("slash_command")
    fields.update(user_id=user, user_name=user.lower(), text=text, channel_id=channel)
    if response_url:
        fields["response_url"] = response_url
    if trigger:
        fields["trigger_id"] = trigger
    if channel.startswith("D"):
        fields["channel_name"] = "directmessage"
    return urlencode(fields)


def event_body(event: dict[str, Any], name: str, event_id: str) -> str:
    """An Events API callback: JSON."""
    envelope = payload(name)
    envelope["event"].update(event)
    envelope["event_id"] = event_id
    return json.dumps(envelope)


def interactive_body(data: dict[str, Any]) -> str:
    """Interactivity (buttons, modals, menus): one form field `payload` holding JSON."""
    return "payload=" + quote(json.dumps(data))


def as_user(data: dict[str, Any], user: str) -> dict[str, Any]:
    data["user"].update(id=user, username=user.lower(), name=user.lower())
    return data
