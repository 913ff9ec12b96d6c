"""PostgreSQL stopped (fast and immediate) and started again under play, the bot left
running: players are told to try again while it is down, and play goes on once it is up."""

from __future__ import annotations

import asyncio
import datetime as dt
import random
from dataclasses import dataclass

from bench.soak.bots import BotProcess
from bench.soak.chat import Chat
from bench.soak.postgres import Cluster

RESUME_WAIT = 30.0


@dataclass(slots=True)
class Outage:
    mode: str
    down_seconds: float
    told_to_retry: int
    """Answers `store_unavailable` posted from the stop until play resumed."""
    resumed_after: float | None
    """Seconds from the start until the first answer that was not a refusal to retry."""


async def _resumed(chat: Chat, since: dt.datetime, retry: frozenset[str]) -> dt.datetime | None:
    loop = asyncio.get_running_loop()
    end = loop.time() + RESUME_WAIT
    while loop.time() < end:
        for post in reversed(chat.posts):
            if post.at < since:
                break
            if post.reply_to is not None and post.told(retry) is None:
                return post.at
        await asyncio.sleep(0.05)
    return None


async def outage_soak(
    cluster: Cluster,
    bot: BotProcess,
    chat: Chat,
    count: int,
    rng: random.Random,
    retry: frozenset[str],
) -> list[Outage]:
    outages = []
    for number in range(count):
        await asyncio.sleep(rng.uniform(2.0, 4.0))
        mode = ("fast", "immediate")[number % 2]
        stopped = dt.datetime.now(dt.UTC)
        first = len(chat.posts)
        await cluster.stop(mode)
        await asyncio.sleep(rng.uniform(1.0, 3.0))
        await cluster.start()
        started = dt.datetime.now(dt.UTC)
        back = await _resumed(chat, started, retry)
        told = sum(len(post.told(retry) or ()) for post in chat.posts[first:])
        outages.append(
            Outage(
                mode,
                (started - stopped).total_seconds(),
                told,
                None if back is None else (back - started).total_seconds(),
            )
        )
    return outages
