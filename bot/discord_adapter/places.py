"""One queue per place (a channel, a thread, a forum post): at most one post in flight there.

What is handed to a place while its post is in flight, or while the place must wait for its
limit (`pace.py`), waits in its queue; when the place may post again, the sender chooses what
the next post carries (several answers together, or one reply on its own) and posts it. A
place with nothing in flight and nothing to wait for posts at once: a reply alone in a quiet
channel waits for no company.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from bot.discord_adapter.pace import wait_before_post
from bot.discord_adapter.port import Bucket, Posted

_logger = logging.getLogger(__name__)

T = TypeVar("T")


@dataclass(slots=True, eq=False)
class Waiting(Generic[T]):
    """Something to post, and whoever waits to know what became of it."""

    item: T
    done: asyncio.Future[Posted | None]
    text: str | None = None
    """What it reads as, once the sender has written it (kept: written once)."""


@dataclass(slots=True)
class _Place(Generic[T]):
    waiting: deque[Waiting[T]] = field(default_factory=deque)
    worker: asyncio.Task[None] | None = None


Choose = Callable[[Sequence[Waiting[T]]], Awaitable[list[Waiting[T]]]]
"""What the next post carries, from what waits (the first always among them)."""
Post = Callable[[int, list[Waiting[T]]], Awaitable[list[Posted | None]]]
"""Post these in this place: what each became (None: not posted, it stays pending)."""


class Places(Generic[T]):
    def __init__(
        self,
        choose: Choose[T],
        post: Post[T],
        bucket: Callable[[int], Bucket | None],
        *,
        paced: bool,
        now: Callable[[], dt.datetime],
        sleep: Callable[[float], Awaitable[Any]],
    ) -> None:
        """`paced`: a busy place's posts are spread over the chat's window (`pace.py`);
        otherwise each post goes as soon as the one before it is done."""
        self._choose = choose
        self._post = post
        self._bucket = bucket
        self._paced = paced
        self._now = now
        self._sleep = sleep
        self._places: dict[int, _Place[T]] = {}

    async def post(self, place_id: int, items: Sequence[T]) -> list[Posted | None]:
        """Queue `items` in the place, in order; what each became, once posted (or not)."""
        loop = asyncio.get_running_loop()
        place = self._places.setdefault(place_id, _Place())
        waiting = [Waiting(item, loop.create_future()) for item in items]
        place.waiting.extend(waiting)
        if place.worker is None or place.worker.done():
            place.worker = loop.create_task(self._work(place_id, place))
        return [await entry.done for entry in waiting]

    def waiting(self, place_id: int) -> int:
        """How many wait in the place (the one in flight not counted)."""
        place = self._places.get(place_id)
        return 0 if place is None else len(place.waiting)

    def busy(self, place_id: int) -> bool:
        """Whether the place is posting (or waiting to)."""
        return place_id in self._places

    async def _work(self, place_id: int, place: _Place[T]) -> None:
        """Post what waits in the place, one post at a time, until nothing does."""
        while place.waiting:
            if self._paced:
                delay = wait_before_post(self._bucket(place_id), self._now())
                if delay > 0:
                    await self._sleep(delay)  # what comes meanwhile goes out with it
            snapshot = list(place.waiting)  # more may come while the choice is made
            try:
                chosen = await self._choose(snapshot)
            except Exception:
                _logger.exception("place %s: choosing the next post failed", place_id)
                chosen = snapshot[:1]
            for entry in chosen:
                place.waiting.remove(entry)
            try:
                results = await self._post(place_id, chosen)
            except Exception:
                # A bug must not stop the place: what was chosen stays pending for the sweep.
                _logger.exception("place %s: posting failed", place_id)
                results = [None] * len(chosen)
            for entry, result in zip(chosen, results, strict=True):
                if not entry.done.done():
                    entry.done.set_result(result)
        if self._places.get(place_id) is place:
            del self._places[place_id]  # idle: a long-running bot keeps only busy places
