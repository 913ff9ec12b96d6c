"""Where posted replies went, recorded together: every record asked for while one is being
written goes into the next write.

On Discord every reply the bot posts is recorded (`Store.mark_outbox`), and under load many
are asked for at once. One statement for all of them costs the database and the bot about
what one record alone costs. The first record is written at once, with no waiting for
company: a bot posting one reply at a time records each as before. Whoever asked for a
record waits until it is written (or could not be), as if it had been written alone.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from bot.village.ports import StoreError


@dataclass(frozen=True, slots=True)
class Mark:
    """What became of one reply kept in the outbox."""

    outbox_id: int
    status: str
    posted_id: int | None
    posted_at: dt.datetime | None
    attempts: int | None
    """None: the attempts recorded so far stand."""


class MarkBatches:
    def __init__(self, write: Callable[[Sequence[Mark]], Awaitable[None]]) -> None:
        self._write = write
        self._waiting: list[tuple[Mark, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def record(self, mark: Mark) -> None:
        """Write `mark` with whatever else is waiting; raises what the write raised."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._waiting.append((mark, done))
        if self._writer is None or self._writer.done():
            self._writer = loop.create_task(self._write_waiting())
        await done

    async def _write_waiting(self) -> None:
        """Write what is waiting, again and again until nothing is (those who ask while a
        write is under way wait for the next one)."""
        while self._waiting:
            batch, self._waiting = self._waiting, []
            try:
                await self._write([mark for mark, _ in batch])
            except BaseException as error:
                # A failed write fails its records; a cancelled writer (the bot stopping)
                # leaves every record unwritten: each is told so, and stays pending.
                stopped = not isinstance(error, Exception)
                failure = StoreError("the record was not written") if stopped else error
                for _, done in batch + (self._waiting if stopped else []):
                    if not done.done():  # its asker may have stopped waiting
                        done.set_exception(failure)
                if stopped:
                    self._waiting = []
                    raise
            else:
                for _, done in batch:
                    if not done.done():
                        done.set_result(None)
