"""One database's soak: a village made, players at play, the bot killed again and again
(and on PostgreSQL the database stopped and started under it), then settled and audited."""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from bench.soak.audit import Audit, audit, refusal_texts
from bench.soak.bots import BotProcess, Crash
from bench.soak.chat import Chat
from bench.soak.kills import Kills, kill_soak
from bench.soak.logs import tracebacks
from bench.soak.outages import Outage, outage_soak
from bench.soak.players import Pace, Players
from bench.soak.postgres import Cluster
from bench.soak.settle import settle
from bench.soak.village import GUILD_ID, everyone, players


@dataclass(frozen=True, slots=True)
class Plan:
    kills: int
    pg_restarts: int
    players: int
    duplicate_share: float = 0.04
    pace: Pace = field(default_factory=Pace)


@dataclass(slots=True)
class PhaseResult:
    name: str
    kills: Kills
    outages: list[Outage]
    audit: Audit
    chat: Chat
    crashes: list[Crash]
    tracebacks: Counter[str]
    settled_in: float
    seconds: float
    log: Path

    @property
    def crash_count(self) -> int:
        return len(self.crashes) + sum(self.tracebacks.values())


async def run_phase(
    name: str,
    url: str,
    folder: Path,
    plan: Plan,
    rng: random.Random,
    code: Path,
    cluster: Cluster | None = None,
) -> PhaseResult:
    began = time.monotonic()
    here = folder / name
    here.mkdir()
    socket = str(here / "chat.sock")
    chat = Chat(GUILD_ID, plan.duplicate_share, random.Random(rng.random()))
    server = await asyncio.start_unix_server(chat.serve, path=socket, limit=2**26)
    bot = BotProcess(url, socket, here, code)
    who = players(plan.players)
    names = [p.name for p in everyone(plan.players)]
    retry = refusal_texts("store_unavailable", names)
    broken = refusal_texts("internal_error", names)
    try:
        await bot.create_village()
        await bot.start()
        playing = Players(chat, who, rng, plan.pace)
        try:
            kills = await kill_soak(bot, plan.kills, rng)
            outages = []
            if cluster is not None and plan.pg_restarts:
                outages = await outage_soak(cluster, bot, chat, plan.pg_restarts, rng, retry)
        finally:
            await playing.stop()
        settled_in = await settle(bot, chat, url)
        found = await audit(url, chat, retry, broken)
    finally:
        await bot.end()
        server.close()
    return PhaseResult(
        name,
        kills,
        outages,
        found,
        chat,
        bot.crashes,
        tracebacks(bot.log),
        settled_in,
        time.monotonic() - began,
        bot.log,
    )
