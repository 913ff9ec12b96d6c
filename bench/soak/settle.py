"""The end of a phase: players stop, the bot is started once more (its final catch-up), and
the harness waits until every reply kept is posted and every player message handled."""

from __future__ import annotations

import asyncio
import time

from sqlalchemy import func, select

from bench.soak.bots import BotProcess
from bench.soak.chat import Chat
from bench.soak.village import VILLAGE_ID
from bot.storage import tables as t
from bot.storage.engine import make_engine
from bot.village.records import PENDING

SETTLE_WAIT = 120.0
"""Long enough for the sweep, which leaves a reply alone for its first 30 seconds."""


async def _open_work(url: str, chat: Chat) -> tuple[int, int]:
    """Replies still pending, and player messages neither recorded nor answered."""
    engine = make_engine(url)
    try:
        async with engine.connect() as connection:
            pending = await connection.scalar(
                select(func.count())
                .select_from(t.Outbox)
                .where(t.Outbox.village_id == VILLAGE_ID, t.Outbox.status == PENDING)
            )
            recorded = set(
                await connection.scalars(
                    select(t.Message.message_id).where(t.Message.village_id == VILLAGE_ID)
                )
            )
    finally:
        await engine.dispose()
    answered = chat.answered()
    waiting = [m for m in chat.player_messages() if m.message_id not in recorded | answered]
    return int(pending or 0), len(waiting)


async def settle(bot: BotProcess, chat: Chat, url: str) -> float:
    """Seconds until nothing was left to do (or the wait ran out: the audit says what)."""
    await bot.end()
    await bot.start()
    start = time.monotonic()
    await bot.caught_up()
    while time.monotonic() - start < SETTLE_WAIT:
        await asyncio.sleep(1.0)
        if await _open_work(url, chat) == (0, 0):
            break
    await bot.end()
    return time.monotonic() - start
