"""Benchmark of a village under load: many players throwing at once, as on Discord.

Two measures, each beside the database's one-client commit rate measured in the same run
(one transaction inserting one row, again and again, from one client):

- **chat pace**: 100 players throw concurrently, each about once a second (after each
  answer a pause of 0.5 to 1.5 s, as a player reads it and posts again), through the
  service the Discord bot runs (outbox, flood gate, the double-post rule, each reply marked
  posted). The latency of every throw, from the message to its answer recorded as posted.
- **as fast as it goes**: 16 players throw with no pause, each the moment their last
  answer is in (a player whose day is over makes room for a newcomer): the moves a second
  the village sustains, over the time they played.

Throws use the legal counts of the previous answer, always the most dice: the longest turns.
A player whose day is over stops. The pauses come from a random generator of this script's
own, seeded, so runs offer the same load; the dice are the bot's fair dice.

Every message is played: at chat pace the village's flood limit is 20 play messages in 10
seconds, which a player posting about once a second stays under (the village default, 6 in
10 seconds, would ignore a third of their messages); with no pause it is off. The last row
says what the messages got.

The process sets the garbage collector as the Discord bot does, and first plays two seconds
of another village at full speed, as a bot that has been running (`--cold`: not). On
PostgreSQL a second process commits one row every 20 ms meanwhile (`probe.py`): the
database's own latency under the same load.

    python bench/load.py [--postgres URL] [--players 100] [--seconds 20] [--cold]
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import datetime as dt
import itertools
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from machine import machine  # bench/ is on the path when a script here runs
from sqlalchemy.ext.asyncio import AsyncEngine
from village import baseline

from bot import collector
from bot.chat.parse import parse_message
from bot.storage.engine import make_engine
from bot.storage.migrate import migrate
from bot.storage.store import SqlStore
from bot.village.chance import FairChance
from bot.village.core import Author, Incoming
from bot.village.service import VillageService

T0 = dt.datetime(2026, 12, 1, 3, tzinfo=dt.UTC)
WARM_UP = 2.0
FLOOD = "20/10"
"""The village's flood limit at chat pace: more than 20 play messages in 10 seconds. A
player posting about once a second stays under it; the village default, 6 in 10 seconds,
would ignore a third of their messages."""
"""Seconds of play at full speed before the measured village, with `--warm`."""


class RunningClock:
    """The village's time runs from T0 as the benchmark's does (the day stays open)."""

    def __init__(self) -> None:
        self._start = time.monotonic()

    def now(self) -> dt.datetime:
        return T0 + dt.timedelta(seconds=time.monotonic() - self._start)


class Village:
    players = 0

    def __init__(self, service: VillageService, village_id: int, clock: RunningClock) -> None:
        self.service = service
        self.village_id = village_id
        self.clock = clock
        self.ids = itertools.count(1)
        self.latencies: list[float] = []
        """Each throw's after a player's first of the day."""
        self.steady: list[float] = []
        """Each throw's sent once every player's first throw was answered."""
        self.players_in = 0
        self.first: list[float] = []
        """Each player's first throw of the day, which makes their day table."""
        self.answers: collections.Counter[str] = collections.Counter()
        """What each message got first (`throw`, `greed_out`, ...): every one is played."""
        self.started = self.ended = 0.0
        """When the players began and when the last one stopped."""

    @classmethod
    async def open(cls, engine: AsyncEngine, village_id: int, flood: str) -> Village:
        clock = RunningClock()
        store = SqlStore(engine)
        service = VillageService(store, clock, FairChance(), outbox=True, flood_gate=True)
        village = cls(service, village_id, clock)
        gm = Author(1, "gm", is_moderator=True)
        await village.say(gm, f"/village create flood:{flood}")
        village.answers.clear()
        return village

    async def say(self, author: Author, text: str) -> tuple[dict[str, object], float]:
        """The first reply's state, and the seconds from the message to its answer posted."""
        start = time.perf_counter()
        now = self.clock.now()
        incoming = Incoming(self.village_id, next(self.ids), author, now, parse_message(text))
        answer = await self.service.handle(incoming)
        for delivery in answer.deliveries:
            if delivery.outbox_id is not None:  # what the sender records once it posted
                await self.service.delivered(delivery.outbox_id, next(self.ids), now)
        elapsed = time.perf_counter() - start
        self.answers[answer.replies[0].key if answer.replies else "(none)"] += 1
        state = answer.replies[0].state if answer.replies else None
        return dict(state or {}), elapsed

    async def seat(self, seat: int, until: float) -> None:
        """Players one after another, with no pause: a player whose day is over makes
        room for a newcomer, so the seat posts until the time is up."""
        for newcomer in itertools.count():
            if time.perf_counter() >= until:
                return
            player_id = 100 + 1000 * seat + newcomer
            await self.player(Author(player_id, f"p{player_id}"), until, None)

    async def player(self, author: Author, until: float, pause: random.Random | None) -> None:
        if pause is not None:
            await asyncio.sleep(pause.uniform(0, 1))  # players come in over the first second
        state, _ = await self.say(author, "/greed status")
        first = True
        while time.perf_counter() < until and not state.get("finished"):
            counts = state.get("legal_counts") or [6]
            assert isinstance(counts, list)
            steady = self.players_in == self.players
            state, elapsed = await self.say(author, "[[greed]]" * max(counts))
            (self.first if first else self.latencies).append(elapsed)
            if steady:
                self.steady.append(elapsed)
            if first:
                self.players_in += 1
            first = False
            if pause is not None:
                await asyncio.sleep(pause.uniform(0.5, 1.5))


async def run(
    url: str, village_id: int, players: int, seconds: float, paced: bool, warm: bool = False
) -> Village:
    engine = make_engine(url)
    try:
        await migrate(engine)
        if warm:
            # A bot that has been running: its pool's connections open and its statements
            # prepared on each, by two seconds of another village's play at full speed.
            await run_on(engine, village_id + 7, 16, WARM_UP, paced=False)
        return await run_on(engine, village_id, players, seconds, paced)
    finally:
        await engine.dispose()


async def run_on(
    engine: AsyncEngine, village_id: int, players: int, seconds: float, paced: bool
) -> Village:
    # Every message is played: at chat pace a player stays under the flood limit; with no
    # pause there is none (the flood gate would ignore nearly all of them, and an ignored
    # message is no move).
    village = await Village.open(engine, village_id, FLOOD if paced else "off")
    village.players = players
    pauses = random.Random(village_id)
    village.started = time.perf_counter()
    until = village.started + seconds
    if paced:
        await asyncio.gather(
            *(
                village.player(Author(100 + n, f"p{n}"), until, random.Random(pauses.random()))
                for n in range(players)
            )
        )
    else:
        await asyncio.gather(*(village.seat(n, until) for n in range(players)))
    village.ended = time.perf_counter()
    return village


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def measure(
    name: str, url: str, village_id: int, players: int, seconds: float, warm: bool = True
) -> list[str]:
    engine = make_engine(url)
    try:
        await migrate(engine)
        commit = await baseline(engine, 300)
    finally:
        await engine.dispose()
    rate = 1 / commit
    # The database's own tail meanwhile, from another process (not on SQLite: a second
    # writer there would take the bot's one write lock from it).
    probing = None
    if not url.startswith("sqlite"):
        probing = await asyncio.create_subprocess_exec(
            sys.executable,
            str(Path(__file__).with_name("probe.py")),
            url,
            str(seconds + (WARM_UP if warm else 0)),
            stdout=asyncio.subprocess.PIPE,
        )
    start = time.process_time()
    paced = await run(url, village_id, players, seconds, paced=True, warm=warm)
    cpu = (time.process_time() - start) / seconds
    probed = json.loads((await probing.communicate())[0]) if probing is not None else None
    later, first = paced.latencies, paced.first
    fast = await run(url, village_id + 1, 16, seconds / 2, paced=False)
    moves = (len(fast.latencies) + len(fast.first)) / (fast.ended - fast.started)
    throws = len(later) + len(first)
    return [
        f"| {name} | {players} players, chat pace, later throws | {len(later)} throws, "
        f"{throws / seconds:.0f}/s in all | p50 {statistics.median(later) * 1e3:.1f} ms, "
        f"p99 {percentile(later, 0.99) * 1e3:.1f} ms | {commit * 1e3:.2f} ms "
        f"| p99 = {percentile(later, 0.99) / commit:.1f}× | CPU {cpu:.0%} |",
        f"| {name} | the same, each player's first throw of the day | {len(first)} throws "
        f"| p50 {statistics.median(first) * 1e3:.1f} ms, "
        f"p99 {percentile(first, 0.99) * 1e3:.1f} ms | "
        f"| p99 = {percentile(first, 0.99) / commit:.1f}× | |",
        f"| {name} | the same, once every player's first throw was answered "
        f"| {len(paced.steady)} throws | p50 {statistics.median(paced.steady) * 1e3:.1f} ms, "
        f"p99 {percentile(paced.steady, 0.99) * 1e3:.1f} ms | "
        f"| p99 = {percentile(paced.steady, 0.99) / commit:.1f}× | |",
        *(
            [
                f"| {name} | the database alone meanwhile: one-row commits every 20 ms from "
                f"another process | {probed['commits']} commits | p50 {probed['p50']:.1f} ms, "
                f"p99 {probed['p99']:.1f} ms | | | |"
            ]
            if probed
            else []
        ),
        f"| {name} | 16 players, no pause | {len(fast.latencies) + len(fast.first)} throws | "
        f"{moves:.0f} moves/s | {rate:.0f} commits/s | {moves / rate:.2f} of it | |",
        f"| {name} | what the messages got (chat pace; no pause) | {answered(paced)}; "
        f"{answered(fast)} | | | | |",
    ]


def answered(village: Village) -> str:
    """The first replies the messages got, most first (none is `ignored`: all played)."""
    return ", ".join(f"{key} {count}" for key, count in village.answers.most_common())


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--postgres", metavar="URL", help="also measure on this PostgreSQL")
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument(
        "--cold",
        action="store_true",
        help="start the village in a process that has played nothing yet (its pool empty)",
    )
    args = parser.parse_args()
    collector.settle()  # as the Discord bot does once loaded
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        rows += await measure(
            "SQLite (file, WAL)",
            f"sqlite:///{folder}/load.db",
            1,
            args.players,
            args.seconds,
            not args.cold,
        )
    if args.postgres:
        village_id = int(time.time()) * 10
        rows += await measure(
            "PostgreSQL 15 (localhost)",
            args.postgres,
            village_id,
            args.players,
            args.seconds,
            not args.cold,
        )
    print(f"## {dt.date.today().isoformat()}: {machine()}\n")
    if args.cold:
        print("The village started in a process that had played nothing yet (`--cold`).\n")
    else:
        print(
            f"Before the village, {WARM_UP:.0f} s of another village at full speed, as in a bot "
            "that has been running: its pool open, its statements prepared.\n"
        )
    print(
        "| database | load | throws | latency (message to answer posted) or rate "
        "| one-row commit, one client | ratio | |"
    )
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        print(row)


if __name__ == "__main__":
    asyncio.run(main())
