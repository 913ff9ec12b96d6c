"""The village store on SQLAlchemy 2 async: SQLite (aiosqlite) and PostgreSQL (asyncpg).

`SqlStore` is made of one part for each of the village's storage ports, in `bot/storage/sql/`
(villages, day_log, table_log, ledger, scores), on a base they share (`sql/base.py`)."""

from __future__ import annotations

import copy
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from bot.storage.guard import Refusals, guarded
from bot.storage.lane import Lane
from bot.storage.marks import MarkBatches
from bot.storage.sql.day_log import SqlDayLog
from bot.storage.sql.ledger import SqlLedger
from bot.storage.sql.scores import SqlScores
from bot.storage.sql.table_log import SqlTableLog
from bot.storage.sql.villages import SqlVillages


@guarded
class SqlStore(SqlVillages, SqlDayLog, SqlTableLog, SqlLedger, SqlScores):
    """`bot.village.ports.Store` on a SQLAlchemy async engine. One method, one transaction."""

    def __init__(self, engine: AsyncEngine, session: AsyncSession | None = None) -> None:
        self.engine = engine
        self._sessions = async_sessionmaker(engine, expire_on_commit=False)
        self._bound = session
        self._refusals: Refusals | None = None
        # The same pool, without BEGIN and COMMIT: for a write that is one statement.
        self._autocommit = engine.execution_options(isolation_level="AUTOCOMMIT")
        # A throw's own statements, on the driver.
        self._lane = Lane(engine)
        self._marks = MarkBatches(self._write_marks)

    def _in(self, session: AsyncSession) -> SqlStore:
        """This store with every call in `session` (made for each unit: cheaply, from this
        store's parts rather than the engine's)."""
        bound = copy.copy(self)
        bound._bound = session
        bound._refusals = Refusals()
        return bound

    @asynccontextmanager
    async def unit(self) -> AsyncIterator[SqlStore]:
        """This store with every call in one transaction: committed at the end of the block,
        rolled back if it raises or one of its calls was refused (`bot.storage.guard`). A
        throw reads its player and appends in one unit."""
        if self._bound is not None:
            yield self
            return
        async with self._transaction() as session:
            bound = self._in(session)
            yield bound
            assert bound._refusals is not None
            bound._refusals.check()
