"""A stand-in for Slack's Web API (and its Socket Mode endpoint) on 127.0.0.1: it answers the
calls the front end makes as Slack documents them and records every one, so tests can say
who received what, where, and whether it was ephemeral.

    async with FakeSlack() as slack:
        client = AsyncWebClient(token="xoxb-test", base_url=slack.api_url)
        ...
        slack.received("U1")       # every text U1 could read
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Self

from aiohttp import WSMsgType, web

TEAM = "T0DIPGM01"
BOT_USER = "U0DIPGMBT"

# Arguments slack_sdk sends JSON-encoded inside form fields.
_JSON_FIELDS = ("blocks", "view", "files", "attachments")


@dataclass
class Call:
    method: str
    args: dict[str, Any]


@dataclass
class Failure:
    error: str
    status: int = 200
    retry_after: int | None = None


@dataclass
class Post:
    """Something people can read: a message, an ephemeral message or a file."""

    kind: str  # "message" | "ephemeral" | "file"
    channel: str
    text: str
    user: str | None = None  # the one reader of an ephemeral message
    blocks: list[dict[str, Any]] = field(default_factory=list)
    ts: str = ""
    metadata: dict[str, Any] | None = None
    filename: str | None = None


def texts_in(value: Any) -> Iterator[str]:
    """Every string under a "text" key (blocks, views, options), depth first."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "text" and isinstance(item, str):
                yield item
            else:
                yield from texts_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from texts_in(item)


class FakeSlack:
    def __init__(self) -> None:
        self.calls: list[Call] = []
        self.posts: list[Post] = []
        self.users: dict[str, dict[str, Any]] = {}
        self.absent: set[str] = set()  # channels the bot was not invited to
        # What the bot's token was granted (auth.test tells it in a header, as Slack does).
        self.scopes = {
            "chat:write",
            "commands",
            "files:write",
            "im:history",
            "im:write",
            "users:read",
            "channels:read",
            "groups:read",
            "channels:history",
            "groups:history",
        }
        self._filenames: dict[str, str] = {}
        self.uploads: dict[str, bytes] = {}
        self.failures: dict[str, list[Failure]] = {}
        self.views: dict[str, list[dict[str, Any]]] = {}  # user -> views opened / published
        self.socket_acks: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._sockets: list[web.WebSocketResponse] = []
        self._socket_ready = asyncio.Event()
        self._count = 0
        self._runner: web.AppRunner | None = None
        self.url = ""

    # Server --------------------------------------------------------------------------------

    async def __aenter__(self) -> Self:
        app = web.Application()
        app.router.add_route("*", "/api/{method}", self._api)
        app.router.add_post("/upload/{file_id}", self._upload)
        app.router.add_post("/commands/{team}/{command}/{token}", self._respond)
        app.router.add_get("/socket", self._socket)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        host, port = self._runner.addresses[0][:2]
        self.url = f"http://{host}:{port}/"
        return self

    async def __aexit__(self, *exc: object) -> None:
        for socket in self._sockets:
            await socket.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def api_url(self) -> str:
        return f"{self.url}api/"

    def response_url(self, user_id: str, channel: str) -> str:
        """A slash command's response_url here; what it carries is kept as a post to
        ``channel`` (ephemeral for ``user_id`` unless answered in_channel)."""
        return f"{self.url}commands/{TEAM}/{channel}/{user_id}"

    # Set-up --------------------------------------------------------------------------------

    def add_user(
        self, user_id: str, name: str, *, admin: bool = False, owner: bool = False
    ) -> None:
        self.users[user_id] = {
            "id": user_id,
            "team_id": TEAM,
            "name": name.lower(),
            "real_name": name,
            "deleted": False,
            "is_admin": admin,
            "is_owner": owner,
            "is_primary_owner": False,
            "is_bot": False,
            "profile": {"display_name": name, "real_name": name},
        }

    def fail(
        self,
        method: str,
        error: str,
        *,
        status: int = 200,
        retry_after: int | None = None,
        times: int = 1,
    ) -> None:
        """The next ``times`` calls of ``method`` fail so."""
        self.failures.setdefault(method, []).extend(
            Failure(error, status, retry_after) for _ in range(times)
        )

    # Reading what happened ------------------------------------------------------------------

    def calls_to(self, method: str) -> list[dict[str, Any]]:
        return [call.args for call in self.calls if call.method == method]

    @staticmethod
    def dm_of(user_id: str) -> str:
        return f"D{user_id}"

    def readers(self, post: Post) -> set[str] | None:
        """Who can read a post: one user, or None for everyone in a channel."""
        if post.kind == "ephemeral":
            return {post.user} if post.user else set()
        if post.channel.startswith("D"):
            return {post.channel[1:]}
        return None

    def received(self, user_id: str, *, since: int = 0) -> list[Post]:
        """What reached the user privately (their DM, their ephemeral messages)."""
        return [p for p in self.posts[since:] if (self.readers(p) or set()) == {user_id}]

    def in_channel(self, channel: str, *, since: int = 0) -> list[Post]:
        """What was posted in a channel for all to see."""
        return [p for p in self.posts[since:] if p.channel == channel and p.kind != "ephemeral"]

    # The Web API ---------------------------------------------------------------------------

    async def _api(self, request: web.Request) -> web.Response:
        method = request.match_info["method"]
        args = await _arguments(request)
        self.calls.append(Call(method, args))
        queued = self.failures.get(method)
        if queued:
            failure = queued.pop(0)
            headers = (
                {} if failure.retry_after is None else {"Retry-After": str(failure.retry_after)}
            )
            return web.json_response(
                {"ok": False, "error": failure.error}, status=failure.status, headers=headers
            )
        answers = {
            "auth.test": self._auth_test,
            "users.info": self._users_info,
            "conversations.open": self._conversations_open,
            "chat.postMessage": self._post_message,
            "chat.postEphemeral": self._post_ephemeral,
            "files.getUploadURLExternal": self._upload_url,
            "files.completeUploadExternal": self._complete_upload,
            "views.open": self._views_open,
            "views.publish": self._views_publish,
            "apps.connections.open": self._apps_connections_open,
            "conversations.info": self._conversations_info,
            "conversations.history": self._conversations_history,
        }
        answer = answers.get(method)
        body = {"ok": True} if answer is None else answer(args)
        if method == "auth.test":
            return web.json_response(body, headers={"x-oauth-scopes": ",".join(self.scopes)})
        return web.json_response(body)

    def _ts(self) -> str:
        self._count += 1
        return f"1700000000.{self._count:06d}"

    def _auth_test(self, args: dict[str, Any]) -> dict[str, Any]:
        return {
            "ok": True,
            "url": "https://dipgm-test.slack.com/",
            "team": "dipgm test",
            "user": "dipgm",
            "team_id": TEAM,
            "user_id": BOT_USER,
            "bot_id": "B0DIPGM01",
        }

    def _users_info(self, args: dict[str, Any]) -> dict[str, Any]:
        user = self.users.get(str(args.get("user")))
        if user is None:
            return {"ok": False, "error": "user_not_found"}
        return {"ok": True, "user": user}

    def _conversations_open(self, args: dict[str, Any]) -> dict[str, Any]:
        users = str(args.get("users", ""))
        if "," in users or users not in self.users:
            return {"ok": False, "error": "user_not_found"}
        return {"ok": True, "channel": {"id": self.dm_of(users)}}

    def _post_message(self, args: dict[str, Any]) -> dict[str, Any]:
        channel = str(args.get("channel"))
        if (refused := _invalid_blocks(args.get("blocks"))) is not None:
            return refused
        if channel in self.absent:
            return {"ok": False, "error": "not_in_channel"}
        ts = self._ts()
        self._record("message", channel, args, ts=ts)
        return {"ok": True, "channel": channel, "ts": ts}

    def _conversations_info(self, args: dict[str, Any]) -> dict[str, Any]:
        channel = str(args.get("channel"))
        if channel.startswith("D"):
            return {"ok": True, "channel": {"id": channel, "is_im": True}}
        return {"ok": True, "channel": {"id": channel, "is_member": channel not in self.absent}}

    def _conversations_history(self, args: dict[str, Any]) -> dict[str, Any]:
        """The conversation's latest messages, newest first, with their metadata and files
        (everything here was posted by the bot)."""
        channel = str(args.get("channel"))
        limit = int(args.get("limit") or 100)
        found: list[dict[str, Any]] = []
        for post in reversed(self.in_channel(channel)):
            item: dict[str, Any] = {"type": "message", "user": BOT_USER, "ts": post.ts}
            if post.metadata is not None and args.get("include_all_metadata") in (
                True,
                "1",
                "true",
            ):
                item["metadata"] = post.metadata
            if post.filename is not None:
                item["files"] = [{"name": post.filename, "title": post.text}]
            found.append(item)
        return {"ok": True, "messages": found[:limit], "has_more": len(found) > limit}

    def _post_ephemeral(self, args: dict[str, Any]) -> dict[str, Any]:
        channel = str(args.get("channel"))
        if (refused := _invalid_blocks(args.get("blocks"))) is not None:
            return refused
        if channel in self.absent:
            return {"ok": False, "error": "channel_not_found"}
        self._record("ephemeral", channel, args, user=str(args.get("user")))
        return {"ok": True, "message_ts": self._ts()}

    def _record(
        self,
        kind: str,
        channel: str,
        args: dict[str, Any],
        user: str | None = None,
        ts: str = "",
    ) -> None:
        blocks = args.get("blocks") or []
        text = "\n".join([str(args.get("text", "")), *texts_in(blocks)])
        metadata = args.get("metadata")
        self.posts.append(
            Post(
                kind,
                channel,
                text,
                user,
                blocks,
                ts,
                metadata if isinstance(metadata, dict) else None,
            )
        )

    def _upload_url(self, args: dict[str, Any]) -> dict[str, Any]:
        self._count += 1
        file_id = f"F{self._count:08d}"
        self._filenames[file_id] = str(args.get("filename", ""))
        return {"ok": True, "upload_url": f"{self.url}upload/{file_id}", "file_id": file_id}

    def _complete_upload(self, args: dict[str, Any]) -> dict[str, Any]:
        channel = str(args.get("channel_id"))
        if channel in self.absent:
            return {"ok": False, "error": "not_in_channel"}
        files = args.get("files") or []
        for item in files:
            name = self._filenames.get(str(item.get("id")), "")
            self.posts.append(
                Post("file", channel, str(item.get("title", "")), ts=self._ts(), filename=name)
            )
        return {"ok": True, "files": [{"id": f["id"], "title": f.get("title")} for f in files]}

    def _views_open(self, args: dict[str, Any]) -> dict[str, Any]:
        return self._view(args, str(args.get("trigger_id")))

    def _views_publish(self, args: dict[str, Any]) -> dict[str, Any]:
        return self._view(args, str(args.get("user_id")))

    def _view(self, args: dict[str, Any], key: str) -> dict[str, Any]:
        view = dict(args.get("view") or {})
        if (refused := _invalid_blocks(view.get("blocks"))) is not None:
            return refused
        view["id"] = f"V{self._count:08d}"
        self.views.setdefault(key, []).append(view)
        return {"ok": True, "view": view}

    def _apps_connections_open(self, args: dict[str, Any]) -> dict[str, Any]:
        return {"ok": True, "url": f"ws://{self.url.removeprefix('http://')}socket"}

    async def _respond(self, request: web.Request) -> web.Response:
        """A slash command answered through its response_url: it reaches the channel whatever
        the bot may do there."""
        args = await request.json()
        self.calls.append(Call("response_url", args))
        public = args.get("response_type") == "in_channel"
        user = None if public else request.match_info["token"]
        kind = "message" if public else "ephemeral"
        self._record(kind, request.match_info["command"], args, user=user, ts=self._ts())
        return web.Response(text="ok")

    async def _upload(self, request: web.Request) -> web.Response:
        self.uploads[request.match_info["file_id"]] = await request.read()
        return web.Response(text="OK - 0")

    # Socket Mode ----------------------------------------------------------------------------

    async def _socket(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        self._sockets.append(socket)
        await socket.send_json({"type": "hello", "num_connections": 1})
        self._socket_ready.set()
        async for frame in socket:
            if frame.type == WSMsgType.TEXT:
                await self.socket_acks.put(json.loads(frame.data))
        return socket

    async def push(self, envelope: dict[str, Any]) -> None:
        """Send an envelope to the connected Socket Mode client."""
        await asyncio.wait_for(self._socket_ready.wait(), timeout=10)
        await self._sockets[-1].send_json(envelope)


def buttons_in(value: Any) -> Iterator[dict[str, Any]]:
    """Every button element in blocks, however deeply nested."""
    if isinstance(value, dict):
        if value.get("type") == "button":
            yield value
        for item in value.values():
            yield from buttons_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from buttons_in(item)


def _invalid_blocks(blocks: Any) -> dict[str, Any] | None:
    """Slack's answer to a button whose value is empty or over 2000 characters (it may be
    left out, never empty)."""
    for button in buttons_in(blocks or []):
        value = button.get("value")
        if value is not None and not (isinstance(value, str) and 0 < len(value) <= 2000):
            return {
                "ok": False,
                "error": "invalid_blocks",
                "errors": ["must be more than 0 characters [json-pointer:/value]"],
            }
    return None


async def _arguments(request: web.Request) -> dict[str, Any]:
    args: dict[str, Any] = dict(request.query)
    if request.content_type == "application/json":
        args.update(await request.json())
    elif request.can_read_body:
        args.update({k: v for k, v in (await request.post()).items() if isinstance(v, str)})
    for name in _JSON_FIELDS:
        if isinstance(args.get(name), str):
            args[name] = json.loads(args[name])
    return args
