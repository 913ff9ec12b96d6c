"""What Discord announces of a channel's limit on posting, read from its answers through
discord.py's own HTTP client, and how long a place's next post waits by it."""

from __future__ import annotations

import datetime as dt
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest

from bot.discord_adapter.gateway import DiscordPort
from bot.discord_adapter.limits import AnnouncedLimits, bucket_of
from bot.discord_adapter.pace import wait_before_post
from bot.discord_adapter.port import Bucket, Outgoing

sys.path.insert(0, str(Path(__file__).parents[2] / "bench"))
from discord_api import DiscordApi

pytestmark = pytest.mark.discord

T0 = dt.datetime(2026, 12, 1, 3, 0, tzinfo=dt.UTC)
WINDOW = dt.timedelta(seconds=5)


def at(seconds: float) -> dt.datetime:
    return T0 + dt.timedelta(seconds=seconds)


def bucket(remaining: int, seen: float, resets: float, limit: int = 5) -> Bucket:
    return Bucket(limit, remaining, at(seen), at(resets), WINDOW)


def test_a_quiet_place_or_one_whose_limit_is_unknown_posts_at_once() -> None:
    assert wait_before_post(None, T0) == 0
    assert wait_before_post(bucket(4, 0, 5), at(6)) == 0  # its window is over
    assert wait_before_post(bucket(5, 0, 5), at(0.1)) == 0  # nothing spent


def test_a_busy_place_keeps_its_posts_on_an_even_schedule_over_the_window() -> None:
    # The window began at 0 with a post: four left, one a second.
    assert wait_before_post(bucket(4, 0, 5), at(0.2)) == pytest.approx(0.8)
    assert wait_before_post(bucket(3, 1, 5), at(1.1)) == pytest.approx(0.9)
    assert wait_before_post(bucket(1, 3, 5), at(3.0)) == pytest.approx(1.0)
    # Behind the schedule (a quieter moment): at once.
    assert wait_before_post(bucket(3, 1, 5), at(2.5)) == 0


def test_a_spent_window_waits_for_its_end() -> None:
    assert wait_before_post(bucket(0, 4, 5), at(4.2)) == pytest.approx(0.8)


def test_the_schedule_follows_the_numbers_the_chat_gives_today() -> None:
    slower = Bucket(2, 1, T0, at(10), dt.timedelta(seconds=10))
    assert wait_before_post(slower, at(0.5)) == pytest.approx(4.5)


def test_an_answer_announces_its_bucket_and_the_longest_reset_is_the_window() -> None:
    headers = {
        "X-RateLimit-Limit": "5",
        "X-RateLimit-Remaining": "3",
        "X-RateLimit-Reset-After": "2.5",
    }
    found = bucket_of(headers, T0, WINDOW)
    assert found == Bucket(5, 3, T0, at(2.5), WINDOW)
    assert bucket_of({**headers, "X-RateLimit-Reset-After": "7"}, T0, WINDOW) == Bucket(
        5, 3, T0, at(7), dt.timedelta(seconds=7)
    )
    assert bucket_of({"X-RateLimit-Limit": "5"}, T0) is None
    assert bucket_of({**headers, "X-RateLimit-Remaining": "many"}, T0) is None
    assert bucket_of({**headers, "X-RateLimit-Limit": "0"}, T0) is None


def test_only_message_posts_are_heard_and_each_for_its_channel() -> None:
    limits = AnnouncedLimits(now=lambda: T0)
    headers = {
        "X-RateLimit-Limit": "5",
        "X-RateLimit-Remaining": "4",
        "X-RateLimit-Reset-After": "5",
    }
    limits.heard("POST", "/api/v10/channels/77/messages", headers)
    limits.heard("DELETE", "/api/v10/channels/78/messages/9", headers)
    limits.heard("POST", "/api/v10/channels/79/threads", headers)
    assert limits.get(77) == Bucket(5, 4, T0, at(5), WINDOW)
    assert limits.get(78) is None and limits.get(79) is None


@pytest.fixture
async def api() -> AsyncIterator[DiscordApi]:
    base = discord.http.Route.BASE
    async with DiscordApi(limit=3, window=2.0) as running:
        discord.http.Route.BASE = running.base
        try:
            yield running
        finally:
            discord.http.Route.BASE = base


async def test_the_port_hears_the_limit_through_discord_pys_own_client(api: DiscordApi) -> None:
    limits = AnnouncedLimits()
    client = discord.Client(intents=discord.Intents.none(), http_trace=limits.trace)
    await client.login("test-token")
    try:
        port = DiscordPort(client, limits=limits)
        assert port.bucket(55) is None
        first = await port.send(55, Outgoing("one", nonce="n-1"))
        announced = port.bucket(55)
        assert announced is not None and (announced.limit, announced.remaining) == (3, 2)
        assert dt.timedelta(seconds=1.5) < announced.window <= dt.timedelta(seconds=2)
        # The same nonce again is the same message (Discord's enforce_nonce).
        assert (await port.send(55, Outgoing("one", nonce="n-1"))).message_id == first.message_id
        await port.send(55, Outgoing("two"))
        busy = port.bucket(55)
        assert busy is not None and busy.remaining == 1
        # Two posts at once: the last one of the window keeps to the schedule.
        assert 0.5 < wait_before_post(busy, dt.datetime.now(dt.UTC)) < 2 * 2.0 / 3
        await port.send(55, Outgoing("three"))
        assert [made.content for made in api.posts] == ["one", "two", "three"]
        assert api.refused == 0
    finally:
        await client.close()
