"""What every port of the memory store stands on: the state it reads, the copy it writes on,
its clock, and the unit of work a store bound to one is in."""

from __future__ import annotations

import asyncio
import copy
import datetime as dt
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Self

from bot.storage.engine import LOCK_WAIT
from bot.storage.guard import Refusals
from bot.storage.memory.state import State
from bot.village.ports import Clock, StoreError


class _Held:
    """The state every store of one memory shares (the store and its units), and the one
    writer's turn: a unit holds it to its end, as SQLite's one writer does."""

    def __init__(self) -> None:
        self.state = State()
        self.writer = asyncio.Lock()


class _Unit:
    """A unit of work's state: what it has written so far, on top of what it started
    from."""

    def __init__(self, state: State) -> None:
        self.state = state


class MemoryBase:
    def __init__(self, clock: Clock | None = None, lock_wait: float = LOCK_WAIT) -> None:
        """`lock_wait`: the seconds a write waits for the writer's turn (another unit's
        end) before it is refused with StoreError, as SQLite's busy timeout refuses it."""
        self._held = _Held()
        self._clock = clock
        self._lock_wait = lock_wait
        self._unit: _Unit | None = None
        self._refusals: Refusals | None = None

    def _now(self) -> dt.datetime:
        """The store's time, for what a write records without a time of its own (the
        database's store records the time of its transaction)."""
        return self._clock.now() if self._clock is not None else dt.datetime.now(dt.UTC)

    def _read(self) -> State:
        """What a read sees: inside a unit, the unit's own writes with what it started
        from; outside, what is committed (never another unit's writes in progress)."""
        return self._unit.state if self._unit is not None else self._held.state

    @asynccontextmanager
    async def _writers_turn(self) -> AsyncIterator[None]:
        """The one writer's turn, waited for `lock_wait` seconds at most: a unit that waits
        for a write of its own made outside it (which waits for the unit) would otherwise
        wait forever."""
        writer = self._held.writer
        if not writer.locked():
            await writer.acquire()  # free: taken at once (most writes, every replay's)
        else:
            try:
                async with asyncio.timeout(self._lock_wait):
                    await writer.acquire()
            except TimeoutError:
                raise StoreError(
                    f"the store was busy with another unit of work for {self._lock_wait:g} s"
                ) from None
        try:
            yield
        finally:
            writer.release()

    @asynccontextmanager
    async def _writing(self) -> AsyncIterator[State]:
        """A copy of the state to write on, taken as the state (the unit's, or the store's)
        only if the block ends without raising: every method all or nothing. Outside a
        unit, a write waits for a unit in progress to end."""
        if self._unit is not None:
            work = self._unit.state.copy()
            yield work
            self._unit.state = work
            return
        async with self._writers_turn():
            work = self._held.state.copy()
            yield work
            self._held.state = work

    @asynccontextmanager
    async def unit(self) -> AsyncIterator[Self]:
        """This store with every call in one transaction: its writes seen by its own reads
        only, and kept at the end of the block, or none of them if it raises or one of its
        calls was refused (`bot.storage.guard`). One unit at a time; writes outside it wait
        for it, `lock_wait` seconds at most."""
        if self._unit is not None:
            yield self
            return
        async with self._writers_turn():
            unit = _Unit(self._held.state)
            bound = copy.copy(self)
            bound._unit = unit
            bound._refusals = Refusals()
            yield bound
            bound._refusals.check()
            self._held.state = unit.state
