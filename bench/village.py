"""Benchmark of the village: the cost of one throw, end to end, on SQLite and PostgreSQL.

A throw is parsed, checked, drawn from the fair dice and written (events, score row and
message) in one transaction (on PostgreSQL one statement). On Discord the transaction also
keeps the replies in the outbox, and the sender records where each was posted (one more
small statement per reply); both ways are measured. The baseline, measured in the same run
on the same database, is the cheapest write a bot could make: one transaction inserting one
row (through SQLAlchemy, as the store's other writes go); and, stricter, the same insert
sent on the driver itself, a transaction by itself (as a throw's own statements go).
The process sets the garbage collector as the Discord bot does (`bot/collector.py`) before
it plays.

    python bench/village.py [--postgres URL]
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import itertools
import statistics
import tempfile
import time
import tracemalloc

from machine import machine  # bench/ is on the path when a script here runs
from sqlalchemy import event, text
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.util import greenlet_spawn

from bot import collector
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
STATUS = parse_message("/greed status")


async def baseline(engine: AsyncEngine, rounds: int) -> float:
    """Seconds per one-row insert transaction."""
    async with engine.begin() as connection:
        await connection.execute(text("DROP TABLE IF EXISTS bench_row"))
        await connection.execute(text("CREATE TABLE bench_row (id INTEGER, body TEXT)"))
    start = time.perf_counter()
    for i in range(rounds):
        async with engine.begin() as connection:
            await connection.execute(
                text("INSERT INTO bench_row VALUES (:id, :body)"), {"id": i, "body": "x" * 64}
            )
    elapsed = time.perf_counter() - start
    async with engine.begin() as connection:
        await connection.execute(text("DROP TABLE bench_row"))
    return elapsed / rounds


async def driver_baseline(engine: AsyncEngine, rounds: int) -> float:
    """Seconds per one-row insert on the driver itself (asyncpg, aiosqlite), a transaction
    by itself, on a connection from the same pool: the cheapest write there is, with no
    SQLAlchemy in it (a throw's own statements run on the driver too)."""
    async with engine.begin() as connection:
        await connection.execute(text("DROP TABLE IF EXISTS bench_row"))
        await connection.execute(text("CREATE TABLE bench_row (id INTEGER, body TEXT)"))
    sqlite = engine.dialect.name == "sqlite"
    insert = (
        "INSERT INTO bench_row VALUES (?, ?)" if sqlite else "INSERT INTO bench_row VALUES ($1, $2)"
    )
    start = time.perf_counter()
    for i in range(rounds):
        pooled = await engine.raw_connection()
        try:
            driver = pooled.driver_connection
            assert driver is not None
            if sqlite:
                await driver.execute(insert, (i, "x" * 64))
                await driver.commit()
            else:
                await driver.execute(insert, i, "x" * 64)
        finally:
            await greenlet_spawn(pooled.close)
    elapsed = time.perf_counter() - start
    async with engine.begin() as connection:
        await connection.execute(text("DROP TABLE bench_row"))
    return elapsed / rounds


class ThrowingVillage:
    """A village of `PLAYERS` players on fair dice, each asking `/greed status` and then
    throwing in turn, a message a second: played in one go (`throws`) or in rounds, beside
    other measures (`table_moves.py`)."""

    def __init__(self, engine: AsyncEngine, village_id: int, discord: bool) -> None:
        self.engine = engine
        self.village_id = village_id
        self.clock = ManualClock(T0)
        self.service = VillageService(
            SqlStore(engine), self.clock, FairChance(), outbox=discord, flood_gate=discord
        )
        self.statements = 0
        self.ids = itertools.count(1)
        self.players = [Author(100 + n, f"p{n}") for n in range(PLAYERS)]
        self.messages = 0
        """Status checks and throws asked so far."""
        self.times: list[float] = []
        self.ready: list[float] = []
        self.statuses: list[float] = []
        self.counted = self.own = 0

    def count(self, *_: object) -> None:
        self.statements += 1

    async def create(self) -> None:
        gm = Author(1, "gm", is_moderator=True)
        create = parse_message("/village create")
        await self.service.handle(Incoming(self.village_id, next(self.ids), gm, T0, create))

    async def play(self, until: int) -> None:
        """Status checks and throws until `until` have been asked in all."""
        event.listen(self.engine.sync_engine, "before_cursor_execute", self.count)
        try:
            while self.messages < until:
                await self._turn(self.messages)
                self.messages += 1
        finally:
            event.remove(self.engine.sync_engine, "before_cursor_execute", self.count)

    async def _turn(self, i: int) -> None:
        # A message a second, each player every twenty: a chat's pace, no flood, no double post.
        village_id, service = self.village_id, self.service
        now = T0 + dt.timedelta(seconds=i)
        self.clock.set(now)
        player = self.players[i % PLAYERS]
        asked = time.perf_counter()
        [reply] = (
            await service.handle(Incoming(village_id, next(self.ids), player, now, STATUS))
        ).replies
        self.statuses.append(time.perf_counter() - asked)
        state = reply.state or {}
        if state.get("finished"):
            return
        # Throw on with the most dice allowed: the longest turns, the most throws.
        request = parse_message("[[greed]]" * max(state["legal_counts"]))
        before = self.statements
        start = time.perf_counter()
        answer = await service.handle(Incoming(village_id, next(self.ids), player, now, request))
        self.ready.append(time.perf_counter() - start)
        self.own += self.statements - before
        for delivery in answer.deliveries:
            if delivery.outbox_id is not None:  # what the sender records once it posted
                await service.delivered(delivery.outbox_id, next(self.ids), now)
        self.times.append(time.perf_counter() - start)
        self.counted += self.statements - before

    @property
    def mean(self) -> float:
        return statistics.mean(self.times)

    @property
    def per_throw(self) -> float:
        """SQL statements per throw."""
        return self.counted / len(self.times)

    @property
    def own_per_throw(self) -> float:
        """SQL statements per throw until its answer was ready to post."""
        return self.own / len(self.times)


async def throws(
    engine: AsyncEngine, village_id: int, trace: bool, discord: bool
) -> tuple[float, float, int, float, float, float, float]:
    """Seconds per throw message, the median of the per-throw times, when `trace` is set the
    peak memory traced (tracing slows Python down, so the times of that run are not kept),
    the SQL statements per throw, seconds per `/greed status` (asked before each throw),
    seconds per throw until its answer is ready to post (on Discord, before the record of
    where it was posted), and the statements per throw until then."""
    village = ThrowingVillage(engine, village_id, discord)
    await village.create()
    if trace:
        tracemalloc.start()
    await village.play(THROWS)
    peak = 0
    if trace:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return (
        village.mean,
        statistics.median(village.times),
        peak,
        village.per_throw,
        statistics.mean(village.statuses),
        statistics.mean(village.ready),
        village.own_per_throw,
    )


async def measure(name: str, url: str, village_id: int) -> list[str]:
    engine = make_engine(url)
    rows = []
    try:
        await migrate(engine)
        base = await baseline(engine, 300)
        bare = await driver_baseline(engine, 300)
        for offset, (way, discord) in enumerate((("console", False), ("Discord", True))):
            first = village_id + 2 * offset
            mean, median, _, per_throw, asked, answered, _ = await throws(
                engine, first, False, discord
            )
            _, _, peak, *_ = await throws(engine, first + 1, True, discord)
            rows.append(
                f"| {name}, {way} | {mean * 1e3:.2f} ms (median {median * 1e3:.2f}) "
                f"| {base * 1e3:.2f} ms | {mean / base:.1f} "
                f"| {bare * 1e3:.2f} ms | {mean / bare:.1f} | {per_throw:.1f} "
                f"| {asked * 1e3:.2f} ms ({asked / base:.1f}) | {peak / 2**20:.1f} MiB "
                f"| {answered * 1e3:.2f} ms ({answered / base:.1f}) |"
            )
    finally:
        await engine.dispose()
    return rows


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--postgres", metavar="URL", help="also measure on this PostgreSQL")
    args = parser.parse_args()
    collector.settle()  # as the Discord bot does once loaded
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        rows += await measure("SQLite (file, WAL)", f"sqlite:///{folder}/bench.db", 1)
    if args.postgres:
        village_id = int(time.time()) * 10
        rows += await measure("PostgreSQL 15 (localhost)", args.postgres, village_id)
    print(f"## {dt.date.today().isoformat()}: {machine()}\n")
    print(f"{THROWS} status checks and throws by {PLAYERS} players on fair dice; the peak")
    print("memory is what the village allocated while playing a second such village.\n")
    print(
        "| database, chat | one throw, end to end | one-row insert transaction | ratio "
        "| the same insert on the driver | ratio "
        "| statements per throw | one `/greed status` (ratio) | peak memory "
        "| the throw until its answer is ready to post (ratio) |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        print(row)


if __name__ == "__main__":
    asyncio.run(main())
