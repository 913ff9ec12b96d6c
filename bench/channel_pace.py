"""Benchmark of a busy village channel on Discord, as its players see it: from a player's
message to the post that answers it, under Discord's limit on posting.

The real village service (on SQLite), the real sender and `DiscordPort`, through discord.py's
own HTTP client, post to a stand-in for Discord on this machine (`discord_api.py`) that
limits each channel as Discord does today: 5 posts per 5 seconds, the bucket refilled all at
once, announced on every answer, a 429 beyond it. Players throw in one village channel; each
posts their next move (a throw of a legal count, or a Turn End) 0.3 to 1.5 s after the post
with their answer appears. A move's time runs from its message to the creation of the post
that carries its answer, as Discord stamps both.

Each count of players is played twice in the same run: with the sender gathering a busy
place's answers and spreading its posts over the window (as greedbot posts now), and with
every reply a post of its own (as it posted before); and once with no limit at all, the
baseline of what the machine itself allows. A single throw in a quiet channel is timed both
ways too. The village's flood gate is off: it limits how fast one player may post, which is
not what is measured here.

    python bench/channel_pace.py [--seconds 60] [--players 3,6,10,20] [--quiet-throws 10]

(`--players ""`: the quiet channel alone.)
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import random
import statistics
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
from discord_api import DiscordApi  # bench/ is on the path when a script here runs
from machine import machine

from bot.chat.parse import parse_message
from bot.discord_adapter.gateway import DiscordPort
from bot.discord_adapter.jobs import jobs_of
from bot.discord_adapter.limits import AnnouncedLimits
from bot.discord_adapter.port import snowflake_time
from bot.discord_adapter.sender import Sender
from bot.discord_adapter.surface import discord_surface
from bot.storage.engine import make_engine
from bot.storage.migrate import migrate
from bot.storage.store import SqlStore
from bot.village.chance import FairChance
from bot.village.clock import SystemClock
from bot.village.core import Author, Incoming
from bot.village.records import BY_INTERACTION
from bot.village.service import VillageService

VILLAGE_ID = 1_000_000_000_000_000_001
GUILD_ID = 1
GM = Author(1, "gm", is_moderator=True)
THINK = (0.3, 1.5)
"""Seconds a player takes to post their next move after reading their answer."""
TAG = "[[greed]]"


class KnownChannels(DiscordPort):
    """The port with the village channel read once, as the gateway's cache holds it (with
    no gateway here, discord.py would fetch the channel before every post)."""

    def __init__(self, client: discord.Client, limits: AnnouncedLimits) -> None:
        super().__init__(client, limits=limits)
        self._known: dict[int, Any] = {}

    async def _channel(self, channel_id: int) -> Any:
        if channel_id not in self._known:
            self._known[channel_id] = await super()._channel(channel_id)
        return self._known[channel_id]


@dataclass
class Run:
    players: int
    gather: bool
    limit: int | None
    seconds: float = 0.0
    waits: list[float] = field(default_factory=list)
    """Seconds from each move's message to the post with its answer."""
    posts: int = 0
    longest: int = 0
    refused: int = 0
    """Posts Discord answered with a 429."""

    @property
    def per_second(self) -> float:
        return len(self.waits) / self.seconds if self.seconds else 0.0

    def percentile(self, p: float) -> float:
        ordered = sorted(self.waits)
        if not ordered:
            return float("nan")
        return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


class Village:
    """One village channel, its bot and its players."""

    def __init__(self, service: VillageService, sender: Sender, api: DiscordApi) -> None:
        self.service = service
        self.sender = sender
        self.api = api

    async def command(self, text: str) -> None:
        incoming = Incoming(
            VILLAGE_ID,
            self.api.snowflake(),
            GM,
            dt.datetime.now(dt.UTC),
            parse_message(text),
            GUILD_ID,
            via=BY_INTERACTION,
        )
        answer = await self.service.handle(incoming)
        await self.sender.deliver(jobs_of(answer, VILLAGE_ID, None, VILLAGE_ID))

    async def move(self, player: Author, text: str) -> tuple[float | None, dict[str, Any]]:
        """A player's message, handled and answered as the relay does: the seconds until
        the post with its answer was made (None: not posted), and where the player stands."""
        message_id = self.api.snowflake()
        sent_at = snowflake_time(message_id)
        incoming = Incoming(
            VILLAGE_ID,
            message_id,
            player,
            sent_at,
            parse_message(text),
            GUILD_ID,
            # As the relay keeps it: free to go out with others while the channel is busy.
            gathered=not self.sender.quiet(VILLAGE_ID),
        )
        answer = await self.service.handle(incoming)
        posted = await self.sender.deliver(jobs_of(answer, VILLAGE_ID, message_id, VILLAGE_ID))
        state = dict(answer.deliveries[0].reply.state or {}) if answer.deliveries else {}
        if not posted or posted[0] is None:
            return None, state
        return (posted[0].posted_at - sent_at).total_seconds(), state


def next_move(state: dict[str, Any], rng: random.Random) -> str | None:
    """A legal move from where the player stands; None when their day is over."""
    counts = state.get("legal_counts") or []
    if state.get("can_end") and (not counts or rng.random() < 0.4):
        return "TE"
    if not counts:
        return None
    return TAG * rng.choice(counts)


async def player(village: Village, who: Author, until: float, rng: random.Random, run: Run) -> None:
    loop = asyncio.get_running_loop()
    await asyncio.sleep(rng.uniform(0, THINK[1]))
    text: str | None = TAG * 6
    while text is not None and loop.time() < until:
        waited, state = await village.move(who, text)
        if waited is not None:
            run.waits.append(waited)
        await asyncio.sleep(rng.uniform(*THINK))
        text = next_move(state, rng) if state else text


@asynccontextmanager
async def village_on_discord(limit: int | None, *, gather: bool) -> AsyncIterator[Village]:
    """A village made in a channel of the stand-in Discord, its opening posted, on a fresh
    SQLite database; the bot gathering a busy place's answers or not."""
    with tempfile.TemporaryDirectory() as folder:
        engine = make_engine(f"sqlite:///{Path(folder) / 'village.db'}")
        await migrate(engine)
        async with DiscordApi(limit=limit) as api:
            discord.http.Route.BASE = api.base
            limits = AnnouncedLimits()
            client = discord.Client(intents=discord.Intents.none(), http_trace=limits.trace)
            await client.login("bench-token")
            try:
                service = VillageService(
                    SqlStore(engine), SystemClock(), FairChance(), outbox=True, flood_gate=True
                )
                port = KnownChannels(client, limits)
                sender = Sender(service, port, discord_surface, gather=gather)
                village = Village(service, sender, api)
                await village.command("/village create flood:off turns:20")
                await asyncio.sleep(api.window + 0.2)  # the opening's window is over
                yield village
            finally:
                await client.close()
                await engine.dispose()


async def play(players: int, *, gather: bool, limit: int | None, seconds: float) -> Run:
    """One village channel played for `seconds` by `players` players."""
    run = Run(players, gather, limit)
    async with village_on_discord(limit, gather=gather) as village:
        api = village.api
        before = len(api.posts)
        loop = asyncio.get_running_loop()
        start = loop.time()
        rng = random.Random(players)
        await asyncio.gather(
            *(
                player(village, Author(100 + n, f"p{n:02}"), start + seconds, rng, run)
                for n in range(players)
            )
        )
        run.seconds = loop.time() - start
        made = api.posts[before:]
        run.posts = len(made)
        run.longest = max((len(m.content) for m in made), default=0)
        run.refused = api.refused
    return run


async def quiet(*, gather: bool, throws: int) -> Run:
    """A single player in a quiet channel: each throw after the window has refilled."""
    run = Run(1, gather, 5, seconds=1.0)
    async with village_on_discord(5, gather=gather) as village:
        rng = random.Random(1)
        who = Author(100, "p00")
        text = TAG * 6
        for _ in range(throws):
            waited, state = await village.move(who, text)
            if waited is not None:
                run.waits.append(waited)
            text = next_move(state, rng) or TAG * 6
            await asyncio.sleep(village.api.window + 0.2)
    return run


def _ms(seconds: float) -> str:
    return f"{seconds:.2f} s"


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="each run's length")
    parser.add_argument("--players", default="3,6,10,20", help="player counts, comma separated")
    parser.add_argument("--quiet-throws", type=int, default=10)
    args = parser.parse_args()
    counts = [int(n) for n in args.players.split(",") if n.strip()]
    print(f"#### {dt.date.today().isoformat()}: {machine()}\n")
    print(
        "| players throwing at once | posting | throws answered per second | "
        "message to answer: p50 · p90 · p99 | posts | longest post | 429s |"
    )
    print("|---|---|---|---|---|---|---|")
    for players in counts:
        for gather in (True, False):
            _row(await play(players, gather=gather, limit=5, seconds=args.seconds))
    if counts:
        _row(await play(max(counts), gather=True, limit=None, seconds=args.seconds))
    print()
    print("| a single throw in a quiet channel | message to answer: p50 · max | ratio |")
    print("|---|---|---|")
    before = await quiet(gather=False, throws=args.quiet_throws)
    after = await quiet(gather=True, throws=args.quiet_throws)
    for run, label in ((before, "every reply a post of its own"), (after, "gathering")):
        ratio = statistics.median(run.waits) / statistics.median(before.waits)
        print(
            f"| {label} | {run.percentile(50) * 1000:.1f} ms · {max(run.waits) * 1000:.1f} ms "
            f"| {ratio:.2f} |"
        )


def _row(run: Run) -> None:
    posting = (
        "no limit (baseline)"
        if run.limit is None
        else "gathered, spread over the window"
        if run.gather
        else "a post per reply (before)"
    )
    print(
        f"| {run.players} | {posting} | {run.per_second:.1f} | "
        f"{_ms(run.percentile(50))} · {_ms(run.percentile(90))} · {_ms(run.percentile(99))} | "
        f"{run.posts} | {run.longest} | {run.refused} |"
    )


if __name__ == "__main__":
    asyncio.run(main())
