"""SIGKILL at random moments under load, and a restart after each.

Half the kills fall at a random instant; the other half wait (a little) for the bot to be
inside a database transaction, or a send, so that the worst moments are sure to be hit. The
bot stays dead for a moment now and then: what players post meanwhile only the catch-up
sees."""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter
from dataclasses import dataclass, field

from bench.soak.bots import BotProcess

AIM_WAIT = 3.0
AIMS = (None, "mid-transaction", None, "mid-send")
"""In turn: a random instant, inside a transaction, a random instant, inside a send."""


@dataclass(slots=True)
class Kills:
    moments: Counter[str] = field(default_factory=Counter)
    restarts: int = 0


async def _busy(bot: BotProcess, doing: str, patience: float) -> None:
    """Until the bot is `doing` this (mid-transaction, mid-send): its counters are polled,
    another process writes them."""
    end = time.monotonic() + patience
    while time.monotonic() < end:
        if doing in bot.moment.what():
            return
        await asyncio.sleep(0.001)


async def kill_soak(
    bot: BotProcess,
    count: int,
    rng: random.Random,
    uptime: tuple[float, float] = (0.3, 2.5),
    downtime: tuple[float, float] = (0.0, 1.2),
) -> Kills:
    kills = Kills()
    for number in range(count):
        if not bot.running:
            await bot.start()
            kills.restarts += number > 0
        await asyncio.sleep(rng.uniform(*uptime))
        aim = AIMS[number % len(AIMS)]
        if aim is not None:
            await _busy(bot, aim, AIM_WAIT)
        if not bot.running:
            continue  # it died by itself: a crash, counted by the supervisor
        kills.moments[await bot.kill()] += 1
        await asyncio.sleep(rng.uniform(*downtime))
    await bot.start()
    kills.restarts += 1
    return kills
