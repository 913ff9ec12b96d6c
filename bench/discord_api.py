"""A stand-in for Discord's HTTP API, on this machine: what discord.py's own HTTP client meets
when greedbot posts in a channel, with Discord's limit on posting.

It answers the few routes a village channel's posts use (log in, read a channel, post a
message, delete one) as Discord does, and limits posting as Discord does today: a bucket per
channel of `limit` posts per `window` seconds that refills all at once when the window ends,
announced on every answer (`X-RateLimit-Limit`, `-Remaining`, `-Reset`, `-Reset-After`,
`-Bucket`), and beyond it a 429 with a JSON `retry_after`, `global: false` and a `Via`
header (discord.py takes a 429 without `Via` for a Cloudflare ban). A nonce is taken once for
a few minutes, as with `enforce_nonce`. Every post is kept, with when it was made.

    async with DiscordApi(limit=5, window=5.0) as api:
        discord.http.Route.BASE = api.base
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from bot.discord_adapter.port import snowflake_time, time_snowflake

BOT_ID = 999
GUILD_ID = 1
NONCE_WINDOW = dt.timedelta(minutes=5)


@dataclass(slots=True)
class Made:
    """A message the bot posted."""

    message_id: int
    channel_id: int
    content: str
    reply_to: int | None
    nonce: str | None
    at: dt.datetime


@dataclass(slots=True)
class _Window:
    ends: float
    left: int


@dataclass
class DiscordApi:
    limit: int | None = 5
    """Posts a channel's window takes; None: no limit at all."""
    window: float = 5.0
    posts: list[Made] = field(default_factory=list)
    refused: int = 0
    """Posts answered with a 429."""
    _windows: dict[int, _Window] = field(default_factory=dict)
    _nonces: dict[str, Made] = field(default_factory=dict)
    _last_id: int = 0
    _runner: web.AppRunner | None = None
    base: str = ""
    """The API's address, for `discord.http.Route.BASE`."""

    def snowflake(self) -> int:
        """A new id, in time order as Discord's: the wall clock's millisecond in its top bits."""
        now = time_snowflake(dt.datetime.now(dt.UTC))
        self._last_id = max(self._last_id + 1, now)
        return self._last_id

    async def __aenter__(self) -> DiscordApi:
        app = web.Application()
        app.router.add_get("/api/v10/users/@me", self._me)
        app.router.add_get("/api/v10/oauth2/applications/@me", self._application)
        app.router.add_get("/api/v10/channels/{channel}", self._channel)
        app.router.add_post("/api/v10/channels/{channel}/messages", self._post)
        app.router.add_delete("/api/v10/channels/{channel}/messages/{message}", self._delete)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = self._runner.addresses[0][1]
        self.base = f"http://127.0.0.1:{port}/api/v10"
        return self

    async def __aexit__(self, *_: object) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    # -- the routes ----------------------------------------------------------------------

    async def _me(self, _: web.Request) -> web.Response:
        return _json(_user(BOT_ID, "greedbot", bot=True))

    async def _application(self, _: web.Request) -> web.Response:
        return _json(
            {
                "id": "42",
                "name": "greedbot",
                "description": "",
                "icon": None,
                "bot_public": False,
                "bot_require_code_grant": False,
                "owner": _user(1, "owner"),
                "verify_key": "",
                "flags": 0,
            }
        )

    async def _channel(self, request: web.Request) -> web.Response:
        channel_id = request.match_info["channel"]
        return _json(
            {
                "id": channel_id,
                "type": 0,
                "guild_id": str(GUILD_ID),
                "name": "village",
                "position": 0,
                "permission_overwrites": [],
                "nsfw": False,
            }
        )

    async def _delete(self, _: web.Request) -> web.Response:
        return web.Response(status=204)

    async def _post(self, request: web.Request) -> web.Response:
        channel_id = int(request.match_info["channel"])
        body = await _body(request)
        nonce = body.get("nonce")
        now = dt.datetime.now(dt.UTC)
        earlier = self._nonces.get(str(nonce)) if nonce is not None else None
        if earlier is not None and now - earlier.at < NONCE_WINDOW:
            return _json(_message(earlier), headers=self._headers(channel_id))
        if not self._spend(channel_id):
            self.refused += 1
            window = self._windows[channel_id]
            retry_after = max(0.0, window.ends - asyncio.get_running_loop().time())
            return _json(
                {
                    "message": "You are being rate limited.",
                    "retry_after": retry_after,
                    "global": False,
                },
                status=429,
                headers={
                    **self._headers(channel_id),
                    "Via": "1.1 google",
                    "X-RateLimit-Scope": "user",
                },
            )
        message_id = self.snowflake()
        reference = body.get("message_reference") or {}
        made = Made(
            message_id,
            channel_id,
            str(body.get("content") or ""),
            int(reference["message_id"]) if reference.get("message_id") else None,
            None if nonce is None else str(nonce),
            snowflake_time(message_id),
        )
        self.posts.append(made)
        if made.nonce is not None:
            self._nonces[made.nonce] = made
        return _json(_message(made), headers=self._headers(channel_id))

    # -- the limit -----------------------------------------------------------------------

    def _spend(self, channel_id: int) -> bool:
        """One post of the channel's window; False when the window is spent."""
        if self.limit is None:
            return True
        now = asyncio.get_running_loop().time()
        window = self._windows.get(channel_id)
        if window is None or window.ends <= now:
            window = self._windows[channel_id] = _Window(now + self.window, self.limit)
        if window.left <= 0:
            return False
        window.left -= 1
        return True

    def _headers(self, channel_id: int) -> dict[str, str]:
        if self.limit is None:
            return {}
        loop = asyncio.get_running_loop()
        window = self._windows.get(channel_id)
        now = loop.time()
        if window is None or window.ends <= now:
            left, after = self.limit, self.window
        else:
            left, after = window.left, window.ends - now
        reset = dt.datetime.now(dt.UTC).timestamp() + after
        return {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(left),
            "X-RateLimit-Reset": f"{reset:.3f}",
            "X-RateLimit-Reset-After": f"{after:.3f}",
            "X-RateLimit-Bucket": "channel-messages",
        }


def _json(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """A JSON answer as Discord sends it: discord.py reads a body as JSON only when its type
    is exactly `application/json` (with a charset it takes the body for text)."""
    return web.Response(
        body=json.dumps(data).encode(),
        status=status,
        headers={**(headers or {}), "Content-Type": "application/json"},
    )


async def _body(request: web.Request) -> dict[str, Any]:
    """A message post's JSON, sent plain or as the `payload_json` of a multipart form."""
    if request.content_type == "application/json":
        data = await request.json()
        return data if isinstance(data, dict) else {}
    form = await request.post()
    raw = form.get("payload_json")
    return json.loads(raw) if isinstance(raw, str) else {}


def _user(user_id: int, name: str, *, bot: bool = False) -> dict[str, Any]:
    return {
        "id": str(user_id),
        "username": name,
        "discriminator": "0",
        "avatar": None,
        "global_name": name,
        "bot": bot,
    }


def _message(made: Made) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": str(made.message_id),
        "channel_id": str(made.channel_id),
        "guild_id": str(GUILD_ID),
        "author": _user(BOT_ID, "greedbot", bot=True),
        "content": made.content,
        "timestamp": made.at.isoformat(),
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": False,
        "type": 0,
        "flags": 0,
        "components": [],
    }
    if made.nonce is not None:
        data["nonce"] = made.nonce
    if made.reply_to is not None:
        data["type"] = 19
        data["message_reference"] = {
            "type": 0,
            "message_id": str(made.reply_to),
            "channel_id": str(made.channel_id),
            "guild_id": str(GUILD_ID),
        }
    return data
