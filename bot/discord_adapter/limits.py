"""What Discord announces of each channel's limit on posting, read from its answers.

Every answer to a message post carries the channel's bucket in its headers
(`X-RateLimit-Limit`, `-Remaining`, `-Reset-After`), a 429 included. discord.py keeps them
to itself; the client's HTTP trace (`discord.Client(http_trace=…)`) lets the bot read them
too, so that the sender paces each place by the numbers Discord gives today, which it may
change without notice.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Mapping
from typing import Any

import aiohttp

from bot.discord_adapter.port import Bucket

_MESSAGE_POST = re.compile(r"/channels/(\d+)/messages$")


def bucket_of(
    headers: Mapping[str, str], now: dt.datetime, window: dt.timedelta = dt.timedelta(0)
) -> Bucket | None:
    """The bucket an answer announces (`window`: the longest the place's window has been
    seen to last); None when its headers do not say."""
    try:
        limit = int(headers["X-RateLimit-Limit"])
        remaining = int(headers["X-RateLimit-Remaining"])
        reset_after = dt.timedelta(seconds=float(headers["X-RateLimit-Reset-After"]))
    except (KeyError, ValueError):
        return None
    if limit <= 0 or remaining < 0 or reset_after < dt.timedelta(0):
        return None
    return Bucket(limit, remaining, now, now + reset_after, max(window, reset_after))


class AnnouncedLimits:
    """Each channel's bucket for posting messages, as Discord last announced it."""

    def __init__(self, now: Callable[[], dt.datetime] = lambda: dt.datetime.now(dt.UTC)) -> None:
        self._now = now
        self._buckets: dict[int, Bucket] = {}
        self.trace = aiohttp.TraceConfig()
        """Give it to the client (`http_trace=`): every answer it gets passes by here."""
        self.trace.on_request_end.append(self._answered)

    def get(self, channel_id: int) -> Bucket | None:
        return self._buckets.get(channel_id)

    def heard(self, method: str, path: str, headers: Mapping[str, str]) -> None:
        """An answer to `method path`: a message post's bucket is kept for its channel."""
        if method != "POST":
            return
        found = _MESSAGE_POST.search(path)
        if found is None:
            return
        channel_id = int(found[1])
        before = self._buckets.get(channel_id)
        bucket = bucket_of(headers, self._now(), before.window if before else dt.timedelta(0))
        if bucket is not None:
            self._buckets[channel_id] = bucket

    async def _answered(
        self, _session: aiohttp.ClientSession, _context: Any, params: aiohttp.TraceRequestEndParams
    ) -> None:
        self.heard(params.method, params.url.path, params.response.headers)
