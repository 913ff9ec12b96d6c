"""Where a throw's time goes: the wall time of each store call a throw makes, per throw.

The same play as `village.py` (20 players, a status check before each throw, console way
unless `--discord`), with every method of the store timed while a throw is handled. What
is left of the throw's time besides the store's calls is the rules, the dice, the replies
and the commit. The SQL statements each throw sends (its delivery's too) are counted apart
for each player's first throw of the day, which makes their day table, and the later ones.

    python bench/profile.py [--postgres URL] [--discord]
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import datetime as dt
import functools
import inspect
import itertools
import tempfile
import time
from collections.abc import Awaitable, Callable
from typing import Any

from machine import machine  # bench/ is on the path when a script here runs
from sqlalchemy import event

from bot.chat.parse import parse_message
from bot.storage.engine import make_engine
from bot.storage.migrate import migrate
from bot.storage.store import SqlStore
from bot.village.chance import FairChance
from bot.village.clock import ManualClock
from bot.village.core import Author, Incoming
from bot.village.service import VillageService

PLAYERS = 20
THROWS = 600
T0 = dt.datetime(2026, 12, 1, 3, tzinfo=dt.UTC)


class Timings:
    def __init__(self) -> None:
        self.spent: collections.Counter[str] = collections.Counter()
        self.on = False

    def timed(self, name: str, method: Callable[..., Awaitable[Any]]) -> Callable[..., Any]:
        @functools.wraps(method)
        async def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return await method(*args, **kwargs)
            finally:
                if self.on:
                    self.spent[name] += time.perf_counter() - start

        return timed


def time_the_store(timings: Timings) -> None:
    """Every public coroutine method of the store, timed. The unit of work is a context
    manager, not a coroutine: its start and commit fall in "the rest" (its first statement,
    `play_context`, also waits for the connection and `BEGIN`)."""
    for name, method in inspect.getmembers(SqlStore, inspect.iscoroutinefunction):
        if not name.startswith("_"):
            setattr(SqlStore, name, timings.timed(name, method))


class Profile:
    def __init__(self) -> None:
        self.per_throw = 0.0
        self.calls: list[tuple[str, float]] = []
        self.first: list[int] = []
        """Statements of each player's first throw of the day."""
        self.later: list[int] = []


async def profile(url: str, discord: bool) -> Profile:
    timings = Timings()
    time_the_store(timings)
    engine = make_engine(url)
    statements = [0]

    def count(*_: object) -> None:
        statements[0] += 1

    event.listen(engine.sync_engine, "before_cursor_execute", count)
    result = Profile()
    played: set[int] = set()
    try:
        await migrate(engine)
        clock = ManualClock(T0)
        service = VillageService(
            SqlStore(engine), clock, FairChance(), outbox=discord, flood_gate=discord
        )
        ids = itertools.count(1)
        village_id = int(time.time() * 1000) % 10**12 * 10
        gm = Author(1, "gm", is_moderator=True)
        await service.handle(
            Incoming(village_id, next(ids), gm, T0, parse_message("/village create"))
        )
        players = [Author(100 + n, f"p{n}") for n in range(PLAYERS)]
        status = parse_message("/greed status")
        spent, throws = 0.0, 0
        for i in range(THROWS):
            now = T0 + dt.timedelta(seconds=i)
            clock.set(now)
            player = players[i % PLAYERS]
            answer = await service.handle(Incoming(village_id, next(ids), player, now, status))
            state = answer.replies[0].state or {}
            if state.get("finished"):
                continue
            request = parse_message("[[greed]]" * max(state["legal_counts"]))
            timings.on = True
            before = statements[0]
            start = time.perf_counter()
            answer = await service.handle(Incoming(village_id, next(ids), player, now, request))
            for delivery in answer.deliveries:
                if delivery.outbox_id is not None:
                    await service.delivered(delivery.outbox_id, next(ids), now)
            spent += time.perf_counter() - start
            timings.on = False
            throws += 1
            sent = statements[0] - before
            (result.later if player.player_id in played else result.first).append(sent)
            played.add(player.player_id)
    finally:
        await engine.dispose()
    result.per_throw = spent / throws
    result.calls = [(name, seconds / throws) for name, seconds in timings.spent.most_common()]
    return result


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--postgres", metavar="URL", help="profile on this PostgreSQL")
    parser.add_argument("--discord", action="store_true", help="with the outbox, as on Discord")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = args.postgres or f"sqlite:///{folder}/profile.db"
        result = await profile(url, args.discord)
    per_throw, calls = result.per_throw, result.calls
    print(f"## {dt.date.today().isoformat()}: {machine()}\n")
    where = "PostgreSQL" if args.postgres else "SQLite"
    print(
        f"{where}, {'Discord' if args.discord else 'console'}: {per_throw * 1e3:.2f} ms a throw\n"
    )
    print("| store call | ms per throw | share |")
    print("|---|---|---|")
    for name, seconds in calls:
        print(f"| `{name}` | {seconds * 1e3:.3f} | {seconds / per_throw:.0%} |")
    rest = per_throw - sum(seconds for _, seconds in calls)
    print(
        f"| the rest (rules, dice, replies, commit) | {rest * 1e3:.3f} | {rest / per_throw:.0%} |"
    )
    print(
        f"\nStatements per throw: {_mean(result.first):.1f} for a player's first of the day "
        f"({len(result.first)} throws), {_mean(result.later):.1f} for the later ones "
        f"({len(result.later)} throws)."
    )


def _mean(values: list[int]) -> float:
    return sum(values) / len(values) if values else 0.0


if __name__ == "__main__":
    asyncio.run(main())
